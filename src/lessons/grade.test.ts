import { describe, expect, it } from 'vitest';
import type { Predict } from './lesson.ts';
import { answerOf, correctAnswer, grade } from './grade.ts';

const reveal = { within: 1000, explanation: 'Because.', evidence: [] };
const choices = [
  { id: 'a', text: 'A' },
  { id: 'b', text: 'B', explain: 'B is a trap.' },
  { id: 'c', text: 'C' },
];

describe('grade', () => {
  it('single and controller: the picked choice explains a wrong answer', () => {
    const q: Predict = { kind: 'single', prompt: '?', choices, answer: 'a', reveal };
    expect(grade(q, { kind: 'single', choice: 'a' })).toEqual({ correct: true, explanation: 'Because.' });
    expect(grade(q, { kind: 'single', choice: 'b' })).toEqual({ correct: false, explanation: 'B is a trap. Try again, or reveal the answer.' });
    expect(grade(q, { kind: 'single', choice: 'z' })).toEqual({ correct: false, explanation: '"z" is not one of the choices.' });
    expect(grade(q, { kind: 'number', value: 1 })).toEqual({ correct: false, explanation: 'This question wants a single answer.' });
    const c: Predict = { kind: 'controller', prompt: '?', choices: [], answer: 'replicaset-controller', reveal };
    expect(grade(c, { kind: 'controller', controller: 'kubelet' }).explanation).toBe('Not kubelet: it does not do this. Try again, or reveal the answer.');
  });

  it('multiple: every right choice and no other', () => {
    const q: Predict = { kind: 'multiple', prompt: '?', choices, answer: ['a', 'c'], reveal };
    expect(grade(q, { kind: 'multiple', choices: ['c', 'a'] }).correct).toBe(true);
    expect(grade(q, { kind: 'multiple', choices: ['a'] }).explanation).toBe('1 right choice is missing. Try again, or reveal the answer.');
    expect(grade(q, { kind: 'multiple', choices: ['a', 'b', 'c'] }).explanation).toBe('B is a trap. Try again, or reveal the answer.');
  });

  it('number: within the tolerance; says too high or too low', () => {
    const q: Predict = { kind: 'number', prompt: '?', answer: 6, tolerance: 0.5, reveal };
    expect(grade(q, { kind: 'number', value: 6.5 }).correct).toBe(true);
    expect(grade(q, { kind: 'number', value: 7 }).explanation).toBe('7 is too high. Try again, or reveal the answer.');
    expect(grade(q, { kind: 'number', value: 2 }).explanation).toBe('2 is too low. Try again, or reveal the answer.');
    expect(grade(q, { kind: 'number', value: Number.NaN }).correct).toBe(false);
  });

  it('label-events: each row marked, the wrong ones explained', () => {
    const q: Predict = {
      kind: 'label-events',
      prompt: '?',
      choices,
      items: [
        { id: 'x', event: { reason: 'Killing' }, answer: 'a' },
        { id: 'y', event: { reason: 'Scheduled' }, answer: 'c' },
      ],
      reveal,
    };
    expect(grade(q, correctAnswer(q))).toEqual({ correct: true, explanation: 'Because.', items: { x: true, y: true } });
    expect(grade(q, { kind: 'label-events', labels: { x: 'b' } })).toEqual({
      correct: false,
      explanation: 'Killing: not b (B is a trap.). Scheduled: not labelled. Try again, or reveal the answer.',
      items: { x: false, y: false },
    });
    expect(answerOf(q)).toEqual({ x: 'a', y: 'c' });
  });
});
