/**
 * One execution of a workload under a {@link PerturbationPlan}: the workload's scenario is played on a fresh
 * simulation (its manifests and timed actions, as `loopscope run` plays them), each perturbation's fault is injected
 * when its trigger fires, then the cluster is given time to settle (every fault lapsed, a crashed process back and
 * leading again), to converge (bounded: 5 virtual minutes by default), and a quiet window in which nothing should move. What the oracles read is
 * the simulation at the end and its trace.
 *
 * Triggers: a time trigger injects at that virtual time; a write trigger is watched step by step, counting the
 * successful writes whose request the controller under test sent (`api.request` actor), and injects right after
 * the `api.response` of the k-th: the write is persisted, the controller has not heard back.
 *
 * Deterministic: the same workload, plan and simulation factory give the same trace.
 */
import type { ActionResult } from '../sim/scenario/run-scenario.ts';
import { ScenarioRun, type ExpectationResult } from '../sim/scenario/run-scenario.ts';
import type { Expectation, Scenario } from '../sim/scenario/scenario.ts';
import type { ScenarioHost, ActResult as HostActResult } from '../sim/scenario/scenario-host.ts';
import { clusterProbe } from '../sim/scenario/cluster-probe.ts';
import { runToStep } from '../sim/scenario/step-position.ts';
import { Simulation, simulationOptionsFor, type Convergence, type SimulationOptions } from '../sim/simulation.ts';
import { steppable } from '../sim/scenario/simulation-host.ts';
import type { UserAction } from '../sim/actions/user-action.ts';
import type { HuntTarget } from './target.ts';
import { faultDuration, type Perturbation, type PerturbationPlan, type ResolvedPerturbation } from './perturbation.ts';

export interface ExecutionOptions {
  /** After the workload and the last fault, time for a crashed process to come back and lead (default 20 s). */
  graceMs?: number;
  /**
   * Longest the cluster is given to converge after that (default 5 min: a key whose reconcile kept failing during a
   * fault waits in client-go's exponential backoff, 5 ms doubling per failure, for a minute or more).
   */
  settleMs?: number;
  /** The quiet window: converged, nothing should move (default 20 s). */
  quietMs?: number;
}

export const DEFAULT_EXECUTION: Required<ExecutionOptions> = { graceMs: 20_000, settleMs: 300_000, quietMs: 20_000 };

export interface Execution {
  sim: Simulation;
  plan: PerturbationPlan;
  /** The perturbations whose trigger fired, in the order they were injected. */
  resolved: ResolvedPerturbation[];
  /** The workload's actions as they went (a perturbation may make one fail). */
  actions: ActionResult[];
  /** Convergence when the quiet window began. */
  convergence: Convergence;
  /** Virtual ms the quiet window began, and the end of the run. */
  quietStart: number;
  end: number;
  /** The workload's end-of-run expectations (the user's invariants), checked at the end. */
  invariants: ExpectationResult[];
}

/** The workload's expectations checked at the end of a hunt's run: those without `at` or `by`. */
export function invariantsOf(workload: Scenario): Expectation[] {
  return workload.expect.filter((e) => e.at === undefined && e.by === undefined && e.from === undefined && (e.kind === 'field' || e.kind === 'objects' || e.kind === 'converged' || e.kind === 'queue' || e.kind === 'cache'));
}

/**
 * A {@link ScenarioHost} over a simulation that injects the plan's faults when their triggers fire.
 * Methods only, no closures: it holds the simulation, not the other way round.
 */
export class PerturbedHost implements ScenarioHost {
  readonly resolved: ResolvedPerturbation[] = [];
  private readonly timed: Array<{ at: number; p: Perturbation }>;
  private readonly afterWrite: Array<{ k: number; p: Perturbation }>;
  /** Request ids of the controller's write requests, until their response. */
  private readonly pendingWrites = new Set<number>();
  private writes = 0;
  private cursor = 0;
  /** The `api.request` actors of the controller's requests. */
  private readonly actors: ReadonlySet<string>;

  constructor(
    readonly sim: Simulation,
    readonly controller: string,
    plan: PerturbationPlan,
  ) {
    const timed: Array<{ at: number; p: Perturbation }> = [];
    const afterWrite: Array<{ k: number; p: Perturbation }> = [];
    for (const p of plan.perturbations) {
      if ('at' in p.trigger) timed.push({ at: p.trigger.at, p });
      else afterWrite.push({ k: p.trigger.afterWrite, p });
    }
    this.timed = timed.sort((a, b) => a.at - b.at);
    this.afterWrite = afterWrite.sort((a, b) => a.k - b.k);
    this.actors = requestActors(sim, controller);
  }

  get now(): number {
    return this.sim.now;
  }
  get trace() {
    return this.sim.trace;
  }
  /** The controller's successful writes so far. */
  get writeCount(): number {
    return this.writes;
  }

