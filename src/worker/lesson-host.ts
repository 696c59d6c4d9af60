/**
 * The worker's side of an open lesson: holds its {@link LessonSession} (src/lessons), forwards the learner's answers
 * and moves, tells the host when the session built a new simulation (opening a step rebuilds the lesson's cluster and
 * completes the earlier steps by their solutions), and sends the step's view only when it changed.
 *
 * While a question waits for its answer the session holds time: the host does not advance the simulation.
 */
import type { Simulation } from '../sim/simulation.ts';
import type { AnswerResult, LessonView, PredictAnswer } from './protocol.ts';
import { lessonTools } from './on-demand.ts';
import type { LessonSession } from '../lessons/lesson-session.ts';

export type LessonOp = 'answer' | 'reveal' | 'showMe' | 'next' | 'back' | 'close';

export class LessonHost {
  private session: LessonSession | null = null;
  /** JSON of the last view sent; undefined: send the next one whatever it is. */
  private sent: string | undefined;

  get open(): boolean {
    return this.session !== null;
  }

  /** Parses a lesson file and opens it at `step`: the simulation to play, or the file's errors in words. */
  start(text: string, step = 0): { sim: Simulation } | { error: string } {
    const { parseLesson, formatLessonError, LessonSession } = lessonTools();
    const parsed = parseLesson(text);
    if (!parsed.ok) return { error: parsed.errors.map((e) => formatLessonError(e)).join('\n') };
    const steps = parsed.lesson.steps.length;
    if (step >= steps) return { error: `lesson ${parsed.lesson.id} has ${steps} steps: there is no step ${step + 1}` };
    this.session = LessonSession.open(parsed.lesson, step);
    this.sent = undefined;
    return { sim: this.session.sim };
  }

  /** Forgets the lesson (the page opened something else). */
  close(): void {
    this.session = null;
    this.sent = undefined;
  }

  /** Obeys a learner's move. `sim`: a new simulation to adopt when the move rebuilt it. */
  obey(op: LessonOp, answer: PredictAnswer | undefined): { view: LessonView | null; answer?: AnswerResult; sim?: Simulation; error?: string } {
    const s = this.session;
    if (op === 'close' || !s) {
      this.close();
      return { view: null };
    }
    const before = s.sim;
    let result: AnswerResult | undefined;
    switch (op) {
      case 'answer':
        if (!answer) return { view: s.view(), error: 'answer: no answer given' };
        result = s.answer(answer);
        break;
      case 'reveal':
        s.reveal();
        break;
      case 'showMe':
        s.showMe();
        break;
      case 'next':
        s.next();
        break;
      case 'back':
        s.back();
        break;
    }
    const view = s.view();
    this.sent = undefined;
    return { view, answer: result, sim: s.sim !== before ? s.sim : undefined };
  }

  /** The session keeps time still (a question waits for its answer). */
  holdsTime(): boolean {
    return this.session?.holdsTime() ?? false;
  }

  /** Virtual time of the open lesson's next timed set-up or solution action (the host stops there), if any. */
  nextDue(): number | undefined {
    return this.session?.nextDue();
  }

  /** After the simulation moved: the session evaluates its reveal and the task's live checks. */
  afterAdvance(): void {
    this.session?.onAdvance();
  }

  /** The view to put in the next frame: it when it changed (or `force`), else undefined. */
  viewToSend(force: boolean): LessonView | undefined {
    if (!this.session) return undefined;
    const view = this.session.view();
    const json = JSON.stringify(view);
    if (!force && json === this.sent) return undefined;
    this.sent = json;
    return view;
  }
}
