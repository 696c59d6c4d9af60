/**
 * How kube-controller-manager starts the EndpointSlice controller: shared Service, Pod, EndpointSlice and Node
 * informers, the handlers, 5 workers (`--concurrent-service-endpoint-syncs`), at most 15 retries per Service, the
 * Service queue's rate limiter (exponential from 1 s to 1000 s, with the 10 qps / 100 burst bucket), writes as
 * "kube-controller-manager", events as "endpoint-slice-controller" (upstream's recorder component).
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/discovery.go` (startEndpointSliceController) and
 * `pkg/controller/endpointslice/endpointslice_controller.go` (NewController).
 */
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { BucketRateLimiter, ItemExponentialFailureRateLimiter, MaxOfRateLimiter } from '../../workqueue/default-rate-limiters.ts';
import { ENDPOINTSLICE_CONTROLLER_NAME } from './endpoint-utils.ts';
import { DEFAULT_SYNC_BACKOFF_MS, ENDPOINTSLICE_CONTROLLER, ENDPOINTSLICE_EVENT_SOURCE, EndpointSliceController, MAX_SYNC_BACKOFF_MS } from './endpointslice-controller.ts';
import { EndpointSliceEventHandler, PodEventHandler, ServiceEventHandler } from './event-handlers.ts';

/** The binary whose field manager the controller's writes carry. */
export const KUBE_CONTROLLER_MANAGER_FIELD_MANAGER = 'kube-controller-manager';

/** The EndpointSlice controller in kube-controller-manager. */
export const endpointSliceControllerDescriptor: ControllerDescriptor = {
  name: ENDPOINTSLICE_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const serviceInformer = host.informers.informerFor('v1', 'Service');
    const podInformer = host.informers.informerFor('v1', 'Pod');
    const endpointSliceInformer = host.informers.informerFor('discovery.k8s.io/v1', 'EndpointSlice');
    const nodeInformer = host.informers.informerFor('v1', 'Node');
    const esc = new EndpointSliceController({
      serviceInformer,
      podInformer,
      endpointSliceInformer,
      nodeInformer,
      recorder: host.eventRecorder(ENDPOINTSLICE_EVENT_SOURCE),
      controllerName: ENDPOINTSLICE_CONTROLLER_NAME,
    });
    serviceInformer.addEventHandler(new ServiceEventHandler(esc));
    podInformer.addEventHandler(new PodEventHandler(esc));
    endpointSliceInformer.addEventHandler(new EndpointSliceEventHandler(esc));
    const controller = new Controller(host.ctx, {
      name: ENDPOINTSLICE_CONTROLLER,
      reconciler: esc,
      workers: DEFAULT_WORKERS['endpointslice']!,
      transport: host.transport,
      maxRetries: DEFAULT_MAX_RETRIES['endpointslice']!,
      rateLimiter: new MaxOfRateLimiter(
        new ItemExponentialFailureRateLimiter(DEFAULT_SYNC_BACKOFF_MS, MAX_SYNC_BACKOFF_MS),
        new BucketRateLimiter(host.ctx, 10, 100),
      ),
      client: new Client(ENDPOINTSLICE_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    esc.runner = controller;
    return controller;
  },
};
