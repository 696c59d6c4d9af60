/** The ownership tree and per-node grouping of object summaries (pure, unit-tested). */
import type { ObjectSummary } from '../../worker/protocol.ts';

export interface TreeNode {
  object: ObjectSummary;
  children: TreeNode[];
}

/**
 * Names in the order a reader expects: runs of digits compare by value, so node-2 comes before node-10 (and a
 * 200-node cluster's list starts node-1, node-2, …); otherwise by code unit, like `<`. Equal only when equal.
 */
export function compareNames(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      // Compare the two digit runs by value: skip leading zeros, then the longer run is bigger, else digit by digit.
      let si = i;
      let sj = j;
      while (si < a.length && a.charCodeAt(si) === 48) si++;
      while (sj < b.length && b.charCodeAt(sj) === 48) sj++;
      let ei = si;
      let ej = sj;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      if (ei - si !== ej - sj) return ei - si - (ej - sj);
      for (let k = 0; k < ei - si; k++) {
        const d = a.charCodeAt(si + k) - b.charCodeAt(sj + k);
        if (d) return d;
      }
      i = ei;
      j = ej;
      continue;
    }
    if (ca !== cb) return ca - cb;
    i++;
    j++;
  }
  if (i < a.length || j < b.length) return i < a.length ? 1 : -1;
  // Same value, different zero padding ("a01" and "a1"): plain order, so that only equal names compare equal.
  return a < b ? -1 : a > b ? 1 : 0;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

const ROOT_ORDER = ['Deployment', 'ReplicaSet', 'Job', 'CronJob', 'Pod', 'Service', 'EndpointSlice', 'HorizontalPodAutoscaler', 'ConfigMap'];

/** Roots are objects without a controlling owner present; children sorted by kind then name. */
export function ownershipForest(objects: Iterable<ObjectSummary>, kinds?: ReadonlySet<string>): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const o of objects) if (!kinds || kinds.has(o.kind)) nodes.set(o.key, { object: o, children: [] });
  const roots: TreeNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.object.owner ? nodes.get(n.object.owner) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  const order = (a: TreeNode, b: TreeNode) => {
    const ka = ROOT_ORDER.indexOf(a.object.kind);
    const kb = ROOT_ORDER.indexOf(b.object.kind);
    return (ka < 0 ? 99 : ka) - (kb < 0 ? 99 : kb) || compareNames(a.object.name, b.object.name);
  };
  const sort = (list: TreeNode[]) => {
    list.sort(order);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** How an object looks: the colour class for its state. */
export function stateClass(o: ObjectSummary): string {
  if (o.deleting) return 'terminating';
  if (o.kind === 'Pod') {
    if (o.reason === 'CrashLoopBackOff' || o.phase === 'Failed') return 'failed';
    if (o.phase === 'Succeeded') return 'succeeded';
    if (o.phase === 'Running' && o.ready) return 'ready';
    if (o.phase === 'Running') return 'not-ready';
    return 'pending';
  }
  if (o.kind === 'Node') return o.phase === 'Ready' ? (o.unschedulable ? 'cordoned' : 'ready') : 'failed';
  if (o.replicas) return o.replicas.ready >= o.replicas.desired ? 'ready' : 'progressing';
  return 'neutral';
}

/**
 * One line of text under the name: "3/3 ready", "Running · node-2", "CrashLoopBackOff (4 restarts)". `withNode`
 * false leaves out a pod's node (where the pod is listed under it).
 */
export function stateText(o: ObjectSummary, withNode = true): string {
  if (o.deleting) return 'Terminating';
  if (o.kind === 'Pod') {
    const where = withNode ? podPlace(o) : '';
    const reason = o.reason && o.reason !== 'Completed' ? ` ${o.reason}` : '';
    const restarts = o.restarts ? ` (${o.restarts} restart${o.restarts === 1 ? '' : 's'})` : '';
    return `${o.phase ?? 'Pending'}${o.phase === 'Running' && !o.ready ? ', not ready' : ''}${reason}${restarts}${where}`;
  }
  if (o.kind === 'Node') return `${o.phase ?? 'Unknown'}${o.unschedulable ? ', SchedulingDisabled' : ''}`;
  if (o.replicas) return `${o.replicas.ready}/${o.replicas.desired} ready`;
  return o.phase ?? '';
}

/** Where a pod is, as stateText ends: " · node-2", " · unscheduled" ('' for a terminating pod or another kind). */
export function podPlace(o: ObjectSummary): string {
  if (o.kind !== 'Pod' || o.deleting) return '';
  return o.nodeName ? ` · ${o.nodeName}` : ' · unscheduled';
}

/**
 * The state in as few words as a narrow row needs, what matters first: "Not ready" (a running pod that is not
 * ready), "CrashLoopBackOff ×4" (a waiting reason and the restarts), else the phase, and for other kinds what
 * stateText says. The whole of stateText is in the row's tooltip.
 */
export function shortStateText(o: ObjectSummary): string {
  if (o.deleting || o.kind !== 'Pod') return stateText(o, false);
  const restarts = o.restarts ? ` ×${o.restarts}` : '';
  if (o.reason && o.reason !== 'Completed') return `${o.reason}${restarts}`;
  return `${o.phase === 'Running' && !o.ready ? 'Not ready' : (o.phase ?? 'Pending')}${restarts}`;
}
