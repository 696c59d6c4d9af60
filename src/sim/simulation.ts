/**
 * The library API: one simulated cluster with its timeline. The worker, the CLI and the tests all use this.
 *
 * ```ts
 * const sim = Simulation.create({ seed: 42, nodes: 3 });
 * sim.apply(yaml);                 // kubectl apply (server-side apply as "kubectl")
 * sim.runFor(30_000);              // 30 s of virtual time
 * sim.getObject('deployment', 'default', 'web');
 * sim.stepBack(); sim.seekTime(5_000); sim.act({ type: 'fault', fault: { type: 'kill-node', node: 'node-2' } }); // forks
 * ```
 *
 * Everything is deterministic: the same options and the same actions at the same steps give the same trace.
 */
import type { UserAction } from './actions/user-action.ts';
import { actionProblem } from './actions/validate-action.ts';
import type { KubeObject } from './api/object.ts';
import { apiVersionOf } from './api/resources.ts';
import { parseLabelSelector, matchesLabels, type ParsedLabelSelector } from './apiserver/selectors/label-selector.ts';
import type { ActResult } from './cluster/act-result.ts';
import { Cluster } from './cluster/cluster.ts';
import type { ClusterOptions } from './cluster/cluster-options.ts';
import { checkConvergence, type Convergence } from './cluster/convergence.ts';
import type { TraceEvent } from './trace/trace-event.ts';
import type { Trace } from './trace/trace.ts';
import { Timeline, type LoggedInput, type TimeTravel, type TimelineOptions } from './timeline/timeline.ts';
import type { Scenario } from './scenario/scenario.ts';

export type { ActResult, ClusterOptions, Convergence, LoggedInput, TimeTravel };

export interface SimulationOptions extends ClusterOptions {
  timeline?: TimelineOptions;
}

/** What a share link or a saved file holds: the recipe of a run, not its state. */
export interface SimulationRecipe {
  version: 1;
  options: ClusterOptions;
  inputs: LoggedInput[];
  /** The step the viewer was at. */
  step: number;
  /**
   * The virtual time the viewer was at (ms): playing moves the clock past the step's last event while nothing
   * happens, and a link shows the same clock (and the same ages). Absent in older recipes: the step's time.
   */
  time?: number;
}

/** Called after the simulation moves: the events added since the last call, or `reset` after a seek backwards. */
export type SimulationListener = (update: { events: TraceEvent[]; reset: boolean; step: number; now: number }) => void;

export class Simulation {
  private readonly timeline: Timeline<Cluster>;
  private listeners = new Set<SimulationListener>();
  /** Trace length already reported to listeners. */
  private reported = 0;

  private constructor(readonly options: SimulationOptions) {
    const { timeline, ...cluster } = options;
    this.timeline = new Timeline(new Cluster(cluster), timeline);
  }

  static create(options: SimulationOptions): Simulation {
    return new Simulation(structuredClone(options));
  }

  /** Rebuilds a run from its recipe by re-executing it (deterministic), then moves to its step. */
  static fromRecipe(recipe: SimulationRecipe): Simulation {
    if (!recipe || recipe.version !== 1) throw new Error(`unsupported simulation recipe version ${JSON.stringify(recipe?.version)}`);
    const sim = Simulation.create(recipe.options);
    if (!Array.isArray(recipe.inputs)) throw new Error('recipe: "inputs" must be a list');
    recipe.inputs.forEach((input, i) => {
      const problem = actionProblem(input?.action) ?? positionProblem(input?.afterStep, input?.at);
      if (problem) throw new Error(`recipe input ${i + 1}: ${problem}`);
    });
    const where = positionProblem(recipe.step, recipe.time ?? 0);
    if (where) throw new Error(`recipe: ${where}`);
    sim.applyLogged([...recipe.inputs].sort((a, b) => a.afterStep - b.afterStep || a.at - b.at));
    const moved = sim.timeline.seekStep(recipe.step);
    if (!moved.ok) throw new Error(moved.error);
    sim.clockTo(recipe.time);
    sim.notify();
    return sim;
  }

