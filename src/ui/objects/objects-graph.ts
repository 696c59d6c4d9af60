/**
 * What the Objects view draws, as a graph (pure, unit-tested): the ownership view (Deployment → ReplicaSet → Pod,
 * Job → Pod, CronJob → Job, Service → EndpointSlice, standalone objects) or the nodes view (Node → its pods, plus an
 * "unscheduled" group). Pods are aggregated into one group node per owner (or per node) when there are many, so the
 * number of drawn nodes stays bounded however large the cluster is; a group expands on demand.
 */
import type { ObjectSummary } from '../../worker/protocol.ts';
import { compareNames, ownershipForest, stateClass, type TreeNode } from './ownership.ts';

/** Which graph the view shows. */
export type ObjectsMode = 'ownership' | 'nodes';

/** When pods are aggregated, and how many nodes may be drawn. */
export interface AggregationOptions {
  /** Above this many pods in the cluster, every owner's (or node's) pods are grouped. */
  maxPods: number;
  /** Above this many pods under one owner (or node), they are grouped whatever the total. */
  maxPodsPerParent: number;
  /** Most nodes drawn: expanded groups show only as many pods as fit under this bound. */
  maxNodes: number;
}

export const DEFAULT_AGGREGATION: AggregationOptions = { maxPods: 200, maxPodsPerParent: 30, maxNodes: 400 };

/** One drawn object. `note` is extra text after the state ("12 pods" on a Node). */
export interface ObjectVNode {
  type: 'object';
  id: string;
  object: ObjectSummary;
  note?: string;
}

/** The pods of one owner or node drawn as one node with counts by state. */
export interface GroupVNode {
  type: 'group';
  /** `group:<parent id>`; also the key that expands it. */
  id: string;
  /** The owner's or node's id, or a label id. */
  parent: string;
  total: number;
  /** Pods per state class, in {@link STATE_ORDER}; zero counts left out. */
  counts: Array<[string, number]>;
  expanded: boolean;
  /** Pods drawn while expanded (fewer than `total` when the node bound cut them). */
  shown: number;
}

/** A node that stands for no object (the "unscheduled" pods' parent in the nodes view). */
export interface LabelVNode {
  type: 'label';
  id: string;
  label: string;
}

export type VNode = ObjectVNode | GroupVNode | LabelVNode;

export interface VEdge {
  id: string;
  source: string;
  target: string;
}

export interface ObjectsGraph {
  nodes: VNode[];
  edges: VEdge[];
  /** Identifies the set of nodes and edges: the layout is recomputed only when it changes. */
  structure: string;
  /** Pods in the cluster (all of them, drawn or not). */
  pods: number;
  /** True when pods are grouped because the cluster has more than `maxPods`. */
  aggregated: boolean;
}

/** The order of state classes in group counts. */
export const STATE_ORDER = ['ready', 'not-ready', 'pending', 'failed', 'terminating', 'succeeded'];

/** Id of the label node the nodes view hangs unscheduled pods from. */
export const UNSCHEDULED = 'label:unscheduled';
/** Parent id of ownerless pods in the ownership view (they have no node of their own to hang from). */
export const STANDALONE_PODS = 'standalone-pods';

/** The group id for a parent. */
export const groupId = (parent: string): string => `group:${parent}`;

/** Counts of pods per state class, in {@link STATE_ORDER} (unknown classes last, by name). */
export function countByState(pods: readonly ObjectSummary[]): Array<[string, number]> {
  const m = new Map<string, number>();
  for (const p of pods) {
    const c = stateClass(p);
    m.set(c, (m.get(c) ?? 0) + 1);
  }
  const rank = (k: string) => (STATE_ORDER.includes(k) ? STATE_ORDER.indexOf(k) : STATE_ORDER.length);
  return [...m].sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0]));
}

/** "1,000 pods: 990 ready, 8 pending, 2 terminating". */
export function groupText(g: Pick<GroupVNode, 'total' | 'counts'>): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const parts = g.counts.map(([k, c]) => `${n(c)} ${k}`).join(', ');
  return `${n(g.total)} pod${g.total === 1 ? '' : 's'}${parts ? `: ${parts}` : ''}`;
}

/** Kinds never drawn (they own nothing the view is about). */
const HIDDEN_KINDS = new Set(['Namespace', 'Lease', 'Event']);

/** Nodes in natural order (node-2 before node-10). */
const byNodeName = (a: ObjectSummary, b: ObjectSummary) => compareNames(a.name, b.name);

const byName = (a: ObjectSummary, b: ObjectSummary) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Pods waiting to be placed under a parent, decided after the whole graph is known (so the node bound can be shared). */
interface PodBatch {
  parent: string;
  /** Whether the group hangs from the parent node (false for ownerless pods). */
  linked: boolean;
  pods: ObjectSummary[];
}

/**
 * Builds the graph for `mode` from the object summaries. `expanded` holds group ids the user opened.
 * Pods of a parent are grouped when the cluster has more than `maxPods` pods or the parent more than
 * `maxPodsPerParent`; an expanded group keeps its group node (click to collapse) and hangs its pods from it, sorted
 * by name, as many as fit under `maxNodes` (groups earlier in the drawing order are served first).
 */
