/**
 * The DaemonSet's pure rules: which nodes should run its pod (`NodeShouldRunDaemonPod`), the tolerations every
 * daemon pod gets, the required node affinity that pins a pod to its node, the pod template stamped with the
 * template generation and revision hash, whether a pod is up to date, and the surge / unavailability budgets.
 *
 * Ported from kubernetes `pkg/controller/daemon/util/daemonset_util.go` (AddOrUpdateDaemonPodTolerations,
 * CreatePodTemplate, ReplaceDaemonSetPodNodeNameNodeAffinity, GetTargetNodeName, IsPodUpdated, GetTemplateGeneration,
 * SurgeCount, UnavailableCount, AllowsSurge), `pkg/controller/daemon/daemon_controller.go` (NewPod, predicates,
 * NodeShouldRunDaemonPod, podByCreationTimestampAndPhase), `pkg/apis/core/v1/helper/helpers.go`
 * (AddOrUpdateTolerationInPodSpec) and apimachinery `util/intstr` (GetScaledValueFromIntOrPercent).
 */
import type { DaemonSet } from 'kubernetes-types/apps/v1';
import type { Affinity, Node, NodeSelector, Pod, PodSpec, PodTemplateSpec, Toleration } from 'kubernetes-types/core/v1';
import type { KubeObject, ObjectMeta } from '../../api/object.ts';
import { DEPRECATED_TEMPLATE_GENERATION } from '../../apiserver/strategy/daemonset-strategy.ts';
import { parseTime } from '../../engine/clock.ts';
import { requiredNodeAffinityMatches } from '../scheduler/node-affinity.ts';
import { findMatchingUntoleratedTaint } from '../scheduler/taint-toleration.ts';
import { deepCopy } from '../replicaset/deep-copy.ts';

export type DaemonSetObject = DaemonSet & KubeObject & { metadata: ObjectMeta };
export type PodObject = Pod & KubeObject & { metadata: ObjectMeta };

/** `apps.DefaultDaemonSetUniqueLabelKey` (= ControllerRevisionHashLabelKey). */
export const CONTROLLER_REVISION_HASH_LABEL = 'controller-revision-hash';
/** `extensions.DaemonSetTemplateGenerationKey`. */
export const POD_TEMPLATE_GENERATION_LABEL = 'pod-template-generation';

