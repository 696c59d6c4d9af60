/**
 * The open lesson's step, as the learner works through it: the narration, the question asked before the answer is
 * shown (time stays paused until it is answered), the task they do by hand with its live checks, hints, and the
 * step's buttons (Back, Show me, Next). A region named "Lesson"; every control is a button or an input with a name.
 * Completed steps are recorded in the browser (progress.ts).
 */
import { useEffect, useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { lessonMove } from '../connection/sim-connection.ts';
import { Markdown } from './markdown.tsx';
import { QuestionForm } from './question-form.tsx';
import { recordStep } from './progress.ts';
import { closeLesson, followHistory, moveStep } from './open-lesson.ts';
import type { PredictAnswer } from '../../worker/protocol.ts';
import { spotlightObjectRule } from '../present/spotlight.ts';

const PHASE_WORDS: Record<string, string> = {
  read: 'Read, then Next',
  predict: 'Predict: time is paused until you answer',
  revealing: 'Watch: the cluster plays out your answer',
  revealed: 'Revealed',
  task: 'Your turn: do the task below',
  complete: 'Step complete',
};

export function LessonPanel() {
  const view = useSim((s) => s.lesson);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(followHistory, []);
  useEffect(() => {
    if (view?.phase === 'complete') recordStep(view.lesson.id, view.step, view.stepCount);
  }, [view?.phase, view?.lesson.id, view?.step, view?.stepCount]);
  if (!view) return null;
  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      const r = (await f()) as { error?: string } | undefined;
      if (r?.error) setError(r.error);
    } finally {
      setBusy(false);
    }
  };
  const answer = (a: PredictAnswer) => run(() => lessonMove('answer', a));
  const q = view.question;
  // The step's spotlight on an object: its row in the objects list is ringed (the graph rings a spotlit controller).
  const ring = spotlightObjectRule(view.spotlight, false);
  return (
    <section className="lesson-panel" role="region" aria-label="Lesson">
      {ring && <style data-testid="lesson-spotlight">{ring}</style>}
      <header>
        <div className="lesson-heading">
          <h2>{view.lesson.title}</h2>
          <span className="lesson-step" data-testid="lesson-step">
            Step {view.step + 1} of {view.stepCount}
          </span>
        </div>
        <button className="mini" onClick={() => void closeLesson()} aria-label="Close lesson" title="Close the lesson (back to the playground)">
          ✕
        </button>
      </header>
      <div className="lesson-body">
        <h3>{view.title}</h3>
        <p className={`lesson-phase phase-${view.phase}`} aria-live="polite">
          {PHASE_WORDS[view.phase] ?? view.phase}
        </p>
        <div className="narration">
          <Markdown text={view.narration} />
        </div>
        {q && <QuestionForm key={`${view.lesson.id}/${view.step}`} question={q} pending={view.phase === 'predict'} onAnswer={answer} onReveal={() => void run(() => lessonMove('reveal'))} />}
        {view.task && (
          <div className="lesson-task" aria-label="Task">
            <h4>Your task</h4>
            <Markdown text={view.task.goal} />
            <ul className="checks" aria-label="Checks">
              {view.task.checks.map((c, i) => (
                <li key={i} className={c.passed ? 'ok' : 'pending'}>
                  <span aria-hidden="true">{c.passed ? '✓' : '○'}</span> {c.description}
                  {!c.passed && c.message && <span className="check-message"> — {c.message}</span>}
                </li>
              ))}
            </ul>
            {view.task.hints.map((h, i) => (
              <p key={i} className="hint">
                <strong>Hint:</strong> <Markdown text={h} inline />
              </p>
            ))}
          </div>
        )}
        {error && (
          <p className="feedback bad" role="alert">
            {error}
          </p>
        )}
      </div>
      <nav className="lesson-buttons" aria-label="Lesson steps">
        <button onClick={() => void run(() => moveStep('back'))} disabled={busy || !view.canBack}>
          Back
        </button>
        {view.canShowMe && (
          <button onClick={() => void run(() => lessonMove('showMe'))} disabled={busy} title="Perform the reference solution for you">
            Show me
          </button>
        )}
        <button className="primary" onClick={() => void run(() => moveStep('next'))} disabled={busy || !view.canNext}>
          Next
        </button>
      </nav>
    </section>
  );
}
