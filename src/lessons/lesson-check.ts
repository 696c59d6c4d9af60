/**
 * `lesson check`: a lesson is a test. Each step is played with its reference answer and solution (the checks must
 * hold, the reveal must complete), and each task is played again **without** its solution from the same state: its
 * checks must not hold then (a check that cannot fail is a defect). Pure: the CLI and the vitest suite call it.
 */
import type { Lesson } from './lesson.ts';
import { DRIVE_STEP, LessonSession } from './lesson-session.ts';
import { correctAnswer } from './grade.ts';

export interface StepCheck {
  lesson: string;
  /** 0-based. */
  step: number;
  title: string;
  passed: boolean;
  /** What was checked, or what went wrong. */
  message: string;
}

/** Plays every step of `lesson` both ways. Never throws for problems of the lesson; they are failed steps. */
export function checkLesson(lesson: Lesson): StepCheck[] {
  const out: StepCheck[] = [];
  let session: LessonSession;
  try {
    session = LessonSession.open(lesson, 0);
  } catch (e) {
    return [{ lesson: lesson.id, step: 0, title: lesson.steps[0]?.title ?? '', passed: false, message: `cannot open: ${(e as Error).message}` }];
  }
  for (let i = 0; i < lesson.steps.length; i++) {
    const step = lesson.steps[i]!;
    const result = (passed: boolean, message: string) => out.push({ lesson: lesson.id, step: i, title: step.title, passed, message });
    let negative: string | undefined;
    try {
      if (step.task) negative = withoutSolution(lesson, i);
      const problem = session.completeByReference();
      if (problem) result(false, problem);
      else if (negative) result(false, negative);
      else result(true, [step.predict ? 'answer revealed' : '', step.task ? 'task done by the solution, not without it' : ''].filter(Boolean).join('; ') || 'read');
    } catch (e) {
      result(false, `the simulation failed: ${(e as Error).stack ?? String(e)}`);
      break;
    }
    session.skip();
  }
  return out;
}

/** Opens step `i` afresh, answers and reveals, then plays without the solution; a message when the checks pass anyway. */
function withoutSolution(lesson: Lesson, i: number): string | undefined {
  const s = LessonSession.open(lesson, i);
  const step = lesson.steps[i]!;
  if (s.phase === 'predict' && step.predict) s.answer(correctAnswer(step.predict));
  if (s.phase === 'revealing') s.drive(s.sim.now + step.predict!.reveal.within + DRIVE_STEP, () => s.phase === 'revealing');
  if (s.phase === 'complete') return 'the task is complete before the learner did anything: its checks cannot fail';
  const task = step.task!;
  const lastSolution = Math.max(0, ...task.solution.map((a) => a.at));
  s.drive(s.sim.now + lastSolution + task.within, () => s.phase === 'task');
  if ((s.phase as string) === 'complete') return `without the solution the checks pass anyway (at ${s.sim.now / 1000}s): they cannot fail`;
  return undefined;
}
