/**
 * Opening a lesson from what a learner or a link gives (`?lesson=<id>&step=<n>`): a missing id or a step out of
 * range is an error value the page shows while it keeps running, never an exception.
 */
import { formatScenarioError } from '../sim/scenario/parse-scenario.ts';
import type { Lesson } from './lesson.ts';
import { LessonSession } from './lesson-session.ts';
import { parseLesson } from './parse-lesson.ts';

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

/** One row of the lesson list: what the page shows before a lesson is opened. */
export interface LessonSummary {
  id: string;
  title: string;
  summary: string;
  order: number;
  steps: number;
}

/**
 * Parses lesson files given as `{ fileName: text }` (the page bundles lessons/*.yaml). Valid lessons come back sorted
 * by `metadata.order`; a bad file, or a second lesson with an id already taken, is an error line naming the file,
 * line and column, and the other lessons still load.
 */
export function loadLessons(files: Readonly<Record<string, string>>): { lessons: Lesson[]; errors: string[] } {
  const lessons: Lesson[] = [];
  const errors: string[] = [];
  for (const name of Object.keys(files).sort()) {
    const text = files[name];
    const r = typeof text === 'string' ? parseLesson(text) : { ok: false as const, errors: [{ line: 1, column: 1, path: '', message: 'not text' }] };
    if (!r.ok) {
      errors.push(...r.errors.map((e) => formatScenarioError(e, name)));
      continue;
    }
    if (lessons.some((l) => l.id === r.lesson.id)) {
      errors.push(`${name}: line 1, column 1: metadata.name: another lesson is already named "${r.lesson.id}"`);
      continue;
    }
    lessons.push(r.lesson);
  }
  lessons.sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1));
  return { lessons, errors };
}

export function summarize(lesson: Lesson): LessonSummary {
  return { id: lesson.id, title: lesson.title, summary: lesson.summary, order: lesson.order, steps: lesson.steps.length };
}
