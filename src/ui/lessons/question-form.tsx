/**
 * A step's question, asked before the simulation shows the answer: a radio group (single choice, or "which loop will
 * do this?", which a click on a controller in the graph also answers), checkboxes (several choices), a number, or a
 * table of events to label with the loop that produced each (the mini drill). Check sends the answer; a wrong one
 * comes back explained, and the learner may try again or Reveal.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PredictAnswer } from '../../worker/protocol.ts';
import type { LessonView } from '../../worker/protocol.ts';
import { useSim } from '../state/sim-store.ts';
import { Markdown } from './markdown.tsx';

type QuestionView = NonNullable<LessonView['question']>;

/** The choice ids of a revealed answer (a single id, or several), to mark them. */
function revealedAnswerIds(answer: unknown): string[] {
  if (typeof answer === 'string') return [answer];
  if (Array.isArray(answer)) return answer.filter((a): a is string => typeof a === 'string');
  return [];
}

/** An event pattern in words: its message is a regex in the lesson file, shown as the text it looks for. */
function eventLabel(e: { reason: string; object?: string; message?: string }): string {
  const message = e.message?.replace(/^\^/, '').replace(/\$$/, '').replace(/\\(.)/g, '$1');
  return [e.reason, e.object, message && `“${message}…”`].filter(Boolean).join(' · ');
}

export function QuestionForm({ question, pending, onAnswer, onReveal }: { question: QuestionView; pending: boolean; onAnswer: (a: PredictAnswer) => void; onReveal: () => void }) {
  const [single, setSingle] = useState('');
  const [multiple, setMultiple] = useState<string[]>([]);
  const [number, setNumber] = useState('');
  const [labels, setLabels] = useState<Record<string, string>>({});
  const selection = useSim((s) => s.selection);
  const select = useSim((s) => s.select);
  // "Which loop will do this?": clicking a controller on the graph picks it.
  useEffect(() => {
    if (question.kind !== 'controller' || !pending || selection?.type !== 'controller') return;
    const choice = question.choices.find((c) => c.id === selection.name || selection.name.startsWith(`${c.id}/`));
    if (choice) setSingle(choice.id);
  }, [selection, question, pending]);

  const answer = (): PredictAnswer | null => {
    switch (question.kind) {
      case 'single':
        return single ? { kind: 'single', choice: single } : null;
      case 'controller':
        return single ? { kind: 'controller', controller: single } : null;
      case 'multiple':
        return { kind: 'multiple', choices: multiple };
      case 'number': {
        const v = Number(number);
        return number.trim() !== '' && Number.isFinite(v) ? { kind: 'number', value: v } : null;
      }
      case 'label-events':
        return (question.items ?? []).every((i) => labels[i.id]) ? { kind: 'label-events', labels } : null;
    }
  };
  const ready = answer() !== null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = answer();
    if (a && pending) onAnswer(a);
  };
  const last = question.attempts[question.attempts.length - 1];
  // The feedback of each new attempt (and the reveal) is brought into view: it may be below the fold of the panel.
  const feedback = useRef<HTMLDivElement>(null);
  useEffect(() => {
    feedback.current?.scrollIntoView({ block: 'nearest' });
  }, [question.attempts.length, question.explanation]);
  const correctIds = new Set<string>(revealedAnswerIds(question.answer));
  const groupName = `q-${question.prompt.length}-${question.kind}`;
  return (
    <form className="lesson-question" onSubmit={submit} aria-label="Question">
      <fieldset disabled={!pending}>
        <legend>
          <Markdown text={question.prompt} inline />
        </legend>
        {(question.kind === 'single' || question.kind === 'controller') && (
          <div role="radiogroup" aria-label={question.kind === 'controller' ? 'Which loop? (or click it on the graph)' : 'Choices'}>
            {question.choices.map((c) => (
              <label key={c.id} className="choice">
                <input type="radio" name={groupName} value={c.id} checked={single === c.id} onChange={() => setSingle(c.id)} />
                <span>{c.text}</span>
                {correctIds.has(c.id) && <span className="ok" aria-label="the answer"> ✓</span>}
              </label>
            ))}
          </div>
        )}
        {question.kind === 'multiple' && (
          <div role="group" aria-label="Choices (pick every one that is true)">
            {question.choices.map((c) => (
              <label key={c.id} className="choice">
                <input type="checkbox" checked={multiple.includes(c.id)} onChange={(e) => setMultiple((m) => (e.target.checked ? [...m, c.id] : m.filter((x) => x !== c.id)))} />
                <span>{c.text}</span>
                {correctIds.has(c.id) && <span className="ok" aria-label="one of the answers"> ✓</span>}
              </label>
            ))}
          </div>
        )}
        {question.kind === 'number' && (
          <label className="number-answer">
            <span>Your answer{question.unit ? ` (${question.unit})` : ''}</span>
            <input type="number" inputMode="decimal" value={number} onChange={(e) => setNumber(e.target.value)} aria-label="Your answer" />
          </label>
        )}
        {question.kind === 'label-events' && (
          <table className="label-events">
            <tbody>
              {(question.items ?? []).map((item) => (
                <tr key={item.id}>
                  <th scope="row">{eventLabel(item.event)}</th>
                  <td>
                    <select aria-label={`Loop that produced ${eventLabel(item.event)}`} value={labels[item.id] ?? ''} onChange={(e) => setLabels((l) => ({ ...l, [item.id]: e.target.value }))}>
                      <option value="">which loop?</option>
                      {question.choices.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.text}
                        </option>
                      ))}
                    </select>
                    {last?.result.items && <span className={last.result.items[item.id] ? 'ok' : 'bad'}>{last.result.items[item.id] ? ' ✓' : ' ✗'}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </fieldset>
      {pending && (
        <div className="lesson-buttons">
          <button type="submit" className="primary" disabled={!ready}>
            Check
          </button>
          <button type="button" onClick={onReveal}>
            Reveal
          </button>
        </div>
      )}
      {last && !last.result.correct && pending && (
        <div className="feedback bad" role="status" ref={feedback}>
          <strong>Not quite.</strong> <Markdown text={last.result.explanation} inline />
        </div>
      )}
      {!pending && question.explanation && (
        <div className={`feedback ${last?.result.correct ? 'ok' : 'info'}`} role="status" ref={feedback}>
          <strong>{last?.result.correct ? 'Right.' : 'The answer.'}</strong> <Markdown text={question.explanation} inline />
          {question.evidence && question.evidence.length > 0 && (
            <div className="evidence" role="group" aria-label="Evidence in the trace">
              <span>The proof in the trace:</span>
              {question.evidence.map((id, i) => (
                <button key={id} type="button" className="mini" onClick={() => select({ type: 'event', id })} title={`Select trace event #${id}: the inspector tells its story and the graph lights its cause chain`}>
                  {`#${id}`}
                  <span className="visually-hidden">{` (evidence ${i + 1})`}</span>
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      {question.revealFailed && <p className="feedback bad">{question.revealFailed}</p>}
    </form>
  );
}
