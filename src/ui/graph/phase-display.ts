/**
 * What phase each loop's node shows, so that every phase of a reconcile (observe → diff → act → status) can be seen
 * at 1× and slower, and the node returns to idle when the loop has no reconcile running. Pure.
 *
 * A reconcile often passes through all its phases within one frame (they are one virtual instant apart, or less than
 * a frame's worth of virtual time): drawing only the last would show "idle" and nothing else. So each node keeps the
 * phases its events went through, in trace order, and shows each for at least {@link MIN_PHASE_MS} of wall time
 * (the trace's order is kept; a node that falls behind drops the oldest, so it never lags by more than a few).
 * A node is idle only when none of its reconciles is running: several workers (or several loops of one process,
 * such as a kubelet's pod and node-status loops) may be mid-reconcile at once.
 */
import type { TraceEvent } from '../../worker/protocol.ts';
import { nodeOfActor, type GraphController, type Phase } from './graph-model.ts';

/** Wall ms each phase stays on screen at least. */
export const MIN_PHASE_MS = 180;
/** Most phases a node keeps waiting to be shown; past that the oldest go (a busy cluster at high speed). */
export const MAX_QUEUED = 4;

export interface PhaseTrack {
  shown: Phase;
  /** Wall ms when `shown` began. */
  since: number;
  /** Phases to show next, oldest first. */
  queue: Phase[];
  /** Reconciles running: worker and key → their phase. */
  running: Map<string, Phase>;
}

export type PhaseTracks = Map<string, PhaseTrack>;

/** Folds a frame's reconcile events into the tracks (a new map; tracks it touches are new objects). */
export function trackPhases(tracks: PhaseTracks, events: readonly TraceEvent[], controllers: readonly GraphController[]): PhaseTracks {
  const out = new Map(tracks);
  const touched = new Set<string>();
  for (const e of events) {
    if (e.kind !== 'reconcile.observe' && e.kind !== 'reconcile.diff' && e.kind !== 'reconcile.act' && e.kind !== 'reconcile.status' && e.kind !== 'reconcile.done') continue;
    const n = nodeOfActor(e.actor, controllers);
    if (!n) continue;
    let t = out.get(n);
    if (!touched.has(n)) {
      t = t ? { ...t, queue: [...t.queue], running: new Map(t.running) } : { shown: 'idle', since: -Infinity, queue: [], running: new Map() };
      out.set(n, t);
      touched.add(n);
    }
    const id = `${e.actor}\u0000${e.worker}\u0000${e.key}`;
    const phase: Phase = e.kind === 'reconcile.done' ? 'idle' : (e.kind.slice('reconcile.'.length) as Phase);
    if (phase === 'idle') t!.running.delete(id);
    else t!.running.set(id, phase);
    const last = t!.queue.length ? t!.queue[t!.queue.length - 1] : t!.shown;
    if (phase !== 'idle' && phase !== last) t!.queue.push(phase);
    if (t!.queue.length > MAX_QUEUED) t!.queue.splice(0, t!.queue.length - MAX_QUEUED);
  }
  return out;
}

/**
 * Moves each node on to its next phase once the shown one has had its time; a node with nothing queued and nothing
 * running goes back to idle (after its last phase had its time). Returns the same map when nothing changed.
 */
export function advancePhases(tracks: PhaseTracks, now: number): PhaseTracks {
  let out: PhaseTracks | null = null;
  for (const [n, t] of tracks) {
    if (now - t.since < MIN_PHASE_MS) continue;
    let next: PhaseTrack | null = null;
    if (t.queue.length) next = { ...t, shown: t.queue[0]!, since: now, queue: t.queue.slice(1) };
    else if (t.running.size === 0 && t.shown !== 'idle') next = { ...t, shown: 'idle', since: now };
    if (next) (out ??= new Map(tracks)).set(n, next);
  }
  return out ?? tracks;
}

/** Whether a later {@link advancePhases} may change something (the page keeps ticking while so). */
export function phasesPending(tracks: PhaseTracks): boolean {
  for (const t of tracks.values()) if (t.queue.length || (t.running.size === 0 && t.shown !== 'idle')) return true;
  return false;
}

/** The phase each node shows. */
export function shownPhases(tracks: PhaseTracks): Map<string, Phase> {
  const m = new Map<string, Phase>();
  for (const [n, t] of tracks) m.set(n, t.shown);
  return m;
}
