/**
 * Prints the trace as a timeline a person can read, in the spirit of `kubectl get events -w`: one line per step,
 * with the time, the actor, what happened and what caused it. Unless `verbose`, API requests are left out (their
 * response line says it all) and runs of watch deliveries, work-queue steps, successful reads and lease renewals
 * become one summary line.
 */
import type { TraceEvent, ObjectRef } from '../sim/trace/trace-event.ts';
import type { TraceReader } from '../sim/scenario/scenario-host.ts';
import type { Paint } from './paint.ts';

/** Shown only with `verbose`: the response line that follows says the same. */
const HIDDEN = new Set<TraceEvent['kind']>(['api.request']);
const NOISY = new Set<TraceEvent['kind']>(['watch.deliver', 'informer.resync', 'queue.add', 'queue.get', 'queue.done', 'queue.requeue']);
const ACTOR_WIDTH = 26;

/** "pod default/web-1"; a list or collection (no name): "pods -n default". */
function ref(r: ObjectRef): string {
  const kind = r.kind.toLowerCase();
  if (!r.name) return `${kind}s${r.namespace ? ` -n ${r.namespace}` : ''}`;
  return `${kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}`;
}

/** "12.004s", right-aligned so the column lines up. */
export function formatTime(ms: number): string {
  return `${(ms / 1000).toFixed(3)}s`.padStart(10);
}

/** What the event did, in words. */
export function describeEvent(e: TraceEvent): string {
  switch (e.kind) {
    case 'api.request':
      return `${e.verb} ${ref(e.object)}${e.subresource ? `/${e.subresource}` : ''} →`;
    case 'api.response': {
      const what = `${e.verb} ${ref(e.object)}${e.subresource ? `/${e.subresource}` : ''}`;
      const outcome = e.code < 300 ? `${e.code}${e.rv ? `, rv ${e.rv}` : ''}` : `${e.code} ${e.reason ?? ''}`.trim();
      const changed = e.changed?.length ? ` ${e.changed.join(', ')}` : '';
      return `${what} (${outcome})${changed}${e.code >= 300 && e.message ? `: ${e.message}` : ''}`;
    }
    case 'watch.deliver':
      return `watch ${e.type} ${ref(e.object)} → ${e.informer}${e.fate ? ` (${e.fate})` : ''}`;
    case 'informer.list':
      return `list ${e.resource}: ${e.count} (rv ${e.rv}, ${e.reason})`;
    case 'informer.resync':
      return `resync ${e.informer}: ${e.count}`;
    case 'queue.add':
      return `queue add ${e.key} (${e.reason}${e.delay ? `, in ${e.delay}ms` : ''}${e.merged ? `, merged ×${e.merged}` : ''})`;
    case 'queue.get':
      return `queue get ${e.key} (worker ${e.worker})`;
    case 'queue.done':
      return `queue done ${e.key}${e.requeued ? ' (queued again)' : ''}`;
    case 'queue.requeue':
      return `requeue ${e.key} in ${e.delay}ms (${e.reason}, #${e.numRequeues})`;
    case 'queue.drop':
      return `drop ${e.key} after ${e.numRequeues} requeues`;
    case 'reconcile.observe':
      return `observe ${e.key}: ${e.summary}`;
    case 'reconcile.diff':
      return `diff ${e.key}: ${e.summary}${e.inSync ? ' (in sync)' : ''}`;
    case 'reconcile.act':
      return `act ${e.key}: ${e.summary}`;
    case 'reconcile.status':
      return `status ${e.key}: ${e.summary}`;
    case 'reconcile.done':
      return `done ${e.key}: ${e.result}${e.requeueAfter !== undefined ? ` ${e.requeueAfter}ms` : ''}${e.error ? `: ${e.error}` : ''}`;
    case 'k8s.event':
      return `event ${e.type} ${e.reason} ${ref(e.involvedObject)}: ${e.message}`;
    case 'leader.elected':
      return `leader ${e.lease}: ${e.holder}${e.previous ? ` (was ${e.previous})` : ''}`;
    case 'fault.inject':
    case 'fault.clear':
      return `${e.kind === 'fault.inject' ? 'fault' : 'fault cleared'} ${e.fault}${e.target ? ` ${e.target}` : ''}${e.detail ? `: ${e.detail}` : ''}`;
    case 'user.action':
      // The detail is usually the whole command ("kubectl scale deployment/web --replicas=5").
      return e.detail || e.action;
    case 'scenario.note':
      return e.detail;
    case 'node.step':
      return `${e.pod ? `${ref(e.pod)}: ` : ''}${e.summary}`;
    case 'admission.webhook':
      return `webhook ${e.webhook} ${e.operation} ${ref(e.object)}${e.subresource ? `/${e.subresource}` : ''}: ${e.outcome}${e.patch ? ` (${e.patch})` : ''}${e.message ? `: ${e.message}` : ''}`;
  }
}

