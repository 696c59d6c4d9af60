/**
 * The worker's brain, free of Worker APIs so it runs in Node tests: it owns one {@link Simulation}, obeys
 * {@link Command}s, advances virtual time while playing (speed × wall time, within a work budget per tick so the
 * page stays smooth when the cluster is busy), plays a scenario's timed actions, and posts one {@link Frame} per tick
 * with what changed.
 */
import { FightDetector } from '../sim/analysis/fight-detector.ts';
import { gitRepoOf } from '../sim/gitops/git-repo-slot.ts';
import type { ScenarioAction } from '../sim/scenario/scenario.ts';
import type { Simulation, TimeTravel } from '../sim/simulation.ts';
import { createSimulation } from './simulation-setup.ts';
import type { TraceEvent } from '../sim/trace/trace-event.ts';
import { controllerDetail } from './controller-detail.ts';
import { objectKey } from './object-summary.ts';
import { ObjectDelta } from './object-delta.ts';
import { controllerSummaries } from './controller-summaries.ts';
import type { HpaSampler } from './hpa-frame.ts';
import { parseFirstCommand } from './first-commands.ts';
import { LibraryGate, type OnDemandLoader } from './library-gate.ts';
import { sandboxGate } from './user-controllers.ts';
import { attachedSession, fullCommandParser, loadedHpaFrames, loadOnDemand, objectInspection, onDemandLoaded, scenarioReader } from './on-demand.ts';
import { librariesMissed } from '../sim/libraries.ts';
import { ConsoleHost } from './console-host.ts';
import { LessonHost } from './lesson-host.ts';
import type { AttachedSession } from './attached-session.ts';
import {
  PROTOCOL_VERSION,
  type ActReply,
  type ClusterInfo,
  type Command,
  type Frame,
  type SimulationSetup,
  type WorkerMessage,
} from './protocol.ts';

/** Most events sent in one frame; older ones of the same frame are counted, not sent. */
export const MAX_EVENTS_PER_FRAME = 5000;
/** Wall ms of simulation work per tick before yielding back to the page (virtual time then runs slower). */
const WORK_BUDGET_MS = 12;
/** Steps a run of step commands may queue (the protocol's `step` asks at most 100,000 at once). */
const MAX_PENDING_STEPS = 1_000_000;
/** Commands that move time another way: they end steps still pending. */
const ENDS_PENDING_STEPS: ReadonlySet<string> = new Set(['init', 'play', 'pause', 'stepBack', 'seek', 'advance', 'undoFork', 'attach', 'detach']);
/** While playing, the convergence verdict is recomputed at most this often (wall ms): it lists every pod. */
const CONVERGENCE_EVERY_MS = 200;
/** A tab that slept does not make virtual time jump: at most this much wall time is caught up per tick. */
const MAX_WALL_STEP_MS = 100;
/**
 * Wall ms after the simulation first moves at which the on-demand parts are fetched anyway, as the page preloads
 * Monaco after its first frame: a first Apply does not wait for them, and a page that goes offline keeps working.
 */
export const PRELOAD_AFTER_MS = 1000;

export class SimHost {
  private sim: Simulation | null = null;
  private playing = false;
  /** A fast-forward in progress (advance, or seek to a later time): reached over several ticks, within the budget. */
  private target: number | null = null;
  /**
   * Steps asked for and not yet run: `step N` (or a flood of steps) runs within the work budget of each tick, a frame
   * after each chunk showing how far it got, so the page never waits seconds on one message.
   */
  private stepsLeft = 0;
  private speed = 1;
  private lastWall = 0;
  /** What the page has been sent of the objects (object-delta.ts). */
  private readonly objects = new ObjectDelta();
  private sentTrace = 0;
  private sentStep = -1;
  private forceFull = true;
  private focus: string | null = null;
  private pendingActions: ScenarioAction[] = [];
  private dirty = true;
  /** Fed with every trace event once; rebuilt from the whole trace after time travel backwards. */
  private fightDetector = new FightDetector();
  /** Commits of the Git repo already sent (-1: none; a reset frame sends it again). */
  private sentCommits = -1;
  /**
   * The next frame lists every object instead of following the writes: set by every command and scenario action
   * (kubectl may write without a trace event; time travel swaps the whole state).
   */
  private rescan = true;
  /** The last frame's convergence, reused while nothing happens, and the wall time it was computed. */
  private lastConvergence: { converged: boolean; reasons: string[] } | null = null;
  private convergenceAt = -Infinity;
  /** Something happened since {@link lastConvergence} was computed (a throttled frame left it behind). */
  private convergenceStale = true;
  /**
   * HPA replica series for the page's chart, sampled per frame; made (hpa-frame.ts, on demand) when the first HPA
   * or simulated load appears, which only input that needed the on-demand parts can bring.
   */
  private hpaSampler: HpaSampler | null = null;
  /** The kubectl console's running watch (console-host.ts). */
  private readonly console = new ConsoleHost();
  /** The open lesson, if any (lesson-host.ts). */
  private readonly lessons = new LessonHost();
  /** The timeline was sought or stepped back since the last frame (a running watch says so). */
  private timelineMoved = false;
  /** A lesson was closed: the next frame tells the page (`lesson: null`). */
  private lessonClosed = false;

