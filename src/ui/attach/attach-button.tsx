/**
 * Attach: follow a simulation `loopscope serve` runs (kubectl in a terminal, the loops on this page). The dialog,
 * opened from the scenario picker's last entry (or by a `?connect` link whose address needs confirming), takes the
 * address; attached, the status (in the speed control's place: the served run keeps its own pace) says whose run
 * this is, live or looking back, and offers Detach. What is done in the page while attached (Apply,
 * faults, the console) is done on the served run.
 */
import { useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import { attach, detach } from '../connection/sim-connection.ts';
import { useSim } from '../state/sim-store.ts';

/** The dialog's state: open, its address and its last error. Boot opens it for a link's address to confirm. */
export const useAttachDialog = create<{ open: boolean; address: string; error: string; busy: boolean }>(() => ({ open: false, address: 'http://127.0.0.1:16443', error: '', busy: false }));

/** Attaches to `address`; the dialog shows why when it cannot. */
export async function attachTo(address: string): Promise<boolean> {
  useAttachDialog.setState({ busy: true, error: '', address });
  const error = await attach(address);
  useAttachDialog.setState({ busy: false, error: error ?? '', open: error !== null });
  return error === null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function AttachButton() {
  const attached = useSim((s) => s.attached);
  const { open, address, error, busy } = useAttachDialog();
  const field = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(false);
  const following = attached && !attached.ended;
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  return (
    <div className="attach">
      {following ? (
        <button onClick={() => setShown((v) => !v)} className={attached.live ? 'attached live' : 'attached'} aria-label={`Attached to ${attached.url}, ${attached.live ? 'live' : 'looking back'}`} title={`This page follows the simulation loopscope serve serves at ${hostOf(attached.url)}`}>
          {attached.live ? '● live' : '○ behind'}
        </button>
      ) : null}
      {following && shown && (
        <div className="share-popover" role="dialog" aria-label="Attached simulation">
          <p>
            Following the simulation served at <code>{attached.url}</code>. kubectl against it, and what you do here, change it; stepping back looks at its past, Play returns to its present.
          </p>
          <button
            onClick={() => {
              detach();
              setShown(false);
            }}
          >
            Detach
          </button>
        </div>
      )}
      {!following && open && (
        <form
          className="share-popover"
          role="dialog"
          aria-label="Attach to loopscope serve"
          onSubmit={(e) => {
            e.preventDefault();
            void attachTo(field.current?.value ?? address);
          }}
        >
          <label>
            Address of <code>npx loopscope serve</code>
            <input ref={field} defaultValue={address} key={address} aria-label="Address of loopscope serve" spellCheck={false} />
          </label>
          {attached?.ended && <p role="status">The last attachment ended: {attached.ended}</p>}
          {error && <p role="alert">{error}</p>}
          <div>
            <button type="submit" disabled={busy}>
              {busy ? 'Attaching…' : 'Attach'}
            </button>
            <button type="button" className="mini" onClick={() => useAttachDialog.setState({ open: false })} aria-label="Close attach dialog">
              ✕
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
