/**
 * One learner going through one lesson, on one {@link Simulation}: pure and deterministic, driven by whoever plays
 * the simulation (the page's worker, `lesson check`, tests).
 *
 * The driver plays `sim` as it plays any simulation and calls {@link LessonSession.onAdvance} after time moved;
 * it should not play past {@link LessonSession.nextDue} without calling it (a step's timed set-up or solution action
 * is due then). While {@link LessonSession.holdsTime} is true (a question is pending) it keeps time paused.
 *
 * A step goes `predict` → `revealing` (the page plays; the reveal runs its time or until its check holds) →
 * `revealed`, then `task` → `complete` when its checks hold. A step with neither is `read`. Task checks look only at
 * what happened since the step opened (see live-check.ts). `open(lesson, n)` builds the cluster and completes steps
 * before `n` by their reference answers and solutions, so a link to step n gives the same state every time.
 */
import { Simulation, simulationOptionsFor } from '../sim/simulation.ts';
import { resolveSelection } from '../sim/scenario/run-scenario.ts';
import type { ActResult } from '../sim/scenario/scenario-host.ts';
import { runKubectl } from '../kubectl/run.ts';
import { targetOf } from '../kubectl/target.ts';
import { clusterProbe, type ClusterProbe } from '../sim/scenario/cluster-probe.ts';
import { matchesEvent, matchesTrace } from '../sim/scenario/matchers.ts';
import { matchesPattern } from '../sim/scenario/pattern.ts';
import { describeExpectation } from '../sim/scenario/describe.ts';
import type { Lesson, LessonAction, LessonStep } from './lesson.ts';
import type { AnswerResult, CheckView, LessonPhase, LessonView, PredictAnswer, QuestionView } from './lesson-view.ts';
import { LiveCheck } from './live-check.ts';
import { answerOf, correctAnswer, grade } from './grade.ts';

export type { ActResult };

/** How finely a headless driver plays (virtual ms between checks). */
export const DRIVE_STEP = 100;

interface Scheduled {
  at: number;
  action: LessonAction;
}

export class LessonSession {
  private simulation: Simulation;
  private probe: ClusterProbe;
  private index = 0;
  private stepPhase: LessonPhase = 'read';
  private openedAt = 0;
  private openedId = 0;
  private attempts: QuestionView['attempts'] = [];
  private revealStart = 0;
  private revealUntil: LiveCheck | undefined;
  private revealFailed: string | undefined;
  private revealedAnswer = false;
  private evidence: number[] = [];
  private evidenceCursor = 0;
  private checks: LiveCheck[] = [];
  private checkViews: CheckView[] = [];
  private taskStart = 0;
  /** sim.inputs length when the task opened, and how many inputs since were the session's own. */
  private inputsAtTask = 0;
  private ownInputs = 0;
  private failedAttempts = 0;
  private lastInputs = 0;
  private unlocked = 0;
  private scheduled: Scheduled[] = [];
  private solutionShown = false;
  /**
   * The reveal's `until` check held when the step opened and still did after its immediate set-up actions: it cannot
   * show what the step is about (a defect `lesson check` reports).
   */
  private untilHeldAtOpen = false;

  private constructor(
    readonly lesson: Lesson,
    sim: Simulation,
  ) {
    this.simulation = sim;
    this.probe = clusterProbe(() => this.simulation.cluster);
  }

  /**
   * Builds the lesson's cluster and opens `step` (0-based; earlier steps are completed by their reference answers and
   * solutions). Throws a RangeError for a step out of range: use `openLessonById` for input from a learner.
   */
  static open(lesson: Lesson, step = 0): LessonSession {
    if (!Number.isInteger(step) || step < 0 || step >= lesson.steps.length) {
      throw new RangeError(`lesson "${lesson.id}" has steps 0–${lesson.steps.length - 1}; there is no step ${step}`);
    }
    const s = lesson.setup;
    const sim = Simulation.create(simulationOptionsFor(s));
    const session = new LessonSession(lesson, sim);
    if (s.manifests !== undefined) sim.act({ type: 'apply', manifests: s.manifests });
    for (const a of s.actions) {
      if (sim.now < a.at) sim.runUntil(a.at);
      const action = resolveSelection(sim, a);
      if (typeof action !== 'string') sim.act(action);
    }
    if (sim.now < lesson.warmup) sim.runUntil(lesson.warmup);
    session.openStep(0);
    for (let i = 0; i < step; i++) {
      session.completeByReference();
      session.skip();
    }
    return session;
  }