  /** Following a served run (attached-session.ts, on demand): made by the first `attach`. */
  private attachment: AttachedSession | null = null;

  /** Whether a use of the libraries before they were loaded has been reported (once: it is a bug, not user error). */
  private missReported = false;
  /** Wall time at which virtual time was first seen past 0 (null: not yet), and whether the preload has started. */
  private movedAt: number | null = null;
  private preloaded = false;

  constructor(
    private readonly post: (message: WorkerMessage) => void,
    private readonly wallNow: () => number,
    /** What is loaded on demand (on-demand.ts); tests pass a loader they control. */
    loader: OnDemandLoader = { loaded: onDemandLoaded, load: loadOnDemand },
    /** How a served run is fetched when attached (tests pass their own). */
    private readonly fetchImpl?: typeof fetch,
  ) {
    // Virtual time stands still while messages are held: it resumes from their release, not from the load's start.
    // Behind the libraries' gate, the sandbox's: installing a user controller loads it (user-controllers.ts).
    this.sandboxGate = sandboxGate((data) => this.obey(data), (data, message) => this.fail(data, message), () => (this.lastWall = this.wallNow()));
    this.gate = new LibraryGate(loader, (data) => this.sandboxGate.receive(data), (data, message) => this.fail(data, message), () => (this.lastWall = this.wallNow()));
  }

  private readonly sandboxGate: LibraryGate;

  /** Messages that may need the on-demand libraries wait here, with every later one, until they are in. */
  private readonly gate: LibraryGate;

  /** Entry point for every message from the page. Never throws. */
  receive(data: unknown): void {
    this.gate.receive(data);
  }

  /** Starts loading the on-demand parts {@link PRELOAD_AFTER_MS} after the simulation first moved; failures are ignored. */
  private preloadWhenMoving(wall: number): void {
    if (this.preloaded || !this.sim || this.sim.now <= 0) return;
    this.movedAt ??= wall;
    if (wall - this.movedAt < PRELOAD_AFTER_MS) return;
    this.preloaded = true;
    this.gate.preload();
  }

  /** Answers a message that could not be obeyed: a reply to its request, if it has a request id, else an error. */
  private fail(data: unknown, message: string): void {
    const requestId = (data as { requestId?: unknown } | null)?.requestId;
    if (typeof requestId === 'number') this.post({ type: 'reply', requestId, ok: false, error: message });
    else this.post({ type: 'error', message });
  }

  private obey(data: unknown): void {
    this.obeyCommand(data);
    this.reportMissedLibraries();
  }

  /** needs-libraries.ts let through a message that needed them: say so, however the simulation caught the throw. */
  private reportMissedLibraries(): void {
    if (this.missReported || !librariesMissed()) return;
    this.missReported = true;
    this.post({ type: 'error', message: 'internal error: the simulation used a library the worker had not loaded yet; what followed may differ from a replay. Please report it' });
  }

  private obeyCommand(data: unknown): void {
    // The full schema once it is in; before, the first commands (the only ones needs-libraries.ts lets through).
    const full = fullCommandParser();
    const parsed = full ? full(data) : (parseFirstCommand(data) ?? { ok: false as const, error: 'internal error: a message that needs the on-demand parts was obeyed before they were loaded' });
    // An invalid message's request id is trusted only if it could be one of the page's (a non-negative number).
    if (!parsed.ok) return this.fail((data as { requestId?: unknown } | null)?.requestId as number >= 0 ? data : null, parsed.error);
    this.rescan = true;
    try {
      this.handle(parsed.command);
    } catch (err) {
      this.fail(parsed.command, `internal error: ${(err as Error).message}`);
    }
    this.dirty = true;
  }

