/**
 * Plays a {@link Scenario} on a {@link ScenarioHost}: applies the manifests at time 0, performs each action at its
 * virtual time, and checks each expectation at its time (`at`), as time advances up to its deadline (`by`), or when
 * the run ends. Returns what happened, with the trace ids that satisfied or violated each expectation.
 *
 * Time only moves through `host.runUntil`; while a `by` expectation or an event/trace window is open, it moves in
 * steps of `options.checkInterval`, so "by 60s" passes at the first step where the condition holds.
 */
import { formatDuration } from '../engine/clock.ts';
import type { UserAction } from '../actions/user-action.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import type { ScenarioHost } from './scenario-host.ts';
import type { Expectation, Scenario, ScenarioAction, SourceRef } from './scenario.ts';
import { matchesEvent, matchesTrace, testField } from './matchers.ts';
import { describeAction, describeExpectation } from './describe.ts';

export interface ActionResult {
  source: SourceRef;
  at: number;
  /** "scale deployment/web to 5". */
  description: string;
  ok: boolean;
  error?: string;
  /** false when the outcome differs from what the file declared (an unexpected error, or success despite expectError). */
  asExpected: boolean;
  traceId?: number;
}

export interface ExpectationResult {
  source: SourceRef;
  description: string;
  passed: boolean;
  /** Virtual time at which it was decided. */
  time: number;
  /** Why it passed or failed, in words ("status.readyReplicas is 2"). */
  message: string;
  /** The trace events that satisfied or violated it (the match, or the last write to the object checked). */
  traceIds: number[];
}

export interface ScenarioReport {
  name: string;
  endTime: number;
  actions: ActionResult[];
  expectations: ExpectationResult[];
  /** Expectations that passed. */
  passed: number;
  /** Expectations that failed plus actions whose outcome was not as declared. */
  failed: number;
}

export interface RunOptions {
  /** Overrides `scenario.until`. */
  until?: number;
}

interface Pending {
  exp: Expectation;
  /** End of the time window it looks at. */
  deadline: number;
  from: number;
  matches: number[];
}