  /** The simulation being played. `back()` replaces it: read it again after calling back. */
  get sim(): Simulation {
    return this.simulation;
  }

  get stepIndex(): number {
    return this.index;
  }

  get phase(): LessonPhase {
    return this.stepPhase;
  }

  private get step(): LessonStep {
    return this.lesson.steps[this.index]!;
  }

  /** True while a prediction is pending: the page keeps time paused. */
  holdsTime(): boolean {
    return this.stepPhase === 'predict';
  }

  /** The next virtual time at which the session must act (a timed set-up or solution action), if any. */
  nextDue(): number | undefined {
    return this.scheduled.length ? Math.min(...this.scheduled.map((s) => s.at)) : undefined;
  }

  answer(a: PredictAnswer): AnswerResult {
    const q = this.step.predict;
    if (!q || this.stepPhase !== 'predict') return { correct: false, explanation: q ? 'This question is already answered.' : 'This step asks no question.' };
    const result = grade(q, a);
    this.attempts.push({ answer: structuredClone(a), result });
    if (result.correct) this.startReveal();
    return result;
  }

  /** Gives up on the question: the answer is shown and the reveal plays. */
  reveal(): void {
    if (this.stepPhase === 'predict') this.startReveal();
  }

  /** After the simulation moved: runs due actions, advances the reveal, evaluates the task's checks, unlocks hints. */
  onAdvance(): void {
    const now = this.simulation.now;
    if (now < this.openedAt) return; // seeked before the step: nothing of it applies
    this.runDue();
    if (this.stepPhase === 'revealing') this.advanceReveal();
    if (this.stepPhase === 'task') this.evaluateTask();
  }

  /** Performs the step's reference solution through `sim.act` (timed parts are scheduled). */
  showMe(): ActResult[] {
    const task = this.step.task;
    if (!task || this.stepPhase !== 'task' || this.solutionShown) return [];
    this.solutionShown = true;
    const now = this.simulation.now;
    const out: ActResult[] = [];
    for (const a of task.solution) {
      if (a.at === 0) out.push(this.perform(a));
      else this.scheduled.push({ at: now + a.at, action: a });
    }
    this.onAdvance();
    return out;
  }

  next(): void {
    if (!this.canNext()) return;
    this.openStep(this.index + 1);
  }

  /** Opens the next step whatever the state of this one (the reference driver's `next`: `open` and `lesson check`). */
  skip(): void {
    if (this.index < this.lesson.steps.length - 1) this.openStep(this.index + 1);
  }

  /** Re-opens the previous step: a new simulation, as `open(lesson, step - 1)` builds it. */
  back(): void {
    if (this.index === 0) return;
    const again = LessonSession.open(this.lesson, this.index - 1);
    Object.assign(this, again);
    this.probe = clusterProbe(() => this.simulation.cluster);
  }

  canNext(): boolean {
    return this.index < this.lesson.steps.length - 1 && (this.stepPhase === 'read' || this.stepPhase === 'revealed' || this.stepPhase === 'complete');
  }

  view(): LessonView {
    const step = this.step;
    const l = this.lesson;
    const v: LessonView = {
      lesson: { id: l.id, title: l.title, summary: l.summary, upstream: [...l.upstream] },
      step: this.index,
      stepCount: l.steps.length,
      title: step.title,
      narration: step.narration,
      phase: this.stepPhase,
      concealed: this.concealing() && step.concealed ? structuredClone(step.concealed) : { events: [], causes: false, objects: [] },
      canNext: this.canNext(),
      canBack: this.index > 0,
      canShowMe: this.stepPhase === 'task' && !this.solutionShown,
      openedAt: this.openedAt,
    };
    if (step.spotlight) v.spotlight = structuredClone(step.spotlight);
    const q = step.predict;
    if (q) {
      const qv: QuestionView = {
        kind: q.kind,
        prompt: q.prompt,
        choices: 'choices' in q ? q.choices.map((c) => ({ id: c.id, text: c.text })) : [],
        attempts: structuredClone(this.attempts),
      };
      if (q.kind === 'number' && q.unit !== undefined) qv.unit = q.unit;
      if (q.kind === 'label-events') qv.items = q.items.map((i) => ({ id: i.id, event: { ...i.event } }));
      if (this.revealedAnswer) {
        qv.answer = answerOf(q);
        qv.explanation = q.reveal.explanation;
        qv.evidence = [...this.evidence];
        if (this.revealFailed) qv.revealFailed = this.revealFailed;
      }
      v.question = qv;
    }
    const task = step.task;
    if (task && (this.stepPhase === 'task' || this.stepPhase === 'complete')) {
      v.task = {
        goal: task.goal,
        checks: this.checkViews.map((c) => ({ ...c })),
        hints: task.hints.slice(0, this.unlocked).map((h) => h.text),
        hintsLeft: task.hints.length - this.unlocked,
        complete: this.stepPhase === 'complete',
      };
    }
    return v;
  }

