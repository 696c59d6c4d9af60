/**
 * The top bar's Share button. What it opens, the link and the downloads, is share-popover.tsx, a chunk of its own
 * preloaded after the first frame (and loaded on the first press if it is not in yet).
 */
import { Suspense, useState } from 'react';
import { lazyAfterFirstFrame } from '../state/after-first-frame.ts';
import { PanelBoundary } from '../layout/error-boundary.tsx';

const SharePopover = lazyAfterFirstFrame(() => import('./share-popover.tsx'), (m) => m.SharePopover);

export function ShareButton() {
  /** Presses since the popover was last closed (0: closed). */
  const [asked, setAsked] = useState(0);
  return (
    <div className="share">
      <button onClick={() => setAsked((n) => n + 1)} data-testid="share" title="Copy a link that reopens this run (or this lesson step)">
        Share
      </button>
      {asked > 0 && (
        <PanelBoundary name="Share">
          <Suspense fallback={null}>
            <SharePopover asked={asked} onClose={() => setAsked(0)} />
          </Suspense>
        </PanelBoundary>
      )}
    </div>
  );
}
