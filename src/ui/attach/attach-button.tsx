/**
 * Attach: follow a simulation `loopscope serve` runs (kubectl in a terminal, the loops on this page). While attached,
 * the status (in the speed control's place: the served run keeps its own pace) says live or looking back; pressed, it
 * says whose run this is and offers Detach. The dialog that takes the address is opened from the scenario picker's
 * last entry, or by a `?connect` link whose address needs confirming (boot.ts); its state is attach-state.ts. What the
 * dialog and the popover draw is attach-dialog.tsx, a chunk of its own. What is done in the page while attached (Apply, faults, the console) is done
 * on the served run.
 */
import { Suspense, useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { useAttachDialog } from './attach-state.ts';
import { lazyAfterFirstFrame } from '../state/after-first-frame.ts';
import { PanelBoundary } from '../layout/error-boundary.tsx';

const AttachDialog = lazyAfterFirstFrame(() => import('./attach-dialog.tsx'), (m) => m.AttachDialog);
const AttachedPopover = lazyAfterFirstFrame(() => import('./attach-dialog.tsx'), (m) => m.AttachedPopover);

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function AttachButton() {
  const attached = useSim((s) => s.attached);
  const open = useAttachDialog((s) => s.open);
  const [shown, setShown] = useState(false);
  const following = attached && !attached.ended;
  const popover = following ? shown && <AttachedPopover onDetach={() => setShown(false)} /> : open && <AttachDialog />;
  return (
    <div className="attach">
      {following ? (
        <button onClick={() => setShown((v) => !v)} className={attached.live ? 'attached live' : 'attached'} aria-label={`Attached to ${attached.url}, ${attached.live ? 'live' : 'looking back'}`} title={`This page follows the simulation loopscope serve serves at ${hostOf(attached.url)}`}>
          {attached.live ? '● live' : '○ behind'}
        </button>
      ) : null}
      {popover && (
        <PanelBoundary name="Attach">
          <Suspense fallback={null}>{popover}</Suspense>
        </PanelBoundary>
      )}
    </div>
  );
}
