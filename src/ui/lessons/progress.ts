/**
 * A learner's progress through the lessons, kept in the browser (localStorage): which steps of which lesson are
 * complete. Versioned data validated when read: anything else found under the key (an old version, a hand edit, a
 * full storage) is ignored, never trusted, and the page works without storage at all.
 */
export const PROGRESS_KEY = 'loopscope.lessons.progress';
const VERSION = 1;
/** Bounds that keep a hostile or corrupted entry cheap to read. */
const MAX_LESSONS = 500;
const MAX_STEPS = 1000;

export interface LessonProgress {
  /** 0-based indexes of the steps completed. */
  steps: number[];
  /** Every step completed. */
  done: boolean;
}

export type Progress = Record<string, LessonProgress>;

const ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** Reads and validates what is stored; `{}` for nothing or anything invalid. */
export function readProgress(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): Progress {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(PROGRESS_KEY) ?? null;
  } catch {
    return {};
  }
  if (!raw || raw.length > 1_000_000) return {};
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!data || typeof data !== 'object' || (data as { version?: unknown }).version !== VERSION) return {};
  const lessons = (data as { lessons?: unknown }).lessons;
  if (!lessons || typeof lessons !== 'object' || Array.isArray(lessons)) return {};
  const out: Progress = Object.create(null) as Progress;
  for (const [id, value] of Object.entries(lessons).slice(0, MAX_LESSONS)) {
    if (!ID.test(id) || !value || typeof value !== 'object') continue;
    const steps = (value as { steps?: unknown }).steps;
    if (!Array.isArray(steps)) continue;
    const valid = [...new Set(steps.filter((s): s is number => Number.isInteger(s) && s >= 0 && s < MAX_STEPS))].sort((a, b) => a - b);
    out[id] = { steps: valid, done: (value as { done?: unknown }).done === true };
  }
  return out;
}

/** Records that `step` of `lesson` (of `stepCount`) is complete; returns the new progress. Storage errors are ignored. */
export function recordStep(lesson: string, step: number, stepCount: number, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeStorage()): Progress {
  const progress = readProgress(storage);
  if (!ID.test(lesson) || !Number.isInteger(step) || step < 0 || step >= MAX_STEPS) return progress;
  const entry = progress[lesson] ?? { steps: [], done: false };
  if (!entry.steps.includes(step)) entry.steps = [...entry.steps, step].sort((a, b) => a - b);
  entry.done = stepCount > 0 && Array.from({ length: stepCount }, (_, i) => i).every((i) => entry.steps.includes(i));
  progress[lesson] = entry;
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify({ version: VERSION, lessons: progress }));
  } catch {
    // full or disabled storage: progress lives for this page only
  }
  return progress;
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
