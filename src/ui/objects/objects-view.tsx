/**
 * The objects, as a laid-out graph: the ownership view (Deployment → ReplicaSets → Pods, Jobs → Pods, Services →
 * EndpointSlices, standalone objects) or the nodes view (Node → its pods, and the unscheduled ones). Positions come
 * from ELK (in a web worker), recomputed only when the drawn structure changes; status changes only recolour.
 * Above a few hundred pods, pods collapse into per-owner / per-node groups with counts that expand on click.
 * Clicking an object selects it (the Inspector shows it).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ReactFlow, Controls, useReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useSim } from '../state/sim-store.ts';
import { buildObjectsGraph, drawnNodeFor, type ObjectsMode, type VNode } from './objects-graph.ts';
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
function useLayout(graph: ReturnType<typeof buildObjectsGraph>): { positions: ReadonlyMap<string, Point>; fitToken: number } {
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

/** Above this many objects, the graph is rebuilt at most every {@link BIG_CLUSTER_REBUILD_MS} (counts lag a little). */
const BIG_CLUSTER = 2000;
const BIG_CLUSTER_REBUILD_MS = 300;

/** `value`, but changing at most once every `ms` (0: at once). */
function useThrottled<T>(value: T, ms: number): T {
  const [held, setHeld] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (ms <= 0) return;
    const t = setTimeout(() => {
      last.current = performance.now();
      setHeld(value);
    }, Math.max(0, last.current + ms - performance.now()));
    return () => clearTimeout(t);
  }, [value, ms]);
  return ms <= 0 ? value : held;
}

export function ObjectsView() {
  const live = useSim((s) => s.objects);
  const objects = useThrottled(live, live.size > BIG_CLUSTER ? BIG_CLUSTER_REBUILD_MS : 0);
  const selection = useSim((s) => s.selection);
  const select = useSim((s) => s.select);
  const [mode, setMode] = useState<ObjectsMode>('ownership');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const graph = useMemo(() => buildObjectsGraph(objects.values(), mode, expanded), [objects, mode, expanded]);
  const { positions, fitToken } = useLayout(graph);
  const selectedKey = selection?.type === 'object' ? selection.key : undefined;
  const drawn = useMemo(() => {
    const ids = new Set<string>();
    const nodeKeys = new Map<string, string>();
    for (const v of graph.nodes) {
      ids.add(v.id);
      if (v.type === 'object' && v.object.kind === 'Node') nodeKeys.set(v.object.name, v.id);
    }
    return { ids, nodeKeys };
  }, [graph]);
  // The selected object, or the group its pod is counted in, is outlined.
  const selectedObject = selectedKey === undefined ? undefined : objects.get(selectedKey);
  const highlighted = selectedObject ? drawnNodeFor(selectedObject, mode, drawn.ids, (n) => drawn.nodeKeys.get(n) ?? '') : undefined;

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

  const toggle = (id: string) =>
    setExpanded((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <section className="objects objects-graph" aria-label="Objects" data-testid="objects-view">
      <header className="objects-header">
        <h2>Objects</h2>
        <div className="mode-toggle" role="group" aria-label="Objects view">
          {(['ownership', 'nodes'] as const).map((m) => (
            <button key={m} className={`mini ${mode === m ? 'on' : ''}`} aria-pressed={mode === m} onClick={() => setMode(m)} data-testid={`objects-mode-${m}`}>
              {m === 'ownership' ? 'Ownership' : 'Nodes'}
            </button>
          ))}
        </div>
        <span className="hint" data-testid="objects-summary">
          {graph.pods.toLocaleString('en-US')} pods{graph.aggregated ? ' (grouped)' : ''} · {graph.nodes.length} drawn
        </span>
      </header>
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
    </section>
  );
}
