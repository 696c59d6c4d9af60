/**
 * The controller graph: the api-server (and its etcd) in the middle, every loop around it. Requests travel in,
 * watch deliveries travel out; only edges carrying something right now animate. Each controller shows its phase
 * (observe → diff → act → status) and its queue, in type large enough to read on a projector at 1280×720. No dotted
 * background: with software rendering, re-rastering its pattern under the moving edges cost more than the edges. Clicking one selects it (its panel opens).
 *
 * In presenter mode (present/presenting.ts) it is drawn for a stage (stage-fold.ts): at most six loops, larger, in
 * fixed slots, the idle ones folded into one group node, framed on one fixed box; the lesson's spotlight ringed; and
 * the open lesson's narration as a caption bar under it (present/present-mode.tsx, loaded on demand).
 */
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ReactFlow, useReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useSim } from '../state/sim-store.ts';
import { focusController } from '../connection/sim-connection.ts';
import { API_SERVER, IDLE_GROUP, USER, graphControllers, layout, shortLabel, spotlightNodes, trafficOf } from './graph-model.ts';
import { nodeTypes, sameNode } from './graph-nodes.tsx';
import { actorsOf, causeChain, indexEvents } from '../events/cause-chain.ts';
import { useMeasured } from './use-measured.ts';
import { advancePhases, MIN_PHASE_MS, phasesPending, shownPhases, trackPhases, type PhaseTracks } from './phase-display.ts';
import type * as StageModule from './stage-fold.ts';
import { usePresenting } from '../present/presenting.ts';
import { lazyAfterFirstFrame, preloadAfterFirstFrame } from '../state/after-first-frame.ts';
import { PanelBoundary } from '../layout/error-boundary.tsx';

const CaptionBar = lazyAfterFirstFrame(() => import('../present/present-mode.tsx'), (m) => m.CaptionBar);

/** The stage's fold and layout (stage-fold.ts): only presenter mode needs them, so they load on demand. */
type Stage = typeof StageModule;
let stageModule: Stage | null = null;
const loadStage = () => import('./stage-fold.ts').then((m) => (stageModule = m));
preloadAfterFirstFrame(loadStage);

/** The stage module while presenting (null before it has loaded: the graph is drawn as usual meanwhile). */
function useStage(presenting: boolean): Stage | null {
  const [stage, setStage] = useState(stageModule);
  useEffect(() => {
    if (presenting && !stage) void loadStage().then(setStage, () => undefined);
  }, [presenting, stage]);
  return presenting ? stage : null;
}

/** How long (wall ms) an edge keeps animating after it last carried something. */
const LINGER_MS = 700;

const sameEdge = (a: Edge, b: Edge) => a.animated === b.animated && a.className === b.className && a.sourceHandle === b.sourceHandle && a.targetHandle === b.targetHandle;

/** `next`, with each element replaced by its previous object when `same` says nothing about it changed. */
function reuse<T extends { id: string }>(cache: Map<string, T>, next: T[], same: (a: T, b: T) => boolean): T[] {
  const out = next.map((n) => {
    const prev = cache.get(n.id);
    return prev && same(prev, n) ? prev : n;
  });
  cache.clear();
  for (const n of out) cache.set(n.id, n);
  return out;
}

/** Which side of each node an edge between positions a and b should leave and enter by. */
function sides(a: { x: number; y: number }, b: { x: number; y: number }): { from: string; to: string } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? { from: 'r', to: 'l' } : { from: 'l', to: 'r' };
  return dy > 0 ? { from: 'b', to: 't' } : { from: 't', to: 'b' };
}

/**
 * Re-frames the graph when controllers appear or go (fitView on mount happens before the first frame), when presenter
 * mode turns on or off, and when the panel changes size. On a stage it frames the stage's fixed box, so unfolding a loop
 * never changes the zoom.
 */
