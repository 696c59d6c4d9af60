/**
 * The node lifecycle controller: watches for nodes that stop showing signs of life (Ready heartbeats, Lease
 * renewals), marks them Unknown, taints them, and marks their pods not ready. The taints then drive scheduling
 * (NoSchedule) and taint-based eviction (NoExecute, by the taint-eviction-controller).
 *
 * Ported from kubernetes `pkg/controller/nodelifecycle/node_lifecycle_controller.go`. Its four loops, as upstream
 * runs them:
 * - `monitorNodeHealth` every `--node-monitor-period` (5 s, sliding: the next pass starts 5 s after one ends): lists
 *   the nodes, records RegisteredNode / RemovingNode, then runs `updateNodeFunc` for every node in parallel
 *   (queue keys `health:<node>`), then `handleDisruption` once all are done (see monitor-node-health.ts);
 * - `doNoExecuteTaintingPass` every 100 ms: the per-zone rate-limited tainters add the NoExecute taints
 *   (queue keys `noexecute:<node>`);
 * - the node update queue (`<node>`): `doNoScheduleTaintingPass`;
 * - the pod update queue (`<namespace>/<pod>`): `processPod`.
 *
 * @remarks One queue with 8 workers serves the four (upstream: two work queues, 8 and 4 workers, and a
 * `ParallelizeUntil` of 8); keys are prefixed to tell them apart. `reconcileNodeLabels` (beta OS/arch labels) and
 * the DaemonSet informer (only used by the legacy, non-taint eviction path) are not modelled. The tainting pass
 * only runs while some node waits to be tainted, at the moment the limiter would let it through (upstream polls
 * every 100 ms with the same outcome). The Lease informer watches only `kube-node-lease`.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { NODE_NAME_INDEX } from '../../client/index-funcs.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { Runnable } from '../../controller/controller-manager.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import type { SimContext } from '../../engine/sim-context.ts';
import type { Timer } from '../../engine/scheduler.ts';
import type { QueueReason } from '../../trace/trace-event.ts';
import { type MonitorPass, handleDisruption, monitorNodeHealth, updateNodeHealth } from './monitor-node-health.ts';
import { NODE_MONITOR_GRACE_PERIOD_MS, NODE_MONITOR_PERIOD_MS, NODE_STARTUP_GRACE_PERIOD_MS } from './node-health.ts';
import type { NodeHealthData } from './node-health-data.ts';
import { markNodeAsReachable, doNoExecuteTaint, doNoScheduleTaintingPass, processPod } from './node-taint-passes.ts';
import { NODE_EVICTION_PERIOD_MS, RateLimitedTimedQueue, type TimedValue } from './rate-limited-timed-queue.ts';
import { NODE_EVICTION_RATE, type ZoneState } from './zone.ts';

/** The controller's name (`--controllers` "node-lifecycle-controller"): its queue and client user. */
export const NODE_LIFECYCLE_CONTROLLER = 'node-lifecycle-controller';
/** The component of its events (`EventSource{Component: "node-controller"}`). */
export const NODE_CONTROLLER_COMPONENT = 'node-controller';
/** `nodeUpdateWorkerSize`. */
export const NODE_UPDATE_WORKER_SIZE = 8;
/** `v1.NamespaceNodeLease`. */
export const NAMESPACE_NODE_LEASE = 'kube-node-lease';
/** `cache.WaitForCacheSync`'s poll period. */
const SYNCED_POLL_PERIOD_MS = 100;

/** Queue key prefix of a monitorNodeHealth pass's `updateNodeFunc` for one node. */
export const HEALTH_KEY_PREFIX = 'health:';
/** Queue key prefix of a node its zone's tainter let through (the NoExecute taint swap). */
export const NO_EXECUTE_KEY_PREFIX = 'noexecute:';
/** Queue key prefix of `markNodeAsReachable` when every zone is fully disrupted. */
export const REACHABLE_KEY_PREFIX = 'reachable:';

