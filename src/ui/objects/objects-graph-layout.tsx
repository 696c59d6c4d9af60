/**
 * The Objects view's Graph layout: the drawn graph laid out by ELK (in a web worker, recomputed only when the drawn
 * structure changes; status changes only recolour) and shown with React Flow, fitted into the panel. Clicking an
 * object selects it; clicking a group expands or collapses it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ReactFlow, Controls, useReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { Selection } from '../state/sim-store.ts';
import type { ObjectsGraph, VNode } from './objects-graph.ts';
import { elkInput, positionsOf, provisionalPositions, type Point } from './elk-input.ts';
import { layoutInWorker } from './elk-layout.ts';
import { OBJECT_NODE_TYPES } from './object-nodes.tsx';
import { useAfterFirstFrame } from '../state/after-first-frame.ts';
import { useMeasured } from '../graph/use-measured.ts';

/** Whether two drawn nodes would render the same (so the previous React Flow node can be reused). */
function sameVNode(a: VNode, b: VNode): boolean {
  if (a.type === 'object' && b.type === 'object') return a.object === b.object && a.note === b.note;
  if (a.type === 'group' && b.type === 'group')
    return a.total === b.total && a.expanded === b.expanded && a.shown === b.shown && a.counts.join(';') === b.counts.join(';');
  return a.type === 'label' && b.type === 'label' && a.label === b.label;
}

/** Re-frames the view when asked (after the first layout of a mode). */
function FitOn({ token }: { token: number }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    if (token === 0) return;
    const t = setTimeout(() => void fitView({ padding: 0.05, duration: 200, maxZoom: 1 }), 30);
    return () => clearTimeout(t);
  }, [token, fitView]);
  return null;
}

/** Lays out each new structure in the ELK worker (one at a time, the latest wins) and returns placed positions. */
function useLayout(graph: ObjectsGraph): { positions: ReadonlyMap<string, Point>; fitToken: number } {
  const [laidOut, setLaidOut] = useState<{ structure: string; positions: ReadonlyMap<string, Point>; fitToken: number }>({ structure: '', positions: new Map(), fitToken: 0 });
  const latest = useRef(graph);
  latest.current = graph;
  const busy = useRef(false);
  const fitted = useRef({ mode: '', count: 0 });
  // The ELK worker (1.5 MB of script) starts once the simulation is seen moving; provisional positions until then.
  const started = useAfterFirstFrame();
  useEffect(() => {
    if (!started) return;
    const run = () => {
      if (busy.current) return;
      const g = latest.current;
      busy.current = true;
      layoutInWorker(elkInput(g))
        .then((result) => {
          // Re-frame on a new mode, or when the drawn node count changed by a quarter (a cluster loaded, a group opened).
          const mode = g.structure.slice(0, g.structure.indexOf('|'));
          const n = g.nodes.length;
          const refit = n > 0 && (fitted.current.mode !== mode || n > fitted.current.count * 1.25 || n < fitted.current.count * 0.8);
          if (refit) fitted.current = { mode, count: n };
          setLaidOut((s) => ({ structure: g.structure, positions: positionsOf(result), fitToken: s.fitToken + (refit ? 1 : 0) }));
        })
        .catch((e: unknown) => console.warn('objects layout failed', e))
        .finally(() => {
          busy.current = false;
          if (latest.current.structure !== g.structure) run();
        });
    };
    run();
  }, [graph.structure, started]);
  const positions = useMemo(
    () => (laidOut.structure === graph.structure ? laidOut.positions : provisionalPositions(graph, laidOut.positions)),
    // Provisional positions depend on the structure only; recomputing them on every status change would be waste.
    [laidOut, graph.structure],
  );
  return { positions, fitToken: laidOut.fitToken };
}

interface Props {
  graph: ObjectsGraph;
  /** The drawn node that stands for the selection (outlined), if any. */
  highlighted: string | undefined;
  select: (s: Selection) => void;
  toggle: (groupId: string) => void;
}

export function ObjectsGraphLayout({ graph, highlighted, select, toggle }: Props) {
  const { positions, fitToken } = useLayout(graph);
  // React Flow nodes, reusing the previous node object when nothing about it changed (so only changed nodes re-render).
  const cache = useRef(new Map<string, Node>());
  const { onNodesChange, measured } = useMeasured();
  const nodes = useMemo(() => {
    const next = new Map<string, Node>();
    const out: Node[] = [];
    for (const v of graph.nodes) {
      const position = positions.get(v.id) ?? { x: 0, y: 0 };
      const selected = v.id === highlighted;
      const prev = cache.current.get(v.id);
      const prevData = prev?.data as { v: VNode; selected: boolean } | undefined;
      const n =
        prev && prevData && prev.position === position && prevData.selected === selected && sameVNode(prevData.v, v)
          ? prev
          : { id: v.id, type: v.type, position, data: { v, selected }, selectable: false, draggable: false, connectable: false, measured: measured(v.id) };
      next.set(v.id, n);
      out.push(n);
    }
    cache.current = next;
    return out;
  }, [graph, positions, highlighted, measured]);
  const edges = useMemo<Edge[]>(
    () => graph.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, className: 'oedge', selectable: false, focusable: false })),
    // Edges change only with the structure.
    [graph.structure],
  );

  return (
    <div className="objects-flow">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={OBJECT_NODE_TYPES}
        onNodesChange={onNodesChange}
        minZoom={0.05}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_, n) => {
          const v = (n.data as { v: VNode }).v;
          if (v.type === 'object') select({ type: 'object', key: v.id });
          else if (v.type === 'group') toggle(v.id);
        }}
      >
        <Controls showInteractive={false} position="bottom-right" orientation="horizontal" />
        <FitOn token={fitToken} />
      </ReactFlow>
    </div>
  );
}
