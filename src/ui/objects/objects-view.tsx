/**
 * The objects: the ownership view (Deployment → ReplicaSets → Pods, Jobs → Pods, Services → EndpointSlices,
 * standalone objects) or the nodes view (Node → its pods, and the unscheduled ones), in one of two layouts: List
 * (the default: an indented tree of rows, readable from the back of a room, objects-list.tsx) or Graph (laid out by
 * ELK, objects-graph-layout.tsx, a chunk loaded after the first frame). Both draw the same graph (objects-graph.ts): above a few hundred pods, pods collapse
 * into per-owner / per-node groups with counts that expand on click. Clicking an object selects it (the Inspector
 * shows it).
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { buildObjectsGraph, drawnNodeFor, type ObjectsMode } from './objects-graph.ts';
import { listRows } from './list-rows.ts';
import { ObjectsList } from './objects-list.tsx';
import { lazyAfterFirstFrame } from '../state/after-first-frame.ts';
import { PanelBoundary } from '../layout/error-boundary.tsx';

/** The Graph layout (ELK-drawn): not the default, so a chunk of its own, preloaded once the first frame is painted. */
const ObjectsGraphLayout = lazyAfterFirstFrame(() => import('./objects-graph-layout.tsx'), (m) => m.ObjectsGraphLayout);

/** How the drawn objects are laid out. */
type Layout = 'list' | 'graph';

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
  const [layout, setLayout] = useState<Layout>('list');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const graph = useMemo(() => buildObjectsGraph(objects.values(), mode, expanded), [objects, mode, expanded]);
  const rows = useMemo(() => (layout === 'list' ? listRows(graph) : []), [graph, layout]);
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

  const toggle = useCallback(
    (id: string) =>
      setExpanded((s) => {
        const n = new Set(s);
        if (n.has(id)) n.delete(id);
        else n.add(id);
        return n;
      }),
    [],
  );

  const summary = `${graph.pods.toLocaleString('en-US')} pods${graph.aggregated ? ' (grouped)' : ''} · ${graph.nodes.length} ${layout === 'list' ? 'rows' : 'drawn'}`;
  return (
    <section className={`objects objects-graph objects-${layout}-layout`} aria-label="Objects" data-testid="objects-view">
      <header className="objects-header">
        <h2>Objects</h2>
        <Toggle label="Objects view" options={MODES} value={mode} onChange={setMode} testId="objects-mode" />
        <Toggle label="Objects layout" options={LAYOUTS} value={layout} onChange={setLayout} testId="objects-layout" />
        <span className="hint" data-testid="objects-summary" title={summary}>
          {summary}
        </span>
      </header>
      {layout === 'list' ? (
        <ObjectsList rows={rows} highlighted={highlighted} select={select} toggle={toggle} />
      ) : (
        <PanelBoundary name="Objects graph">
          <Suspense fallback={<p className="hint">Loading the graph…</p>}>
            <ObjectsGraphLayout graph={graph} highlighted={highlighted} select={select} toggle={toggle} />
          </Suspense>
        </PanelBoundary>
      )}
    </section>
  );
}

const MODES = { ownership: 'Ownership', nodes: 'Nodes' } as const;
const LAYOUTS = { list: 'List', graph: 'Graph' } as const;

/** A group of buttons of which one is pressed: each option's button (`<testId>-<option>`) shows its label. */
function Toggle<T extends string>({ label, options, value, onChange, testId }: { label: string; options: Readonly<Record<T, string>>; value: T; onChange: (v: T) => void; testId: string }) {
  return (
    <div className="mode-toggle" role="group" aria-label={label}>
      {(Object.keys(options) as T[]).map((o) => (
        <button key={o} className={`mini ${value === o ? 'on' : ''}`} aria-pressed={value === o} onClick={() => onChange(o)} data-testid={`${testId}-${o}`}>
          {options[o]}
        </button>
      ))}
    </div>
  );
}
