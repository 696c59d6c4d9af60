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
import { checkCache, checkObjects, checkQueue, describeFight, FightWatch } from './state-checks.ts';
import { describeAction, describeExpectation } from './describe.ts';
import { matchesPattern } from './pattern.ts';

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
  /** fight expectations: the detector fed from `from`. */
  fights?: FightWatch;
}

/**
 * A scenario being played on a host, step by step: the CLI plays it to the end ({@link runScenario}); the page can
 * call {@link ScenarioRun.advanceTo} as its clock moves and show {@link ScenarioRun.results} as they are decided.
 *
 * Methods only, no stored closures: it may live beside a simulation that is checkpointed.
 */
export class ScenarioRun {
  /** Virtual ms at which the run ends. */
  readonly end: number;
  readonly actions: ActionResult[] = [];
  /** Expectations decided so far, in the order they were decided. */
  readonly results: ExpectationResult[] = [];
  private readonly pending: Pending[];
  private readonly lastWrite = new Map<string, number>();
  /** Times at which something is due (actions, `at`, deadlines), ascending; `nextMark` indexes it. */
  private readonly marks: number[];
  private nextMark = 0;
  private nextAction = 0;
  private cursor: number;
  private started = false;
  private finished = false;
  private endedAtStep = false;

  constructor(
    readonly scenario: Scenario,
    readonly host: ScenarioHost,
    options: RunOptions = {},
  ) {
    this.end = options.until ?? scenario.until;
    this.cursor = host.trace.length;
    this.pending = scenario.expect.map((exp) => {
      const between = 'between' in exp ? exp.between : undefined;
      const from = Math.max(between?.[0] ?? 0, exp.from ?? 0);
      const p: Pending = { exp, deadline: Math.min(exp.at ?? exp.by ?? between?.[1] ?? this.end, between?.[1] ?? Infinity), from, matches: [] };
      if (exp.kind === 'fight') p.fights = new FightWatch(exp.fight);
      return p;
    });
    this.marks = [...new Set([...scenario.actions.map((a) => a.at), ...this.pending.flatMap((p) => [p.exp.at ?? -1, p.deadline])])]
      .filter((t) => t >= 0 && t <= this.end)
      .sort((a, b) => a - b);
  }

  /** True once {@link finish} has run: every expectation is decided. */
  get done(): boolean {
    return this.finished;
  }

  /** Plays everything due up to `time` (at most the end): actions at their times, checks as time passes. */
  advanceTo(time: number): void {
    if (!this.started) this.start();
    const target = Math.min(time, this.end);
    const actions = this.scenario.actions;
    for (; this.nextMark < this.marks.length && this.marks[this.nextMark]! <= target; this.nextMark++) {
      const t = this.marks[this.nextMark]!;
      // An action placed exactly (afterStep) is reached step by step: running to t could run past its step.
      const exactFirst = actions[this.nextAction]?.at === t && actions[this.nextAction]!.afterStep !== undefined;
      // Not advanced to t (an exact action first, or the run ends exactly at t): an action without afterStep then
      // runs after every event due by t, as it would otherwise.
      let exact = exactFirst || this.endsExactlyAt(t);
      if (!exact) this.advance(t);
      for (; this.nextAction < actions.length && actions[this.nextAction]!.at <= t; this.nextAction++) {
        const a = actions[this.nextAction]!;
        if (a.afterStep !== undefined) {
          const error = this.host.runToStep ? this.host.runToStep(a.afterStep, a.at) : 'this host cannot place an action at a step';
          exact = true;
          if (error !== undefined) {
            this.failed(a, `${a.source.path}: afterStep ${a.afterStep} at ${formatDuration(a.at)}: ${error}`);
            continue;
          }
        } else if (exact) {
          // After an exactly placed action, one without afterStep runs after every event due by its time.
          this.host.runUntil(t);
          exact = false;
        }
        this.act(a);
      }
      if (this.endsExactlyAt(t)) this.endAtStep();
      this.check(false);
    }
    if (this.endsExactlyAt(target)) this.endAtStep();
    else this.advance(target);
  }

  /** The run ends after `untilStep` (at `until`) and `t` is that end. */
  private endsExactlyAt(t: number): boolean {
    return this.scenario.untilStep !== undefined && t === this.end && this.end === this.scenario.until;
  }

  /** Runs to the end of `untilStep`; when that is impossible, says so (a failure of the run) and runs to the end time. */
  private endAtStep(): void {
    const step = this.scenario.untilStep!;
    if (this.endedAtStep) return;
    this.endedAtStep = true;
    const error = this.host.runToStep ? this.host.runToStep(step, this.end) : 'this host cannot end a run at a step';
    if (error === undefined) return;
    this.actions.push({ source: { path: 'untilStep', line: 0 }, at: this.host.now, description: `end after step ${step}`, ok: false, error: `untilStep ${step} at ${formatDuration(this.end)}: ${error}`, asExpected: false });
    this.advance(this.end);
  }

