/**
 * The kubelet's pod workers: one reconcile per pod bound to the node, comparing the pod (spec and
 * deletionTimestamp) with what the node's runtime runs, acting on the runtime, and writing the pod status.
 * Each sync: observe (pod, runtime) → admit a new pod (admission.ts) → diff/act on its containers
 * (compute-pod-actions.ts) → status (pod-status.ts), or, for a pod being deleted, kill → terminal status → delete.
 *
 * Ported from kubernetes `pkg/kubelet/kubelet.go` (HandlePodAdditions, SyncPod, SyncTerminatingPod,
 * SyncTerminatedPod), `pkg/kubelet/pod_workers.go` (one worker per pod, terminating → terminated) and
 * `pkg/kubelet/status/status_manager.go` (write status only when it changed; once a terminating pod's containers
 * are stopped, delete the pod object with grace 0 and a UID precondition).
 *
 * @remarks Simplified: a held-back restart is retried exactly when its back-off ends, and every 10 s before that
 * (upstream's pod worker retries after a jittered 10–15 s, so real restarts land a little later); no 1-minute resync;
 * status is written with PUT /status from the informer's copy (upstream patches), a conflict retrying the sync;
 * no volumes, liveness or startup probes.
 */
import type { Pod, PodStatus } from 'kubernetes-types/core/v1';
import { keyOf, type KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { canonicalEqual } from '../../api/canonical-json.ts';
import type { ApiResponse } from '../../apiserver/api-request.ts';
import type { Yielded } from '../../client/api-call.ts';
import type { NodeSpec } from '../../cluster/cluster-options.ts';
import { podRequests, type Resource } from '../scheduler/pod-resources.ts';
import { ActivePods } from './active-pods.ts';
import { admittedPods, canAdmitPod, rejectedPodStatus, type AdmittedPods } from './admission.ts';
import { gracePeriodSeconds, syncPodContainers } from './compute-pod-actions.ts';
import { Backoff } from './crashloop-backoff.ts';
import { generateAPIPodStatus } from './pod-status.ts';
import type { PodRuntime } from './pod-runtime.ts';
import type { RuntimePod } from './runtime-state.ts';
import { nodeIPOf } from './runtime-ids.ts';

export const KUBELET = 'kubelet';
/** `backOffPeriod`: how soon a pod worker whose sync failed (CrashLoopBackOff) syncs again. */
export const POD_WORKER_BACK_OFF_PERIOD_MS = 10_000;

export interface KubeletOptions {
  node: NodeSpec;
  podInformer: SharedIndexInformer;
  runtime: PodRuntime;
  recorder: EventRecorder;
}

type PodObject = KubeObject & Pod;

/**
 * Tests set `enabled`: every admission then also lists the node's active pods the plain way and notes in
 * `mismatches` where the running tally says otherwise.
 */
export const activePodsCheck = { enabled: false, mismatches: [] as string[] };

export class Kubelet implements Reconciler {
  readonly nodeName: string;
  private readonly node: NodeSpec;
  /** The node's InternalIP, every pod's hostIP. */
  private readonly hostIP: string;
  /** `kubelet.backOff`: per container (stable key), lost when the kubelet restarts. */
  readonly backOff = new Backoff();
  /** The status last written per pod UID: the informer echo of our own write does not need a sync. */
  private lastWritten = new Map<string, PodStatus>();
  /**
   * The pods admission counts (`GetActivePods`): in the pod cache, with a sandbox in the runtime, not Succeeded or
   * Failed. Kept by {@link podChanged} whenever the cache or the runtime's sandboxes change.
   */
  private readonly activePods = new ActivePods();
  private readonly podInformer: SharedIndexInformer;
  private readonly runtime: PodRuntime;
  private readonly recorder: EventRecorder;

  constructor(options: KubeletOptions) {
    this.node = options.node;
    this.nodeName = options.node.name;
    this.hostIP = nodeIPOf(options.node.name);
    this.podInformer = options.podInformer;
    this.runtime = options.runtime;
    this.recorder = options.recorder;
  }

  /** True when `pod`'s status is the one this kubelet last wrote (an echo of its own write). */
  isOwnStatusWrite(pod: Pod): boolean {
    const uid = pod.metadata?.uid ?? '';
    const written = this.lastWritten.get(uid);
    return written !== undefined && canonicalEqual(written, pod.status ?? {});
  }

  /** The pod is gone: its sandbox is torn down. */
  podDeleted(key: string, uid: string | undefined): void {
    this.runtime.forget(key);
    this.activePods.set(key, undefined);
    if (uid) this.lastWritten.delete(uid);
  }

  /**
   * The pod cache has `pod` at its key now, or the runtime's sandbox for it came or went: admission counts it again
   * (active: with a sandbox, phase neither Succeeded nor Failed).
   */
  podChanged(pod: Pod): void {
    const phase = pod.status?.phase;
    const active = this.runtime.get(pod.metadata?.uid ?? '') !== undefined && phase !== 'Succeeded' && phase !== 'Failed';
    this.activePods.set(keyOf(pod), active ? podRequests(pod) : undefined);
  }

  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = `${request.namespace}/${request.name}`;
    if (!this.podInformer.hasSynced()) {
      // `WaitForCacheSync`: a pod missing from an unsynced cache is not gone.
      ctx.observe('waiting for the pod cache to sync');
      return { requeueAfter: 100 };
    }
    const pod = this.podInformer.get(request.namespace, request.name) as PodObject | undefined;
    if (!pod || pod.spec?.nodeName !== this.nodeName) {
      ctx.observe(`pod ${key} is not bound to ${this.nodeName} any more`);
      this.runtime.forget(key);
      if (pod) this.podChanged(pod);
      // Housekeeping: forget back-offs idle for more than 2 × max (`backOff.GC`).
      this.backOff.gc(ctx.now);
      ctx.diff('no pod, no containers', true);
      return;
    }
    const ref = { apiVersion: 'v1', kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name ?? request.name, rv: pod.metadata.resourceVersion };
    if (!this.runtime.get(pod.metadata.uid ?? '') && !pod.metadata.deletionTimestamp && (pod.status?.phase ?? 'Pending') === 'Pending') {
      const rejected = yield* this.admitPod(pod, ctx);
      if (rejected) return;
    }
    const hadSandbox = this.runtime.get(pod.metadata.uid ?? '') !== undefined;
    const rp = this.runtime.ensurePod(pod, key);
    // A new sandbox makes the pod active; one it had already was counted when the cache last handed the pod over.
    if (!hadSandbox) this.podChanged(pod);
    ctx.observe(`pod ${key} (${pod.status?.phase ?? 'Pending'}${pod.metadata.deletionTimestamp ? ', terminating' : ''}): runtime has ${describeRuntime(rp)}`, [ref]);
    if (pod.metadata.deletionTimestamp) return yield* this.syncTerminatingPod(pod, rp, ctx);
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') {
      ctx.diff(`pod is ${phase}: its containers stay stopped`, true);
      return;
    }
    const retryAt = syncPodContainers(pod, rp, ctx, { runtime: this.runtime, backOff: this.backOff, recorder: this.recorder, now: ctx.now });
    yield* this.writeStatus(pod, rp, ctx, false);
    // The pod worker retries a sync that hit a back-off every backOffPeriod (each retry records BackOff again), and
    // here also exactly when the back-off ends.
    if (retryAt !== undefined) return { requeueAfter: Math.max(0, Math.min(retryAt - ctx.now, POD_WORKER_BACK_OFF_PERIOD_MS)) };
  }

  /**
   * `HandlePodAdditions` → `canAdmitPod`: a pod that does not fit next to the node's active pods is rejected
   * (Warning event, status Failed). Returns true when rejected.
   */
  private *admitPod(pod: PodObject, ctx: ReconcileContext): Generator<Yielded, boolean, ApiResponse | ApiResponse[]> {
    const admitted = this.admittedPods(pod);
    const result = canAdmitPod(this.node, pod, admitted);
    if (result.admit) return false;
    ctx.observe(`pod ${pod.metadata.namespace}/${pod.metadata.name} is new on ${this.nodeName}: ${admitted.count} pods admitted already`);
    ctx.diff(`pod does not fit: ${result.message}`, false);
    this.recorder.event(pod, 'Warning', result.reason, result.message);
    ctx.act(`reject pod (${result.reason})`);
    const status = rejectedPodStatus(pod, result.reason, result.message);
    this.lastWritten.set(pod.metadata.uid ?? '', status);
    yield* ctx.client.updateStatus({ ...pod, status });
    ctx.status(`pod Failed: ${result.reason}`);
    return true;
  }

  /**
   * The node's active pods other than `pod` (new: no sandbox yet, so never counted): the running tally, or, when its
   * sums cannot be promised exact, the pod cache listed and filtered as upstream's `GetActivePods` does.
   */
  private admittedPods(pod: PodObject): AdmittedPods {
    const requested = this.activePods.requested();
    if (activePodsCheck.enabled) {
      const list = this.listActivePods(pod);
      const sum = admittedPods(list).requested();
      if (list.length !== this.activePods.count || (requested !== undefined && !sameRequested(requested, sum))) {
        activePodsCheck.mismatches.push(`${this.nodeName}: tally ${this.activePods.count} ${JSON.stringify(requested)}, listed ${list.length} ${JSON.stringify(sum)}`);
      }
    }
    if (requested === undefined) return admittedPods(this.listActivePods(pod));
    return { count: this.activePods.count, requested: () => requested };
  }

  /** `GetActivePods` the plain way: the pod cache filtered (less `pod`). */
  private listActivePods(pod: PodObject): PodObject[] {
    return (this.podInformer.list() as PodObject[]).filter(
      (p) => p.metadata.uid !== pod.metadata.uid && this.runtime.get(p.metadata.uid ?? '') && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed',
    );
  }

  /**
   * `SyncTerminatingPod` then `SyncTerminatedPod`: stop every container (event Killing), wait for them, write the
   * terminal status, and let the status manager delete the pod object (grace 0, UID precondition).
   */
  private *syncTerminatingPod(pod: PodObject, rp: RuntimePod, ctx: ReconcileContext): ReconcileGenerator {
    const live = rp.containers.filter((c) => c.state !== 'exited');
    if (live.length > 0) {
      const grace = pod.metadata.deletionGracePeriodSeconds ?? gracePeriodSeconds(pod);
      const stopping = this.runtime.killPod(rp, grace * 1000);
      ctx.diff(`pod is being deleted, ${live.length} container${live.length === 1 ? '' : 's'} still running: ${live.map((c) => c.name).join(', ')}`, false);
      if (stopping.length) ctx.act(`kill container${stopping.length === 1 ? '' : 's'} ${stopping.join(', ')} (grace period ${grace}s)`);
      else ctx.status('waiting for containers to stop');
      return;
    }
    ctx.diff('pod is being deleted and its containers are stopped', false);
    yield* this.writeStatus(pod, rp, ctx, true);
    ctx.act(`delete pod ${pod.metadata.name} (grace period 0, uid ${pod.metadata.uid})`);
    try {
      yield* ctx.client.delete({ apiVersion: 'v1', kind: 'Pod' }, pod.metadata.namespace, pod.metadata.name!, {
        gracePeriodSeconds: 0,
        preconditions: { uid: pod.metadata.uid },
      });
    } catch (e) {
      if (e instanceof StatusError && (e.reason === 'NotFound' || e.reason === 'Conflict')) {
        ctx.status(`pod already gone (${e.reason})`);
        return;
      }
      throw e;
    }
    ctx.status(`pod ${pod.metadata.name} deleted`);
  }

  /** The status manager: PUT /status when the generated status differs from the pod's. */
  private *writeStatus(pod: PodObject, rp: RuntimePod, ctx: ReconcileContext, podIsTerminal: boolean): ReconcileGenerator {
    const status = generateAPIPodStatus(pod, rp, { hostIP: this.hostIP, now: ctx.now, podIsTerminal });
    // `podStatusEqual`.
    if (canonicalEqual(status, pod.status ?? {})) return;
    // Remembered before the write: the watch event of the write may arrive before its response.
    const uid = pod.metadata.uid ?? '';
    this.lastWritten.set(uid, status);
    const stored = yield* ctx.client.updateStatus<PodObject>({ ...pod, status });
    // The stored status, when it is the one written (as compared), is remembered instead: it is the api-server's
    // frozen object, shared with the store and the informers, where ours was a second copy of every pod's status.
    if (this.lastWritten.get(uid) === status && stored.status !== undefined && canonicalEqual(stored.status, status)) {
      this.lastWritten.set(uid, stored.status);
    }
    ctx.status(`pod ${status.phase}${describeContainers(status.containerStatuses ?? [])}`);
  }
}

