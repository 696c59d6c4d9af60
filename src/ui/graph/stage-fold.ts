/**
 * The controller graph on a stage (presenter mode): fewer, larger nodes. Pure, unit-tested.
 *
 * A cluster has a dozen loops or more, most of them idle most of the time; on a projector they cannot all be drawn
 * large enough to read. So at most {@link STAGE_SLOTS} loops are drawn, each in a fixed slot, and the others are folded
 * into one group node ("7 idle loops"). A loop is unfolded while it works (a reconcile of it in the latest events, an
 * item being processed or a non-empty queue) and folds back {@link FOLD_AFTER_MS} after it was last seen working, so a
 * loop that runs a reconcile a second stays in view and one that ran once does not flash. What the open lesson
 * spotlights is unfolded first, in the first slots, whatever it does; a crashed or paused loop stays unfolded too (it
 * is news). A loop keeps its slot while it stays unfolded: nothing moves under the audience's eyes, and the box the
 * slots make is always the same size, so the graph's zoom, and with it its type size, never changes.
 *
 * Only presenter mode needs this: controller-graph.tsx imports it on demand (out of the page's entry chunk).
 */
import type { TraceEvent } from '../../worker/protocol.ts';
import { API_SERVER, IDLE_GROUP, USER, nodeOfActor, spotlightNodes, type GraphController } from './graph-model.ts';

export { spotlightNodes };

export { IDLE_GROUP };


/** How many loops are drawn unfolded at most: two columns of three beside the api-server. */
export const STAGE_SLOTS = 6;
/** How long (wall ms) a loop stays unfolded after it was last seen working. */
export const FOLD_AFTER_MS = 2500;

/** Node sizes on the stage (present.css gives `.gnode` the same), graph units. */
export const STAGE_NODE_W = 300;
export const STAGE_CENTER_W = 260;
export const STAGE_NODE_H = 88;
const GAP_X = 50;
const GAP_Y = 34;
const ROWS = 3;

/** The box every stage layout fits in (the graph is framed on it, whatever is unfolded). */
export const STAGE_BOUNDS = {
  x: -(GAP_X + STAGE_NODE_W),
  y: 0,
  width: STAGE_NODE_W + GAP_X + STAGE_CENTER_W + GAP_X + STAGE_NODE_W,
  height: ROWS * STAGE_NODE_H + (ROWS - 1) * GAP_Y,
};

/** The graph nodes whose loops worked in these events or are working now (processing an item, or with a queue). */
export function workingNodes(controllers: readonly GraphController[], recent: readonly TraceEvent[]): Set<string> {
  const out = new Set<string>();
  for (const c of controllers) if (c.processing > 0 || c.depth > 0) out.add(c.id);
  for (const e of recent) {
    if (!e.kind.startsWith('reconcile.')) continue;
    const n = nodeOfActor(e.actor, controllers);
    if (n && n !== API_SERVER && n !== USER) out.add(n);
  }
  return out;
}


export interface StageInput {
  controllers: readonly GraphController[];
  /** Node ids the lesson spotlights, first first. */
  spotlight: readonly string[];
  /** When (wall ms) each node was last seen working. */
  lastWorked: ReadonlyMap<string, number>;
  /** Wall ms now. */
  now: number;
  /** The previous fold's slots (node id → slot), kept while a node stays unfolded. */
  previous: ReadonlyMap<string, number>;
}

export interface StageFold {
  /** Unfolded node id → its slot (0 … STAGE_SLOTS-1). */
  slots: Map<string, number>;
  /** The loops in the group node, in the controllers' order. */
  folded: GraphController[];
  /** How many of the folded loops are working (more were working than there are slots). */
  foldedWorking: number;
}

/** Which loops are drawn, in which slot, and which are folded (see the file's comment). */
export function foldForStage(input: StageInput): StageFold {
  const { controllers, spotlight, lastWorked, now, previous } = input;
  const spot = new Map(spotlight.map((id, i) => [id, i]));
  const working = (id: string) => now - (lastWorked.get(id) ?? -Infinity) < FOLD_AFTER_MS;
  const order = new Map(controllers.map((c, i) => [c.id, i]));
  const wanted = controllers.filter((c) => spot.has(c.id) || !c.alive || c.paused || working(c.id));
  // Who gets a slot when there are more than slots: the spotlight, then what is already shown, then the latest worker.
  const rank = (c: GraphController): [number, number, number] => [
    spot.get(c.id) ?? Infinity,
    previous.get(c.id) ?? Infinity,
    -(lastWorked.get(c.id) ?? -Infinity),
  ];
  const chosen = wanted
    .map((c) => ({ c, r: rank(c) }))
    .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.r[2] - b.r[2] || order.get(a.c.id)! - order.get(b.c.id)!)
    .slice(0, STAGE_SLOTS)
    .map((x) => x.c);
  const slots = new Map<string, number>();
  const taken = new Set<number>();
  const place = (id: string, slot: number) => {
    slots.set(id, slot);
    taken.add(slot);
  };
  // The spotlight takes the first slots, in its order.
  chosen.filter((c) => spot.has(c.id)).forEach((c, i) => place(c.id, i));
  for (const c of chosen) {
    const p = previous.get(c.id);
    if (!slots.has(c.id) && p !== undefined && !taken.has(p)) place(c.id, p);
  }
  for (const c of chosen) {
    if (slots.has(c.id)) continue;
    let free = 0;
    while (taken.has(free)) free++;
    place(c.id, free);
  }
  const folded = controllers.filter((c) => !slots.has(c.id));
  return { slots, folded, foldedWorking: folded.filter((c) => working(c.id)).length };
}

/** The group node's words: "7 idle loops", or "9 loops · 2 busy" when more loops work than there are slots. */
export function groupLabel(fold: Pick<StageFold, 'folded' | 'foldedWorking'>): string {
  const n = fold.folded.length;
  if (fold.foldedWorking === 0) return `${n} idle ${n === 1 ? 'loop' : 'loops'}`;
  return `${n} ${n === 1 ? 'loop' : 'loops'} · ${fold.foldedWorking} busy`;
}

/**
 * Top-left corners on the stage: you, the api-server and the group in the middle column; slot i in the left column
 * (even i) or the right one (odd i), row ⌊i/2⌋, so the first two loops sit level with you, either side.
 */
export function stageLayout(slots: ReadonlyMap<string, number>): Map<string, { x: number; y: number }> {
  const pitchY = STAGE_NODE_H + GAP_Y;
  const pos = new Map<string, { x: number; y: number }>();
  pos.set(USER, { x: 0, y: 0 });
  pos.set(API_SERVER, { x: 0, y: pitchY });
  pos.set(IDLE_GROUP, { x: 0, y: 2 * pitchY });
  for (const [id, slot] of slots) {
    const left = slot % 2 === 0;
    pos.set(id, { x: left ? STAGE_BOUNDS.x : STAGE_CENTER_W + GAP_X, y: Math.floor(slot / 2) * pitchY });
  }
  return pos;
}
