/**
 * From the frame's controller summaries and recent trace events to the controller graph's nodes and traffic.
 * Pure (no React), unit-tested: which actor maps to which node, which edges carry something now, and what phase
 * each controller is in.
 */
import type { ControllerSummary, LessonView, TraceEvent } from '../../worker/protocol.ts';

export const API_SERVER = 'api-server';
export const USER = 'you';
/** Presenter mode's group node of folded loops (stage-fold.ts). */
export const IDLE_GROUP = 'idle-loops';
/** Above this many kubelets they are drawn as one node with a count. */
export const MAX_KUBELET_NODES = 8;

export type Phase = 'idle' | 'observe' | 'diff' | 'act' | 'status' | 'waiting';

export interface GraphController {
  id: string;
  label: string;
  process: string;
  alive: boolean;
  paused: boolean;
  depth: number;
  processing: number;
  backoff: number;
  /** For an aggregated kubelet node: how many kubelets it stands for. */
  count?: number;
}

/** The graph node an actor belongs to ("kube-controller-manager/informer/pods" → the process's controllers). */
export function nodeOfActor(actor: string, controllers: readonly GraphController[]): string | undefined {
  if (actor === 'user' || actor === 'kubectl' || actor.startsWith('kubectl')) return USER;
  if (actor === API_SERVER) return API_SERVER;
  const direct = controllers.find((c) => c.id === actor);
  if (direct) return direct.id;
  const kubelet = /^kubelet\/([^/]+)/.exec(actor);
  if (kubelet) return controllers.find((c) => c.id === `kubelet/${kubelet[1]}`)?.id ?? controllers.find((c) => c.id === 'kubelets')?.id;
  const byProcess = controllers.find((c) => actor === c.process || actor.startsWith(`${c.process}/`));
  return byProcess?.id;
}

export function graphControllers(summaries: readonly ControllerSummary[]): GraphController[] {
  const out: GraphController[] = [];
  const kubelets = summaries.filter((s) => s.process.startsWith('kubelet/'));
  const aggregate = new Set(kubelets.map((k) => k.process)).size > MAX_KUBELET_NODES;
  for (const s of summaries) {
    if (s.process.startsWith('kubelet/')) {
      if (aggregate) continue;
      out.push({ id: s.process, label: s.process, process: s.process, alive: s.alive, paused: s.paused, depth: s.depth, processing: s.processing, backoff: s.backoff });
      continue;
    }
    out.push({ id: s.name, label: s.name, process: s.process, alive: s.alive, paused: s.paused, depth: s.depth, processing: s.processing, backoff: s.backoff });
  }
  if (aggregate) {
    const alive = kubelets.filter((k) => k.alive).length;
    out.push({
      id: 'kubelets',
      label: `kubelets (${alive}/${kubelets.length} up)`,
      process: 'kubelet',
      alive: alive > 0,
      paused: false,
      depth: kubelets.reduce((n, k) => n + k.depth, 0),
      processing: kubelets.reduce((n, k) => n + k.processing, 0),
      backoff: kubelets.reduce((n, k) => n + k.backoff, 0),
      count: kubelets.length,
    });
  }
  return out;
}

export interface Traffic {
  /** node id → true when it sent a request to the api-server in these events. */
  writes: Set<string>;
  /** node id → true when the api-server delivered watch events to it. */
  deliveries: Set<string>;
}

export function trafficOf(events: readonly TraceEvent[], controllers: readonly GraphController[]): Traffic {
  const writes = new Set<string>();
  const deliveries = new Set<string>();
  for (const e of events) {
    if (e.kind === 'api.request') {
      const n = nodeOfActor(e.actor, controllers);
      if (n && n !== API_SERVER) writes.add(n);
    } else if (e.kind === 'watch.deliver' && !e.fate) {
      // Shared informers feed every controller of the process; draw the delivery to the ones that queued work.
      const n = nodeOfActor(e.actor, controllers);
      if (n) deliveries.add(n);
    } else if (e.kind === 'queue.add') {
      const n = nodeOfActor(e.actor, controllers);
      if (n) deliveries.add(n);
    }
  }
  return { writes, deliveries };
}

/** Size of every drawn node (styles.css gives `.gnode` the same), graph units. */
export const NODE_W = 220;
export const NODE_H = 66;
/** Space between columns (where the edges run) and between rows. */
const GAP_X = 70;
const GAP_Y = 14;

/**
 * Deterministic positions (top-left corners), as compact as the nodes allow so the graph is drawn large in its panel
 * (readable from the back of a room, even at 1280×720): three columns, the controllers split between the left and the
 * right one, you above the api-server in the middle one, and the kubelets in rows of three underneath.
 */
export function layout(controllers: readonly GraphController[]): Map<string, { x: number; y: number }> {
  const pos = new Map<string, { x: number; y: number }>();
  const kubelets = controllers.filter((c) => c.process.startsWith('kubelet'));
  const others = controllers.filter((c) => !c.process.startsWith('kubelet'));
  const pitchX = NODE_W + GAP_X;
  const pitchY = NODE_H + GAP_Y;
  const half = Math.ceil(others.length / 2);
  const rows = Math.max(half, 3);
  others.forEach((c, i) => {
    const left = i < half;
    const row = left ? i : i - half;
    const inColumn = left ? half : others.length - half;
    // A shorter column is centred against the longer one.
    const y = (row + (rows - inColumn) / 2) * pitchY;
    pos.set(c.id, { x: left ? -pitchX : pitchX, y });
  });
  pos.set(USER, { x: 0, y: 0 });
  pos.set(API_SERVER, { x: 0, y: Math.max(1, Math.floor((rows - 1) / 2)) * pitchY });
  const perRow = 3;
  kubelets.forEach((c, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, kubelets.length - row * perRow);
    const col = (i % perRow) - (inRow - 1) / 2;
    pos.set(c.id, { x: col * pitchX, y: (rows + row) * pitchY });
  });
  return pos;
}

/** A shorter label for the graph: "replicaset" for "replicaset-controller" (the full name is the node's tooltip). */
export function shortLabel(label: string): string {
  return label.endsWith('-controller') ? label.slice(0, -'-controller'.length) : label;
}

/** The graph nodes a lesson's spotlight names (a controller, or a controller's queue), in the spotlight's order. */
export function spotlightNodes(spotlight: LessonView['spotlight'] | undefined, controllers: readonly GraphController[]): string[] {
  if (!spotlight) return [];
  const name = 'controller' in spotlight ? spotlight.controller : 'queue' in spotlight ? spotlight.queue : undefined;
  if (name === undefined) return [];
  const id = nodeOfActor(name, controllers);
  return id && id !== API_SERVER && id !== USER ? [id] : [];
}
