/**
 * The Attach dialog's state (open, its address, its last error) and {@link attachTo}: light, so that boot.ts can follow
 * a `?connect` link and the top bar can open the dialog while the dialog's drawing (attach-dialog.tsx) is a chunk of
 * its own.
 */
import { create } from 'zustand';
import { attach } from '../connection/sim-connection.ts';

/** The dialog's state: open, its address and its last error. Boot opens it for a link's address to confirm. */
export const useAttachDialog = create<{ open: boolean; address: string; error: string; busy: boolean }>(() => ({ open: false, address: 'http://127.0.0.1:16443', error: '', busy: false }));

/** Attaches to `address`; the dialog shows why when it cannot. */
export async function attachTo(address: string): Promise<boolean> {
  useAttachDialog.setState({ busy: true, error: '', address });
  const error = await attach(address);
  useAttachDialog.setState({ busy: false, error: error ?? '', open: error !== null });
  return error === null;
}
