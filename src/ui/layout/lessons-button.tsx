/**
 * The top bar's Lessons button: opens the lesson list (its own chunk, with the lesson files and the YAML reader,
 * loaded on the first click or preloaded after the first frame).
 */
import { Suspense, useState } from 'react';
import { lazyAfterFirstFrame } from '../state/after-first-frame.ts';
import { PanelBoundary } from './error-boundary.tsx';

const LessonList = lazyAfterFirstFrame(() => import('../lessons/lesson-list.tsx'), (m) => m.LessonList);

export function LessonsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button className="lessons-button" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="lessons-button">
        Lessons
      </button>
      {open && (
        <PanelBoundary name="Lessons">
          <Suspense fallback={null}>
            <LessonList onClose={() => setOpen(false)} />
          </Suspense>
        </PanelBoundary>
      )}
    </>
  );
}