  /**
   * Follows another run of the same recipe (an attached page following `loopscope serve`): applies `inputs`, logged
   * there after this run's present, at their positions, then runs forward to `step` and the clock to `time`. Returns
   * why it cannot, changing nothing, when an input is malformed or logged before this run's present.
   */
  follow(inputs: readonly LoggedInput[], step: number, time: number): string | null {
    let after = this.step;
    for (const [i, input] of inputs.entries()) {
      const problem = actionProblem(input?.action) ?? positionProblem(input?.afterStep, input?.at);
      if (problem) return `input ${i + 1}: ${problem}`;
      if (input.afterStep < after) return `input ${i + 1} was logged at step ${input.afterStep}, before step ${after}`;
      after = input.afterStep;
    }
    const where = positionProblem(step, time);
    if (where) return where;
    this.applyLogged(inputs);
    if (step > this.step) this.timeline.runSteps(step - this.step);
    this.clockTo(time);
    this.notify();
    return null;
  }

  /** Applies logged inputs, in order, each after its step and at its time (re-execution, as the input log records them). */
  private applyLogged(inputs: readonly LoggedInput[]): void {
    for (const input of inputs) {
      this.timeline.runSteps(input.afterStep - this.timeline.step);
      if (this.now < input.at) this.timeline.runUntil(input.at);
      this.timeline.act(input.action);
    }
  }

  /** The clock as the other run had it, when nothing was due in between (then running to it takes no step). */
  private clockTo(time: number | undefined): void {
    const next = this.cluster.ctx.scheduler.peekTime();
    if (time !== undefined && time > this.now && (next === undefined || next > time)) this.timeline.runUntil(time);
  }

  recipe(): SimulationRecipe {
    const { timeline: _t, ...options } = this.options;
    return { version: 1, options: structuredClone(options), inputs: structuredClone([...this.timeline.inputs]), step: this.step, time: this.now };
  }

  /** The current cluster (replaced by a seek: do not keep a reference across time travel). */
  get cluster(): Cluster {
    return this.timeline.core;
  }
  get trace(): Trace {
    return this.cluster.ctx.trace;
  }
  get now(): number {
    return this.timeline.now;
  }
  get step(): number {
    return this.timeline.step;
  }
  /** The furthest step reached on this branch. */
  get head(): number {
    return this.timeline.head;
  }
  /** The earliest step (and its virtual time) one can go back to: older history is dropped to bound memory. */
  get earliest(): { step: number; time: number } {
    return this.timeline.earliest;
  }
  get inPast(): boolean {
    return this.timeline.inPast;
  }
  get inputs(): readonly LoggedInput[] {
    return this.timeline.inputs;
  }

  /** `kubectl apply` of YAML text or objects (server-side apply as field manager "kubectl"). */
  apply(manifests: string | object[], options: { fieldManager?: string; force?: boolean } = {}): ActResult {
    return this.act({ type: 'apply', manifests, ...options });
  }

  /**
   * Performs a user action or fault now (forking the timeline when in the past). Never throws for bad input: a
   * malformed action (a missing or wrong field) is refused before it is logged, with a message naming the field,
   * and changes nothing (eventId -1: it is not in the trace).
   */
  act(action: UserAction): ActResult {
    const problem = actionProblem(action);
    if (problem) return { ok: false, messages: [`error: ${problem}`], results: [], errors: [{ line: 0, column: 0, message: problem }], eventId: -1 };
    const r = this.timeline.act(action);
    this.notify();
    return r;
  }

  /**
   * What the last fork (acting in the past) discarded, while it can be undone: no input since the one that forked.
   */
  get lastFork(): { step: number; discardedSteps: number; discardedInputs: number } | null {
    return this.timeline.lastFork;
  }

  /** Undoes the last fork, once: the old future returns, and the view is at the step it forked at. */
  undoFork(): boolean {
    const undone = this.timeline.undoFork();
    if (undone) this.notify();
    return undone;
  }

  runFor(ms: number): void {
    this.runUntil(this.now + ms);
  }

  runUntil(time: number): void {
    this.timeline.runUntil(time);
    this.notify();
  }

  /** One scheduler step; false when nothing is left to run. */
  stepOnce(): boolean {
    const ran = this.timeline.stepOnce();
    this.notify();
    return ran;
  }

  runSteps(n: number): void {
    this.timeline.runSteps(n);
    this.notify();
  }

  /** Moves to `step`; a step before {@link earliest} is refused with a message saying how far back one can go. */
  seekStep(step: number): TimeTravel {
    const r = this.timeline.seekStep(step);
    this.notify();
    return r;
  }