function FitOnChange({ count, stage, panel }: { count: number; stage: { x: number; y: number; width: number; height: number } | null; panel: HTMLElement | null }) {
  const { fitView, fitBounds } = useReactFlow();
  const [size, setSize] = useState('');
  useEffect(() => {
    if (!panel || typeof ResizeObserver === 'undefined') return;
    // The flow's own box: it shrinks when the caption bar appears under it, not only when the panel does.
    const flow = panel.querySelector('.react-flow') ?? panel;
    const observer = new ResizeObserver(([entry]) => entry && setSize(`${Math.round(entry.contentRect.width)}x${Math.round(entry.contentRect.height)}`));
    observer.observe(flow);
    return () => observer.disconnect();
  }, [panel]);
  // The first framing of the controllers (they arrive with the simulation, after the flow mounted) is immediate, so
  // the page does not open on a zoom animation; later ones glide.
  const framed = useRef(false);
  useEffect(() => {
    const first = !framed.current && count > 0;
    if (first) framed.current = true;
    const frame = () => void (stage ? fitBounds(stage, { padding: 0.04 }) : fitView({ padding: 0.08, duration: first ? 0 : 300 }));
    const t = setTimeout(frame, first ? 0 : 50);
    return () => clearTimeout(t);
  }, [count, stage, size, fitView, fitBounds]);
  return null;
}

