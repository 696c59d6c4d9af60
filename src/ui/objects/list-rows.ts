/**
 * What the Objects view's List layout shows (pure, unit-tested): the drawn graph of {@link buildObjectsGraph} read as
 * an indented tree, one row per drawn node in depth-first order (an owner, then what it owns; a Node, then its pods or
 * their group; a group, then the pods it shows when expanded). The same objects and groups as the Graph layout, so
 * aggregation, expansion and the node bound are shared: the list is never longer than the graph is big.
 */
import { UNSCHEDULED, type ObjectsGraph, type VNode } from './objects-graph.ts';

export interface ListRow {
  v: VNode;
  /** 0 for a root; one more per owner (or Node, or group) above it. */
  depth: number;
  /** Listed under a Node (or the "unscheduled" label): its pod's node need not be repeated in its state. */
  underNode: boolean;
}

/**
 * The rows, in reading order: roots in the graph's drawing order, each followed by its children (in the order of the
 * graph's edges) before the next root. A node reached twice (it cannot be, edges form a forest) is listed once.
 */
export function listRows(graph: Pick<ObjectsGraph, 'nodes' | 'edges'>): ListRow[] {
  const byId = new Map<string, VNode>();
  for (const v of graph.nodes) byId.set(v.id, v);
  const children = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const e of graph.edges) {
    if (!byId.has(e.source) || !byId.has(e.target)) continue;
    const list = children.get(e.source);
    if (list) list.push(e.target);
    else children.set(e.source, [e.target]);
    hasParent.add(e.target);
  }
  const rows: ListRow[] = [];
  const listed = new Set<string>();
  // Iterative depth-first walk (children pushed in reverse so they come out in order).
  const stack: ListRow[] = [];
  const walkFrom = (root: VNode) => {
    stack.push({ v: root, depth: 0, underNode: false });
    while (stack.length) {
      const row = stack.pop()!;
      if (listed.has(row.v.id)) continue;
      listed.add(row.v.id);
      rows.push(row);
      const kids = children.get(row.v.id);
      if (!kids) continue;
      const underNode = row.underNode || row.v.id === UNSCHEDULED || (row.v.type === 'object' && row.v.object.kind === 'Node');
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ v: byId.get(kids[i]!)!, depth: row.depth + 1, underNode });
    }
  };
  for (const v of graph.nodes) if (!hasParent.has(v.id)) walkFrom(v);
  // Nodes only reachable through a cycle (none today) are still listed, as roots.
  for (const v of graph.nodes) if (!listed.has(v.id)) walkFrom(v);
  return rows;
}

/** Short words for long kinds in the row's kind tag (the full kind is in the row's title). */
const SHORT_KIND: Record<string, string> = { HorizontalPodAutoscaler: 'HPA', CustomResourceDefinition: 'CRD', PersistentVolumeClaim: 'PVC', MutatingWebhookConfiguration: 'MutatingWebhook', ValidatingWebhookConfiguration: 'ValidatingWebhook' };

/** The kind as the row's tag shows it. */
export function kindTag(kind: string): string {
  return SHORT_KIND[kind] ?? kind;
}