/** Runs the scenario to its end. Never throws for problems of the scenario; they are in the report. */
export function runScenario(scenario: Scenario, host: ScenarioHost, options: RunOptions = {}): ScenarioReport {
  const end = options.until ?? scenario.until;
  const step = scenario.options.checkInterval;
  const actions: ActionResult[] = [];
  const results: ExpectationResult[] = [];
  const lastWrite = new Map<string, number>();
  let cursor = host.trace.length;

  const pending: Pending[] = scenario.expect.map((exp) => {
    const between = 'between' in exp ? exp.between : undefined;
    return { exp, deadline: Math.min(exp.at ?? exp.by ?? between?.[1] ?? end, between?.[1] ?? Infinity), from: between?.[0] ?? 0, matches: [] };
  });

  const decide = (p: Pending, passed: boolean, message: string, traceIds: number[]): void => {
    pending.splice(pending.indexOf(p), 1);
    results.push({ source: p.exp.source, description: describeExpectation(p.exp), passed, time: host.now, message, traceIds });
  };

  /** Feeds the trace recorded since the last call to the event/trace expectations and the last-write index. */
  const scan = (): void => {
    const events = host.trace.slice(cursor);
    cursor = host.trace.length;
    for (const e of events) {
      if (e.kind === 'api.response' && e.code < 300 && e.verb !== 'get' && e.verb !== 'list' && e.verb !== 'watch') {
        lastWrite.set(`${e.object.kind}/${e.object.namespace ?? ''}/${e.object.name}`, e.id);
      }
      for (const p of [...pending]) {
        const x = p.exp;
        if (e.time < p.from || e.time > p.deadline) continue;
        if (x.kind === 'event' && matchesEvent(e, x.event)) {
          if (x.happened) decide(p, true, `happened at ${formatDuration(e.time)}`, [e.id]);
          else decide(p, false, `happened at ${formatDuration(e.time)}: ${eventText(e)}`, [e.id]);
        } else if (x.kind === 'trace' && matchesTrace(e, x.match)) {
          p.matches.push(e.id);
          if (x.count.max !== undefined && p.matches.length > x.count.max) decide(p, false, `more than ${x.count.max} matching events`, p.matches);
        }
      }
    }
  };

  const checkState = (p: Pending): { ok: boolean; message: string; traceIds: number[] } | undefined => {
    const x = p.exp;
    if (x.kind === 'field') {
      const { resource, namespace, name } = x.object;
      const obj = host.getObject(resource, namespace, name);
      const r = testField(obj, x.field, x.test);
      const id = obj ? lastWriteOf(obj) : undefined;
      return { ok: r.ok, message: `${x.field}: ${r.actual}`, traceIds: id === undefined ? [] : [id] };
    }
    if (x.kind === 'converged') {
      const c = host.isConverged();
      return { ok: c.converged, message: c.converged ? 'converged' : `not converged: ${c.reasons.join('; ')}`, traceIds: [host.trace.length] };
    }
    return undefined;
  };
  const lastWriteOf = (obj: { kind: string; metadata: { namespace?: string; name?: string } }): number | undefined =>
    lastWrite.get(`${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`);

  /** Decides what can be decided at `host.now`. `final`: the run is over. */
  const check = (final: boolean): void => {
    scan();
    const now = host.now;
    for (const p of [...pending]) {
      const x = p.exp;
      const due = now >= p.deadline || final;
      if (x.kind === 'field' || x.kind === 'converged') {
        const atTime = x.at !== undefined;
        if (atTime && final && now !== x.at) {
          decide(p, false, `not checked: the run ended at ${formatDuration(now)}`, []);
          continue;
        }
        if (atTime && now !== x.at) continue;
        if (!atTime && x.by === undefined && !final) continue;
        const r = checkState(p)!;
        if (r.ok) decide(p, true, r.message, r.traceIds);
        else if (due || atTime) decide(p, false, x.by !== undefined ? `still not by ${formatDuration(x.by)}: ${r.message}` : r.message, r.traceIds);
      } else if (due) {
        if (x.kind === 'event') {
          if (x.happened) decide(p, false, `no ${x.event.reason} event up to ${formatDuration(Math.min(now, p.deadline))}`, []);
          else decide(p, true, `no ${x.event.reason} event`, []);
        } else if (x.kind === 'trace') {
          const n = p.matches.length;
          const ok = n >= x.count.min && (x.count.max === undefined || n <= x.count.max);
          decide(p, ok, `${n} matching event${n === 1 ? '' : 's'}`, p.matches.slice(0, 20));
        }
      }
    }
  };

  /** Advances to `t`, in poll steps while something is waiting on a deadline. */
  const advance = (t: number): void => {
    while (host.now < t) {
      const polling = pending.some((p) => p.exp.by !== undefined || p.exp.kind === 'event' || p.exp.kind === 'trace');
      const next = polling ? Math.min(t, host.now + step) : t;
      host.runUntil(next);
      check(false);
    }
  };

  const act = (a: ScenarioAction): void => {
    const action = a.select ? resolveSelection(host, a) : a.action;
    const description = describeAction(a.action, a.select);
    const r = typeof action === 'string' ? { ok: false as const, error: action } : host.act(action);
    const result: ActionResult = { source: a.source, at: host.now, description, ok: r.ok, asExpected: r.ok };
    if (!r.ok) result.error = r.error;
    if (r.traceId !== undefined) result.traceId = r.traceId;
    if (a.expectError !== undefined && a.expectError !== false) {
      result.asExpected = !r.ok && (typeof a.expectError !== 'string' || new RegExp(a.expectError).test(r.error));
    }
    actions.push(result);
  };

  if (scenario.manifests !== undefined) {
    act({ at: 0, source: scenario.manifestsSource ?? { path: 'manifests', line: 0 }, action: { type: 'apply', manifests: scenario.manifests } });
  }
  check(false);

  const times = [...new Set([...scenario.actions.map((a) => a.at), ...pending.flatMap((p) => [p.exp.at ?? -1, p.deadline])])]
    .filter((t) => t >= 0 && t <= end)
    .sort((a, b) => a - b);
  let next = 0;
  for (const t of times) {
    advance(t);
    for (; next < scenario.actions.length && scenario.actions[next]!.at <= t; next++) act(scenario.actions[next]!);
    check(false);
  }
  advance(end);
  check(true);

  results.sort((a, b) => scenario.expect.findIndex((e) => e.source === a.source) - scenario.expect.findIndex((e) => e.source === b.source));
  const failedActions = actions.filter((a) => !a.asExpected).length;
  return {
    name: scenario.name,
    endTime: host.now,
    actions,
    expectations: results,
    passed: results.filter((r) => r.passed).length,
    failed: results.filter((r) => !r.passed).length + failedActions,
  };
}

/** Chooses the object a selector action targets; a string is the error when none matches. */
function resolveSelection(host: ScenarioHost, a: ScenarioAction): UserAction | string {
  const act = a.action as UserAction & { resource: string; namespace?: string; name: string };
  const sel = a.select!;
  const objs = host.listObjects(act.resource, act.namespace, sel.selector).filter((o) => !o.metadata.deletionTimestamp);
  if (objs.length === 0) return `no ${act.resource} matches selector "${sel.selector}"`;
  const name = (o: (typeof objs)[number]): string => o.metadata.name ?? '';
  const created = (o: (typeof objs)[number]): string => o.metadata.creationTimestamp ?? '';
  const byName = (x: (typeof objs)[number], y: (typeof objs)[number]): number => (name(x) < name(y) ? -1 : name(x) > name(y) ? 1 : 0);
  // newest is exactly oldest reversed (ties by name, creationTimestamp has whole seconds).
  const sorted = [...objs].sort((x, y) => {
    if (sel.pick === 'first') return byName(x, y);
    const c = (created(x) < created(y) ? -1 : created(x) > created(y) ? 1 : 0) || byName(x, y);
    return sel.pick === 'newest' ? -c : c;
  });
  const chosen = sorted[0]!;
  return { ...act, name: name(chosen), ...(chosen.metadata.namespace ? { namespace: chosen.metadata.namespace } : {}) } as UserAction;
}

function eventText(e: TraceEvent): string {
  return e.kind === 'k8s.event' ? `${e.type} ${e.reason} ${e.message}` : e.kind;
}
