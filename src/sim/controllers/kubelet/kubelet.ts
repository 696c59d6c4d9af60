/**
 * The kubelet's pod workers: one reconcile per pod bound to the node, comparing the pod (spec and
 * deletionTimestamp) with what the node's runtime runs, acting on the runtime, and writing the pod status.
 *
 * Ported from kubernetes `pkg/kubelet/kubelet.go` (SyncPod, SyncTerminatingPod, SyncTerminatedPod),
 * `pkg/kubelet/pod_workers.go` (one worker per pod, terminating → terminated), `pkg/kubelet/kuberuntime/
 * kuberuntime_manager.go` (computePodActions, doBackOff: the BackOff event and CrashLoopBackOff) and
 * `pkg/kubelet/status/status_manager.go` (write status only when it changed; once a terminating pod's containers
 * are stopped, delete the pod object with grace 0 and a UID precondition).
 *
 * @remarks Simplified: a held-back restart is retried exactly when its back-off ends (upstream's pod worker wakes
 * within 10–15 s and at the 1-minute resync, so real restarts land a little later); status is written with PUT
 * /status from the informer's copy (upstream patches), a conflict retrying the sync; no admission (resources are
 * the scheduler's business here), no init containers, volumes or liveness probes.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { parseTime } from '../../engine/clock.ts';
import { canonicalJson } from '../deployment/replica-sets.ts';
import { BACK_OFF_START_CONTAINER, Backoff, CRASH_LOOP_BACK_OFF, doBackOff } from './crashloop-backoff.ts';
import { generateAPIPodStatus, podStatusEqual } from './pod-status.ts';
import type { PodRuntime, RuntimeContainer, RuntimePod } from './pod-runtime.ts';
import { shouldContainerBeRestarted } from './restart-policy.ts';
import { nodeIPOf } from './runtime-ids.ts';

export const KUBELET = 'kubelet';
/** `DefaultTerminationGracePeriodSeconds`. */
const DEFAULT_GRACE_SECONDS = 30;

export interface KubeletOptions {
  nodeName: string;
  podInformer: SharedIndexInformer;
  runtime: PodRuntime;
  recorder: EventRecorder;
}

type PodObject = KubeObject & Pod;

export class Kubelet implements Reconciler {
  readonly nodeName: string;
  /** `kubelet.backOff`: per container (stable key), lost when the kubelet restarts. */
  readonly backOff = new Backoff();
  /** The status last written per pod UID: the informer echo of our own write does not need a sync. */
  private lastWritten = new Map<string, string>();
  private readonly podInformer: SharedIndexInformer;
  private readonly runtime: PodRuntime;
  private readonly recorder: EventRecorder;

  constructor(options: KubeletOptions) {
    this.nodeName = options.nodeName;
    this.podInformer = options.podInformer;
    this.runtime = options.runtime;
    this.recorder = options.recorder;
  }

  /** True when `pod`'s status is the one this kubelet last wrote (an echo of its own write). */
  isOwnStatusWrite(pod: Pod): boolean {
    const uid = pod.metadata?.uid ?? '';
    return this.lastWritten.get(uid) === canonicalJson(pod.status ?? {});
  }

