/**
 * Opening a lesson from what a learner or a link gives (`?lesson=<id>&step=<n>`): a missing id or a step out of
 * range is an error value the page shows while it keeps running, never an exception.
 */
import type { Lesson } from './lesson.ts';
import { LessonSession } from './lesson-session.ts';

export type OpenLessonResult = { ok: true; session: LessonSession } | { ok: false; error: string };

/**
 * Opens lesson `id` at `step` (0-based; a string from an address is accepted and must be a whole number).
 */
export function openLessonById(lessons: readonly Lesson[], id: unknown, step: unknown = 0): OpenLessonResult {
  if (typeof id !== 'string' || id === '') return { ok: false, error: 'no lesson named: give ?lesson=<id>' };
  const lesson = lessons.find((l) => l.id === id);
  if (!lesson) {
    const known = lessons.map((l) => l.id).slice(0, 30).join(', ');
    return { ok: false, error: `there is no lesson "${id.slice(0, 100)}"${known ? ` (lessons: ${known})` : ''}` };
  }
  const n = typeof step === 'string' && /^\d{1,4}$/.test(step) ? Number(step) : step;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= lesson.steps.length) {
    return { ok: false, error: `lesson "${id}" has steps 0–${lesson.steps.length - 1}; there is no step ${JSON.stringify(step).slice(0, 40)}` };
  }
  try {
    return { ok: true, session: LessonSession.open(lesson, n) };
  } catch (e) {
    return { ok: false, error: `lesson "${id}" could not open step ${n}: ${(e as Error).message}` };
  }
}
