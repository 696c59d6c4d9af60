/**
 * A task check evaluated live, as the page plays: the scenario expectation language (src/sim/scenario) read "now",
 * with a window that starts when the step opened, so nothing from before the learner acted can pass it.
 *
 * State checks (field, objects, converged, queue, cache, a live fight) read the cluster now; event and trace checks
 * count what the trace recorded since the window's start (`happened: false` and `count.max` hold until broken);
 * `fight … happened` holds once a matching fight was live inside the window. The trace is scanned incrementally.
 */
import { formatDuration } from '../sim/engine/clock.ts';
import type { Simulation } from '../sim/simulation.ts';
import { describeExpectation } from '../sim/scenario/describe.ts';
import { matchesEvent, matchesTrace, testField } from '../sim/scenario/matchers.ts';
import type { ClusterProbe } from '../sim/scenario/cluster-probe.ts';
import type { Expectation } from '../sim/scenario/scenario.ts';
import { checkCache, checkObjects, checkQueue, describeFight, FightWatch } from '../sim/scenario/state-checks.ts';

export interface LiveResult {
  passed: boolean;
  message: string;
  /** Trace ids that decided it (the matching events). */
  traceIds: number[];
}

export class LiveCheck {
  readonly description: string;
  /** Trace id up to which events were scanned. */
  private cursor: number;
  private readonly matches: number[] = [];
  private readonly fights: FightWatch | undefined;

  /**
   * @param fromTime virtual ms at which the window starts (the step's opening)
   * @param fromId the trace length at that moment: events after it are scanned
   */
  constructor(
    readonly exp: Expectation,
    private readonly fromTime: number,
    fromId: number,
  ) {
    this.cursor = fromId;
    this.description = describeExpectation(exp);
    this.fights = exp.kind === 'fight' ? new FightWatch(exp.fight) : undefined;
  }

  evaluate(sim: Simulation, probe: ClusterProbe): LiveResult {
    const x = this.exp;
    if (x.kind === 'event' || x.kind === 'trace' || x.kind === 'fight') {
      const end = sim.trace.length;
      if (end < this.cursor) this.cursor = end; // the page seeked back before the check's window end
      const events = sim.trace.slice(this.cursor, end);
      this.cursor = end;
      const fresh = events.filter((e) => e.time >= this.fromTime);
      if (x.kind === 'event') for (const e of fresh) if (matchesEvent(e, x.event)) this.matches.push(e.id);
      if (x.kind === 'trace') for (const e of fresh) if (matchesTrace(e, x.match, probe.objectAt)) this.matches.push(e.id);
      if (this.fights) this.fights.observe(fresh, sim.now);
    }
    switch (x.kind) {
      case 'event': {
        const n = this.matches.length;
        const passed = x.count ? n >= x.count.min && (x.count.max === undefined || n <= x.count.max) : x.happened ? n > 0 : n === 0;
        const message = n > 0 ? `happened at ${formatDuration(sim.trace.get(this.matches[0]!)?.time ?? sim.now)}` : `no ${x.event.reason} event since the step opened`;
        return { passed, message, traceIds: this.matches.slice(0, 20) };
      }
      case 'trace': {
        const n = this.matches.length;
        const passed = n >= x.count.min && (x.count.max === undefined || n <= x.count.max);
        return { passed, message: `${n} matching event${n === 1 ? '' : 's'} since the step opened`, traceIds: this.matches.slice(0, 20) };
      }
      case 'fight': {
        if (x.happened !== undefined) {
          const seen = this.fights!.seen;
          return { passed: (seen !== undefined) === x.happened, message: seen ? describeFight(seen) : 'no such fight since the step opened', traceIds: [] };
        }
        const f = this.fights!.live(sim.now);
        return { passed: (f !== undefined) === (x.live ?? true), message: f ? describeFight(f) : 'no such fight is live', traceIds: [] };
      }
      case 'field': {
        const obj = sim.getObject(x.object.resource, x.object.namespace, x.object.name);
        const r = testField(obj, x.field, x.test);
        return { passed: r.ok, message: `${x.field}: ${r.actual}`, traceIds: [] };
      }
      case 'objects': {
        const r = checkObjects(sim, x.objects, x.count, x.every);
        return { passed: r.ok, message: r.message, traceIds: [] };
      }
      case 'queue': {
        const r = checkQueue(probe, x.queue);
        return { passed: r.ok, message: r.message, traceIds: [] };
      }
      case 'cache': {
        const r = checkCache(probe, x.cache);
        return { passed: r.ok, message: r.message, traceIds: [] };
      }
      case 'converged': {
        const c = sim.isConverged();
        return { passed: c.converged, message: c.converged ? 'converged' : `not converged: ${c.reasons.slice(0, 3).join('; ')}`, traceIds: [] };
      }
    }
  }
}
