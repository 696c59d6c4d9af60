/**
 * What one sync of a running pod does to its containers: init containers first, one at a time (sidecars started
 * and left running), then the regular containers: start the ones without a run, restart exited ones when the
 * restart policy allows and their back-off is over (CrashLoopBackOff and a BackOff event meanwhile), and kill and
 * restart a container whose image changed.
 *
 * Ported from kubernetes `pkg/kubelet/kuberuntime/kuberuntime_manager.go` (computePodActions,
 * computeInitContainerActions, SyncPod steps 5–7, doBackOff) and `pkg/kubelet/container/helpers.go`
 * (ShouldContainerBeRestarted).
 *
 * @remarks Only the image counts as a spec change (upstream hashes the whole container). A failed init container
 * under restartPolicy Never leaves the pod Failed; otherwise it is restarted with the same back-off as a regular
 * container.
 */
import type { Container, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileSteps } from '../../controller/reconciler.ts';
import { parseTime } from '../../engine/clock.ts';
import { BACK_OFF_START_CONTAINER, type Backoff, CRASH_LOOP_BACK_OFF, doBackOff } from './crashloop-backoff.ts';
import { isRestartableInitContainer } from './pod-phase.ts';
import type { PodRuntime } from './pod-runtime.ts';
import type { RuntimeContainer, RuntimePod } from './runtime-state.ts';
import { shouldContainerBeRestarted } from './restart-policy.ts';

/** `DefaultTerminationGracePeriodSeconds`. */
export const DEFAULT_GRACE_SECONDS = 30;

/** The pod's termination grace period (30 s when unset). */
export function gracePeriodSeconds(pod: Pod): number {
  return pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS;
}

export interface PodActionDeps {
  runtime: PodRuntime;
  backOff: Backoff;
  recorder: EventRecorder;
  now: number;
}

/** The outcome of one container's check, for the loop's diff/act steps. */
interface Plan {
  wants: string[];
  acts: string[];
  /** When a held-back restart may go ahead. */
  retryAt?: number;
}

/** `computePodActions` and carrying them out; reports diff/act on `steps`. Returns when to sync again, if held back. */
export function syncPodContainers(pod: Pod, rp: RuntimePod, steps: ReconcileSteps, deps: PodActionDeps): number | undefined {
  const plan: Plan = { wants: [], acts: [] };
  const initialized = syncInitContainers(pod, rp, plan, deps);
  if (initialized) {
    for (const container of pod.spec?.containers ?? []) syncContainer(pod, rp, container, plan, deps, false);
    stopSidecarsWhenDone(pod, rp, plan, deps);
  }
  steps.diff(plan.wants.length ? plan.wants.join('; ') : 'containers are as the spec wants', plan.acts.length === 0);
  for (const a of plan.acts) steps.act(a);
  return plan.retryAt;
}

/** `computeInitContainerActions`: true once every init container has succeeded (sidecars: started). */
function syncInitContainers(pod: Pod, rp: RuntimePod, plan: Plan, deps: PodActionDeps): boolean {
  const regularStarted = (pod.spec?.containers ?? []).some((c) => rp.containers.some((x) => x.name === c.name));
  for (const init of pod.spec?.initContainers ?? []) {
    const rc = rp.containers.find((c) => c.name === init.name);
    const sidecar = isRestartableInitContainer(init);
    if (sidecar) {
      syncContainer(pod, rp, init, plan, deps, false);
      const now = rp.containers.find((c) => c.name === init.name);
      if (!regularStarted && now?.state !== 'running') return false;
      continue;
    }
    if (regularStarted) continue;
    if (rc?.state === 'exited' && rc.terminated?.exitCode === 0) continue;
    if (rc && rc.state !== 'exited') {
      plan.wants.push(`init container ${init.name} is ${rc.state}: containers wait`);
      return false;
    }
    syncContainer(pod, rp, init, plan, deps, true);
    return false;
  }
  return true;
}

/**
 * Once every regular container has exited for good (restartPolicy Never or OnFailure), the sidecars are stopped
 * so that the pod can complete.
 */