/** The cause, short: "reconcile default/web-7d4b8c6", "user scale". Skips the request behind a response. */
export function describeCause(e: TraceEvent, trace: TraceReader): string | undefined {
  let c = e.causeId === null ? undefined : trace.get(e.causeId);
  if (c?.kind === 'api.request' && e.kind === 'api.response') c = c.causeId === null ? undefined : trace.get(c.causeId);
  if (!c) return undefined;
  switch (c.kind) {
    case 'reconcile.observe':
    case 'reconcile.diff':
    case 'reconcile.act':
    case 'reconcile.status':
    case 'reconcile.done':
      return `reconcile ${c.key}`;
    case 'queue.get':
    case 'queue.add':
      return `queue ${c.key}`;
    case 'watch.deliver':
      return `watch ${c.type} ${ref(c.object)}`;
    case 'user.action':
      return `user ${c.action}`;
    case 'api.request':
    case 'api.response':
      return `${c.verb} ${ref(c.object)}`;
    case 'fault.inject':
    case 'fault.clear':
      return `fault ${c.fault}`;
    case 'k8s.event':
      return `event ${c.reason}`;
    default:
      return `#${c.id} ${c.kind}`;
  }
}

/** The actor shown: for a response, who sent the request. */
function actorOf(e: TraceEvent, trace: TraceReader): string {
  if (e.kind === 'api.response' && e.causeId !== null) {
    const req = trace.get(e.causeId);
    if (req?.kind === 'api.request') return req.actor;
  }
  return e.actor;
}

/** Successful reads and leader-election lease renewals: the background hum, grouped unless `verbose`. */
function isHum(e: TraceEvent): string | undefined {
  if (e.kind !== 'api.response' || e.code >= 300) return undefined;
  if (e.verb === 'get' || e.verb === 'list' || e.verb === 'watch') return 'reads';
  if (e.object.kind === 'Lease' && e.verb === 'update') return 'lease renewals';
  return undefined;
}

function lineOf(e: TraceEvent, trace: TraceReader, paint: Paint): string {
  const cause = describeCause(e, trace);
  let what = describeEvent(e);
  if ((e.kind === 'api.response' && e.code >= 300) || (e.kind === 'k8s.event' && e.type === 'Warning')) what = paint.red(what);
  else if (e.kind === 'user.action' || e.kind === 'fault.inject') what = paint.bold(what);
  const actor = actorOf(e, trace);
  return `${paint.dim(formatTime(e.time))}  ${paint.cyan(actor.padEnd(ACTOR_WIDTH))} ${what}${cause ? paint.dim(`   ← ${cause}`) : ''}`;
}

function groupLine(group: TraceEvent[], paint: Paint): string {
  const counts = new Map<string, number>();
  for (const e of group) {
    const label = isHum(e) ?? (e.kind === 'watch.deliver' ? 'watch deliveries' : e.kind === 'informer.resync' ? 'resyncs' : 'queue steps');
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const parts = [...counts].map(([label, n]) => `${n} ${label}`);
  return paint.dim(`${formatTime(group[0]!.time)}  ${'·'.padEnd(ACTOR_WIDTH)} ${parts.join(', ')}`);
}

/** Formats `events` as timeline lines; each run of consecutive noisy events becomes one line (unless `verbose`). */
export function formatTimeline(events: readonly TraceEvent[], trace: TraceReader, paint: Paint, verbose = false): string[] {
  const out: string[] = [];
  let group: TraceEvent[] = [];
  const flush = (): void => {
    if (group.length) out.push(groupLine(group, paint));
    group = [];
  };
  for (const e of events) {
    if (!verbose && HIDDEN.has(e.kind)) continue;
    if (!verbose && (NOISY.has(e.kind) || isHum(e))) {
      group.push(e);
      continue;
    }
    flush();
    out.push(lineOf(e, trace, paint));
  }
  flush();
  return out;
}
