/**
 * Every lesson is a test (what `npx loopscope lesson check` does): each step passes with its reference answer and
 * solution, and each task fails without its solution. Also: ids are unique and the list is ordered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLibraries } from '../sim/libraries.ts';
import { formatScenarioError } from '../sim/scenario/parse-scenario.ts';
import { checkLesson } from './lesson-check.ts';
import type { Lesson } from './lesson.ts';
import { parseLesson } from './parse-lesson.ts';

const dir = fileURLToPath(new URL('../../lessons/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();

beforeAll(loadLibraries);

function load(file: string): Lesson {
  const r = parseLesson(readFileSync(`${dir}${file}`, 'utf8'));
  if (!r.ok) throw new Error(r.errors.map((e) => formatScenarioError(e, file)).join('\n'));
  return r.lesson;
}

describe('lessons', () => {
  it('ids are unique, orders are unique, and each lesson has a question and a hand-done task', () => {
    const lessons = files.map(load);
    expect(new Set(lessons.map((l) => l.id)).size).toBe(lessons.length);
    expect(new Set(lessons.map((l) => l.order)).size).toBe(lessons.length);
    for (const l of lessons) {
      expect(l.steps.some((s) => s.predict), `${l.id} asks a question`).toBe(true);
      expect(l.steps.some((s) => s.task), `${l.id} has a task`).toBe(true);
      expect(l.steps.length, `${l.id} has 3-8 steps`).toBeGreaterThanOrEqual(3);
      expect(l.steps.length, `${l.id} has 3-8 steps`).toBeLessThanOrEqual(8);
    }
  });

  for (const file of files) {
    it(`${file}: lesson check`, () => {
      const failed = checkLesson(load(file)).filter((s) => !s.passed).map((s) => `step ${s.step + 1} (${s.title}): ${s.message}`);
      expect(failed, `${file}:\n${failed.join('\n')}`).toEqual([]);
    }, 60_000);
  }
});