  /** Called by the worker about every animation frame: advance if playing, then post a frame if anything changed. */
  tick(): void {
    if (this.gate.holding || this.sandboxGate.holding) return;
    const wall = this.wallNow();
    this.preloadWhenMoving(wall);
    const dt = Math.min(MAX_WALL_STEP_MS, Math.max(0, wall - this.lastWall));
    this.lastWall = wall;
    if (this.sim && this.attachment?.attached) {
      // Following a served run: its clock, not ours. Playing is being at its live edge.
      if (this.playing && this.attachment.followLiveEdge(this.sim)) this.timelineMoved = true;
    } else if (this.sim && this.stepsLeft > 0) {
      this.runPendingSteps(wall + WORK_BUDGET_MS);
      this.dirty = true;
    } else if (this.sim && this.target !== null) {
      this.advance(this.target, wall);
      if (this.sim.now >= this.target) this.target = null;
      this.dirty = true;
    } else if (this.sim && this.playing && !this.lessons.holdsTime()) {
      this.advance(this.sim.now + dt * this.speed, wall);
      this.dirty = true;
    }
    if (this.lessons.open && this.dirty) this.lessons.afterAdvance();
    if (this.console.watching || this.attachment?.consolePending) this.dirty = true;
    this.reportMissedLibraries();
    if (this.dirty) this.postFrame();
  }

