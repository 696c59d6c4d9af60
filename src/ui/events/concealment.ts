/**
 * Learner mode: while a lesson's question is about some events, the page must not give the answer away before it is
 * revealed. The lesson says what to hide (its `concealed` view: event patterns, cause chains); this module tells
 * whether an event-log row is one of them. A pattern is matched as the scenario language matches `event:` patterns
 * (docs/scenario-format.md): every given field equal, `object` as `kind/name` in any of kubectl's names for the kind,
 * `message` a regular expression. An unreadable pattern hides rather than shows.
 */
import type { LessonView } from '../../worker/protocol.ts';
import type { K8sEvent } from '../state/sim-store.ts';

export type Concealed = LessonView['concealed'];
type EventPattern = Concealed['events'][number];

/** kubectl's other names for the kinds whose events lessons ask about. */
const NAMES: Record<string, string[]> = {
  pod: ['pods', 'po'],
  deployment: ['deployments', 'deploy', 'deployments.apps'],
  replicaset: ['replicasets', 'rs', 'replicasets.apps'],
  node: ['nodes', 'no'],
  service: ['services', 'svc'],
  job: ['jobs', 'jobs.batch'],
  cronjob: ['cronjobs', 'cj', 'cronjobs.batch'],
  horizontalpodautoscaler: ['horizontalpodautoscalers', 'hpa'],
  statefulset: ['statefulsets', 'sts'],
  daemonset: ['daemonsets', 'ds'],
};

const regexCache = new Map<string, RegExp | null>();

function regex(source: string): RegExp | null {
  let r = regexCache.get(source);
  if (r === undefined) {
    try {
      r = new RegExp(source);
    } catch {
      r = null;
    }
    if (regexCache.size > 500) regexCache.clear();
    regexCache.set(source, r);
  }
  return r;
}

function objectMatches(pattern: string, e: K8sEvent): boolean {
  const slash = pattern.indexOf('/');
  if (slash < 0) return false;
  const resource = pattern.slice(0, slash).toLowerCase();
  const name = pattern.slice(slash + 1);
  const kind = e.involvedObject.kind.toLowerCase();
  return name === e.involvedObject.name && (resource === kind || (NAMES[kind]?.includes(resource) ?? false));
}

export function matchesPattern(p: EventPattern, e: K8sEvent): boolean {
  if (p.reason !== e.reason) return false;
  if (p.type !== undefined && p.type !== e.type) return false;
  if (p.reportingController !== undefined && p.reportingController !== e.reportingController) return false;
  if (p.object !== undefined && !objectMatches(p.object, e)) return false;
  if (p.message !== undefined) {
    const r = regex(p.message);
    if (r && !r.test(e.message)) return false;
  }
  return true;
}

/** Whether the row's "by" (the loop that produced it) must stay hidden now. */
export function isConcealed(e: K8sEvent, concealed: Concealed | undefined): boolean {
  return !!concealed && concealed.events.some((p) => matchesPattern(p, e));
}

/** Whether anything is hidden now (the trace view and cause chains would give it away too). */
export function concealing(concealed: Concealed | undefined): boolean {
  return !!concealed && (concealed.events.length > 0 || concealed.causes || concealed.objects.length > 0);
}
