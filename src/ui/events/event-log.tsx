/**
 * The event log, like `kubectl get events -w`, with one more column: the loop that produced each event. Clicking a
 * row selects it: the graph highlights its cause chain and the inspector tells the story.
 *
 * Newest first, every event the page keeps (scroll back through them), but only the rows in view (and a margin)
 * are in the page: rows have one fixed height, so a busy cluster's hundreds of rows per second cost what a screenful
 * costs, not a re-layout and re-paint of the whole list every frame.
 */
import { memo, useState } from 'react';
import { useScrollView } from '../state/use-scroll-view.ts';
import { useSim, type K8sEvent, type Selection } from '../state/sim-store.ts';
import { formatClock } from '../format.ts';
import { correlationNote } from './correlation-note.ts';
import { concealing, isConcealed, type Concealed } from './concealment.ts';
import type { TraceEvent } from '../../worker/protocol.ts';

/** Height of every row, px (styles.css gives `.event-log .row` the same). */
export const ROW_PX = 22;
/** Rows kept in the page above and below the visible ones (scrolling stays smooth; a burst stays findable). */
const MARGIN_ABOVE = 5;
const MARGIN_BELOW = 20;

export function EventLog() {
  const events = useSim((s) => s.events);
  const k8sEvents = useSim((s) => s.k8sEvents);
  const selectedId = useSim((s) => (s.selection?.type === 'event' ? s.selection.id : null));
  const select = useSim((s) => s.select);
  const [allWanted, setAll] = useState(false);
  // Learner mode: while a lesson hides who produced some events, the whole trace (its actor column) stays closed too.
  const concealed = useSim((s) => s.lesson?.concealed);
  const hiding = concealing(concealed);
  const all = allWanted && !hiding;
  const list: readonly TraceEvent[] = all ? events : k8sEvents;
  const { ref: scroller, view, onScroll } = useScrollView(600);
  // The sticky header row is inside the scroller, above the rows.
  const firstVisible = Math.floor(Math.max(0, view.top - ROW_PX) / ROW_PX);
  const first = Math.max(0, firstVisible - MARGIN_ABOVE);
  const last = Math.min(list.length, firstVisible + Math.ceil(view.height / ROW_PX) + MARGIN_BELOW);
  // Row i from the top shows list[n - 1 - i]; it is placed by its distance from the bottom (its index in `list`), which
  // does not change as newer events come in on top: a row's props stay the same while it is in view, so it does not
  // re-render.
  const rows: Array<{ e: TraceEvent; index: number }> = [];
  for (let i = first; i < last; i++) rows.push({ e: list[list.length - 1 - i]!, index: list.length - 1 - i });
  return (
    <section className="event-log" aria-label="Event log">
      <header>
        <h2>Events</h2>
        <label className="toggle">
          <input type="checkbox" checked={all} disabled={hiding} onChange={(e) => setAll(e.target.checked)} data-testid="every-step" title={hiding ? 'hidden until you answer the lesson\'s question' : undefined} /> every step
        </label>
      </header>
      <div
        className="table"
        role="table"
        aria-rowcount={list.length + 1}
        ref={scroller}
        onScroll={onScroll}
      >
        <div className={`row head ${all ? 'all' : ''}`} role="row">
          <span>time</span>
          <span className={all ? undefined : 'type'}>{all ? 'actor' : 'type'}</span>
          <span>{all ? 'kind' : 'reason'}</span>
          <span>object</span>
          <span>message</span>
          {!all && <span>by</span>}
        </div>
        <div className="rows" style={{ height: list.length * ROW_PX }}>
          {rows.map(({ e, index }) => (
            <EventRow key={e.id} e={e} all={all} bottom={index * ROW_PX} selected={e.id === selectedId} select={select} concealed={concealed} />
          ))}
        </div>
        {list.length === 0 && <div className="empty">No events yet.</div>}
      </div>
    </section>
  );
}

interface RowProps {
  e: TraceEvent;
  all: boolean;
  /** Offset from the bottom of the list (the oldest row), px. */
  bottom: number;
  selected: boolean;
  select: (s: Selection) => void;
  /** What the open lesson hides now (learner mode). */
  concealed?: Concealed;
}