  /**
   * Completes the current step as the reference does, deterministically: answers the question right, plays the
   * reveal, performs the solution and plays until the checks hold. Returns what went wrong, if anything.
   */
  completeByReference(): string | undefined {
    const step = this.step;
    if (this.stepPhase === 'predict' && step.predict) this.answer(correctAnswer(step.predict));
    if (step.predict && this.revealedAnswer) {
      const start = this.revealStart;
      if (this.stepPhase === 'revealing') this.drive(start + step.predict.reveal.within + DRIVE_STEP, () => this.stepPhase === 'revealing');
      if (this.revealFailed) return this.revealFailed;
      // A reveal whose check held before the step's own actions cannot show their outcome: a defect of the lesson.
      if (this.untilHeldAtOpen) return `the reveal's check already held when the step opened, and its actions did not change that: ${describeExpectation(step.predict.reveal.until!)}`;
      this.collectEvidence();
      if (step.predict.reveal.evidence.length > 0 && this.evidence.length === 0) return "the reveal's evidence matches no event of the trace: the explanation points at nothing";
    }
    if (this.stepPhase === 'task' && step.task) {
      const start = this.simulation.now;
      const results = this.showMe();
      const solution = step.task.solution.filter((a) => a.at === 0);
      for (let i = 0; i < results.length; i++) {
        const r = results[i]!;
        const expected = solution[i]?.expectError;
        if (expected === undefined || expected === false) {
          if (!r.ok) return `the solution's action failed: ${r.error}`;
        } else if (r.ok || (typeof expected === 'string' && !matchesPattern(expected, r.error))) {
          return `the solution's action ${r.ok ? 'succeeded' : `failed otherwise (${r.error})`}; it should fail${typeof expected === 'string' ? ` with /${expected}/` : ''}`;
        }
      }
      const lastSolution = Math.max(0, ...step.task.solution.map((a) => a.at));
      this.drive(start + lastSolution + step.task.within, () => this.stepPhase === 'task');
      if ((this.stepPhase as LessonPhase) !== 'complete') return `the checks did not hold within ${step.task.within / 1000}s of the solution: ${this.failing()}`;
    }
    return undefined;
  }

  /** Plays in {@link DRIVE_STEP} increments (stopping at due actions) while `going` and before `until`. */
  drive(until: number, going: () => boolean): void {
    while (going() && this.simulation.now < until) {
      const due = this.nextDue();
      const t = Math.min(until, this.simulation.now + DRIVE_STEP, due !== undefined && due > this.simulation.now ? due : Infinity);
      this.simulation.runUntil(t);
      this.onAdvance();
    }
  }

  /** The checks failing now, in words. */
  failing(): string {
    return this.checkViews
      .filter((c) => !c.passed)
      .map((c) => `${c.description} (${c.message})`)
      .join('; ');
  }

  private concealing(): boolean {
    if (this.step.predict) return this.stepPhase === 'predict' || this.stepPhase === 'revealing';
    return this.stepPhase === 'task';
  }

  private openStep(i: number): void {
    this.index = i;
    const step = this.step;
    const sim = this.simulation;
    this.openedAt = sim.now;
    this.openedId = sim.trace.length;
    this.attempts = [];
    this.revealUntil = undefined;
    this.revealFailed = undefined;
    this.revealedAnswer = false;
    this.evidence = [];
    this.evidenceCursor = 0;
    this.checks = [];
    this.checkViews = [];
    this.scheduled = [];
    this.solutionShown = false;
    this.unlocked = 0;
    this.failedAttempts = 0;
    const until = step.predict?.reveal.until;
    const holds = (): boolean => until !== undefined && new LiveCheck(until, this.openedAt, this.openedId).evaluate(sim, this.probe).passed;
    const heldBefore = holds();
    for (const a of step.setup) {
      if (a.at === 0) this.perform(a);
      else this.scheduled.push({ at: this.openedAt + a.at, action: a });
    }
    this.untilHeldAtOpen = heldBefore && holds();
    if (step.predict) this.stepPhase = 'predict';
    else if (step.task) this.startTask();
    else this.stepPhase = 'read';
  }

