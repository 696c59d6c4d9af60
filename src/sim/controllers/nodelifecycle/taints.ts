/**
 * The well-known node taints, and which ones a node's conditions call for.
 *
 * Ported from kubernetes `staging/src/k8s.io/api/core/v1/well_known_taints.go`,
 * `pkg/controller/nodelifecycle/node_lifecycle_controller.go` (nodeConditionToTaintKeyStatusMap,
 * doNoScheduleTaintingPass, doNoExecuteTaintingPass, UnreachableTaintTemplate, NotReadyTaintTemplate) and
 * `plugin/pkg/admission/defaulttolerationseconds/admission.go`.
 */
import type { Node, Taint, Toleration } from 'kubernetes-types/core/v1';

export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_NODE_MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
export const TAINT_NODE_DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
export const TAINT_NODE_NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';
export const TAINT_NODE_PID_PRESSURE = 'node.kubernetes.io/pid-pressure';
export const TAINT_NODE_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';

export const TAINT_EFFECT_NO_SCHEDULE = 'NoSchedule';
export const TAINT_EFFECT_PREFER_NO_SCHEDULE = 'PreferNoSchedule';
export const TAINT_EFFECT_NO_EXECUTE = 'NoExecute';

/** `--default-not-ready-toleration-seconds` and `--default-unreachable-toleration-seconds`. */
export const DEFAULT_TOLERATION_SECONDS = 300;

/** Condition (type, status) → NoSchedule taint key (`nodeConditionToTaintKeyStatusMap`). */
const CONDITION_TAINTS: readonly [string, string, string][] = [
  ['Ready', 'False', TAINT_NODE_NOT_READY],
  ['Ready', 'Unknown', TAINT_NODE_UNREACHABLE],
  ['MemoryPressure', 'True', TAINT_NODE_MEMORY_PRESSURE],
  ['DiskPressure', 'True', TAINT_NODE_DISK_PRESSURE],
  ['NetworkUnavailable', 'True', TAINT_NODE_NETWORK_UNAVAILABLE],
  ['PIDPressure', 'True', TAINT_NODE_PID_PRESSURE],
];

const CONTROLLER_NO_SCHEDULE_KEYS = new Set([...CONDITION_TAINTS.map((c) => c[2]), TAINT_NODE_UNSCHEDULABLE]);
const CONTROLLER_NO_EXECUTE_KEYS = new Set([TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE]);

/** `doNoScheduleTaintingPass`: the NoSchedule taints the node's conditions and spec.unschedulable call for. */
export function desiredNoScheduleTaints(node: Node): Taint[] {
  const out: Taint[] = [];
  for (const c of node.status?.conditions ?? []) {
    for (const [type, status, key] of CONDITION_TAINTS) {
      if (c.type === type && c.status === status) out.push({ key, effect: TAINT_EFFECT_NO_SCHEDULE });
    }
  }
  if (node.spec?.unschedulable) out.push({ key: TAINT_NODE_UNSCHEDULABLE, effect: TAINT_EFFECT_NO_SCHEDULE });
  return out;
}

/** `doNoExecuteTaintingPass`: Ready False ⇒ not-ready:NoExecute, Ready Unknown ⇒ unreachable:NoExecute, else none. */
export function desiredNoExecuteTaint(node: Node): Taint | undefined {
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
  if (ready?.status === 'False') return { key: TAINT_NODE_NOT_READY, effect: TAINT_EFFECT_NO_EXECUTE };
  if (ready?.status === 'Unknown') return { key: TAINT_NODE_UNREACHABLE, effect: TAINT_EFFECT_NO_EXECUTE };
  return undefined;
}

/**
 * The node's taints after both tainting passes, at `now` (virtual ms; NoExecute taints carry timeAdded): taints
 * the controller owns are replaced by the desired ones (an existing identical taint keeps its timeAdded), and
 * every other taint is kept in place.
 */
export function reconcileNodeTaints(node: Node, nowRfc3339: string): Taint[] {
  const current = node.spec?.taints ?? [];
  const owned = (t: Taint): boolean =>
    (t.effect === TAINT_EFFECT_NO_SCHEDULE && CONTROLLER_NO_SCHEDULE_KEYS.has(t.key)) || (t.effect === TAINT_EFFECT_NO_EXECUTE && CONTROLLER_NO_EXECUTE_KEYS.has(t.key));
  const kept = current.filter((t) => !owned(t));
  const desired = [...desiredNoScheduleTaints(node)];
  const noExecute = desiredNoExecuteTaint(node);
  if (noExecute) desired.push(noExecute);
  const withTimes = desired.map((t) => {
    const existing = current.find((c) => c.key === t.key && c.effect === t.effect);
    if (existing) return existing;
    return t.effect === TAINT_EFFECT_NO_EXECUTE ? { ...t, timeAdded: nowRfc3339 } : t;
  });
  return [...kept, ...withTimes];
}

/**
 * The DefaultTolerationSeconds admission plugin: adds not-ready:NoExecute and unreachable:NoExecute (Exists, 300 s)
 * unless the pod already has a toleration for that key with effect NoExecute or empty.
 */
export function withDefaultTolerations(tolerations: readonly Toleration[] | undefined, seconds = DEFAULT_TOLERATION_SECONDS): Toleration[] {
  const out = [...(tolerations ?? [])];
  const has = (key: string): boolean => out.some((t) => (t.effect === TAINT_EFFECT_NO_EXECUTE || !t.effect) && (t.key === key || (!t.key && t.operator === 'Exists')));
  for (const key of [TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE]) {
    if (!has(key)) out.push({ key, operator: 'Exists', effect: TAINT_EFFECT_NO_EXECUTE, tolerationSeconds: seconds });
  }
  return out;
}
