/**
 * Where presenter mode is mounted (app.tsx): nothing while it is off; while on, the page's `presenting` class, under
 * which present.css (in the entry's stylesheet, so `?present` is laid out for the stage from the first frame: no
 * jump when the rest arrives) lays the page out, and present-mode.tsx, a chunk of its own (preloaded after the first
 * frame): the laser, the blank screen, the caption bar.
 */
import { Suspense, useLayoutEffect } from 'react';
import { usePresenting } from './presenting.ts';
import { lazyAfterFirstFrame } from '../state/after-first-frame.ts';
import { PanelBoundary } from '../layout/error-boundary.tsx';
import './present.css';

const PresentMode = lazyAfterFirstFrame(() => import('./present-mode.tsx'), (m) => m.PresentMode);

export function PresentRoot() {
  const on = usePresenting((s) => s.on);
  useLayoutEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    root.classList.add('presenting');
    return () => root.classList.remove('presenting');
  }, [on]);
  if (!on) return null;
  return (
    <PanelBoundary name="Presenter mode">
      <Suspense fallback={null}>
        <PresentMode />
      </Suspense>
    </PanelBoundary>
  );
}