function describeRuntime(rp: RuntimePod): string {
  if (rp.containers.length === 0) return 'no containers';
  return rp.containers.map((c) => `${c.name} ${c.state === 'exited' ? `exited(${c.terminated?.exitCode})` : c.pulling ? 'pulling' : c.state}${c.ready ? ' ready' : ''}`).join(', ');
}

function describeContainers(statuses: ReadonlyArray<{ name: string; state?: { waiting?: { reason?: string }; running?: object; terminated?: { reason?: string } }; ready: boolean; restartCount: number }>): string {
  if (!statuses.length) return '';
  return `: ${statuses
    .map((s) => `${s.name} ${s.state?.running ? (s.ready ? 'running, ready' : 'running, not ready') : s.state?.terminated ? `terminated (${s.state.terminated.reason})` : (s.state?.waiting?.reason ?? 'waiting')}${s.restartCount ? `, ${s.restartCount} restarts` : ''}`)
    .join('; ')}`;
}

/** The same requests: equal totals, scalar resources missing on one side counting 0. */
function sameRequested(a: Resource, b: Resource): boolean {
  if (a.milliCPU !== b.milliCPU || a.memory !== b.memory || a.ephemeralStorage !== b.ephemeralStorage) return false;
  for (const k of new Set([...Object.keys(a.scalar), ...Object.keys(b.scalar)])) if ((a.scalar[k] ?? 0) !== (b.scalar[k] ?? 0)) return false;
  return true;
}
