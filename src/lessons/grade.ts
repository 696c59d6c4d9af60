/**
 * Grading a learner's answer to a step's question. A wrong answer is explained, not just marked: the picked choice's
 * `explain`, or what was off (a number too high or too low, the rows labelled wrong).
 */
import type { Predict } from './lesson.ts';
import type { AnswerResult, PredictAnswer } from './lesson-view.ts';

const TRY_AGAIN = 'Try again, or reveal the answer.';

export function grade(q: Predict, a: PredictAnswer): AnswerResult {
  if (!a || typeof a !== 'object' || a.kind !== q.kind) {
    return { correct: false, explanation: `This question wants a ${q.kind} answer.` };
  }
  const explainOf = (id: string): string | undefined => ('choices' in q ? q.choices.find((c) => c.id === id)?.explain : undefined);
  const ok = (): AnswerResult => ({ correct: true, explanation: q.reveal.explanation });
  const wrong = (why: string | undefined, fallback: string): AnswerResult => ({ correct: false, explanation: `${why ?? fallback} ${TRY_AGAIN}` });
  switch (q.kind) {
    case 'single': {
      const pick = (a as { choice: string }).choice;
      if (!q.choices.some((c) => c.id === pick)) return { correct: false, explanation: `"${String(pick)}" is not one of the choices.` };
      return pick === q.answer ? ok() : wrong(explainOf(pick), 'Not this one.');
    }
    case 'controller': {
      const pick = (a as { controller: string }).controller;
      return pick === q.answer ? ok() : wrong(explainOf(pick), `Not ${String(pick)}: it does not do this.`);
    }
    case 'multiple': {
      const picks = new Set(Array.isArray((a as { choices: string[] }).choices) ? (a as { choices: string[] }).choices : []);
      const want = new Set(q.answer);
      const extra = [...picks].filter((p) => !want.has(p));
      const missing = [...want].filter((p) => !picks.has(p));
      if (extra.length === 0 && missing.length === 0) return ok();
      const why = extra.map((p) => explainOf(p)).filter(Boolean).join(' ');
      const count = missing.length > 0 ? `${missing.length} right choice${missing.length === 1 ? ' is' : 's are'} missing.` : '';
      return wrong(`${why}${why && count ? ' ' : ''}${count}` || undefined, 'Not quite: one of these should not be picked.');
    }
    case 'number': {
      const v = (a as { value: number }).value;
      if (typeof v !== 'number' || !Number.isFinite(v)) return { correct: false, explanation: 'Give a number.' };
      if (Math.abs(v - q.answer) <= q.tolerance) return ok();
      return wrong(undefined, v > q.answer ? `${v} is too high.` : `${v} is too low.`);
    }
    case 'label-events': {
      const labels = (a as { labels: Record<string, string> }).labels ?? {};
      const items: Record<string, boolean> = {};
      const notes: string[] = [];
      for (const item of q.items) {
        const pick = typeof labels === 'object' ? labels[item.id] : undefined;
        items[item.id] = pick === item.answer;
        if (pick !== item.answer) {
          const why = pick ? explainOf(pick) : undefined;
          notes.push(`${item.event.reason}: ${pick ? `not ${pick}${why ? ` (${why})` : ''}` : 'not labelled'}.`);
        }
      }
      if (notes.length === 0) return { ...ok(), items };
      return { correct: false, explanation: `${notes.join(' ')} ${TRY_AGAIN}`, items };
    }
  }
}

/** The answer, for the view once revealed. */
export function answerOf(q: Predict): unknown {
  if (q.kind === 'label-events') return Object.fromEntries(q.items.map((i) => [i.id, i.answer]));
  return q.answer;
}

/** The correct answer as a learner would give it (what `lesson check` and `open(lesson, step)` answer). */
export function correctAnswer(q: Predict): PredictAnswer {
  switch (q.kind) {
    case 'single':
      return { kind: 'single', choice: q.answer };
    case 'controller':
      return { kind: 'controller', controller: q.answer };
    case 'multiple':
      return { kind: 'multiple', choices: [...q.answer] };
    case 'number':
      return { kind: 'number', value: q.answer };
    case 'label-events':
      return { kind: 'label-events', labels: Object.fromEntries(q.items.map((i) => [i.id, i.answer])) };
  }
}
