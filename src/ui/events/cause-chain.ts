/** The cause chain of an event among the events the page holds (older ones may have scrolled out). */
import type { TraceEvent } from '../../worker/protocol.ts';

export function indexEvents(events: readonly TraceEvent[]): Map<number, TraceEvent> {
  const m = new Map<number, TraceEvent>();
  for (const e of events) m.set(e.id, e);
  return m;
}

export function causeChain(byId: ReadonlyMap<number, TraceEvent>, id: number, limit = 500): TraceEvent[] {
  const out: TraceEvent[] = [];
  for (let e = byId.get(id); e && out.length < limit; e = e.causeId === null ? undefined : byId.get(e.causeId)) out.push(e);
  return out;
}

/** Actors along a chain (controllers, kubelets, the user…), root first: what the graph highlights. */
export function actorsOf(chain: readonly TraceEvent[]): string[] {
  const seen: string[] = [];
  for (let i = chain.length - 1; i >= 0; i--) {
    const a = chain[i]!.actor;
    if (!seen.includes(a)) seen.push(a);
  }
  return seen;
}
