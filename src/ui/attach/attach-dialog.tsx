/**
 * What the Attach button (attach-button.tsx) opens, a chunk of its own loaded when it is first opened or after the
 * first frame: the dialog that takes the address of `loopscope serve` (opened from the scenario picker's last entry, or
 * by a `?connect` link whose address needs confirming), and, while attached, the status's popover that says whose run
 * this is and offers Detach.
 */
import { useEffect, useRef } from 'react';
import { detach } from '../connection/sim-connection.ts';
import { useSim } from '../state/sim-store.ts';
import { attachTo, useAttachDialog } from './attach-state.ts';

/** While attached: the served run's address, and Detach. */
export function AttachedPopover({ onDetach }: { onDetach: () => void }) {
  const url = useSim((s) => s.attached?.url);
  return (
    <div className="share-popover" role="dialog" aria-label="Attached simulation">
      <p>
        Following the simulation served at <code>{url}</code>. kubectl against it, and what you do here, change it; stepping back looks at its past, Play returns to its present.
      </p>
      <button
        onClick={() => {
          detach();
          onDetach();
        }}
      >
        Detach
      </button>
    </div>
  );
}

/** The address to attach to, with the last attachment's end and the last error. */
export function AttachDialog() {
  const ended = useSim((s) => s.attached?.ended);
  const { address, error, busy } = useAttachDialog();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
  }, []);
  return (
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
      {ended && <p role="status">The last attachment ended: {ended}</p>}
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
  );
}