export function ControllerGraph() {
  const summaries = useSim((s) => s.controllers);
  const recent = useSim((s) => s.recent);
  const events = useSim((s) => s.events);
  const selection = useSim((s) => s.selection);
  const select = useSim((s) => s.select);
  // Learner mode: a lesson question about who did what hides the cause chains until it is answered.
  const hideCauses = useSim((s) => s.lesson?.concealed.causes ?? false);
  const objectCount = useSim((s) => s.objects.size);
  const apiServerDown = useSim((s) => s.apiServerUnavailable);
  const stage = useStage(usePresenting((s) => s.on));
  const presenting = stage !== null;
  const lessonOpen = useSim((s) => s.lesson !== null);
  const spotlight = useSim((s) => s.lesson?.spotlight);
  const controllers = useMemo(() => graphControllers(summaries), [summaries]);
  const lastWorked = useRef(new Map<string, number>());
  const stageSlots = useRef(new Map<string, number>());
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  // Each loop's phase, every phase shown for a moment (phase-display.ts); ticks while some are waiting their turn.
  const [tracks, setTracks] = useState<PhaseTracks>(new Map());
  const phases = useMemo(() => shownPhases(tracks), [tracks]);
  const lastSeen = useRef(new Map<string, number>());
  const [tick, setTick] = useState(0);
  const { onNodesChange, measured } = useMeasured();
  const nodeCache = useRef(new Map<string, Node>());
  const edgeCache = useRef(new Map<string, Edge>());

  useEffect(() => {
    const now = performance.now();
    const t = trafficOf(recent, controllers);
    for (const n of t.writes) lastSeen.current.set(`w:${n}`, now);
    for (const n of t.deliveries) lastSeen.current.set(`d:${n}`, now);
    if (stage) for (const n of stage.workingNodes(controllers, recent)) lastWorked.current.set(n, now);
    setTracks((t) => advancePhases(trackPhases(t, recent, controllers), now));
    const timer = setTimeout(() => setTick((x) => x + 1), LINGER_MS);
    // On a stage, a loop that stopped working folds back FOLD_AFTER_MS later, even if no frame comes (paused).
    const fold = stage ? setTimeout(() => setTick((x) => x + 1), stage.FOLD_AFTER_MS + 50) : undefined;
    return () => {
      clearTimeout(timer);
      clearTimeout(fold);
    };
  }, [recent, controllers, stage]);

  useEffect(() => {
    if (!phasesPending(tracks)) return;
    const timer = setTimeout(() => setTracks((t) => advancePhases(t, performance.now())), MIN_PHASE_MS);
    return () => clearTimeout(timer);
  }, [tracks]);

  const highlighted = useMemo(() => {
    if (selection?.type !== 'event' || hideCauses) return new Set<string>();
    const chain = causeChain(indexEvents(events), selection.id);
    const ids = new Set<string>();
    for (const actor of actorsOf(chain)) {
      if (actor === 'user' || actor.startsWith('kubectl')) ids.add(USER);
      else if (actor === API_SERVER) ids.add(API_SERVER);
      else {
        const c = controllers.find((x) => x.id === actor || actor.startsWith(`${x.process}/`) || actor === x.process);
        if (c) ids.add(c.id);
      }
    }
    return ids;
  }, [selection, events, controllers, hideCauses]);

  const { nodes, edges } = useMemo(() => {
    void tick;
    const now = performance.now();
    const active = (k: string) => now - (lastSeen.current.get(k) ?? -Infinity) < LINGER_MS;
    // The lesson's spotlight rings its controller on the graph, on a stage and at a desk alike.
    const spot = spotlightNodes(spotlight, controllers);
    const fold = stage ? stage.foldForStage({ controllers, spotlight: spot, lastWorked: lastWorked.current, now, previous: stageSlots.current }) : null;
    if (fold) stageSlots.current = fold.slots;
    const shown = fold ? controllers.filter((c) => fold.slots.has(c.id)) : controllers;
    const pos = stage && fold ? stage.stageLayout(fold.slots) : layout(controllers);
    const nodes: Node[] = [
      {
        id: API_SERVER,
        type: 'center',
        position: pos.get(API_SERVER)!,
        // Drawn as down for as long as the fault holds: every request answers 503.
        data: apiServerDown
          ? { label: 'api-server + etcd', sub: 'unavailable (503)', highlighted: highlighted.has(API_SERVER), down: true, title: 'The api-server answers every request 503 ServiceUnavailable (a fault)' }
          : { label: 'api-server + etcd', sub: `${objectCount} objects`, highlighted: highlighted.has(API_SERVER), down: false },
      },
      { id: USER, type: 'center', position: pos.get(USER)!, data: { label: 'you (kubectl)', sub: 'desired state', highlighted: highlighted.has(USER) } },
      ...shown.map((c) => ({
        id: c.id,
        type: 'controller',
        position: pos.get(c.id) ?? { x: 0, y: 0 },
        data: { c, phase: phases.get(c.id) ?? 'idle', highlighted: highlighted.has(c.id), spotlit: spot.includes(c.id) },
        selected: selection?.type === 'controller' && selection.name === c.id,
      })),
    ];
    if (fold && fold.folded.length) {
      const names = fold.folded.map((c) => shortLabel(c.label));
      nodes.push({
        id: IDLE_GROUP,
        type: 'center',
        position: pos.get(IDLE_GROUP)!,
        data: { label: stage!.groupLabel(fold), sub: names.join(', '), title: `Folded (they unfold while they work): ${names.join(', ')}`, highlighted: fold.folded.some((c) => highlighted.has(c.id)), group: true },
      });
    }
    const edges: Edge[] = [];
    const center = pos.get(API_SERVER)!;
    const link = (id: string, kind: 'write' | 'watch', on: boolean) => {
      const p = pos.get(id) ?? center;
      const [source, target] = kind === 'write' ? [id, API_SERVER] : [API_SERVER, id];
      const sd = kind === 'write' ? sides(p, center) : sides(center, p);
      edges.push({
        id: `${kind}:${id}`,
        source,
        target,
        sourceHandle: `s-${sd.from}`,
        targetHandle: `t-${sd.to}`,
        animated: on,
        className: `edge ${kind}${on ? ' active' : ''}`,
      });
    };
    link(USER, 'write', active(`w:${USER}`));
    for (const c of shown) {
      link(c.id, 'write', active(`w:${c.id}`));
      link(c.id, 'watch', active(`d:${c.id}`));
    }
    if (fold && fold.folded.length) {
      link(IDLE_GROUP, 'write', fold.folded.some((c) => active(`w:${c.id}`)));
      link(IDLE_GROUP, 'watch', fold.folded.some((c) => active(`d:${c.id}`)));
    }
    // Unchanged nodes and edges keep their objects (React Flow then skips them); new ones carry their measured size.
    for (const n of nodes) {
      const size = measured(n.id);
      if (size) n.measured = size;
    }
    return { nodes: reuse(nodeCache.current, nodes, sameNode), edges: reuse(edgeCache.current, edges, sameEdge) };
  }, [controllers, phases, highlighted, selection, objectCount, apiServerDown, tick, measured, stage, spotlight]);

  return (
    <section className={stage ? 'graph stage' : 'graph'} aria-label="Controller graph" data-testid="controller-graph" ref={setPanel}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        fitView
        minZoom={0.2}
        nodesDraggable={false}
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_, n) => {
          if (n.id === API_SERVER || n.id === USER || n.id === IDLE_GROUP) return;
          const c = controllers.find((x) => x.id === n.id);
          const name = c?.process.startsWith('kubelet/') ? summaries.find((s) => s.process === c.process)?.name ?? c.id : n.id;
          select({ type: 'controller', name });
          focusController(name);
        }}
      >
        <FitOnChange count={controllers.length} stage={stage ? stage.STAGE_BOUNDS : null} panel={panel} />
      </ReactFlow>
      {presenting && lessonOpen && (
        <PanelBoundary name="Caption">
          <Suspense fallback={null}>
            <CaptionBar />
          </Suspense>
        </PanelBoundary>
      )}
    </section>
  );
}
