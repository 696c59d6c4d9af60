/**
 * `kubectl get pods`: kubernetes `pkg/printers/internalversion/printers.go` printPod, as of v1.32: READY counts
 * ready containers (restartable init containers, i.e. sidecars, included), STATUS is the aggregate reason
 * (Init:…, a container's waiting or terminated reason, Completed/Error, Terminating, Unknown for a pod on a lost node,
 * SchedulingGated), RESTARTS adds "(Xs ago)" after the last restart.
 */
import type { KubeObject } from '../../../sim/api/object.ts';
import { humanDuration, parseTimestamp, translateTimestampSince } from '../age.ts';
import { arr, at, obj, str, num } from '../values.ts';
import { AGE, NAME, type Cell, type KindTable } from './kind-table.ts';

/** pkg/util/node `NodeUnreachablePodReason`. */
const NODE_UNREACHABLE_POD_REASON = 'NodeLost';

function isRestartableInitContainer(c: Record<string, unknown> | undefined): boolean {
  return c !== undefined && c.restartPolicy === 'Always';
}

function hasCondition(pod: KubeObject, type: string): boolean {
  return arr(at(pod, 'status', 'conditions')).some((c) => obj(c)?.type === type && obj(c)?.status === 'True');
}

/** printers.go isPodInitializedConditionTrue: the first PodInitialized condition decides. */
function isPodInitializedConditionTrue(pod: KubeObject): boolean {
  for (const c of arr(at(pod, 'status', 'conditions'))) {
    if (obj(c)?.type !== 'Initialized') continue;
    return obj(c)?.status === 'True';
  }
  return false;
}

/** Go's `%d` of an int32 field that may be absent. */
const int = (v: unknown): number => Math.trunc(num(v));

export interface PodSummary {
  ready: string;
  status: string;
  restarts: string;
}

