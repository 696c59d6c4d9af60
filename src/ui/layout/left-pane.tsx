/**
 * The left column: the desired-state editor, and while a lesson is open, the lesson's step in front of it, with two
 * tabs to switch (a task that asks for an edit sends the learner to "Desired state"). The editor stays mounted behind
 * the lesson, so what was typed there is kept.
 */
import { Suspense, useEffect, useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { EditorPanel } from '../editor-panel/editor-panel.tsx';
import { PanelBoundary } from './error-boundary.tsx';
import { lazyAfterFirstFrame } from '../state/after-first-frame.ts';
import { LessonPlaceholder } from './placeholders.tsx';

const LessonPanel = lazyAfterFirstFrame(() => import('../lessons/lesson-panel.tsx'), (m) => m.LessonPanel);

export function LeftPane() {
  const lessonOpen = useSim((s) => s.lesson !== null);
  const [tab, setTab] = useState<'lesson' | 'editor'>('lesson');
  useEffect(() => {
    if (lessonOpen) setTab('lesson');
  }, [lessonOpen]);
  const showLesson = lessonOpen && tab === 'lesson';
  return (
    <div className="left-pane">
      {lessonOpen && (
        <div className="tab-bar" role="tablist" aria-label="Left pane">
          <button role="tab" aria-selected={tab === 'lesson'} className={tab === 'lesson' ? 'on' : ''} onClick={() => setTab('lesson')}>
            Lesson
          </button>
          <button role="tab" aria-selected={tab === 'editor'} className={tab === 'editor' ? 'on' : ''} onClick={() => setTab('editor')}>
            Desired state
          </button>
        </div>
      )}
      {showLesson && (
        <PanelBoundary name="Lesson">
          {/* Its box, with the lesson's title, while its code loads: the page is laid out for the lesson at once. */}
          <Suspense fallback={<LessonPlaceholder />}>
            <LessonPanel />
          </Suspense>
        </PanelBoundary>
      )}
      <div className="left-editor" hidden={showLesson}>
        <PanelBoundary name="Desired state">
          <EditorPanel />
        </PanelBoundary>
      </div>
    </div>
  );
}
