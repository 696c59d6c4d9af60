/**
 * How a node's kubelet process starts: a pod informer restricted to its node, the simulated runtime, the pod
 * workers (a controller keyed by pod) and the node heartbeats (a second loop keyed by the Node and its Lease).
 * Writes as field manager "kubelet"; events as component "kubelet" with host = the node.
 *
 * Ported from kubernetes `pkg/kubelet/kubelet.go` (NewMainKubelet, Run: the status manager, the node lease
 * controller, syncNodeStatus, the pod workers) and `pkg/kubelet/config/apiserver.go` (the `spec.nodeName` field
 * selector).
 *
 * @remarks Pod workers are 4 concurrent workers over one queue (upstream: one goroutine per pod). The pod workers'
 * controller is named "kubelet" on every node (the name the process's stats and faults look it up by), so its
 * reconcile and queue events carry the actor "kubelet" whatever the node; its API requests carry the process,
 * "kubelet/<node>".
 */
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { Controller } from '../../controller/controller.ts';
import { KubeletPodEventHandler } from './event-handlers.ts';
import { KUBELET, Kubelet } from './kubelet.ts';
import { NodeHeartbeat } from './node-heartbeat.ts';
import { PodRuntime, RuntimeAttachment } from './pod-runtime.ts';

/** Concurrent pod workers of one kubelet. */
export const KUBELET_POD_WORKERS = 4;
/**
 * The name of a kubelet's heartbeat loop: per node ("kubelet/node-1/node-status"), so its trace events name the
 * kubelet they belong to.
 */
export function nodeHeartbeatName(node: string): string {
  return `kubelet/${node}/node-status`;
}

export const kubeletDescriptor: ControllerDescriptor = {
  name: KUBELET,
  process: 'kubelet',
  build(host: ControllerHost): Controller {
    const node = host.node;
    if (!node) throw new Error(`${host.process}: a kubelet needs its node`);
    const recorder = host.eventRecorder(KUBELET);

    const heartbeat = new NodeHeartbeat(node, recorder, host.ctx.now);
    const heartbeatName = nodeHeartbeatName(node.name);
    const heartbeatController = new Controller(host.ctx, {
      name: heartbeatName,
      reconciler: heartbeat,
      workers: 2,
      transport: host.transport,
      client: new Client(heartbeatName, { fieldManager: KUBELET }),
    });
    heartbeat.queue = heartbeatController;
    host.addRunnable(heartbeatName, heartbeatController);
    host.addRunnable(`${heartbeatName}/start`, heartbeat);

    let runtime = host.runtime.nodeState<PodRuntime>(node.name);
    if (!runtime) {
      runtime = new PodRuntime(host.ctx, node.name, host.runtime);
      host.runtime.setNodeState(node.name, runtime);
    }
    const attachment = new RuntimeAttachment(runtime, recorder);
    host.addRunnable('container-runtime', attachment);
    const podInformer = host.informers.informerFor('v1', 'Pod', { fieldSelector: `spec.nodeName=${node.name}` });
    const kubelet = new Kubelet({ node, podInformer, runtime, recorder });
    const handler = new KubeletPodEventHandler(kubelet);
    podInformer.addEventHandler(handler);
    const controller = new Controller(host.ctx, {
      name: KUBELET,
      actor: `kubelet/${node.name}`,
      reconciler: kubelet,
      workers: KUBELET_POD_WORKERS,
      transport: host.transport,
      client: new Client(KUBELET, { fieldManager: KUBELET }),
    });
    handler.queue = controller;
    attachment.listener = controller;
    return controller;
  },
};
