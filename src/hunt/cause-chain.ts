/**
 * The cause chain of a trace event in words, as the inspector tells it: walk `causeId` from the bad write back to
 * the user action or fault at its root (the write, the request, the reconcile, the queue, the watch event that woke
 * the controller, the write it saw, …).
 */
import type { TraceReader } from '../sim/scenario/scenario-host.ts';
import type { ObjectRef, TraceEvent } from '../sim/trace/trace-event.ts';

export interface CauseStep {
  id: number;
  /** Virtual ms. */
  time: number;
  actor: string;
  kind: TraceEvent['kind'];
  /** One line: "create CronJob default/nightly-backup → 201". */
  text: string;
}

/** The chain from `id` to its root, `id` first; at most `limit` steps. */
export function causeChainOf(trace: TraceReader, id: number, limit = 200): CauseStep[] {
  const out: CauseStep[] = [];
  for (let e = trace.get(id); e && out.length < limit; e = e.causeId === null ? undefined : trace.get(e.causeId)) {
    out.push({ id: e.id, time: e.time, actor: e.actor, kind: e.kind, text: describeEvent(e) });
  }
  return out;
}

function ref(o: ObjectRef): string {
  return `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;
}

export function describeEvent(e: TraceEvent): string {
  switch (e.kind) {
    case 'api.request':
      return `${e.verb} ${ref(e.object)}${e.subresource ? `/${e.subresource}` : ''}`;
    case 'api.response':
      return `${e.verb} ${ref(e.object)}${e.subresource ? `/${e.subresource}` : ''} → ${e.code}${e.reason ? ` ${e.reason}` : ''}${e.rv ? ` (rv ${e.rv})` : ''}${e.changed?.length ? `, changed ${e.changed.join(', ')}` : ''}`;
    case 'watch.deliver':
      return `got ${e.type} ${ref(e.object)} (rv ${e.rv})${e.fate ? `, ${e.fate}` : ''}`;
    case 'informer.list':
      return `listed ${e.count} ${e.resource} (${e.reason})`;
    case 'queue.add':
      return `queue ${e.queue} + ${e.key} (${e.reason})`;
    case 'queue.get':
      return `worker ${e.worker} takes ${e.key}`;
    case 'queue.requeue':
      return `requeue ${e.key} (${e.reason}, ${e.delay} ms)`;
    case 'reconcile.observe':
    case 'reconcile.diff':
    case 'reconcile.act':
    case 'reconcile.status':
      return `${e.kind.slice('reconcile.'.length)} ${e.key}: ${e.summary}`;
    case 'reconcile.done':
      return `done ${e.key}: ${e.result}${e.error ? ` (${e.error})` : ''}`;
    case 'k8s.event':
      return `Event ${e.reason}: ${e.message}`;
    case 'fault.inject':
    case 'fault.clear':
      return e.detail;
    case 'user.action':
      return e.detail;
    default:
      return e.kind;
  }
}