/** What the descriptor hands the controller: its informers, its recorder, and the flags (upstream defaults when unset). */
export interface NodeLifecycleOptions {
  nodeInformer: SharedIndexInformer;
  podInformer: SharedIndexInformer;
  leaseInformer: SharedIndexInformer;
  recorder: EventRecorder;
  nodeMonitorPeriod?: number;
  nodeMonitorGracePeriod?: number;
  nodeStartupGracePeriod?: number;
  /** `--node-eviction-rate` (nodes/s). */
  evictionLimiterQPS?: number;
}

/** `nodelifecycle.Controller`: the state one controller-manager keeps, its reconcile, and its timers (a Runnable of the process). */
export class NodeLifecycleController implements Reconciler, Runnable {
  readonly nodeInformer: SharedIndexInformer;
  readonly podInformer: SharedIndexInformer;
  readonly leaseInformer: SharedIndexInformer;
  readonly recorder: EventRecorder;
  readonly nodeMonitorPeriod: number;
  readonly nodeMonitorGracePeriod: number;
  readonly nodeStartupGracePeriod: number;
  readonly evictionLimiterQPS: number;
  /** The runner whose queue the handlers and timers feed; set by the descriptor. */
  runner: Controller | null = null;

  /** `knownNodeSet`. */
  readonly knownNodeSet = new Map<string, KubeObject & Node>();
  /** `nodeHealthMap`. */
  readonly nodeHealthMap = new Map<string, NodeHealthData>();
  /** `zoneNoExecuteTainter`. */
  readonly zoneNoExecuteTainter = new Map<string, RateLimitedTimedQueue>();
  /** `zoneStates`. */
  readonly zoneStates = new Map<string, ZoneState>();
  /** `nodesToRetry`: nodes whose pods must be marked not ready again. */
  readonly nodesToRetry = new Set<string>();
  /** Nodes popped from a tainter and waiting for their `noexecute:` reconcile. */
  readonly taintsInFlight = new Map<string, { zone: string; value: TimedValue }>();
  /** Nodes seen for the first time by the current pass: their taints are cleared first (`markNodeAsReachable`). */
  readonly newlyAdded = new Set<string>();
  /** The monitorNodeHealth pass running, if any. */
  pass: MonitorPass | null = null;
  private monitorTimer: Timer | null = null;
  private taintTimer: Timer | null = null;
  private running = false;

  constructor(
    readonly ctx: SimContext,
    options: NodeLifecycleOptions,
  ) {
    this.nodeInformer = options.nodeInformer;
    this.podInformer = options.podInformer;
    this.leaseInformer = options.leaseInformer;
    this.recorder = options.recorder;
    this.nodeMonitorPeriod = options.nodeMonitorPeriod ?? NODE_MONITOR_PERIOD_MS;
    this.nodeMonitorGracePeriod = options.nodeMonitorGracePeriod ?? NODE_MONITOR_GRACE_PERIOD_MS;
    this.nodeStartupGracePeriod = options.nodeStartupGracePeriod ?? NODE_STARTUP_GRACE_PERIOD_MS;
    this.evictionLimiterQPS = options.evictionLimiterQPS ?? NODE_EVICTION_RATE;
  }

  /** `Run`: the periodic loops start once the caches have synced. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.monitorTimer = this.ctx.scheduler.after(0, this, 'onMonitorTick');
  }

  stop(): void {
    this.running = false;
    this.ctx.scheduler.cancel(this.monitorTimer);
    this.ctx.scheduler.cancel(this.taintTimer);
    this.monitorTimer = null;
    this.taintTimer = null;
  }

  /** Timer target: one `monitorNodeHealth` pass (or a wait for the caches). */
  onMonitorTick(): void {
    this.monitorTimer = null;
    if (!this.running) return;
    if (!this.nodeInformer.hasSynced() || !this.podInformer.hasSynced() || !this.leaseInformer.hasSynced()) {
      this.monitorTimer = this.ctx.scheduler.after(SYNCED_POLL_PERIOD_MS, this, 'onMonitorTick');
      return;
    }
    monitorNodeHealth(this);
  }