  private handle(cmd: Command): void {
    if (ENDS_PENDING_STEPS.has(cmd.type)) this.stepsLeft = 0;
    if (cmd.type === 'init') {
      this.attachment?.forget();
      const info = this.init(cmd.setup);
      if ('error' in info) this.post({ type: 'reply', requestId: cmd.requestId, ok: false, error: info.error });
      else this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'init', info });
      return;
    }
    if (cmd.type === 'attach') {
      this.console.cancel();
      return (this.attachment ??= this.attachedSession()).attach(cmd.requestId, cmd.url);
    }
    if (cmd.type === 'detach') return this.attachment?.detach();
    const sim = this.sim;
    if (!sim) {
      if ('requestId' in cmd) this.post({ type: 'reply', requestId: cmd.requestId, ok: false, error: 'no simulation: send init first' });
      return;
    }
    if (this.attachment?.attached && this.attachment.obey(cmd, sim)) return;
    switch (cmd.type) {
      case 'act': {
        const r = sim.act(cmd.action);
        this.afterUserInput(sim);
        const result: ActReply = { ok: r.ok, messages: r.messages, results: r.results, errors: r.errors };
        this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'act', result });
        return;
      }
      case 'play':
        this.playing = true;
        this.lastWall = this.wallNow();
        return;
      case 'pause':
        this.playing = false;
        return;
      case 'speed':
        this.speed = cmd.speed;
        return;
      case 'step':
        this.playing = false;
        // A question waiting for its answer holds time: not even one step gives the answer away.
        if (this.lessons.holdsTime()) return;
        this.stepsLeft = Math.min(MAX_PENDING_STEPS, this.stepsLeft + (cmd.count ?? 1));
        // What the rest of this tick's budget allows runs now (a single step at once); the rest in the next ticks.
        this.runPendingSteps(this.lastWall + WORK_BUDGET_MS);
        return;
      case 'stepBack':
        this.playing = false;
        this.timelineMoved = true;
        this.refused(sim.seekStep(Math.max(0, sim.step - (cmd.count ?? 1))));
        return;
      case 'seek':
        // Seeking moves through the recorded branch; beyond its head is playing, which ticks do within their budget.
        this.target = null;
        this.timelineMoved = true;
        if (cmd.step !== undefined) this.refused(sim.seekStep(Math.min(cmd.step, sim.head)));
        else if (cmd.time !== undefined) {
          if (cmd.time <= sim.now) this.refused(sim.seekTime(cmd.time));
          else this.target = cmd.time;
        }
        return;
      case 'undoFork':
        this.playing = false;
        this.target = null;
        if (sim.undoFork()) this.timelineMoved = true;
        return;
      case 'advance':
        if (this.lessons.holdsTime()) return;
        this.target = Math.max(this.target ?? sim.now, sim.now) + cmd.ms;
        return;
      case 'inspect':
        this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'inspect', result: objectInspection().inspectObject(sim, cmd.ref) });
        return;
      case 'focusController':
        this.focus = cmd.name;
        return;
      case 'recipe':
        this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'recipe', recipe: sim.recipe() });
        return;
      case 'kubectl': {
        const result = this.console.run(sim, cmd.line, { stdin: cmd.stdin, files: cmd.files });
        this.afterUserInput(sim);
        this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'kubectl', result });
        return;
      }
      case 'export': {
        const { toChromeTrace, toJsonLines, exportScenario } = scenarioReader();
        if (cmd.format === 'scenario') {
          const file = exportScenario(sim.recipe(), `session-step-${sim.step}`);
          if (!file.ok) this.post({ type: 'reply', requestId: cmd.requestId, ok: false, error: file.error });
          else this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'export', fileName: `loopscope-session-step-${sim.step}.yaml`, mediaType: 'application/yaml', text: file.text });
          return;
        }
        const events = sim.trace.slice(0, sim.trace.length);
        const name = `loopscope-trace-step-${sim.step}`;
        if (cmd.format === 'jsonl') this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'export', fileName: `${name}.jsonl`, mediaType: 'application/jsonl', text: toJsonLines(events) });
        else this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'export', fileName: `${name}.chrome-trace.json`, mediaType: 'application/json', text: JSON.stringify(toChromeTrace(events)) });
        return;
      }
      case 'kubectlCancel':
        this.console.cancel();
        return;
      case 'kubectlComplete':
        this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'complete', result: this.console.complete(sim, cmd.line, cmd.cursor, cmd.files) });
        return;
      case 'kubectlEditSave': {
        const result = this.console.editSave(sim, cmd.ref, cmd.yaml);
        this.afterUserInput(sim);
        this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'kubectl', result });
        return;
      }
      case 'lesson': {
        const r = this.lessons.obey(cmd.op, cmd.answer);
        if (r.sim) this.adopt(r.sim, []);
        if (r.view === null) this.lessonClosed = true;
        else this.afterUserInput(this.sim!);
        if (r.error) this.post({ type: 'reply', requestId: cmd.requestId, ok: false, error: r.error });
        else this.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'lesson', view: r.view, answer: r.answer });
        return;
      }
    }
  }

  /** A move back in time older than the history kept: the page is told why (the view stays where it was). */
  private refused(moved: TimeTravel): void {
    if (!moved.ok) this.post({ type: 'error', message: moved.error });
  }

  /** After the user changed the cluster (an action, a kubectl command): the scenario's later actions are kept only when not forked. */
  private afterUserInput(sim: Simulation): void {
    if (sim.inPast === false) this.pendingActions = this.pendingActions.filter((a) => a.at > sim.now);
    this.lessons.afterAdvance();
  }

  private init(setup: SimulationSetup): ClusterInfo | { error: string } {
    this.console.cancel();
    let sim: Simulation;
    let actions: ScenarioAction[] = [];
    if (setup.lesson !== undefined) {
      const opened = this.lessons.start(setup.lesson.text, setup.lesson.step);
      if ('error' in opened) return opened;
      sim = opened.sim;
    } else {
      const created = createSimulation(setup);
      if ('error' in created) return created;
      ({ sim, actions } = created);
    }
    if (setup.lesson === undefined && this.lessons.open) {
      this.lessons.close();
      this.lessonClosed = true;
    }
    return this.adopt(sim, actions);
  }

  /** Plays `sim` from now on (a new run, or a lesson step that rebuilt its cluster): every view starts afresh. */
  private adopt(sim: Simulation, actions: ScenarioAction[]): ClusterInfo {
    this.sim = sim;
    this.pendingActions = actions;
    this.target = null;
    this.timelineMoved = true;
    this.objects.clear();
    this.hpaSampler?.clear();
    this.sentTrace = 0;
    this.forceFull = true;
    this.lastWall = this.wallNow();
    return clusterInfo(sim);
  }

  /** Runs timers up to `target` virtual ms, playing scenario actions on time, within the wall-time budget. */
  private advance(target: number, wallStart: number): void {
    const sim = this.sim!;
    const scheduler = () => sim.cluster.ctx.scheduler;
    const deadline = wallStart === Infinity ? Infinity : wallStart + WORK_BUDGET_MS;
    let n = 0;
    for (;;) {
      const action = this.pendingActions[0];
      // A lesson's timed set-up or solution action is due: stop there and let the session perform it, so the page
      // plays it at the same instant as `lesson check` and a reopened link do (not up to a frame late).
      const due = this.lessons.nextDue();
      if (due !== undefined && due <= Math.min(target, action?.at ?? Infinity) && due <= (scheduler().peekTime() ?? Infinity)) {
        if (sim.now < due) sim.runUntil(due);
        this.lessons.afterAdvance();
        if (this.lessons.nextDue() === due) return; // the session did not take it (seeked before its step): no busy loop
        continue;
      }
      if (action?.afterStep !== undefined && sim.step >= action.afterStep && action.at <= target) {
        this.playExactly(action);
        continue;
      }
      const next = scheduler().peekTime();
      const stop = Math.min(target, action?.at ?? Infinity);
      if (next === undefined || next > stop) {
        sim.runUntil(stop);
        if (action && action.at <= target) {
          this.pendingActions.shift();
          this.playScenarioAction(action);
          continue;
        }
        return;
      }
      sim.stepOnce();
      if (++n % 64 === 0 && this.wallNow() > deadline) return;
    }
  }

  /** Runs pending steps until `deadline` (wall ms); a step that cannot go on (nothing due, a lesson's pause) ends them. */
  private runPendingSteps(deadline: number): void {
    if (this.lessons.holdsTime()) {
      this.stepsLeft = 0;
      return;
    }
    this.stepsLeft = this.stepForward(this.stepsLeft, deadline);
  }

  /** Runs up to `count` steps, looking at the wall clock every 64; returns how many are left (0: done or stopped). */
  private stepForward(count: number, deadline = Infinity): number {
    const sim = this.sim!;
    for (let i = 0; i < count; i++) {
      // The first step always runs now (a key press steps at once, whenever it came in the tick); then every 64, the clock.
      if (i > 0 && i % 64 === 0 && this.wallNow() > deadline) return count - i;
      const action = this.pendingActions[0];
      const next = sim.cluster.ctx.scheduler.peekTime();
      const due = this.lessons.nextDue();
      if (due !== undefined && (next === undefined || due < next) && (!action || due <= action.at)) {
        // A lesson's timed action comes before the next timer: it is this step.
        if (sim.now < due) sim.runUntil(due);
        this.lessons.afterAdvance();
        if (this.lessons.nextDue() === due) return 0;
        continue;
      }
      if (action?.afterStep !== undefined && sim.step >= action.afterStep) {
        this.playExactly(action);
        continue;
      }
      if (action && action.afterStep === undefined && (next === undefined || action.at <= next)) {
        sim.runUntil(action.at);
        this.pendingActions.shift();
        this.playScenarioAction(action);
        continue;
      }
      if (!sim.stepOnce()) return 0;
    }
    return 0;
  }

  /**
   * A scenario action placed exactly (`afterStep`, an exported session), its step reached: played now, before the
   * events that share its time, the clock moved to its time only when nothing is due before then (step-position.ts).
   */
  private playExactly(action: ScenarioAction): void {
    const sim = this.sim!;
    const next = sim.cluster.ctx.scheduler.peekTime();
    if (sim.now < action.at && (next === undefined || next > action.at)) sim.runUntil(action.at);
    this.pendingActions.shift();
    this.playScenarioAction(action);
  }

  /** A scenario's timed action; a selector target ("the oldest pod of app=web") is resolved now, as the CLI does. */
  private playScenarioAction(a: ScenarioAction): void {
    const sim = this.sim!;
    this.rescan = true;
    const action = scenarioReader().resolveSelection(sim, a);
    if (typeof action === 'string') sim.cluster.ctx.trace.emit('scenario', { kind: 'scenario.note', detail: `skipped: ${action}` });
    else sim.act(action);
  }

  /** A session following a served run, its recipe adopted as this host's simulation (attached-session.ts). */
  private attachedSession(): AttachedSession {
    return new (attachedSession().AttachedSession)(
      {
        post: (message) => this.post(message),
        adoptRecipe: (recipe) => {
          const created = createSimulation({ seed: 0, recipe });
          if ('error' in created) return created.error.replace('cannot open this link', 'cannot follow this served run');
          this.lessons.close();
          this.adopt(created.sim, []);
          this.playing = true;
          this.dirty = true;
          return null;
        },
        shown: () => (this.sim ? { sim: this.sim, info: clusterInfo(this.sim) } : null),
        changed: () => (this.dirty = true),
        pause: () => (this.playing = false),
      },
      this.fetchImpl,
    );
  }

  private postFrame(): void {
    const sim = this.sim;
    this.dirty = false;
    if (!sim) return;
    const trace = sim.trace;
    const reset = this.forceFull || trace.length < this.sentTrace || sim.step < this.sentStep;
    const from = reset ? 0 : this.sentTrace;
    const total = trace.length - from;
    const events: TraceEvent[] = trace.slice(Math.max(from, trace.length - MAX_EVENTS_PER_FRAME), trace.length);
    if (reset) this.fightDetector = new FightDetector();
    const fresh = trace.slice(from, trace.length);
    this.fightDetector.observeAll(fresh);
    const commanded = this.rescan;
    const unchanged = !reset && !commanded && fresh.length === 0 && sim.step === this.sentStep;
    this.sentTrace = trace.length;
    this.sentStep = sim.step;
    const objects = this.objects.delta(sim, reset, this.rescan, fresh, trace.length - from);
    this.rescan = false;
    this.forceFull = false;
    // Nothing happened since the last frame (no step, no event, no command): the verdict has not changed either.
    // While playing, the check (which lists every workload and pod) runs at most every CONVERGENCE_EVERY_MS of wall
    // time; a command, a reset or a pause gets a fresh one.
    const wallNow = this.wallNow();
    const throttled = this.playing && !reset && !commanded && wallNow - this.convergenceAt < CONVERGENCE_EVERY_MS;
    if (!unchanged) this.convergenceStale = true;
    let convergence = this.lastConvergence;
    if (!convergence || (this.convergenceStale && !throttled)) {
      convergence = sim.isConverged();
      this.convergenceAt = wallNow;
      this.convergenceStale = false;
    }
    this.lastConvergence = convergence;
    const frame: Frame = {
      type: 'frame',
      v: PROTOCOL_VERSION,
      now: sim.now,
      step: sim.step,
      head: sim.head,
      playing: this.playing,
      speed: this.speed,
      inPast: sim.inPast,
      reset,
      events,
      skippedEvents: total - events.length,
      objects,
      controllers: controllerSummaries(sim),
      converged: convergence.converged,
      convergence: convergence.reasons.slice(0, 20),
    };
    if (sim.cluster.apiServer.unavailable) frame.apiServerUnavailable = true;
    const earliest = sim.earliest;
    const before = sim.trace.before.events;
    if (earliest.step > 0 || before > 0) frame.history = { earliestStep: earliest.step, earliestTime: earliest.time, eventsBefore: before };
    const fork = sim.lastFork;
    if (fork) frame.fork = fork;
    const focus = this.focus ? controllerDetail(this.sim!, this.focus) : undefined;
    if (focus) frame.focus = focus;
    const fights = this.fightDetector.fights(sim.now);
    if (fights.length) frame.fights = fights;
    const repo = gitRepoOf(sim.cluster.runtime);
    if (reset) this.sentCommits = -1;
    if (repo && repo.log().length !== this.sentCommits) {
      this.sentCommits = repo.log().length;
      frame.gitops = { head: repo.head(), files: { ...(repo.files() ?? {}) }, commits: repo.log().map(({ files: _files, ...c }) => ({ ...c, changes: c.changes.map((x) => ({ ...x })) })) };
    }
    const api = sim.cluster.apiServer;
    const hpas = api.listObjects('autoscaling/v2', 'HorizontalPodAutoscaler');
    if (!this.hpaSampler && (hpas.length > 0 || (sim.cluster.loadModel?.history().length ?? 0) > 0)) {
      const frames = loadedHpaFrames();
      if (frames) this.hpaSampler = new frames.HpaSampler();
    }
    const hpa = this.hpaSampler?.sample(sim.now, hpas, (ns, name) => api.getObject('apps/v1', 'Deployment', ns, name), sim.cluster.loadModel, reset);
    if (hpa) frame.hpa = hpa;
    const printed = this.console.poll(sim, this.timelineMoved);
    this.timelineMoved = false;
    if (printed?.text) frame.console = printed.text;
    if (printed?.ended) frame.consoleEnded = true;
    this.attachment?.addTo(frame, sim, this.playing);
    const lesson = this.lessons.viewToSend(reset);
    if (lesson) frame.lesson = lesson;
    else if (this.lessonClosed) frame.lesson = null;
    this.lessonClosed = false;
    this.post(frame);
  }
}

/** The `init` reply's description of a simulation's cluster. */
function clusterInfo(sim: Simulation): ClusterInfo {
  const c = sim.cluster;
  return { nodes: c.nodes.map((n) => n.name), controllers: c.controllerNames(), processes: [...c.processes.keys()] };
}

export { objectKey };
