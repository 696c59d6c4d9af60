import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLibraries } from '../sim/libraries.ts';
import type { Lesson } from './lesson.ts';
import { loadLessons, openLessonById, summarize } from './open-lesson.ts';
import { parseLesson } from './parse-lesson.ts';

let lessons: Lesson[];
beforeAll(async () => {
  await loadLibraries();
  const r = parseLesson(readFileSync(new URL('./testdata/tiny.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('tiny.yaml');
  lessons = [r.lesson];
});

describe('openLessonById', () => {
  it('opens a lesson at a step given as a number or as the text of an address', () => {
    const r = openLessonById(lessons, 'tiny', '1');
    expect(r.ok && r.session.view().step).toBe(1);
  });

  it('gives an error value, not an exception, for a lesson or step that does not exist', () => {
    expect(openLessonById(lessons, 'nope')).toEqual({ ok: false, error: 'there is no lesson "nope" (lessons: tiny)' });
    expect(openLessonById(lessons, undefined)).toEqual({ ok: false, error: 'no lesson named: give ?lesson=<id>' });
    expect(openLessonById(lessons, 'tiny', 3)).toEqual({ ok: false, error: 'lesson "tiny" has steps 0–2; there is no step 3' });
    expect(openLessonById(lessons, 'tiny', '-1')).toEqual({ ok: false, error: 'lesson "tiny" has steps 0–2; there is no step "-1"' });
    expect(openLessonById(lessons, 'tiny', 'x'.repeat(1000))).toMatchObject({ ok: false });
  });
});

describe('loadLessons', () => {
  it('loads the good files sorted by order and names the bad ones', () => {
    const tiny = readFileSync(new URL('./testdata/tiny.yaml', import.meta.url), 'utf8');
    const r = loadLessons({ 'b.yaml': tiny, 'a.yaml': tiny.replace('name: tiny', 'name: first').replace('order: 99', 'order: 1'), 'c.yaml': 'kind: [', 'd.yaml': tiny });
    expect(r.lessons.map(summarize)).toEqual([
      { id: 'first', title: 'Tiny', summary: 'A ReplicaSet heals.', order: 1, steps: 3 },
      { id: 'tiny', title: 'Tiny', summary: 'A ReplicaSet heals.', order: 99, steps: 3 },
    ]);
    expect(r.errors).toHaveLength(2);
    expect(r.errors[0]).toMatch(/^c\.yaml: line 1, column \d+: /);
    expect(r.errors[1]).toBe('d.yaml: line 1, column 1: metadata.name: another lesson is already named "tiny"');
  });
});