/** The tolerations `AddOrUpdateDaemonPodTolerations` adds, in its order; the last only with hostNetwork. */
const DAEMON_TOLERATIONS: readonly Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
];
const NETWORK_UNAVAILABLE: Toleration = { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' };

/** `Toleration.MatchToleration`: same key, operator, value and effect. */
function matchToleration(a: Toleration, b: Toleration): boolean {
  return (a.key ?? '') === (b.key ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '') && (a.effect ?? '') === (b.effect ?? '');
}

/** `AddOrUpdateTolerationInPodSpec`: replaces a matching toleration in place, or appends it. */
export function addOrUpdateTolerationInPodSpec(spec: PodSpec, toleration: Toleration): void {
  const tolerations = spec.tolerations ?? [];
  const i = tolerations.findIndex((t) => matchToleration(toleration, t));
  spec.tolerations = i < 0 ? [...tolerations, { ...toleration }] : tolerations.map((t, j) => (j === i ? { ...toleration } : t));
}

/**
 * `AddOrUpdateDaemonPodTolerations`: a daemon pod survives the taints the node lifecycle controller sets on a
 * node in trouble (not-ready and unreachable NoExecute, the pressures and unschedulable NoSchedule), and with
 * hostNetwork also network-unavailable.
 */
export function addOrUpdateDaemonPodTolerations(spec: PodSpec): void {
  for (const t of DAEMON_TOLERATIONS) addOrUpdateTolerationInPodSpec(spec, t);
  if (spec.hostNetwork) addOrUpdateTolerationInPodSpec(spec, NETWORK_UNAVAILABLE);
}

/** `NewPod`: the pod the DaemonSet would run on `nodeName`, to check it against the node. */
export function newPod(ds: DaemonSet, nodeName: string): Pod {
  // A shallow copy: the tolerations are replaced by new arrays, nothing else is written.
  const spec: PodSpec = { ...(ds.spec?.template?.spec ?? { containers: [] }), nodeName };
  addOrUpdateDaemonPodTolerations(spec);
  return { metadata: { ...(ds.spec?.template?.metadata ?? {}), namespace: ds.metadata?.namespace }, spec };
}

/**
 * `NodeShouldRunDaemonPod`: whether the DaemonSet should run a pod on the node (`shouldRun`: nodeName, required
 * node affinity and nodeSelector fit, and no NoSchedule/NoExecute taint is untolerated), and whether a pod already
 * there should stay (`shouldContinueRunning`: it fits, and no NoExecute taint is untolerated).
 */
export function nodeShouldRunDaemonPod(node: Node, ds: DaemonSet): { shouldRun: boolean; shouldContinueRunning: boolean } {
  const nodeName = node.metadata?.name ?? '';
  const templateNodeName = ds.spec?.template?.spec?.nodeName ?? '';
  if (templateNodeName !== '' && templateNodeName !== nodeName) return { shouldRun: false, shouldContinueRunning: false };
  const pod = newPod(ds, nodeName);
  const taints = node.spec?.taints;
  // predicates(): fitsNodeName is true by construction (NewPod set it).
  if (!requiredNodeAffinityMatches(pod, node)) return { shouldRun: false, shouldContinueRunning: false };
  const fitsTaints = !findMatchingUntoleratedTaint(taints, pod.spec?.tolerations, (t) => t.effect === 'NoExecute' || t.effect === 'NoSchedule');
  if (!fitsTaints) {
    // Scheduled daemon pods should continue running if they tolerate the NoExecute taints.
    const untoleratedNoExecute = findMatchingUntoleratedTaint(taints, pod.spec?.tolerations, (t) => t.effect === 'NoExecute');
    return { shouldRun: false, shouldContinueRunning: !untoleratedNoExecute };
  }
  return { shouldRun: true, shouldContinueRunning: true };
}

/** `GetTemplateGeneration`: the template generation the api-server keeps in the deprecated annotation. */
export function getTemplateGeneration(ds: DaemonSet): number | undefined {
  const v = ds.metadata?.annotations?.[DEPRECATED_TEMPLATE_GENERATION];
  return v !== undefined && /^-?\d+$/.test(v) ? Number(v) : undefined;
}

/** `CreatePodTemplate`: the template with the daemon tolerations and the generation and hash labels. */
export function createPodTemplate(template: PodTemplateSpec, generation: number | undefined, hash: string): PodTemplateSpec {
  const out: PodTemplateSpec = deepCopy(template);
  out.spec ??= { containers: [] };
  addOrUpdateDaemonPodTolerations(out.spec);
  out.metadata = { ...(out.metadata ?? {}) };
  const labels: Record<string, string> = { ...(out.metadata.labels ?? {}) };
  if (generation !== undefined) labels[POD_TEMPLATE_GENERATION_LABEL] = String(generation);
  if (hash.length > 0) labels[CONTROLLER_REVISION_HASH_LABEL] = hash;
  out.metadata.labels = labels;
  return out;
}

/**
 * `ReplaceDaemonSetPodNodeNameNodeAffinity`: the required node affinity becomes one term matching the node's
 * `metadata.name`, so the default scheduler binds the pod there; the preferred terms are kept.
 */
export function replaceDaemonSetPodNodeNameNodeAffinity(affinity: Affinity | undefined, nodeName: string): Affinity {
  const selector: NodeSelector = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] };
  const out: Affinity = { ...(affinity ?? {}) };
  out.nodeAffinity = { ...(out.nodeAffinity ?? {}), requiredDuringSchedulingIgnoredDuringExecution: selector };
  return out;
}

/**
 * `GetTargetNodeName`: the node a daemon pod is for: its nodeName once bound, else the `metadata.name In [x]` match
 * field of its required node affinity. An error names what is missing.
 */
