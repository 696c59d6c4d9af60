/** One event in words, for the cause-chain list. */
import type { TraceEvent } from '../../worker/protocol.ts';

const ref = (o: { kind: string; namespace?: string; name: string }) => `${o.kind.toLowerCase()} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;

export function describeEvent(e: TraceEvent): string {
  switch (e.kind) {
    case 'api.request':
      return `sent ${e.verb}${e.subresource ? ` /${e.subresource}` : ''} ${ref(e.object)}`;
    case 'api.response':
      return e.code >= 400 ? `answered ${e.code} ${e.reason ?? ''}: ${e.message ?? ''}` : `stored ${ref(e.object)}${e.rv ? ` at rv ${e.rv}` : ''}${e.changed?.length ? ` (changed ${e.changed.join(', ')})` : ''}`;
    case 'watch.deliver':
      return `delivered ${e.type} ${ref(e.object)} (rv ${e.rv})${e.fate ? `: ${e.fate}` : ''}`;
    case 'queue.add':
      return e.merged ? `added ${e.key} again (${e.reason}): merged into the queued one (${e.merged} merged)` : `queued ${e.key} (${e.reason})`;
    case 'queue.get':
      return `worker ${e.worker} took ${e.key}`;
    case 'queue.done':
      return `done with ${e.key}${e.requeued ? ' (queued again)' : ''}`;
    case 'queue.requeue':
      return `requeued ${e.key} in ${e.delay} ms (${e.reason})`;
    case 'queue.drop':
      return `gave up on ${e.key} after ${e.numRequeues} retries`;
    case 'reconcile.observe':
      return `observed: ${e.summary}`;
    case 'reconcile.diff':
      return `diff: ${e.summary}`;
    case 'reconcile.act':
      return `act: ${e.summary}`;
    case 'reconcile.status':
      return `status: ${e.summary}`;
    case 'reconcile.done':
      return `finished ${e.key}: ${e.result}${e.error ? ` (${e.error})` : ''}`;
    case 'k8s.event':
      return `recorded ${e.type} ${e.reason}: ${e.message}`;
    case 'user.action':
      return `you ran ${e.detail}`;
    case 'fault.inject':
      return `fault: ${e.detail}`;
    case 'fault.clear':
      return e.detail;
    case 'informer.list':
      return `listed ${e.count} ${e.resource} (${e.reason})`;
    case 'informer.resync':
      return `resynced ${e.count} objects`;
    case 'leader.elected':
      return `${e.holder} became leader of ${e.lease}`;
    case 'scenario.note':
      return e.detail;
    case 'node.step':
      return e.summary;
    case 'admission.webhook':
      return `webhook ${e.webhook} ${e.outcome} ${e.operation} ${ref(e.object)}${e.patch ? `: ${e.patch}` : ''}${e.message ? `: ${e.message}` : ''}`;
    default:
      // A kind added to the trace later still reads as something.
      return (e as { kind: string }).kind;
  }
}
