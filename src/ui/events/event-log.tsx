/**
 * The event log, like `kubectl get events -w`, with one more column: the loop that produced each event. Clicking a
 * row selects it: the graph highlights its cause chain and the inspector tells the story.
 */
import { useMemo, useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { formatClock } from '../format.ts';
import type { TraceEvent } from '../../worker/protocol.ts';

type Row = Extract<TraceEvent, { kind: 'k8s.event' }>;

export function EventLog() {
  const events = useSim((s) => s.events);
  const selection = useSim((s) => s.selection);
  const select = useSim((s) => s.select);
  const [all, setAll] = useState(false);
  const rows = useMemo(() => {
    const list = all ? events : events.filter((e): e is Row => e.kind === 'k8s.event');
    return list.slice(-300).reverse();
  }, [events, all]);
  return (
    <section className="event-log" aria-label="Event log">
      <header>
        <h2>Events</h2>
        <label className="toggle">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} data-testid="every-step" /> every step
        </label>
      </header>
      <div className="table" role="table">
        <div className="row head" role="row">
          <span>time</span>
          <span>{all ? 'actor' : 'type'}</span>
          <span>{all ? 'kind' : 'reason'}</span>
          <span>object</span>
          <span>message</span>
          {!all && <span>by</span>}
        </div>
        {rows.map((e) => (
          <div
            key={e.id}
            role="row"
            className={`row ${selection?.type === 'event' && selection.id === e.id ? 'selected' : ''} ${e.kind === 'k8s.event' && e.type === 'Warning' ? 'warning' : ''}`}
            onClick={() => select({ type: 'event', id: e.id })}
            data-testid="event-row"
          >
            <span>{formatClock(e.time)}</span>
            {e.kind === 'k8s.event' && !all ? (
              <>
                <span>{e.type}</span>
                <span className="reason">{e.reason}</span>
                <span>{`${e.involvedObject.kind.toLowerCase()}/${e.involvedObject.name}`}</span>
                <span className="message" title={e.message}>{e.message}</span>
                <span className="by" data-testid="event-by">{e.reportingController}</span>
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
        ))}
        {rows.length === 0 && <div className="empty">No events yet.</div>}
      </div>
    </section>
  );
}

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
      return `add (${e.reason})${e.delay ? ` after ${e.delay} ms` : ''}`;
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