/** One row; memoised, so a frame renders only the rows that came into view. */
const EventRow = memo(function EventRow({ e, all, bottom, selected, select, concealed }: RowProps) {
  const k8s = !all && e.kind === 'k8s.event' ? (e as K8sEvent) : null;
  const hidden = k8s !== null && isConcealed(k8s, concealed);
  return (
    <div
      role="row"
      className={`row ${all ? 'all' : ''} ${selected ? 'selected' : ''} ${k8s?.type === 'Warning' ? 'warning' : ''} ${k8s?.correlation === 'spam-filtered' ? 'dropped' : ''}`}
      style={{ bottom }}
      onClick={() => select({ type: 'event', id: e.id })}
      data-testid="event-row"
    >
      <span>{formatClock(e.time)}</span>
      {k8s ? (
        <>
          <span className="type">{k8s.type}</span>
          <span className="reason" title={`${k8s.type}: ${k8s.reason}`}>{k8s.reason}</span>
          <span>{`${k8s.involvedObject.kind.toLowerCase()}/${k8s.involvedObject.name}`}</span>
          <span className="message" title={correlationNote(k8s) ?? k8s.message}>
            {k8s.correlation && <span className="correlation">{k8s.correlation === 'spam-filtered' ? 'not written' : 'combined'}</span>}
            {k8s.message}
          </span>
          {hidden ? (
            <span className="by concealed" data-testid="event-by" aria-label="hidden until you answer" title="hidden until you answer the lesson's question">
              ?
            </span>
          ) : (
            <span className="by" data-testid="event-by">{k8s.reportingController}</span>
          )}
        </>
      ) : (
        <>
          <span>{e.actor}</span>
          <span className="reason">{e.kind}</span>
          <span>{objectOf(e)}</span>
          <span className="message" title={summaryOf(e)}>{summaryOf(e)}</span>
        </>
      )}
    </div>
  );
});

function objectOf(e: TraceEvent): string {
  switch (e.kind) {
    case 'api.request':
    case 'api.response':
    case 'watch.deliver':
      return `${e.object.kind.toLowerCase()}/${e.object.name}`;
    case 'k8s.event':
      return `${e.involvedObject.kind.toLowerCase()}/${e.involvedObject.name}`;
    case 'queue.add':
    case 'queue.get':
    case 'queue.done':
    case 'queue.requeue':
    case 'queue.drop':
    case 'reconcile.observe':
    case 'reconcile.diff':
    case 'reconcile.act':
    case 'reconcile.status':
    case 'reconcile.done':
      return e.key;
    default:
      return '';
  }
}

function summaryOf(e: TraceEvent): string {
  switch (e.kind) {
    case 'api.request':
      return `${e.verb}${e.subresource ? ` /${e.subresource}` : ''}`;
    case 'api.response':
      return `${e.verb} → ${e.code}${e.reason ? ` ${e.reason}` : ''}${e.rv ? ` rv ${e.rv}` : ''}${e.changed?.length ? ` (${e.changed.join(', ')})` : ''}`;
    case 'watch.deliver':
      return `${e.type} rv ${e.rv}${e.fate ? ` — ${e.fate}` : ''}`;
    case 'queue.add':
      return `add (${e.reason})${e.delay ? ` after ${e.delay} ms` : ''}${e.merged ? ` — merged into the queued key (×${e.merged})` : ''}`;
    case 'queue.requeue':
      return `requeue in ${e.delay} ms (${e.reason}, #${e.numRequeues})`;
    case 'reconcile.observe':
    case 'reconcile.diff':
    case 'reconcile.act':
    case 'reconcile.status':
      return e.summary;
    case 'reconcile.done':
      return `${e.result}${e.requeueAfter ? ` (requeue after ${e.requeueAfter} ms)` : ''}${e.error ? `: ${e.error}` : ''}`;
    case 'k8s.event':
      return e.message;
    case 'user.action':
    case 'fault.inject':
    case 'fault.clear':
    case 'scenario.note':
      return e.detail;
    case 'informer.list':
      return `listed ${e.count} ${e.resource} (${e.reason})`;
    case 'leader.elected':
      return `${e.holder} leads ${e.lease}`;
    case 'node.step':
      return e.summary;
    case 'admission.webhook':
      return `webhook ${e.webhook} ${e.outcome}${e.patch ? `: ${e.patch}` : ''}${e.message ? `: ${e.message}` : ''}`;
    default:
      return '';
  }
}