export function getTargetNodeName(pod: Pod): { nodeName: string } | { error: string } {
  if (pod.spec?.nodeName) return { nodeName: pod.spec.nodeName };
  const who = `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return { error: `no spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution for pod ${who}` };
  const terms = required.nodeSelectorTerms ?? [];
  if (terms.length < 1) return { error: `no nodeSelectorTerms in requiredDuringSchedulingIgnoredDuringExecution of pod ${who}` };
  for (const term of terms) {
    for (const exp of term.matchFields ?? []) {
      if (exp.key === 'metadata.name' && exp.operator === 'In') {
        if ((exp.values ?? []).length !== 1) return { error: `the matchFields value of 'metadata.name' is not unique for pod ${who}` };
        return { nodeName: exp.values![0]! };
      }
    }
  }
  return { error: `no node name found for pod ${who}` };
}

/** `IsPodUpdated`: the pod carries the current revision's hash, or the current template generation. */
export function isPodUpdated(pod: Pod, hash: string, templateGeneration: number | undefined): boolean {
  const labels = pod.metadata?.labels ?? {};
  const templateMatches = templateGeneration !== undefined && labels[POD_TEMPLATE_GENERATION_LABEL] === String(templateGeneration);
  const hashMatches = hash.length > 0 && labels[CONTROLLER_REVISION_HASH_LABEL] === hash;
  return hashMatches || templateMatches;
}

/**
 * `intstr.GetScaledValueFromIntOrPercent(v, total, roundUp=true)`: an int as is, a percent of `total` rounded up.
 * A malformed value is an error message.
 */
export function scaledValueFromIntOrPercent(v: number | string | undefined, total: number): number | { error: string } {
  if (v === undefined) return 0;
  if (typeof v === 'number') return v;
  if (!v.endsWith('%')) return { error: 'invalid type: string is not a percentage' };
  const m = /^(\d+)%$/.exec(v);
  if (!m) return { error: `invalid value for IntOrString: invalid value ${JSON.stringify(v)}: strconv.Atoi: parsing ${JSON.stringify(v.slice(0, -1))}: invalid syntax` };
  return Math.ceil((Number(m[1]) * total) / 100);
}

/** `SurgeCount`: maxSurge scaled to the desired node count (0 unless RollingUpdate sets it). */
export function surgeCount(ds: DaemonSet, numberToSchedule: number): number | { error: string } {
  const s = ds.spec?.updateStrategy;
  if (s?.type !== 'RollingUpdate' || !s.rollingUpdate || s.rollingUpdate.maxSurge === undefined) return 0;
  return scaledValueFromIntOrPercent(s.rollingUpdate.maxSurge, numberToSchedule);
}

/** `UnavailableCount`: maxUnavailable scaled to the desired node count (0 unless RollingUpdate). */
export function unavailableCount(ds: DaemonSet, numberToSchedule: number): number | { error: string } {
  const s = ds.spec?.updateStrategy;
  if (s?.type !== 'RollingUpdate' || !s.rollingUpdate) return 0;
  return scaledValueFromIntOrPercent(s.rollingUpdate.maxUnavailable, numberToSchedule);
}

/** `AllowsSurge`: maxSurge of one node is not 0. */
export function allowsSurge(ds: DaemonSet): boolean {
  const n = surgeCount(ds, 1);
  return typeof n === 'number' && n !== 0;
}

/** `podByCreationTimestampAndPhase`: bound pods first, then the oldest, then by name. */
export function byCreationTimestampAndPhase(a: Pod, b: Pod): number {
  const aBound = !!a.spec?.nodeName;
  const bBound = !!b.spec?.nodeName;
  if (aBound !== bBound) return aBound ? -1 : 1;
  const ta = parseTime(a.metadata?.creationTimestamp ?? '1970-01-01T00:00:00Z');
  const tb = parseTime(b.metadata?.creationTimestamp ?? '1970-01-01T00:00:00Z');
  if (ta !== tb) return ta - tb;
  const na = a.metadata?.name ?? '';
  const nb = b.metadata?.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}
