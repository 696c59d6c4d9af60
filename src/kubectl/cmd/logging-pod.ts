/**
 * Which pod `kubectl logs TYPE/NAME` reads (polymorphichelpers `logsForObject` → `GetFirstPod`): the pods matching the
 * object's label selector (`SelectorsForObject`: a Deployment's, ReplicaSet's, StatefulSet's, DaemonSet's or Job's
 * `spec.selector`, a Service's or ReplicationController's `spec.selector` map), sorted by `podutils.ByLogging`,
 * the first one.
 *
 * Upstream: kubectl pkg/polymorphichelpers (logsforobject.go, helpers.go GetFirstPod), pkg/util/podutils
 * (podutils.go ByLogging).
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { formatLabelSelector } from '../printers/values.ts';

interface PodShape {
  metadata: { creationTimestamp?: string };
  spec?: { nodeName?: string };
  status?: {
    phase?: string;
    conditions?: Array<{ type?: string; status?: string; lastTransitionTime?: string }>;
    containerStatuses?: Array<{ restartCount?: number }>;
    initContainerStatuses?: Array<{ restartCount?: number }>;
  };
}

/** The label selector `kubectl logs` lists pods with, or undefined when the kind has none it knows. */
export function logsSelectorOf(obj: KubeObject): string | undefined {
  const selector = (obj.spec as { selector?: unknown } | undefined)?.selector;
  switch (obj.kind) {
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'Job': {
      const text = formatLabelSelector(selector);
      return text === '<none>' || text === '<error>' ? undefined : text;
    }
    case 'Service':
    case 'ReplicationController': {
      const m = (selector ?? {}) as Record<string, unknown>;
      const keys = Object.keys(m).sort();
      return keys.length ? keys.map((k) => `${k}=${String(m[k])}`).join(',') : undefined;
    }
    default:
      return undefined;
  }
}

const PHASE_ORDER: Record<string, number> = { Running: 0, Unknown: 1, Pending: 2 };

function readyCondition(p: PodShape): { ready: boolean; since?: string } {
  const c = p.status?.conditions?.find((x) => x.type === 'Ready');
  return { ready: c?.status === 'True', since: c?.lastTransitionTime };
}

function maxRestarts(p: PodShape): number {
  let max = 0;
  for (const c of [...(p.status?.containerStatuses ?? []), ...(p.status?.initContainerStatuses ?? [])]) max = Math.max(max, c.restartCount ?? 0);
  return max;
}

/** `afterOrZero(t1, t2)`: t1 is later than t2, or t1 is empty and t2 is not. */
function afterOrZero(t1: string | undefined, t2: string | undefined): boolean {
  if (!t1 || !t2) return !t1;
  return Date.parse(t1) > Date.parse(t2);
}

/** `ByLogging.Less`: the pod better to read logs from first. */
export function byLoggingLess(a: KubeObject, b: KubeObject): boolean {
  const x = a as unknown as PodShape;
  const y = b as unknown as PodShape;
  const nx = x.spec?.nodeName ?? '';
  const ny = y.spec?.nodeName ?? '';
  // 1. assigned < unassigned
  if (nx !== ny && (nx === '' || ny === '')) return nx !== '';
  // 2. Running < Unknown < Pending (any other phase counts as Running's 0, as a missing map key does in Go)
  const px = PHASE_ORDER[x.status?.phase ?? ''] ?? 0;
  const py = PHASE_ORDER[y.status?.phase ?? ''] ?? 0;
  if (px !== py) return px < py;
  // 3. ready < not ready
  const rx = readyCondition(x);
  const ry = readyCondition(y);
  if (rx.ready !== ry.ready) return rx.ready;
  // 4. been ready longer < shorter < no time
  if (rx.ready && ry.ready && rx.since !== ry.since) return afterOrZero(ry.since, rx.since);
  // 5. more restarts < fewer
  const cx = maxRestarts(x);
  const cy = maxRestarts(y);
  if (cx !== cy) return cx > cy;
  // 6. older < newer < no timestamp
  const tx = x.metadata.creationTimestamp;
  const ty = y.metadata.creationTimestamp;
  if (tx !== ty) return afterOrZero(ty, tx);
  return false;
}

/** The pods sorted as `sort.Sort(ByLogging(pods))` leaves them (ties keep no particular order in Go: here, the list's). */
export function sortByLogging(pods: readonly KubeObject[]): KubeObject[] {
  return [...pods].sort((a, b) => (byLoggingLess(a, b) ? -1 : byLoggingLess(b, a) ? 1 : 0));
}