  /** Called when a pass has ended: the next one starts a period later. */
  passEnded(): void {
    this.pass = null;
    if (!this.running || this.monitorTimer) return;
    this.monitorTimer = this.ctx.scheduler.after(this.nodeMonitorPeriod, this, 'onMonitorTick');
  }

  /** Timer target: `doNoExecuteTaintingPass`. */
  onTaintingPass(): void {
    this.taintTimer = null;
    if (!this.running) return;
    const now = this.ctx.now;
    for (const zone of [...this.zoneNoExecuteTainter.keys()].sort()) {
      const tainter = this.zoneNoExecuteTainter.get(zone)!;
      for (const value of tainter.take(now)) {
        const node = this.nodeInformer.get(undefined, value.value) as (KubeObject & Node) | undefined;
        // Node gone: done. No Ready condition: again in 50 ms. Ready again: nothing to taint.
        if (!node) continue;
        const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
        if (!ready) {
          tainter.retry(value, now, 50);
          continue;
        }
        if (ready.status === 'True') continue;
        this.taintsInFlight.set(value.value, { zone, value });
        this.enqueue(NO_EXECUTE_KEY_PREFIX + value.value, 'manual');
      }
    }
    this.ensureTaintingPass();
  }

  /** Schedules the next tainting pass for when a waiting node could get through its zone's limiter. */
  ensureTaintingPass(): void {
    if (!this.running) return;
    const now = this.ctx.now;
    let wait = Infinity;
    for (const tainter of this.zoneNoExecuteTainter.values()) wait = Math.min(wait, tainter.nextReadyIn(now));
    if (wait === Infinity) return;
    const at = now + Math.max(NODE_EVICTION_PERIOD_MS, Math.ceil(wait / NODE_EVICTION_PERIOD_MS) * NODE_EVICTION_PERIOD_MS);
    if (this.taintTimer && this.taintTimer.at <= at) return;
    this.ctx.scheduler.cancel(this.taintTimer);
    this.taintTimer = this.ctx.scheduler.at(at, this, 'onTaintingPass');
  }

  /** `addPodEvictorForNewZone`. */
  addPodEvictorForNewZone(zone: string): void {
    if (this.zoneStates.has(zone)) return;
    this.zoneStates.set(zone, 'Initial');
    this.zoneNoExecuteTainter.set(zone, new RateLimitedTimedQueue(this.evictionLimiterQPS, this.ctx.now));
  }

  enqueue(key: string, reason: QueueReason): void {
    this.runner?.enqueue(key, reason);
  }

  /** Dispatches a key to the loop it belongs to. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    if (request.namespace !== undefined) return yield* processPod(this, request.namespace, request.name, ctx);
    const key = request.name;
    if (key.startsWith(HEALTH_KEY_PREFIX)) return yield* updateNodeHealth(this, key.slice(HEALTH_KEY_PREFIX.length), ctx);
    if (key.startsWith(NO_EXECUTE_KEY_PREFIX)) return yield* doNoExecuteTaint(this, key.slice(NO_EXECUTE_KEY_PREFIX.length), ctx);
    if (key.startsWith(REACHABLE_KEY_PREFIX)) {
      const node = this.nodeInformer.get(undefined, key.slice(REACHABLE_KEY_PREFIX.length)) as (KubeObject & Node) | undefined;
      if (node) yield* markNodeAsReachable(this, node, ctx);
      return;
    }
    return yield* doNoScheduleTaintingPass(this, key, ctx);
  }

  /** After every node of a pass was processed: `handleDisruption`, then the next pass is scheduled. */
  nodeDone(name: string): void {
    const pass = this.pass;
    if (!pass || !pass.pending.delete(name) || pass.pending.size > 0) return;
    handleDisruption(this, pass);
    this.passEnded();
  }

  /** The pods the cache shows on a node (`getPodsAssignedToNode`). */
  podsOnNode(nodeName: string): (KubeObject & Pod)[] {
    return this.podInformer.byIndex(NODE_NAME_INDEX, nodeName) as (KubeObject & Pod)[];
  }
}
