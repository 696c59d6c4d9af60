/**
 * The expectation kinds that read the cluster beyond one object's field: sets of objects (`objects`), the field-fight
 * detector (`fight`), a controller's work queue (`queue`) and its informer cache (`cache`). Pure functions over a
 * host and a {@link ClusterProbe}; the scenario runner and the lesson session share them.
 */
import { FightDetector, type FieldFight } from '../analysis/fight-detector.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import type { ClusterProbe } from './cluster-probe.ts';
import { refMatches, testField } from './matchers.ts';
import type { CacheMatcher, FightMatcher, ObjectSet, QueueMatcher, FieldTest } from './scenario.ts';
import type { ScenarioHost } from './scenario-host.ts';

export interface StateResult {
  ok: boolean;
  message: string;
}

const within = (n: number, c: { min: number; max?: number }): boolean => n >= c.min && (c.max === undefined || n <= c.max);
const rangeText = (c: { min: number; max?: number }): string => (c.max === undefined ? `at least ${c.min}` : c.min === c.max ? `${c.min}` : `${c.min}–${c.max}`);

/** `objects:` — the set's size within `count`, and `every` member passing its field test. */
export function checkObjects(
  host: Pick<ScenarioHost, 'listObjects'>,
  set: ObjectSet,
  count: { min: number; max?: number } | undefined,
  every: { field: string; test: FieldTest } | undefined,
): StateResult {
  const all = host.listObjects(set.resource, set.namespace, set.selector);
  const what = `${set.resource}${set.selector ? ` matching "${set.selector}"` : ''}`;
  if (count && !within(all.length, count)) return { ok: false, message: `${all.length} ${what}, want ${rangeText(count)}` };
  if (every) {
    for (const o of all) {
      const r = testField(o, every.field, every.test);
      if (!r.ok) return { ok: false, message: `${o.kind.toLowerCase()}/${o.metadata.name ?? ''}: ${every.field}: ${r.actual}` };
    }
  }
  return { ok: true, message: `${all.length} ${what}${every ? `, every one with ${every.field} as wanted` : ''}` };
}

/** Whether a detected fight is the one `m` describes. A manager matches a fieldManager or the loop behind it. */
export function fightMatches(f: FieldFight, m: FightMatcher): boolean {
  if (m.object !== undefined && !refMatches(f.object, m.object, m.namespace)) return false;
  if (m.field !== undefined && f.field !== m.field) return false;
  for (const want of m.managers ?? []) if (!f.managers.includes(want) && !f.loops.includes(want)) return false;
  return true;
}

export function describeFight(f: FieldFight): string {
  return `${f.object.kind.toLowerCase()}/${f.object.name} ${f.field}: ${f.managers[0]} vs ${f.managers[1]}, ${f.flips} flips`;
}

/**
 * A fight detector fed incrementally from a trace position, remembering whether a matching fight was ever live.
 * Plain data: it can live beside a checkpointed simulation.
 */
export class FightWatch {
  private readonly detector = new FightDetector();
  /** The first matching fight seen live, if any. */
  seen: FieldFight | undefined;

  constructor(private readonly matcher: FightMatcher) {}

  observe(events: readonly TraceEvent[], now: number): void {
    if (events.length === 0) return;
    this.detector.observeAll(events);
    if (!this.seen) this.seen = this.live(now);
  }

  /** The matching fight live at `now`, if any. */
  live(now: number): FieldFight | undefined {
    return this.detector.fights(now).find((f) => fightMatches(f, this.matcher));
  }
}

/** `queue:` — depth within bounds, and/or a key in backoff (or not). */
export function checkQueue(probe: ClusterProbe | undefined, q: QueueMatcher): StateResult {
  const s = probe?.queue(q.controller);
  if (!s) return { ok: false, message: `${q.controller} is not running` };
  const depth = s.queued.length + s.processing.length + s.backoff.length;
  const text = `${q.controller}: ${s.queued.length} queued, ${s.processing.length} processing, ${s.backoff.length} in backoff`;
  if (q.depth && !within(depth, q.depth)) return { ok: false, message: `${text}; want ${rangeText(q.depth)} in all` };
  if (q.key !== undefined) {
    const inBackoff = s.backoff.includes(q.key);
    const want = q.backoff ?? true;
    if (inBackoff !== want) return { ok: false, message: `${text}; ${q.key} is ${inBackoff ? '' : 'not '}in backoff` };
  }
  return { ok: true, message: text };
}

/** `cache:` — the controller's informer holds the server's current resourceVersion of the object (or does not). */
export function checkCache(probe: ClusterProbe | undefined, c: CacheMatcher): StateResult {
  const { resource, namespace, name } = c.object;
  const s = probe?.cache(c.controller, resource, namespace, name);
  if (!s) return { ok: false, message: `${c.controller} has no informer cache of ${resource}` };
  const agrees = s.cached ? s.cacheRV === s.serverRV : s.serverRV === undefined;
  const text = `${c.controller}'s cache: ${s.cached ? `rv ${s.cacheRV ?? '?'}` : 'absent'}, api-server: ${s.serverRV === undefined ? 'absent' : `rv ${s.serverRV}`}`;
  return { ok: agrees === c.agrees, message: text };
}