/** READY, STATUS and RESTARTS of a pod, as printPod computes them (shared with describe). */
export function podSummary(pod: KubeObject, now: number): PodSummary {
  let restarts = 0;
  let restartableInitContainerRestarts = 0;
  const containers = arr(at(pod, 'spec', 'containers'));
  let totalContainers = containers.length;
  let readyContainers = 0;
  let lastRestartDate: number | undefined;
  let lastRestartableInitContainerRestartDate: number | undefined;

  const podPhase = str(at(pod, 'status', 'phase'));
  let reason = podPhase;
  const statusReason = str(at(pod, 'status', 'reason'));
  if (statusReason !== '') reason = statusReason;

  // If the Pod carries {type:PodScheduled, reason:SchedulingGated}, set reason to 'SchedulingGated'.
  for (const c of arr(at(pod, 'status', 'conditions'))) {
    const cond = obj(c);
    if (cond?.type === 'PodScheduled' && cond.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const specInit = arr(at(pod, 'spec', 'initContainers'));
  const initContainers = new Map<string, Record<string, unknown>>();
  for (const c of specInit) {
    const o = obj(c);
    if (!o) continue;
    initContainers.set(str(o.name), o);
    if (isRestartableInitContainer(o)) totalContainers++;
  }

  const later = (a: number | undefined, b: unknown): number | undefined => {
    const t = parseTimestamp(b);
    if (t === undefined) return a;
    return a === undefined || a < t ? t : a;
  };

  let initializing = false;
  const initStatuses = arr(at(pod, 'status', 'initContainerStatuses'));
  for (let i = 0; i < initStatuses.length; i++) {
    const container = obj(initStatuses[i]) ?? {};
    const restartCount = int(container.restartCount);
    restarts += restartCount;
    const lastTerminated = obj(at(container, 'lastState', 'terminated'));
    if (lastTerminated) lastRestartDate = later(lastRestartDate, lastTerminated.finishedAt);
    const spec = initContainers.get(str(container.name));
    if (isRestartableInitContainer(spec)) {
      restartableInitContainerRestarts += restartCount;
      if (lastTerminated) lastRestartableInitContainerRestartDate = later(lastRestartableInitContainerRestartDate, lastTerminated.finishedAt);
    }
    const terminated = obj(at(container, 'state', 'terminated'));
    const waiting = obj(at(container, 'state', 'waiting'));
    if (terminated && int(terminated.exitCode) === 0) continue;
    if (isRestartableInitContainer(spec) && container.started === true) {
      if (container.ready === true) readyContainers++;
      continue;
    }
    if (terminated) {
      // initialization is failed
      const r = str(terminated.reason);
      if (r.length === 0) {
        reason = int(terminated.signal) !== 0 ? `Init:Signal:${int(terminated.signal)}` : `Init:ExitCode:${int(terminated.exitCode)}`;
      } else {
        reason = `Init:${r}`;
      }
      initializing = true;
    } else if (waiting && str(waiting.reason).length > 0 && waiting.reason !== 'PodInitializing') {
      reason = `Init:${str(waiting.reason)}`;
      initializing = true;
    } else {
      reason = `Init:${i}/${specInit.length}`;
      initializing = true;
    }
    break;
  }

  if (!initializing || isPodInitializedConditionTrue(pod)) {
    restarts = restartableInitContainerRestarts;
    lastRestartDate = lastRestartableInitContainerRestartDate;
    let hasRunning = false;
    const statuses = arr(at(pod, 'status', 'containerStatuses'));
    for (let i = statuses.length - 1; i >= 0; i--) {
      const container = obj(statuses[i]) ?? {};
      restarts += int(container.restartCount);
      const lastTerminated = obj(at(container, 'lastState', 'terminated'));
      if (lastTerminated) lastRestartDate = later(lastRestartDate, lastTerminated.finishedAt);
      const waiting = obj(at(container, 'state', 'waiting'));
      const terminated = obj(at(container, 'state', 'terminated'));
      if (waiting && str(waiting.reason) !== '') {
        reason = str(waiting.reason);
      } else if (terminated && str(terminated.reason) !== '') {
        reason = str(terminated.reason);
      } else if (terminated) {
        reason = int(terminated.signal) !== 0 ? `Signal:${int(terminated.signal)}` : `ExitCode:${int(terminated.exitCode)}`;
      } else if (container.ready === true && obj(at(container, 'state', 'running'))) {
        hasRunning = true;
        readyContainers++;
      }
    }
    // change pod status back to "Running" if there is at least one container still reporting as "Running" status
    if (reason === 'Completed' && hasRunning) reason = hasCondition(pod, 'Ready') ? 'Running' : 'NotReady';
  }

  const deleting = at(pod, 'metadata', 'deletionTimestamp') !== undefined && at(pod, 'metadata', 'deletionTimestamp') !== null;
  if (deleting && statusReason === NODE_UNREACHABLE_POD_REASON) {
    reason = 'Unknown';
  } else if (deleting && podPhase !== 'Succeeded' && podPhase !== 'Failed') {
    reason = 'Terminating';
  }

  let restartsText = String(restarts);
  if (restarts !== 0 && lastRestartDate !== undefined) {
    restartsText = `${restarts} (${humanDuration(now - lastRestartDate)} ago)`;
  }
  return { ready: `${readyContainers}/${totalContainers}`, status: reason, restarts: restartsText };
}

function readinessGates(pod: KubeObject): string {
  const gates = arr(at(pod, 'spec', 'readinessGates'));
  if (gates.length === 0) return '<none>';
  let trueConditions = 0;
  for (const g of gates) {
    const type = obj(g)?.conditionType;
    for (const c of arr(at(pod, 'status', 'conditions'))) {
      if (obj(c)?.type === type) {
        if (obj(c)?.status === 'True') trueConditions++;
        break;
      }
    }
  }
  return `${trueConditions}/${gates.length}`;
}

export const podTable: KindTable = {
  columns: [
    NAME,
    { name: 'Ready' },
    { name: 'Status' },
    { name: 'Restarts', type: 'integer' },
    AGE,
    { name: 'IP', priority: 1 },
    { name: 'Node', priority: 1 },
    { name: 'Nominated Node', priority: 1 },
    { name: 'Readiness Gates', priority: 1 },
  ],
  row(pod, now): Cell[] {
    const s = podSummary(pod, now);
    const ips = arr(at(pod, 'status', 'podIPs'));
    let podIP = ips.length > 0 ? str(obj(ips[0])?.ip) : '';
    if (podIP === '') podIP = '<none>';
    const nodeName = str(at(pod, 'spec', 'nodeName')) || '<none>';
    const nominated = str(at(pod, 'status', 'nominatedNodeName')) || '<none>';
    return [str(pod.metadata?.name), s.ready, s.status, s.restarts, translateTimestampSince(now, pod.metadata?.creationTimestamp), podIP, nodeName, nominated, readinessGates(pod)];
  },
};
