/**
 * How kube-controller-manager starts the garbage collector: one monitor (a shared informer with the graph builder's
 * handler) per deletable, listable, watchable resource, 20 workers (`--concurrent-gc-syncs`), writes as
 * "kube-controller-manager", events as "garbage-collector-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/core.go` (startGarbageCollectorController),
 * `pkg/controller/garbagecollector/garbagecollector.go` (NewGarbageCollector) and `graph_builder.go`
 * (`controllerFor`, `syncMonitors`) with `DefaultIgnoredResources` (events are not monitored).
 *
 * @remarks The monitors cover the built-in kinds except Events (ignored upstream) and Leases (heartbeats: upstream
 * monitors them, left out here to keep the trace readable), and the custom kinds of the CRDs seen
 * (custom-resource-monitors.ts, loaded on demand behind custom-resource-monitors-shell.ts). Both of upstream's worker
 * pools (attemptToDelete, attemptToOrphan) share the 20 workers.
 */
import { apiVersionOf, BUILTIN_RESOURCES } from '../../api/resources.ts';
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { GARBAGE_COLLECTOR_CONTROLLER, GarbageCollector } from './garbage-collector.ts';
import { CustomResourceMonitorsShell } from './custom-resource-monitors-shell.ts';
import { GraphBuilder, MonitorEventHandler } from './graph-builder.ts';

/** The binary whose field manager the controller's writes carry. */
export const KUBE_CONTROLLER_MANAGER_FIELD_MANAGER = 'kube-controller-manager';

/** The kinds the garbage collector does not monitor. */
export const IGNORED_KINDS: readonly string[] = ['Event', 'Lease'];

/** The monitored kinds, as `apiVersion` + `kind`. */
export function monitoredKinds(): Array<{ apiVersion: string; kind: string }> {
  return BUILTIN_RESOURCES.filter((r) => !IGNORED_KINDS.includes(r.kind)).map((r) => ({ apiVersion: apiVersionOf(r), kind: r.kind }));
}

/** The garbage collector in kube-controller-manager: its monitors, graph builder and 20 workers. */
export const garbageCollectorDescriptor: ControllerDescriptor = {
  name: GARBAGE_COLLECTOR_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const graphBuilder = new GraphBuilder(host.eventRecorder(GARBAGE_COLLECTOR_CONTROLLER));
    const handler = new MonitorEventHandler(graphBuilder);
    const monitors = monitoredKinds().map(({ apiVersion, kind }) => host.informers.informerFor(apiVersion, kind));
    for (const m of monitors) m.addEventHandler(handler);
    host.informers
      .informerFor('apiextensions.k8s.io/v1', 'CustomResourceDefinition')
      .addEventHandler(new CustomResourceMonitorsShell(host.informers, graphBuilder.restMapper, handler));
    const controller = new Controller(host.ctx, {
      name: GARBAGE_COLLECTOR_CONTROLLER,
      reconciler: new GarbageCollector(graphBuilder),
      workers: DEFAULT_WORKERS['garbagecollector']!,
      transport: host.transport,
      client: new Client(GARBAGE_COLLECTOR_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    graphBuilder.runner = controller;
    return controller;
  },
};