  /** An action that could not be performed where the file placed it. */
  private failed(a: ScenarioAction, error: string): void {
    this.actions.push({ source: a.source, at: this.host.now, description: describeAction(a.action, a.select), ok: false, error, asExpected: false });
  }

  /** Plays to the end and decides every expectation still open. */
  finish(): ScenarioReport {
    if (!this.finished) {
      this.advanceTo(this.end);
      this.check(true);
      this.finished = true;
    }
    return this.report();
  }

  /** The report so far (complete after {@link finish}); expectations in file order. */
  report(): ScenarioReport {
    const order = new Map(this.scenario.expect.map((e, i) => [e.source, i]));
    const expectations = [...this.results].sort((a, b) => order.get(a.source)! - order.get(b.source)!);
    const failedActions = this.actions.filter((a) => !a.asExpected).length;
    return {
      name: this.scenario.name,
      endTime: this.host.now,
      actions: [...this.actions],
      expectations,
      passed: expectations.filter((r) => r.passed).length,
      failed: expectations.filter((r) => !r.passed).length + failedActions,
    };
  }

  private start(): void {
    this.started = true;
    const s = this.scenario;
    if (s.manifests !== undefined) {
      this.act({ at: 0, source: s.manifestsSource ?? { path: 'manifests', line: 0 }, action: { type: 'apply', manifests: s.manifests } });
    }
    this.check(false);
  }

  private decide(p: Pending, passed: boolean, message: string, traceIds: number[]): void {
    this.pending.splice(this.pending.indexOf(p), 1);
    const description = describeExpectation(p.exp);
    this.results.push({ source: p.exp.source, description, passed, time: this.host.now, message, traceIds });
    this.host.note?.(`${passed ? '✓' : '✗'} ${p.exp.source.path}: ${description}: ${message}`);
  }

  /** Feeds the trace recorded since the last call to the event/trace expectations and the last-write index. */
  private scan(): void {
    const events = this.host.trace.slice(this.cursor);
    this.cursor = this.host.trace.length;
    const fightEvents = new Map<Pending, TraceEvent[]>();
    for (const e of events) {
      if (e.kind === 'api.response' && e.code < 300 && e.verb !== 'get' && e.verb !== 'list' && e.verb !== 'watch') {
        this.lastWrite.set(`${e.object.kind}/${e.object.namespace ?? ''}/${e.object.name}`, e.id);
      }
      for (const p of [...this.pending]) {
        const x = p.exp;
        if (e.time < p.from || e.time > p.deadline) continue;
        if (p.fights) {
          const list = fightEvents.get(p);
          if (list) list.push(e);
          else fightEvents.set(p, [e]);
        }
        if (x.kind === 'event' && x.count && matchesEvent(e, x.event)) {
          p.matches.push(e.id);
          if (x.count.max !== undefined && p.matches.length > x.count.max) this.decide(p, false, `more than ${x.count.max} matching events`, p.matches);
        } else if (x.kind === 'event' && matchesEvent(e, x.event)) {
          if (x.happened) this.decide(p, true, `happened at ${formatDuration(e.time)}`, [e.id]);
          else this.decide(p, false, `happened at ${formatDuration(e.time)}: ${eventText(e)}`, [e.id]);
        } else if (x.kind === 'trace' && matchesTrace(e, x.match, this.host.probe?.objectAt)) {
          p.matches.push(e.id);
          if (x.count.max !== undefined && p.matches.length > x.count.max) this.decide(p, false, `more than ${x.count.max} matching events`, p.matches);
        }
      }
    }
    for (const [p, evs] of fightEvents) {
      p.fights!.observe(evs, this.host.now);
      const x = p.exp;
      if (x.kind === 'fight' && x.happened !== undefined && p.fights!.seen && this.pending.includes(p)) {
        this.decide(p, x.happened, `${describeFight(p.fights!.seen)} (live at ${formatDuration(p.fights!.seen.lastFlipAt)})`, []);
      }
    }
  }

  private checkState(p: Pending): { ok: boolean; message: string; traceIds: number[] } {
    const x = p.exp;
    if (x.kind === 'objects') return { ...checkObjects(this.host, x.objects, x.count, x.every), traceIds: [] };
    if (x.kind === 'queue') return { ...checkQueue(this.host.probe, x.queue), traceIds: [] };
    if (x.kind === 'cache') return { ...checkCache(this.host.probe, x.cache), traceIds: [] };
    if (x.kind === 'fight') {
      const f = p.fights!.live(this.host.now);
      return { ok: (f !== undefined) === (x.live ?? true), message: f ? describeFight(f) : 'no such fight is live', traceIds: [] };
    }
    if (x.kind === 'field') {
      const { resource, namespace, name } = x.object;
      const obj = this.host.getObject(resource, namespace, name);
      const r = testField(obj, x.field, x.test);
      const id = obj ? this.lastWrite.get(`${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`) : undefined;
      return { ok: r.ok, message: `${x.field}: ${r.actual}`, traceIds: id === undefined ? [] : [id] };
    }
    const c = this.host.isConverged();
    return { ok: c.converged, message: c.converged ? 'converged' : `not converged: ${c.reasons.join('; ')}`, traceIds: [this.host.trace.length] };
  }

