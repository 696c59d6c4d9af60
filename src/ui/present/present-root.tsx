/**
 * Where presenter mode is mounted (app.tsx): nothing while it is off; while on, present-mode.tsx, a chunk of its own
 * (preloaded after the first frame), which brings the stylesheet and sets the page's `presenting` class.
 */
import { Suspense } from 'react';
import { usePresenting } from './presenting.ts';
import { lazyAfterFirstFrame } from '../state/after-first-frame.ts';
import { PanelBoundary } from '../layout/error-boundary.tsx';

const PresentMode = lazyAfterFirstFrame(() => import('./present-mode.tsx'), (m) => m.PresentMode);

export function PresentRoot() {
  const on = usePresenting((s) => s.on);
  if (!on) return null;
  return (
    <PanelBoundary name="Presenter mode">
      <Suspense fallback={null}>
        <PresentMode />
      </Suspense>
    </PanelBoundary>
  );
}
