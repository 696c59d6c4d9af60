/**
 * The cause chain of a trace event, in words: the answer to "which loop produced this, and why?".
 *
 *   "pod default/web-7d4b8c6-x2k9p created (rv 57) by replicaset-controller while reconciling default/web-7d4b8c6,
 *    after its informer saw replicaset default/web-7d4b8c6 modified (rv 41), updated by deployment-controller while
 *    reconciling default/web, after its informer saw deployment default/web added (rv 38), because you ran
 *    `kubectl apply 1 document`"
 */
import type { TraceEvent } from './trace-event.ts';
import { describeRef } from './trace-event.ts';

export interface TraceLookup {
  get(id: number): TraceEvent | undefined;
  /** True when `id` was recorded but is older than the trace's window (trace.ts): the chain ends there, said so. */
  beforeWindow?(id: number): boolean;
}

const PAST: Record<string, string> = {
  create: 'created',
  update: 'updated',
  patch: 'patched',
  apply: 'applied',
  delete: 'deleted',
  get: 'read',
  list: 'listed',
  watch: 'watched',
  deletecollection: 'deleted',
};

/** One clause for an event of the chain, or null when the event adds nothing a reader needs. */
function clause(e: TraceEvent, next: TraceEvent | undefined, first: boolean): string | null {
  switch (e.kind) {
    case 'api.response': {
      if (e.code >= 400) return `${e.verb} of ${describeRef(e.object)} failed (${e.code} ${e.reason ?? ''})`.trim();
      const by = next?.kind === 'api.request' ? ` by ${next.actor}` : '';
      const sub = e.subresource ? `/${e.subresource}` : '';
      return `${describeRef(e.object)}${sub} ${PAST[e.verb] ?? e.verb}${e.rv ? ` (rv ${e.rv})` : ''}${by}`;
    }
    case 'api.request':
      return first ? `${e.actor} sent ${e.verb} ${describeRef(e.object)}` : null;
    case 'queue.get':
      return `while reconciling ${e.key}`;
    case 'reconcile.observe':
    case 'reconcile.diff':
    case 'reconcile.act':
    case 'reconcile.status':
      return first ? `${e.controller} ${e.kind.slice(10)}: ${e.summary}` : null;
    case 'reconcile.done':
      return first ? `${e.controller} finished reconciling ${e.key}: ${e.result}${e.error ? ` (${e.error})` : ''}` : null;
    case 'queue.add':
      return first ? `${e.key} queued in ${e.queue} (${e.reason})` : null;
    case 'queue.requeue':
      return `${e.key} requeued after ${e.delay} ms (${e.reason})`;
    case 'watch.deliver':
      return `after its informer saw ${describeRef(e.object)} ${e.type.toLowerCase()} (rv ${e.rv})`;
    case 'informer.list':
      return `after ${e.informer} listed ${e.resource} (${e.reason})`;
    case 'user.action':
      return `because you ran \`${e.detail}\``;
    case 'fault.inject':
      return `because of a fault: ${e.detail}`;
    case 'k8s.event':
      return `${e.reportingController} ${e.correlation === 'spam-filtered' ? 'reported (the spam filter did not write)' : 'recorded'} ${e.type} event ${e.reason}: ${e.message}`;
    case 'leader.elected':
      return `after ${e.holder} became the leader`;
    case 'node.step':
      return first ? `${e.actor}: ${e.summary}` : null;
    case 'admission.webhook':
      return first
        ? `admission webhook ${e.webhook} ${e.outcome} ${e.operation} of ${describeRef(e.object)}${e.subresource ? `/${e.subresource}` : ''}${e.patch ? ` (${e.patch})` : ''}${e.message ? `: ${e.message}` : ''}`
        : null;
    default:
      return first ? `${e.actor}: ${e.kind}` : null;
  }
}

/** The chain of `id` in words, from the event back to its root (at most `limit` clauses). */
export function explain(trace: TraceLookup, id: number, limit = 12): string {
  const chain: TraceEvent[] = [];
  for (let e = trace.get(id); e && chain.length < 200; e = e.causeId === null ? undefined : trace.get(e.causeId)) chain.push(e);
  const parts: string[] = [];
  chain.forEach((e, i) => {
    const c = clause(e, chain[i + 1], i === 0);
    if (c && parts[parts.length - 1] !== c) parts.push(c);
  });
  const cause = chain[chain.length - 1]?.causeId;
  if (cause != null && trace.beforeWindow?.(cause)) parts.push(`after event #${cause}, before the trace's window (older history is dropped)`);
  if (parts.length > limit) return [...parts.slice(0, limit - 2), '…', parts[parts.length - 1]].join(', ');
  return parts.join(', ');
}