function stopSidecarsWhenDone(pod: Pod, rp: RuntimePod, plan: Plan, deps: PodActionDeps): void {
  const regular = pod.spec?.containers ?? [];
  const done = regular.every((c) => {
    const rc = rp.containers.find((x) => x.name === c.name);
    return rc?.state === 'exited' && rc.terminated && !rc.specChanged && !shouldContainerBeRestarted(pod, rc.terminated.exitCode);
  });
  if (!done) return;
  for (const init of [...(pod.spec?.initContainers ?? [])].reverse()) {
    const rc = rp.containers.find((x) => x.name === init.name);
    if (!isRestartableInitContainer(init) || !rc || rc.state === 'exited' || rc.killing) continue;
    deps.runtime.killContainer(rp, rc, gracePeriodSeconds(pod) * 1000, `Stopping container ${init.name}`);
    plan.wants.push(`the regular containers are done: sidecar ${init.name} must stop`);
    plan.acts.push(`kill sidecar ${init.name}`);
  }
}

/** One container: start it, restart it (or hold it back), or kill it for a new image. */
function syncContainer(pod: Pod, rp: RuntimePod, container: Container, plan: Plan, deps: PodActionDeps, isInit: boolean): void {
  const rc = rp.containers.find((c) => c.name === container.name);
  const kind = isInit ? 'init container' : 'container';
  if (!rc) {
    plan.wants.push(`want ${kind} ${container.name} running, have none`);
    plan.acts.push(deps.runtime.startContainer(rp, container, previousRunFromStatus(pod, container.name, deps.now)));
    return;
  }
  if (rc.state !== 'exited' || !rc.terminated) {
    if (!rc.killing && rc.image !== container.image) {
      // `containerChanged`: the container is killed and started again from the new spec.
      const message = `Container ${container.name} definition changed, will be restarted`;
      plan.wants.push(`want ${kind} ${container.name} running ${container.image}, have ${rc.image}`);
      deps.runtime.killContainer(rp, rc, gracePeriodSeconds(pod) * 1000, message);
      rc.specChanged = true;
      plan.acts.push(`kill ${kind} ${container.name}: ${message}`);
    }
    return;
  }
  const exitCode = rc.terminated.exitCode;
  // A container the kubelet stopped on purpose (a sidecar after the pod's work is done) stays stopped.
  const restartable = isInit
    ? exitCode !== 0 && pod.spec?.restartPolicy !== 'Never' && !pod.metadata?.deletionTimestamp
    : shouldContainerBeRestarted(pod, exitCode, isRestartableInitContainer(container));
  const restart = rc.specChanged === true || (!rc.killing && restartable);
  if (!restart) {
    plan.wants.push(`${kind} ${container.name} exited with ${exitCode}: restartPolicy ${pod.spec?.restartPolicy ?? 'Always'} keeps it stopped`);
    return;
  }
  const decision = doBackOff(deps.backOff, pod, container, rc.terminated.finishedAt, deps.now);
  if (decision.backOff) {
    rc.waiting = { reason: CRASH_LOOP_BACK_OFF, message: decision.message };
    deps.recorder.event(pod as KubeObject, 'Warning', BACK_OFF_START_CONTAINER, decision.eventMessage);
    plan.wants.push(`${kind} ${container.name} exited with ${exitCode}: ${decision.message}`);
    plan.retryAt = plan.retryAt === undefined ? decision.retryAt : Math.min(plan.retryAt, decision.retryAt);
    return;
  }
  plan.wants.push(`want ${kind} ${container.name} running, have it exited with ${exitCode}`);
  plan.acts.push(`restart ${kind} ${container.name} (restartCount ${rc.attempt + 1}): ${deps.runtime.startContainer(rp, container, rc)}`);
}

/**
 * After a kubelet restart the runtime has no record of a container the pod's status says ran: the next run gets
 * the next restartCount (upstream reads it back from the container log directory).
 */
export function previousRunFromStatus(pod: Pod, name: string, now: number): RuntimeContainer | undefined {
  const s = pod.status?.initContainerStatuses?.find((c) => c.name === name) ?? pod.status?.containerStatuses?.find((c) => c.name === name);
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