  private perform(a: LessonAction): ActResult {
    const sim = this.simulation;
    const before = sim.inputs.length;
    try {
      if ('kubectl' in a) {
        const run = runKubectl(a.kubectl, targetOf(sim));
        return run.exitCode === 0 ? { ok: true, detail: run.stdout } : { ok: false, error: (run.stderr || run.stdout).trim() || `exit code ${run.exitCode}` };
      }
      const action = resolveSelection(sim, a);
      if (typeof action === 'string') return { ok: false, error: action };
      const r = sim.act(action);
      return r.ok ? { ok: true, detail: r.messages.join('\n'), traceId: r.eventId } : { ok: false, error: r.messages.join('\n') || 'failed', traceId: r.eventId };
    } finally {
      // The session's own inputs are not the learner's attempts (hints count those).
      this.ownInputs += sim.inputs.length - before;
    }
  }

  private runDue(): void {
    const now = this.simulation.now;
    const due = this.scheduled.filter((s) => s.at <= now);
    if (due.length === 0) return;
    this.scheduled = this.scheduled.filter((s) => s.at > now);
    for (const s of due.sort((x, y) => x.at - y.at)) this.perform(s.action);
  }

  private startReveal(): void {
    const reveal = this.step.predict!.reveal;
    this.stepPhase = 'revealing';
    this.revealedAnswer = true;
    this.revealStart = this.simulation.now;
    if (reveal.until) this.revealUntil = new LiveCheck(reveal.until, this.openedAt, this.openedId);
    this.advanceReveal();
  }

  private advanceReveal(): void {
    const reveal = this.step.predict!.reveal;
    const sim = this.simulation;
    this.collectEvidence();
    let done: boolean;
    if (this.revealUntil) {
      done = this.revealUntil.evaluate(sim, this.probe).passed;
      if (!done && sim.now >= this.revealStart + reveal.within) {
        this.revealFailed = `the reveal's check did not hold within ${reveal.within / 1000}s: ${this.revealUntil.description}`;
        done = true;
      }
    } else {
      done = sim.now >= this.revealStart + (reveal.run ?? 0);
    }
    if (!done) return;
    if (this.step.task) this.startTask();
    else this.stepPhase = 'revealed';
  }

  /**
   * Trace ids of the events the explanation points at: the latest 20 matches in the whole trace (a question may be
   * about events of an earlier step, e.g. labelling the events of a pod you deleted), scanned incrementally.
   */
  private collectEvidence(): void {
    const matchers = this.step.predict!.reveal.evidence;
    const trace = this.simulation.trace;
    if (matchers.length === 0) return;
    if (trace.length < this.evidenceCursor) this.evidenceCursor = 0;
    const ids = this.evidence;
    for (const e of trace.slice(this.evidenceCursor)) {
      if (matchers.some((m) => ('event' in m ? matchesEvent(e, m.event) : matchesTrace(e, m.trace, this.probe.objectAt)))) ids.push(e.id);
    }
    this.evidenceCursor = trace.length;
    if (ids.length > 20) ids.splice(0, ids.length - 20);
  }

  private startTask(): void {
    const task = this.step.task!;
    this.stepPhase = 'task';
    this.taskStart = this.simulation.now;
    this.inputsAtTask = this.simulation.inputs.length;
    this.ownInputs = 0;
    this.lastInputs = 0;
    this.checks = task.checks.map((c) => new LiveCheck(c, this.openedAt, this.openedId));
    this.evaluateTask();
  }

  private evaluateTask(): void {
    const task = this.step.task!;
    const sim = this.simulation;
    const results = this.checks.map((c) => c.evaluate(sim, this.probe));
    this.checkViews = this.checks.map((c, i) => ({ description: c.description, passed: results[i]!.passed, message: results[i]!.message }));
    // Learner actions since the task opened (the session's own set-up and solution actions excluded).
    const learner = Math.max(0, sim.inputs.length - this.inputsAtTask - this.ownInputs);
    const allPass = results.every((r) => r.passed);
    if (learner > this.lastInputs && !allPass) this.failedAttempts += learner - this.lastInputs;
    this.lastInputs = learner;
    while (this.unlocked < task.hints.length) {
      const after = task.hints[this.unlocked]!.after;
      const open = 'attempts' in after ? this.failedAttempts >= after.attempts : sim.now - this.taskStart >= after.time;
      if (!open) break;
      this.unlocked++;
    }
    if (allPass) {
      this.stepPhase = 'complete';
      this.scheduled = [];
    }
  }
}