  /** The pod is gone: its sandbox is torn down. */
  podDeleted(key: string, uid: string | undefined): void {
    this.runtime.forget(key);
    if (uid) this.lastWritten.delete(uid);
  }

  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = `${request.namespace}/${request.name}`;
    const pod = this.podInformer.get(request.namespace, request.name) as PodObject | undefined;
    if (!pod || pod.spec?.nodeName !== this.nodeName) {
      ctx.observe(`pod ${key} is not bound to ${this.nodeName} any more`);
      this.runtime.forget(key);
      ctx.diff('no pod, no containers', true);
      return;
    }
    const ref = { apiVersion: 'v1', kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name ?? request.name, rv: pod.metadata.resourceVersion };
    const rp = this.runtime.ensurePod(pod, key);
    ctx.observe(`pod ${key} (${pod.status?.phase ?? 'Pending'}${pod.metadata.deletionTimestamp ? ', terminating' : ''}): runtime has ${describeRuntime(rp)}`, [ref]);
    if (pod.metadata.deletionTimestamp) return yield* this.syncTerminatingPod(pod, rp, ctx);
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') {
      ctx.diff(`pod is ${phase}: its containers stay stopped`, true);
      return;
    }
    const retryAt = this.computeAndApplyActions(pod, rp, ctx);
    yield* this.writeStatus(pod, rp, ctx, false);
    if (retryAt !== undefined) return { requeueAfter: Math.max(0, retryAt - ctx.now) };
  }

  /**
   * `computePodActions` + `SyncPod`: start containers that have no run, restart exited ones the restart policy
   * allows once their back-off is over (CrashLoopBackOff and a BackOff event meanwhile). Returns when a held-back
   * restart may go ahead.
   */
  private computeAndApplyActions(pod: PodObject, rp: RuntimePod, ctx: ReconcileContext): number | undefined {
    let retryAt: number | undefined;
    const wants: string[] = [];
    const acts: string[] = [];
    for (const container of pod.spec?.containers ?? []) {
      const rc = rp.containers.find((c) => c.name === container.name);
      if (!rc) {
        wants.push(`want container ${container.name} running, have none`);
        acts.push(this.runtime.startContainer(rp, container, previousRunFromStatus(pod, container.name, ctx.now)));
        continue;
      }
      if (rc.state !== 'exited' || !rc.terminated) {
        if (!rc.killing && rc.image !== container.image) {
          // `containerChanged`: the container is killed and started again from the new spec.
          const message = `Container ${container.name} definition changed, will be restarted`;
          wants.push(`want container ${container.name} running ${container.image}, have ${rc.image}`);
          this.runtime.killContainer(rp, rc, gracePeriodSeconds(pod) * 1000, message);
          rc.specChanged = true;
          acts.push(`kill container ${container.name}: ${message}`);
        }
        continue;
      }
      const exitCode = rc.terminated.exitCode;
      if (!rc.specChanged && !shouldContainerBeRestarted(pod, exitCode)) {
        wants.push(`container ${container.name} exited with ${exitCode}: restartPolicy ${pod.spec?.restartPolicy ?? 'Always'} keeps it stopped`);
        continue;
      }
      const decision = doBackOff(this.backOff, pod, container, rc.terminated.finishedAt, ctx.now);
      if (decision.backOff) {
        rc.waiting = { reason: CRASH_LOOP_BACK_OFF, message: decision.message };
        this.recorder.event(pod, 'Warning', BACK_OFF_START_CONTAINER, decision.eventMessage);
        wants.push(`container ${container.name} exited with ${exitCode}: ${decision.message}`);
        retryAt = retryAt === undefined ? decision.retryAt : Math.min(retryAt, decision.retryAt);
        continue;
      }
      wants.push(`want container ${container.name} running, have it exited with ${exitCode}`);
      acts.push(`restart container ${container.name} (restartCount ${rc.attempt + 1}): ${this.runtime.startContainer(rp, container, rc)}`);
    }
    ctx.diff(wants.length ? wants.join('; ') : 'containers are as the spec wants', acts.length === 0);
    for (const a of acts) ctx.act(a);
    return retryAt;
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
    const status = generateAPIPodStatus(pod, rp, { hostIP: nodeIPOf(this.nodeName), now: ctx.now, podIsTerminal });
    if (podStatusEqual(pod.status, status)) return;
    // Remembered before the write: the watch event of the write may arrive before its response.
    this.lastWritten.set(pod.metadata.uid ?? '', canonicalJson(status));
    yield* ctx.client.updateStatus<PodObject>({ ...pod, status });
    ctx.status(`pod ${status.phase}${describeContainers(status.containerStatuses ?? [])}`);
  }
}

/**
 * After a kubelet restart the runtime has no record of a container the pod's status says ran: the next run gets
 * the next restartCount (upstream reads it back from the container log directory).
 */
function previousRunFromStatus(pod: Pod, name: string, now: number): RuntimeContainer | undefined {
  const s = pod.status?.containerStatuses?.find((c) => c.name === name);
  if (!s || !(s.state?.running || s.state?.terminated || s.lastState?.terminated)) return undefined;
  const t = s.state?.terminated ?? s.lastState?.terminated;
  const startedAt = s.state?.running?.startedAt ?? t?.startedAt;
  return {
    name,
    image: s.image,
    attempt: s.restartCount,
    state: 'exited',
    pulling: false,
    containerID: s.containerID ?? '',
    imageID: s.imageID,
    ready: false,
    killing: false,
    terminated: {
      exitCode: t?.exitCode ?? 255,
      reason: t?.reason ?? 'Unknown',
      startedAt: startedAt ? parseTime(startedAt) : now,
      finishedAt: t?.finishedAt ? parseTime(t.finishedAt) : now,
      containerID: s.containerID ?? '',
    },
  };
}

/** The pod's termination grace period (`DefaultTerminationGracePeriodSeconds` when unset). */
function gracePeriodSeconds(pod: Pod): number {
  return pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS;
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