  act(action: UserAction): HostActResult {
    const r = this.sim.act(action);
    return r.ok ? { ok: true, detail: r.messages.join('\n'), traceId: r.eventId } : { ok: false, error: r.messages.join('\n') || 'failed', traceId: r.eventId };
  }

  runUntil(time: number): void {
    for (;;) {
      const nextTimed = this.timed[0];
      const stop = nextTimed && nextTimed.at <= time ? nextTimed.at : time;
      if (this.afterWrite.length === 0) this.sim.runUntil(stop);
      else this.stepUntil(stop);
      if (!nextTimed || nextTimed.at > time || this.sim.now < nextTimed.at) break;
      this.timed.shift();
      this.inject(nextTimed.p);
    }
  }

  /** Steps one event at a time up to `time`, injecting write-triggered faults as their write lands. */
  private stepUntil(time: number): void {
    const scheduler = this.sim.cluster.ctx.scheduler;
    for (;;) {
      const next = scheduler.peekTime();
      if (next === undefined || next > time || this.afterWrite.length === 0) break;
      this.sim.stepOnce();
      this.scanWrites();
    }
    if (this.sim.now < time) this.sim.runUntil(time);
  }

  private scanWrites(): void {
    const trace = this.sim.trace;
    const events = trace.slice(this.cursor);
    this.cursor = trace.length;
    for (const e of events) {
      if (e.kind === 'api.request' && this.actors.has(e.actor) && isWriteVerb(e.verb)) this.pendingWrites.add(e.requestId);
      else if (e.kind === 'api.response' && this.pendingWrites.delete(e.requestId) && e.code < 300) {
        this.writes++;
        while (this.afterWrite.length && this.afterWrite[0]!.k <= this.writes) this.inject(this.afterWrite.shift()!.p);
      }
    }
  }

  private inject(p: Perturbation): void {
    const step = this.sim.step;
    const r = this.sim.act({ type: 'fault', fault: p.fault });
    this.resolved.push({ perturbation: p, at: this.sim.now, step, traceId: r.eventId });
    this.cursor = this.sim.trace.length;
  }

  /** An exactly placed action (`afterStep`) of a replay: step to it (scenario/step-position.ts). */
  runToStep(step: number, time: number): string | undefined {
    return runToStep(steppable(this.sim), step, time);
  }

  getObject(resource: string, namespace: string | undefined, name: string) {
    return this.sim.getObject(resource, namespace, name);
  }
  listObjects(resource: string, namespace?: string, labelSelector?: string) {
    return this.sim.listObjects(resource, namespace, labelSelector);
  }
  isConverged() {
    return this.sim.isConverged();
  }
  get probe() {
    return clusterProbe(() => this.sim.cluster);
  }
}

/**
 * Who may send the controller's requests (the `api.request` actor): the controller itself (a controller of
 * kube-controller-manager has a REST client of its own, named as the controller; so does a user-written one), or, for a
 * controller alone in a process of its own, that process.
 */
export function requestActors(sim: Simulation, controller: string): ReadonlySet<string> {
  const p = sim.cluster.processOf(controller);
  return new Set(p && p.controllerNames.length === 1 && p.controllerNames[0] === controller ? [controller, p.name] : [controller]);
}

export function isWriteVerb(verb: string): boolean {
  return verb === 'create' || verb === 'update' || verb === 'patch' || verb === 'apply' || verb === 'delete' || verb === 'deletecollection';
}

/** Runs the target's workload under `plan`. Never throws for a problem of the workload: it is in the result. */
export function execute(target: HuntTarget, plan: PerturbationPlan, options: ExecutionOptions = {}): Execution {
  const o = { ...DEFAULT_EXECUTION, ...options };
  const workload = target.workload;
  const simOptions: SimulationOptions = { ...simulationOptionsFor(workload), timeline: { checkpointEvery: Number.MAX_SAFE_INTEGER } };
  const sim = (target.createSimulation ?? Simulation.create)(simOptions);
  const host = new PerturbedHost(sim, target.controller, plan);
  const play = new ScenarioRun({ ...workload, expect: [] }, host, { until: workload.until });
  play.finish();
  // Every fault lapsed and a crashed process back (kube-controller-manager waits out its old Lease: 15 s).
  const lastFault = Math.max(0, ...host.resolved.map((r) => r.at + faultDuration(r.perturbation.fault)));
  host.runUntil(Math.max(workload.until, lastFault) + o.graceMs);
  const deadline = sim.now + o.settleMs;
  let convergence = sim.isConverged();
  while (!convergence.converged && sim.now < deadline) {
    host.runUntil(Math.min(deadline, sim.now + 1_000));
    convergence = sim.isConverged();
  }
  const quietStart = sim.now;
  host.runUntil(quietStart + o.quietMs);
  const checks = invariantsOf(workload);
  const invariants = checks.length ? new ScenarioRun({ ...workload, manifests: undefined, actions: [], expect: checks }, host, { until: sim.now }).finish().expectations : [];
  return { sim, plan, resolved: host.resolved, actions: play.actions, convergence, quietStart, end: sim.now, invariants };
}
