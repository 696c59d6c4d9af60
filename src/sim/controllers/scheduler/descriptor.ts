/**
 * kube-scheduler as a {@link ControllerDescriptor}: the "default-scheduler" profile in the `kube-scheduler` process.
 *
 * Ported from kubernetes `pkg/scheduler/scheduler.go` (New: the pod informer without terminal pods, the scheduling
 * queue, the cache, addAllEventHandlers; Run: one scheduleOne at a time).
 *
 * @remarks The loop is a {@link Controller} whose work queue is the activeQ (keys are pods, "namespace/name"); the
 * scheduling queue (scheduling-queue.ts) decides when a pod goes back into it. It has {@link BINDINGS_IN_FLIGHT}
 * workers, standing for upstream's binding goroutines: a reconcile runs its scheduling cycle without yielding, so
 * cycles still happen one at a time, and yields at its binding request, so the next pod is scheduled while the
 * binding is on its way (upstream: `go sched.bindingCycle(...)`, then the next ScheduleOne at once). A reconcile
 * that throws (a bug, not a scheduling failure) is retried with `ItemExponentialFailureRateLimiter(1000, 10000)`,
 * upstream's pod backoff bounds.
 */
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { Controller } from '../../controller/controller.ts';
import { ItemExponentialFailureRateLimiter } from '../../workqueue/default-rate-limiters.ts';
import { NodeEventHandler, PodEventHandler } from './event-handlers';
import { DEFAULT_SCHEDULER_NAME, KUBE_SCHEDULER_FIELD_MANAGER, Scheduler } from './schedule-one';
import { SchedulerCache } from './scheduler-cache';
import { POD_INITIAL_BACKOFF_MS, POD_MAX_BACKOFF_MS, SchedulingQueue } from './scheduling-queue';

/** The scheduler's pod informer leaves out finished pods (`scheduler.go` newPodInformer). */
export const SCHEDULER_POD_FIELD_SELECTOR = 'status.phase!=Succeeded,status.phase!=Failed';

/**
 * How many pods' bindings may be in flight at once. Upstream starts a goroutine per binding, unbounded; 16 bindings
 * of ~4 ms each let the loop schedule about 4,000 pods per second of virtual time, more than any lesson needs.
 */
export const BINDINGS_IN_FLIGHT = 16;

export const schedulerDescriptor: ControllerDescriptor = {
  name: DEFAULT_SCHEDULER_NAME,
  process: 'kube-scheduler',
  build(host: ControllerHost): Controller {
    const pods = host.informers.informerFor('v1', 'Pod', { fieldSelector: SCHEDULER_POD_FIELD_SELECTOR });
    const nodes = host.informers.informerFor('v1', 'Node');
    const queue = new SchedulingQueue(host.ctx);
    const cache = new SchedulerCache();
    const scheduler = new Scheduler(host.ctx, queue, cache, pods, nodes, host.eventRecorder(DEFAULT_SCHEDULER_NAME));
    const controller = new Controller(host.ctx, {
      name: DEFAULT_SCHEDULER_NAME,
      reconciler: scheduler,
      workers: BINDINGS_IN_FLIGHT,
      transport: host.transport,
      client: new Client(DEFAULT_SCHEDULER_NAME, { fieldManager: KUBE_SCHEDULER_FIELD_MANAGER }),
      rateLimiter: new ItemExponentialFailureRateLimiter(POD_INITIAL_BACKOFF_MS, POD_MAX_BACKOFF_MS),
    });
    queue.attach(controller);
    pods.addEventHandler(new PodEventHandler(queue, cache));
    nodes.addEventHandler(new NodeEventHandler(queue));
    host.addRunnable('scheduling-queue', queue);
    return controller;
  },
};
