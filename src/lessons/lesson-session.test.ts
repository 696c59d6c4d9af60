import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLibraries } from '../sim/libraries.ts';
import type { Lesson } from './lesson.ts';
import { DRIVE_STEP, LessonSession } from './lesson-session.ts';
import { parseLesson } from './parse-lesson.ts';

let lesson: Lesson;
beforeAll(async () => {
  await loadLibraries();
  const r = parseLesson(readFileSync(new URL('./testdata/tiny.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  lesson = r.lesson;
});

const play = (s: LessonSession, ms: number) => s.drive(s.sim.now + ms, () => true);

describe('LessonSession', () => {
  it('opens on the first step, after the warm-up, in the read phase', () => {
    const s = LessonSession.open(lesson);
    const v = s.view();
    expect(v).toMatchObject({ step: 0, stepCount: 3, phase: 'read', canNext: true, canBack: false, canShowMe: false, spotlight: { object: 'rs/web' } });
    expect(s.sim.now).toBe(10_000);
    expect(s.holdsTime()).toBe(false);
  });

  it('a pending question holds time, and its answer is not in the view', () => {
    const s = LessonSession.open(lesson, 1);
    expect(s.phase).toBe('predict');
    expect(s.holdsTime()).toBe(true);
    const q = s.view().question!;
    expect(q.choices).toEqual([
      { id: 'rs', text: 'the ReplicaSet controller' },
      { id: 'kubelet', text: 'the kubelet' },
    ]);
    expect(JSON.stringify(s.view())).not.toContain('counted 1 and created 1');
    expect(q.answer).toBeUndefined();
    expect(s.view().concealed).toEqual({ events: [{ reason: 'SuccessfulCreate' }], causes: true, objects: [] });
    expect(s.view().canNext).toBe(false);
  });

  it('a wrong answer is explained and may be tried again; the right one starts the reveal', () => {
    const s = LessonSession.open(lesson, 1);
    const wrong = s.answer({ kind: 'single', choice: 'kubelet' });
    expect(wrong).toEqual({ correct: false, explanation: 'The kubelet does not create pods. Try again, or reveal the answer.' });
    expect(s.phase).toBe('predict');
    const right = s.answer({ kind: 'single', choice: 'rs' });
    expect(right.correct).toBe(true);
    expect(s.phase).toBe('revealing');
    expect(s.view().question).toMatchObject({ answer: 'rs', explanation: 'The ReplicaSet controller counted 1 and created 1.' });
    expect(s.view().question!.attempts).toHaveLength(2);
  });

  it('timed set-up actions are due at their offset; the reveal plays until its check holds, then the concealed part shows', () => {
    const s = LessonSession.open(lesson, 1);
    const opened = s.sim.now;
    expect(s.nextDue()).toBe(opened + 2000);
    s.reveal();
    s.drive(opened + 30_000, () => s.phase === 'revealing');
    expect(s.phase).toBe('revealed');
    expect(s.sim.now).toBeGreaterThan(opened + 2000);
    expect(s.view().question!.evidence!.length).toBeGreaterThan(0);
    expect(s.view().concealed).toEqual({ events: [], causes: false, objects: [] });
    expect(s.view().canNext).toBe(true);
  });

  it("a task's checks only see what happened since the step opened", () => {
    // SuccessfulCreate events happened in earlier steps; the step's check waits for a new one.
    const s = LessonSession.open(lesson, 2);
    expect(s.phase).toBe('task');
    play(s, 5000);
    expect(s.view().task!.checks[0]).toMatchObject({ passed: false, message: 'no SuccessfulCreate event since the step opened' });
    expect(s.phase).toBe('task');
  });

  it('hints unlock after failed attempts and after time; show me completes the task', () => {
    const s = LessonSession.open(lesson, 2);
    expect(s.view().task!.hints).toEqual([]);
    s.sim.act({ type: 'scale', resource: 'rs', name: 'web', replicas: 2 });
    s.onAdvance();
    expect(s.view().task!.hints).toEqual(['first']);
    play(s, 20_000);
    expect(s.view().task!.hints).toEqual(['first', 'second']);
    expect(s.view().canShowMe).toBe(true);
    const results = s.showMe();
    expect(results.map((r) => r.ok)).toEqual([true]);
    s.drive(s.sim.now + 30_000, () => s.phase === 'task');
    expect(s.phase).toBe('complete');
    expect(s.view().task!.complete).toBe(true);
    expect(s.view().canNext).toBe(false); // the last step
  });

  it('is deterministic: opening a step twice gives the same trace; back re-opens the previous step', () => {
    const a = LessonSession.open(lesson, 2);
    const b = LessonSession.open(lesson, 2);
    expect(b.sim.trace.length).toBe(a.sim.trace.length);
    expect(b.sim.now).toBe(a.sim.now);
    const c = LessonSession.open(lesson, 1);
    a.back();
    expect(a.stepIndex).toBe(1);
    expect(a.phase).toBe('predict');
    expect(a.sim.trace.length).toBe(c.sim.trace.length);
    expect(a.sim).not.toBe(b.sim);
  });

  it('does nothing for an answer or show me out of place', () => {
    const s = LessonSession.open(lesson, 0);
    expect(s.answer({ kind: 'single', choice: 'rs' })).toEqual({ correct: false, explanation: 'This step asks no question.' });
    expect(s.showMe()).toEqual([]);
    expect(() => LessonSession.open(lesson, 3)).toThrow(/there is no step 3/);
    expect(DRIVE_STEP).toBe(100);
  });
});
