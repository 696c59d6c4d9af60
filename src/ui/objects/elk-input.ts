/**
 * The layout's input and output (pure, unit-tested): the ELK graph for an {@link ObjectsGraph} (layered, left to
 * right, in model order so a re-layout after a small change moves little), the positions read back from ELK's
 * answer, and provisional positions for nodes that appeared since the last layout.
 */
import type { ElkNode } from 'elkjs/lib/elk-api';
import type { ObjectsGraph, VNode } from './objects-graph.ts';

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The drawn size of each node type (the CSS gives the boxes these sizes). */
export const NODE_SIZE: Record<VNode['type'], Size> = {
  object: { width: 250, height: 62 },
  group: { width: 250, height: 72 },
  label: { width: 180, height: 44 },
};

/** ELK options: the layered algorithm, left to right, keeping the model's order of nodes and edges. */
export const LAYOUT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': '14',
  'elk.layered.spacing.nodeNodeBetweenLayers': '50',
  'elk.spacing.componentComponent': '30',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.crossingMinimization.forceNodeModelOrder': 'true',
  'elk.separateConnectedComponents': 'true',
  'elk.aspectRatio': '1.4',
  'elk.edgeRouting': 'POLYLINE',
};

/** The ELK graph for `graph`: one child per node, sized by type, and its edges. */
export function elkInput(graph: Pick<ObjectsGraph, 'nodes' | 'edges'>): ElkNode {
  return {
    id: 'root',
    layoutOptions: LAYOUT_OPTIONS,
    children: graph.nodes.map((n) => ({ id: n.id, ...NODE_SIZE[n.type] })),
    edges: graph.edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
}

/** Top-left positions from ELK's answer, by node id. */
export function positionsOf(result: ElkNode): Map<string, Point> {
  const m = new Map<string, Point>();
  for (const c of result.children ?? []) m.set(c.id, { x: c.x ?? 0, y: c.y ?? 0 });
  return m;
}

/**
 * Positions to draw with until the next layout arrives: nodes placed before keep their place; a new node goes to the
 * right of the node it hangs from (stacked below its siblings that are new too), or, with no parent placed, below
 * everything.
 */
export function provisionalPositions(graph: Pick<ObjectsGraph, 'nodes' | 'edges'>, known: ReadonlyMap<string, Point>): Map<string, Point> {
  const out = new Map<string, Point>();
  const parentOf = new Map<string, string>();
  for (const e of graph.edges) if (!parentOf.has(e.target)) parentOf.set(e.target, e.source);
  let bottom = 0;
  for (const p of known.values()) bottom = Math.max(bottom, p.y + NODE_SIZE.group.height);
  const stacked = new Map<string, number>();
  for (const n of graph.nodes) {
    const k = known.get(n.id);
    if (k) {
      out.set(n.id, k);
      continue;
    }
    const parent = parentOf.get(n.id);
    const at = parent ? out.get(parent) ?? known.get(parent) : undefined;
    if (at) {
      const i = stacked.get(parent!) ?? 0;
      stacked.set(parent!, i + 1);
      out.set(n.id, { x: at.x + NODE_SIZE.group.width + 50, y: at.y + i * (NODE_SIZE.group.height + 14) });
    } else {
      out.set(n.id, { x: 0, y: bottom });
      bottom += NODE_SIZE.group.height + 14;
    }
  }
  return out;
}
