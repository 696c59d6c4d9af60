/**
 * The controller panel's work queue as rows (pure, so it is tested without a DOM): the keys processing, the keys
 * queued, each with the adds merged into it since it was queued (client-go's `queue.go` drops an `Add` of a key that
 * is already dirty: "×3 merged"), the keys in rate-limited backoff with their countdown in virtual seconds, and the
 * `requeueAfter` timers. A countdown is the time left from `now`, so it counts down as the frames move the clock.
 */
import type { ControllerDetail } from '../../worker/protocol.ts';
import { formatClock } from '../format.ts';

export interface QueueRow {
  /** Unique among the rows (a key can be processing and queued again at once). */
  id: string;
  className: 'processing' | 'queued' | 'backoff' | 'after';
  text: string;
  /** Adds merged into this key's pending add: the badge's text ("×3 merged") and its accessible name ("3 adds merged"). */
  merged?: { count: number; text: string; label: string };
}

type QueueDetail = Pick<ControllerDetail, 'processing' | 'queued' | 'mergedAdds' | 'backoff' | 'requeueAfter'>;

export function queueRows(focus: QueueDetail, now: number): QueueRow[] {
  const merged = (key: string): Pick<QueueRow, 'merged'> => {
    const count = focus.mergedAdds[key] ?? 0;
    return count > 0 ? { merged: { count, text: `×${count} merged`, label: `${count} add${count === 1 ? '' : 's'} merged` } } : {};
  };
  const left = (readyAt: number): string => formatClock(Math.max(0, readyAt - now));
  const rows: QueueRow[] = [];
  for (const p of focus.processing) {
    const waiting = p.pendingRequests ? `, waiting on ${p.pendingRequests} request${p.pendingRequests === 1 ? '' : 's'}` : '';
    // A key added while processing is queued again when its worker is done; merged adds count towards that.
    rows.push({ id: `p${p.worker}`, className: 'processing', text: `worker ${p.worker}: ${p.key} (since ${formatClock(p.since)}${waiting})`, ...merged(p.key) });
  }
  for (const k of focus.queued) rows.push({ id: `q${k}`, className: 'queued', text: `queued: ${k}`, ...merged(k) });
  for (const w of focus.backoff) rows.push({ id: `b${w.key}`, className: 'backoff', text: `backoff: ${w.key} — retry in ${left(w.readyAt)}` });
  for (const w of focus.requeueAfter) rows.push({ id: `r${w.key}`, className: 'after', text: `requeueAfter: ${w.key} — in ${left(w.readyAt)}` });
  return rows;
}
