/**
 * `kubectl describe` of Deployments and ReplicaSets: describe.go describeDeployment (with its old and new
 * ReplicaSets, deploymentutil.GetAllReplicaSetsInChunks / FindNewReplicaSet / EqualIgnoreHash) and
 * describeReplicaSet (with the phases of the pods it controls, getPodStatusForController).
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { canonicalJson } from '../../sim/api/canonical-json.ts';
import { parseTimestamp } from '../printers/age.ts';
import { arr, at, formatLabelSelector, obj, str } from '../printers/values.ts';
import { d, eventsSection, formatRFC1123Z, printAnnotationsMultiline, printController, printLabelsMultiline, v } from './common.ts';
import { describePodTemplate } from './containers.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer.ts';

/** `metav1.LabelSelectorAsSelector(sel).String()`: like FormatLabelSelector, but "" when it selects everything. */
export function selectorString(selector: unknown): string {
  const s = formatLabelSelector(selector);
  return s === '<none>' ? '' : s;
}

const controlledBy = (o: KubeObject, uid: string): boolean =>
  arr(o.metadata?.ownerReferences).some((r) => obj(r)?.controller === true && str(obj(r)?.uid) === uid);

function list(ctx: DescribeContext, resource: string, namespace: string): KubeObject[] {
  const info = ctx.resolve(resource);
  return info ? ctx.list(info, namespace) : [];
}

/** deploymentutil.EqualIgnoreHash: the templates equal once the pod-template-hash label is dropped. */
function templateWithoutHash(template: unknown): string {
  const t = structuredClone(obj(template) ?? {}) as { metadata?: { labels?: Record<string, unknown> } };
  if (t.metadata?.labels) delete t.metadata.labels['pod-template-hash'];
  return canonicalJson(t);
}

/** The Deployment's ReplicaSets: all old ones (oldest first) and the new one, as describe lists them. */
export function replicaSetsOf(deploy: KubeObject, ctx: DescribeContext): { oldRSs: KubeObject[]; newRS: KubeObject | undefined } {
  const uid = str(deploy.metadata?.uid);
  const rss = list(ctx, 'replicasets.apps', str(deploy.metadata?.namespace)).filter((rs) => controlledBy(rs, uid));
  // controller.ReplicaSetsByCreationTimestamp: by creation time, then name.
  const time = (o: KubeObject): number => parseTimestamp(o.metadata?.creationTimestamp) ?? -Infinity;
  rss.sort((a, b) => time(a) - time(b) || (str(a.metadata?.name) < str(b.metadata?.name) ? -1 : str(a.metadata?.name) > str(b.metadata?.name) ? 1 : 0));
  const want = templateWithoutHash(at(deploy, 'spec', 'template'));
  const newRS = rss.find((rs) => templateWithoutHash(at(rs, 'spec', 'template')) === want);
  return { oldRSs: rss.filter((rs) => rs !== newRS), newRS };
}

function printReplicaSetsByLabels(rss: KubeObject[]): string {
  const text = rss.map((rs) => `${str(rs.metadata?.name)} (${d(at(rs, 'status', 'replicas'))}/${d(at(rs, 'spec', 'replicas'))} replicas created)`).join(', ');
  return text === '' ? '<none>' : text;
}

/** intstr's String() of maxUnavailable / maxSurge. */
const intOrString = (x: unknown): string => (typeof x === 'number' ? String(Math.trunc(x)) : str(x));

export function describeDeployment(deploy: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = obj(deploy.spec) ?? {};
  const status = obj(deploy.status) ?? {};
  w.write(LEVEL_0, `Name:\t${str(deploy.metadata?.name)}\n`);
  w.write(LEVEL_0, `Namespace:\t${str(deploy.metadata?.namespace)}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(deploy.metadata?.creationTimestamp)}\n`);
  printLabelsMultiline(w, 'Labels', deploy.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', deploy.metadata?.annotations);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  w.write(LEVEL_0, `Replicas:\t${d(spec.replicas)} desired | ${d(status.updatedReplicas)} updated | ${d(status.replicas)} total | ${d(status.availableReplicas)} available | ${d(status.unavailableReplicas)} unavailable\n`);
  w.write(LEVEL_0, `StrategyType:\t${str(at(spec, 'strategy', 'type'))}\n`);
  w.write(LEVEL_0, `MinReadySeconds:\t${d(spec.minReadySeconds)}\n`);
  const ru = obj(at(spec, 'strategy', 'rollingUpdate'));
  if (ru) w.write(LEVEL_0, `RollingUpdateStrategy:\t${intOrString(ru.maxUnavailable)} max unavailable, ${intOrString(ru.maxSurge)} max surge\n`);
  describePodTemplate(spec.template, w);
  const conditions = arr(status.conditions);
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(LEVEL_1, '----\t------\t------\n');
    for (const c of conditions) w.write(LEVEL_1, `${v(obj(c)?.type)} \t${v(obj(c)?.status)}\t${v(obj(c)?.reason)}\n`);
  }
  const { oldRSs, newRS } = replicaSetsOf(deploy, ctx);
  if (oldRSs.length > 0 || newRS) {
    w.write(LEVEL_0, `OldReplicaSets:\t${printReplicaSetsByLabels(oldRSs)}\n`);
    w.write(LEVEL_0, `NewReplicaSet:\t${printReplicaSetsByLabels(newRS ? [newRS] : [])}\n`);
  }
  eventsSection(w, deploy, ctx);
  return w.toString();
}

/** describe.go getPodStatusForController: the phases of the pods the controller owns. */
export function podPhases(ctx: DescribeContext, namespace: string, uid: string): { running: number; waiting: number; succeeded: number; failed: number } {
  const counts = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  for (const pod of list(ctx, 'pods', namespace)) {
    if (!controlledBy(pod, uid)) continue;
    switch (at(pod, 'status', 'phase')) {
      case 'Running': counts.running++; break;
      case 'Pending': counts.waiting++; break;
      case 'Succeeded': counts.succeeded++; break;
      case 'Failed': counts.failed++; break;
    }
  }
  return counts;
}

export function describeReplicaSet(rs: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = obj(rs.spec) ?? {};
  const status = obj(rs.status) ?? {};
  w.write(LEVEL_0, `Name:\t${str(rs.metadata?.name)}\n`);
  w.write(LEVEL_0, `Namespace:\t${str(rs.metadata?.namespace)}\n`);
  w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', rs.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', rs.metadata?.annotations);
  const controller = printController(rs);
  if (controller.length > 0) w.write(LEVEL_0, `Controlled By:\t${controller}\n`);
  w.write(LEVEL_0, `Replicas:\t${d(status.replicas)} current / ${d(spec.replicas)} desired\n`);
  w.write(LEVEL_0, 'Pods Status:\t');
  const p = podPhases(ctx, str(rs.metadata?.namespace), str(rs.metadata?.uid));
  w.write(LEVEL_0, `${p.running} Running / ${p.waiting} Waiting / ${p.succeeded} Succeeded / ${p.failed} Failed\n`);
  describePodTemplate(spec.template, w);
  const conditions = arr(status.conditions);
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(LEVEL_1, '----\t------\t------\n');
    for (const c of conditions) w.write(LEVEL_1, `${v(obj(c)?.type)} \t${v(obj(c)?.status)}\t${v(obj(c)?.reason)}\n`);
  }
  eventsSection(w, rs, ctx);
  return w.toString();
}
