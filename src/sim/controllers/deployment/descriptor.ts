/**
 * The Deployment controller as kube-controller-manager starts it (`startDeploymentController` in
 * `cmd/kube-controller-manager/app/apps.go`, `NewDeploymentController` in
 * `pkg/controller/deployment/deployment_controller.go`): Deployment, ReplicaSet and Pod informers with their
 * handlers, 5 workers (`--concurrent-deployment-syncs`), keys dropped after 15 retries, writes as
 * "kube-controller-manager", events as "deployment-controller".
 */
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { DEPLOYMENT_CONTROLLER_NAME, DeploymentController } from './deployment-controller.ts';
import { DeploymentEventHandler, PodEventHandler, ReplicaSetEventHandler } from './event-handlers.ts';

/** Registered in src/sim/cluster/controllers.ts. */
export const deploymentControllerDescriptor: ControllerDescriptor = {
  name: DEPLOYMENT_CONTROLLER_NAME,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const dInformer = host.informers.informerFor('apps/v1', 'Deployment');
    const rsInformer = host.informers.informerFor('apps/v1', 'ReplicaSet');
    const podInformer = host.informers.informerFor('v1', 'Pod');
    const dc = new DeploymentController(dInformer, rsInformer, podInformer, host.eventRecorder(DEPLOYMENT_CONTROLLER_NAME));
    const controller = new Controller(host.ctx, {
      name: DEPLOYMENT_CONTROLLER_NAME,
      reconciler: dc,
      workers: DEFAULT_WORKERS['deployment'] ?? 5,
      transport: host.transport,
      client: new Client(DEPLOYMENT_CONTROLLER_NAME, { fieldManager: 'kube-controller-manager' }),
      maxRetries: DEFAULT_MAX_RETRIES['deployment'] ?? 15,
    });
    dc.controller = controller;
    dInformer.addEventHandler(new DeploymentEventHandler(dc));
    rsInformer.addEventHandler(new ReplicaSetEventHandler(dc));
    podInformer.addEventHandler(new PodEventHandler(dc));
    return controller;
  },
};