export function buildObjectsGraph(
  objects: Iterable<ObjectSummary>,
  mode: ObjectsMode,
  expanded: ReadonlySet<string>,
  options: AggregationOptions = DEFAULT_AGGREGATION,
): ObjectsGraph {
  const all: ObjectSummary[] = [];
  let pods = 0;
  const podsPerNode = new Map<string, number>();
  for (const o of objects) {
    if (HIDDEN_KINDS.has(o.kind)) continue;
    all.push(o);
    if (o.kind === 'Pod') {
      pods++;
      if (o.nodeName) podsPerNode.set(o.nodeName, (podsPerNode.get(o.nodeName) ?? 0) + 1);
    }
  }
  const aggregated = pods > options.maxPods;
  const nodes: VNode[] = [];
  const edges: VEdge[] = [];
  const batches: PodBatch[] = [];
  const edge = (source: string, target: string) => edges.push({ id: `${source}->${target}`, source, target });
  const objectNode = (o: ObjectSummary): ObjectVNode => {
    const n = podsPerNode.get(o.name);
    return o.kind === 'Node' ? { type: 'object', id: o.key, object: o, note: `${n ?? 0} pod${n === 1 ? '' : 's'}` } : { type: 'object', id: o.key, object: o };
  };

  if (mode === 'ownership') {
    // The tree of everything but pods (small), then pods bucketed by owner: sorting 20,000 pods every frame is waste.
    const podsByOwner = new Map<string, ObjectSummary[]>();
    const rest: ObjectSummary[] = [];
    for (const o of all) {
      if (o.kind !== 'Pod') rest.push(o);
      else {
        const k = o.owner ?? '';
        const list = podsByOwner.get(k);
        if (list) list.push(o);
        else podsByOwner.set(k, [o]);
      }
    }
    const placed = new Set<string>();
    const walk = (t: TreeNode) => {
      nodes.push(objectNode(t.object));
      for (const c of t.children) {
        edge(t.object.key, c.object.key);
        walk(c);
      }
      const childPods = podsByOwner.get(t.object.key);
      if (childPods) {
        placed.add(t.object.key);
        batches.push({ parent: t.object.key, linked: true, pods: childPods });
      }
    };
    for (const root of ownershipForest(rest)) walk(root);
    const standalonePods: ObjectSummary[] = [];
    for (const [owner, list] of podsByOwner) if (!placed.has(owner)) standalonePods.push(...list);
    if (standalonePods.length) batches.push({ parent: STANDALONE_PODS, linked: false, pods: standalonePods });
  } else {
    const nodeObjects = all.filter((o) => o.kind === 'Node').sort(byNodeName);
    const known = new Set(nodeObjects.map((n) => n.name));
    const perNode = new Map<string, ObjectSummary[]>();
    const unscheduled: ObjectSummary[] = [];
    for (const o of all) {
      if (o.kind !== 'Pod') continue;
      if (o.nodeName && known.has(o.nodeName)) {
        const list = perNode.get(o.nodeName);
        if (list) list.push(o);
        else perNode.set(o.nodeName, [o]);
      } else unscheduled.push(o);
    }
    for (const n of nodeObjects) {
      nodes.push(objectNode(n));
      const list = perNode.get(n.name);
      if (list) batches.push({ parent: n.key, linked: true, pods: list });
    }
    if (unscheduled.length) {
      nodes.push({ type: 'label', id: UNSCHEDULED, label: `unscheduled` });
      batches.push({ parent: UNSCHEDULED, linked: true, pods: unscheduled });
    }
  }

  // Decide which batches are grouped; the nodes drawn so far, the small batches' pods and the group nodes are the base.
  const grouped = batches.map((b) => aggregated || b.pods.length > options.maxPodsPerParent);
  let budget = options.maxNodes - nodes.length;
  batches.forEach((b, i) => (budget -= grouped[i] ? 1 : b.pods.length));
  batches.forEach((b, i) => {
    if (!grouped[i]) {
      for (const p of b.pods.sort(byName)) {
        nodes.push({ type: 'object', id: p.key, object: p });
        if (b.linked) edge(b.parent, p.key);
      }
      return;
    }
    const id = groupId(b.parent);
    const open = expanded.has(id);
    const shown = open ? Math.max(0, Math.min(b.pods.length, budget)) : 0;
    budget -= shown;
    nodes.push({ type: 'group', id, parent: b.parent, total: b.pods.length, counts: countByState(b.pods), expanded: open, shown });
    if (b.linked) edge(b.parent, id);
    const sorted = shown > 0 ? [...b.pods].sort(byName) : [];
    for (let k = 0; k < shown; k++) {
      const p = sorted[k]!;
      nodes.push({ type: 'object', id: p.key, object: p });
      edge(id, p.key);
    }
  });

  const structure = `${mode}|${nodes.map((n) => n.id).join(',')}|${edges.map((e) => e.id).join(',')}`;
  return { nodes, edges, structure, pods, aggregated };
}

/**
 * The drawn node that stands for `object`: itself when drawn, else (a pod) the group it is counted in, else nothing.
 * `drawn` is the set of drawn node ids. Lets a selection made elsewhere (the event log) light up a collapsed group.
 */
export function drawnNodeFor(object: ObjectSummary, mode: ObjectsMode, drawn: ReadonlySet<string>, nodeKeyOf: (nodeName: string) => string): string | undefined {
  if (drawn.has(object.key)) return object.key;
  if (object.kind !== 'Pod') return undefined;
  const parent =
    mode === 'ownership'
      ? object.owner && drawn.has(object.owner)
        ? object.owner
        : STANDALONE_PODS
      : object.nodeName && drawn.has(nodeKeyOf(object.nodeName))
        ? nodeKeyOf(object.nodeName)
        : UNSCHEDULED;
  return drawn.has(groupId(parent)) ? groupId(parent) : undefined;
}