  /** Moves to virtual time `time`; a time before {@link earliest} is refused, as {@link seekStep}. */
  seekTime(time: number): TimeTravel {
    const r = this.timeline.seekTime(time);
    this.notify();
    return r;
  }

  stepBack(): TimeTravel {
    const r = this.timeline.stepBack();
    this.notify();
    return r;
  }

  /** Drops the future of this branch (what acting in the past does implicitly). */
  fork(): void {
    this.timeline.fork();
  }

  /**
   * Runs until converged or `maxTime` virtual ms from now, checking every `interval` ms. Returns the convergence
   * reached (or not).
   */
  runUntilConverged(maxTime = 600_000, interval = 1_000): Convergence {
    const deadline = this.now + maxTime;
    let c = checkConvergence(this.cluster);
    while (!c.converged && this.now < deadline) {
      this.timeline.runUntil(Math.min(deadline, this.now + interval));
      c = checkConvergence(this.cluster);
    }
    this.notify();
    return c;
  }

  isConverged(): Convergence {
    return checkConvergence(this.cluster);
  }

  /** The api-server's object; `resource` is kubectl-style ("deploy", "deployments.apps", "Deployment"). */
  getObject(resource: string, namespace: string | undefined, name: string): KubeObject | undefined {
    const info = this.cluster.apiServer.resolve(resource);
    if (!info) return undefined;
    return this.cluster.apiServer.getObject(apiVersionOf(info), info.kind, info.namespaced ? (namespace ?? 'default') : undefined, name);
  }

  listObjects(resource: string, namespace?: string, labelSelector?: string): KubeObject[] {
    const info = this.cluster.apiServer.resolve(resource);
    if (!info) return [];
    const all = this.cluster.apiServer.listObjects(apiVersionOf(info), info.kind, info.namespaced ? namespace : undefined);
    if (!labelSelector) return all;
    let sel: ParsedLabelSelector;
    try {
      sel = parseLabelSelector(labelSelector);
    } catch {
      return [];
    }
    return all.filter((o) => matchesLabels(sel, o.metadata.labels));
  }

  subscribe(listener: SimulationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    const length = this.trace.length;
    const reset = length < this.reported;
    const from = reset ? 0 : this.reported;
    this.reported = length;
    if (this.listeners.size === 0 || (!reset && from === length)) return;
    const update = { events: this.trace.slice(from, length), reset, step: this.step, now: this.now };
    for (const l of this.listeners) l(update);
  }
}

/**
 * What a recipe may ask the rebuild to replay (the worker's recipe-schema.ts holds a share link to the same): the
 * rebuild runs every step again, about ten seconds of a small cluster per million steps; past these it would take
 * minutes or hours.
 */
export const MAX_RECIPE_STEPS = 1_000_000;
export const MAX_RECIPE_TIME_MS = 7 * 24 * 3_600_000;

/** Why a recipe's step and time cannot be replayed, or null. */
function positionProblem(step: unknown, time: unknown): string | null {
  if (!Number.isInteger(step) || (step as number) < 0 || (step as number) > MAX_RECIPE_STEPS) return `the step must be an integer from 0 to ${MAX_RECIPE_STEPS} (got ${String(step)})`;
  if (typeof time !== 'number' || !(time >= 0 && time <= MAX_RECIPE_TIME_MS)) return `the time must be from 0 to ${MAX_RECIPE_TIME_MS} ms, 7 days (got ${String(time)})`;
  return null;
}

/** Maps a scenario's nodes and options onto a simulation. */
export function simulationOptionsFor(scenario: Scenario): SimulationOptions {
  const options: SimulationOptions = {
    seed: scenario.seed,
    nodes: scenario.nodes.map((n) => ({ name: n.name, cpu: n.cpu, memory: n.memory, pods: n.pods, labels: n.labels, taints: n.taints })),
    clientQPS: scenario.options.clientQPS ? undefined : 'off',
  };
  if (scenario.options.controllers) options.controllers = scenario.options.controllers;
  if (scenario.options.controllerManagerReplicas !== undefined) options.controllerManagerReplicas = scenario.options.controllerManagerReplicas;
  if (scenario.options.networkLatency !== undefined) {
    const l = scenario.options.networkLatency;
    options.network = { requestLatency: { meanMs: l, jitterMs: l / 2 }, watchLatency: { meanMs: l, jitterMs: l / 2 } };
  }
  return options;
}