  /** Decides what can be decided at `host.now`. `final`: the run is over. */
  private check(final: boolean): void {
    this.scan();
    const now = this.host.now;
    // `at: T` is checked after the actions at T (docs/scenario-format.md): not while one of them is still to run.
    const actionsDue = (this.scenario.actions[this.nextAction]?.at ?? Infinity) <= now;
    for (const p of [...this.pending]) {
      const x = p.exp;
      const due = now >= p.deadline || final;
      const isState = x.kind === 'field' || x.kind === 'converged' || x.kind === 'objects' || x.kind === 'queue' || x.kind === 'cache' || (x.kind === 'fight' && x.live !== undefined);
      if (isState) {
        const atTime = x.at !== undefined;
        if (atTime && final && now !== x.at) {
          this.decide(p, false, `not checked: the run ended at ${formatDuration(now)}`, []);
          continue;
        }
        if (atTime && (now !== x.at || actionsDue)) continue;
        if (!atTime && x.by === undefined && !final) continue;
        if (now < p.from && !final) continue;
        const r = this.checkState(p);
        if (r.ok) this.decide(p, true, r.message, r.traceIds);
        else if (due || atTime) this.decide(p, false, x.by !== undefined ? `still not by ${formatDuration(x.by)}: ${r.message}` : r.message, r.traceIds);
      } else if (due) {
        if (x.kind === 'event' && x.count) {
          const n = p.matches.length;
          const ok = n >= x.count.min && (x.count.max === undefined || n <= x.count.max);
          this.decide(p, ok, `${n} matching ${x.event.reason} event${n === 1 ? '' : 's'}`, p.matches.slice(0, 20));
        } else if (x.kind === 'event') {
          if (x.happened) this.decide(p, false, `no ${x.event.reason} event up to ${formatDuration(Math.min(now, p.deadline))}`, []);
          else this.decide(p, true, `no ${x.event.reason} event`, []);
        } else if (x.kind === 'fight') {
          this.decide(p, !x.happened, `no such fight up to ${formatDuration(Math.min(now, p.deadline))}`, []);
        } else if (x.kind === 'trace') {
          const n = p.matches.length;
          const ok = n >= x.count.min && (x.count.max === undefined || n <= x.count.max);
          this.decide(p, ok, `${n} matching event${n === 1 ? '' : 's'}`, p.matches.slice(0, 20));
        }
      }
    }
  }

  /** Advances to `t`, in poll steps while something is waiting on a deadline. */
  private advance(t: number): void {
    const step = this.scenario.options.checkInterval;
    while (this.host.now < t) {
      const polling = this.pending.some((p) => p.exp.by !== undefined || p.exp.kind === 'event' || p.exp.kind === 'trace' || p.exp.kind === 'fight');
      this.host.runUntil(polling ? Math.min(t, this.host.now + step) : t);
      this.check(false);
    }
  }

  private act(a: ScenarioAction): void {
    const action = resolveSelection(this.host, a);
    const r = typeof action === 'string' ? { ok: false as const, error: action } : this.host.act(action);
    const result: ActionResult = { source: a.source, at: this.host.now, description: describeAction(a.action, a.select), ok: r.ok, asExpected: r.ok };
    if (!r.ok) result.error = r.error;
    if (r.traceId !== undefined) result.traceId = r.traceId;
    if (a.expectError !== undefined && a.expectError !== false) {
      result.asExpected = !r.ok && (typeof a.expectError !== 'string' || matchesPattern(a.expectError, r.error));
    }
    this.actions.push(result);
  }
}

/** Runs the scenario to its end. Never throws for problems of the scenario; they are in the report. */
export function runScenario(scenario: Scenario, host: ScenarioHost, options: RunOptions = {}): ScenarioReport {
  return new ScenarioRun(scenario, host, options).finish();
}

/**
 * The {@link UserAction} a scenario action stands for at this moment: for a `selector` action, the matching object
 * chosen by `pick` now (not deleting ones); a string is the error when none matches. Anything that plays scenario
 * actions (the worker too) should go through this rather than use `action` directly.
 */
export function resolveSelection(host: Pick<ScenarioHost, 'listObjects'>, a: ScenarioAction): UserAction | string {
  if (!a.select) return a.action;
  const act = a.action as UserAction & { resource: string; namespace?: string; name: string };
  const sel = a.select;
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
