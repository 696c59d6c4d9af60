/** The ownership tree and per-node grouping of object summaries (pure, unit-tested). */
import type { ObjectSummary } from '../../worker/protocol.ts';

export interface TreeNode {
  object: ObjectSummary;
  children: TreeNode[];
}

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
    return (ka < 0 ? 99 : ka) - (kb < 0 ? 99 : kb) || (a.object.name < b.object.name ? -1 : a.object.name > b.object.name ? 1 : 0);
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

/** One line of text under the name: "3/3 ready", "Running · node-2", "CrashLoopBackOff (4 restarts)". */
export function stateText(o: ObjectSummary): string {
  if (o.deleting) return 'Terminating';
  if (o.kind === 'Pod') {
    const where = o.nodeName ? ` · ${o.nodeName}` : ' · unscheduled';
    const reason = o.reason && o.reason !== 'Completed' ? ` ${o.reason}` : '';
    const restarts = o.restarts ? ` (${o.restarts} restart${o.restarts === 1 ? '' : 's'})` : '';
    return `${o.phase ?? 'Pending'}${o.phase === 'Running' && !o.ready ? ', not ready' : ''}${reason}${restarts}${where}`;
  }
  if (o.kind === 'Node') return `${o.phase ?? 'Unknown'}${o.unschedulable ? ', SchedulingDisabled' : ''}`;
  if (o.replicas) return `${o.replicas.ready}/${o.replicas.desired} ready`;
  return o.phase ?? '';
}
