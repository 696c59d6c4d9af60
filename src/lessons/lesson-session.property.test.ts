/**
 * Seeded properties of the session: whatever a learner does, in any order (answer right or wrong, reveal, play,
 * act, show me, next, back), nothing throws, time is held exactly while a question is pending, and the view never
 * carries the answer or the explanation of a question that is not revealed.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLibraries } from '../sim/libraries.ts';
import type { Lesson } from './lesson.ts';
import { LessonSession } from './lesson-session.ts';
import { grade, correctAnswer } from './grade.ts';
import { parseLesson } from './parse-lesson.ts';
import type { PredictAnswer } from './lesson-view.ts';

let lesson: Lesson;
beforeAll(async () => {
  await loadLibraries();
  const r = parseLesson(readFileSync(new URL('./testdata/tiny.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('tiny.yaml');
  lesson = r.lesson;
});

const answer = fc.oneof(
  fc.record({ kind: fc.constant('single' as const), choice: fc.constantFrom('rs', 'kubelet', 'zzz') }),
  fc.record({ kind: fc.constant('number' as const), value: fc.double() }),
  fc.record({ kind: fc.constant('label-events' as const), labels: fc.dictionary(fc.string(), fc.string()) }),
);
const op = fc.oneof(
  fc.record({ op: fc.constant('answer' as const), a: answer }),
  fc.constant({ op: 'reveal' as const }),
  fc.record({ op: fc.constant('play' as const), ms: fc.integer({ min: 0, max: 8000 }) }),
  fc.constant({ op: 'act' as const }),
  fc.constant({ op: 'showMe' as const }),
  fc.constant({ op: 'next' as const }),
  fc.constant({ op: 'back' as const }),
);

describe('LessonSession properties', () => {
  it('any sequence of learner moves: no throw, time held only while predicting, no unrevealed answer in the view', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.array(op, { maxLength: 12 }), (start, ops) => {
        const s = LessonSession.open(lesson, start);
        for (const o of ops) {
          if (o.op === 'answer') s.answer(o.a as PredictAnswer);
          else if (o.op === 'reveal') s.reveal();
          else if (o.op === 'play') {
            if (!s.holdsTime()) s.drive(s.sim.now + o.ms, () => true);
          } else if (o.op === 'act') {
            s.sim.act({ type: 'scale', resource: 'rs', name: 'web', replicas: 3 });
            s.onAdvance();
          } else if (o.op === 'showMe') s.showMe();
          else if (o.op === 'next') s.next();
          else s.back();
          const v = s.view();
          expect(s.holdsTime()).toBe(v.phase === 'predict');
          if (v.phase === 'predict') {
            expect(v.question?.answer).toBeUndefined();
            expect(JSON.stringify(v)).not.toContain(lesson.steps[v.step]!.predict!.reveal.explanation);
          }
          expect(JSON.parse(JSON.stringify(v))).toEqual(v);
        }
      }),
      { seed: 12, numRuns: 25 },
    );
  }, 120_000);

  it('grading never throws and the reference answer is always right', () => {
    fc.assert(
      fc.property(answer, (a) => {
        for (const st of lesson.steps) {
          if (!st.predict) continue;
          expect(() => grade(st.predict!, a as PredictAnswer)).not.toThrow();
          expect(grade(st.predict, correctAnswer(st.predict)).correct).toBe(true);
        }
      }),
      { seed: 3, numRuns: 200 },
    );
  });
});
