/**
 * The lesson list: every bundled lesson in its order, with what the learner has completed (kept in the browser), in
 * a dialog opened from the top bar's Lessons button. Choosing one opens it at its first unfinished step.
 */
import { useEffect, useRef, useState } from 'react';
import { lessonCatalog } from './lesson-catalog.ts';
import { readProgress } from './progress.ts';
import { openLesson } from './open-lesson.ts';

export function LessonList({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [progress] = useState(readProgress);
  const lessons = lessonCatalog();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const open = (id: string, steps: number) => {
    const done = progress[id]?.steps ?? [];
    const first = Array.from({ length: steps }, (_, i) => i).find((i) => !done.includes(i)) ?? 0;
    onClose();
    void openLesson(id, first);
  };
  return (
    <dialog ref={dialog} className="lesson-list" aria-label="Lessons" onClose={onClose} onCancel={onClose}>
      <header>
        <h2>Lessons</h2>
        <button className="mini" onClick={onClose} aria-label="Close lessons">
          ✕
        </button>
      </header>
      <p className="hint">Each lesson asks you to predict before it shows, then has you do it by hand. Your progress stays in this browser.</p>
      <ol>
        {lessons.map((l) => {
          const p = progress[l.id];
          const count = p?.steps.length ?? 0;
          return (
            <li key={l.id}>
              <button onClick={() => open(l.id, l.steps)} aria-label={`${l.title}${p?.done ? ' (done)' : count ? ` (${count} of ${l.steps} steps done)` : ''}`}>
                <span className="lesson-title">{l.title}</span>
                <span className="lesson-progress">{p?.done ? '✓ done' : count ? `${count}/${l.steps}` : `${l.steps} steps`}</span>
                {l.summary && <span className="lesson-summary">{l.summary}</span>}
              </button>
            </li>
          );
        })}
      </ol>
      {lessons.length === 0 && <p className="hint">No lessons are bundled with this build.</p>}
    </dialog>
  );
}
