/**
 * kubectl's verbs other than apply, each a user action only a person (or a scenario, a lesson, a link) gives: delete,
 * scale (a merge patch of /scale), patch (merge, JSON or strategic), rollout (pause, resume, restart, undo) and
 * cordon, uncordon and drain. Each sends the requests kubectl would, at the current instant, through the user's
 * kubectl (kubectl.ts: its client and its error lines). Loaded with the simulation's libraries (`src/sim/libraries.ts`,
 * through cluster/on-demand.ts): the page's worker loads them before any user action, and the boot's objects are
 * applied by kubectl.ts alone.
 *
 * Sources: kubectl `pkg/cmd/{delete,scale,patch,rollout,drain}`, `pkg/polymorphichelpers/rollback.go` (rollback.ts:
 * Deployments from their ReplicaSets, DaemonSets and StatefulSets from their ControllerRevisions, revision-history.ts).
 */
import { controllerOf } from '../api/object.ts';
import { apiVersionOf, type ResourceInfo } from '../api/resources.ts';
import type { DeleteAction, NodeAction, PatchAction, RolloutAction, ScaleAction } from '../actions/user-action.ts';
import type { ApiRequest, PatchType } from '../apiserver/api-request.ts';
import { rfc3339 } from '../engine/clock.ts';
import { refOf } from '../trace/trace-event.ts';
import type { ActResult } from './act-result.ts';
import { display, errorLine, KUBECTL_MANAGER, type Kubectl } from './kubectl.ts';
import { controllerRevisionRollback, rollbackPatch } from './rollback.ts';
import { controlledHistory, hasControllerRevisions } from './revision-history.ts';

export function performDelete(kubectl: Kubectl, action: DeleteAction, result: ActResult): void {
  const info = resolve(kubectl, action.resource, result);
  if (!info) return;
  const req: ApiRequest = { verb: 'delete', apiVersion: apiVersionOf(info), kind: info.kind, namespace: ns(info, action.namespace), name: action.name, user: KUBECTL_MANAGER };
  if (action.propagationPolicy) req.propagationPolicy = action.propagationPolicy;
  if (action.gracePeriodSeconds !== undefined) req.gracePeriodSeconds = action.gracePeriodSeconds;
  if (action.dryRun) req.dryRun = true;
  simple(kubectl, req, info, `${display(info, action.name)} deleted${action.dryRun ? ' (server dry run)' : ''}`, 'deleted', result);
}

export function performScale(kubectl: Kubectl, action: ScaleAction, result: ActResult): void {
  const info = resolve(kubectl, action.resource, result);
  if (!info) return;
  if (!Number.isInteger(action.replicas) || action.replicas < 0) {
    result.messages.push('error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
    result.errors.push({ line: 0, column: 0, message: 'replicas must be an integer >= 0' });
    return;
  }
  const req: ApiRequest = {
    verb: 'patch', apiVersion: apiVersionOf(info), kind: info.kind, namespace: ns(info, action.namespace), name: action.name,
    subresource: 'scale', patchType: 'application/merge-patch+json', body: { spec: { replicas: action.replicas } }, user: KUBECTL_MANAGER, fieldManager: KUBECTL_MANAGER,
  };
  if (action.dryRun) req.dryRun = true;
  simple(kubectl, req, info, `${display(info, action.name)} scaled${action.dryRun ? ' (server dry run)' : ''}`, 'scaled', result);
}

export function performPatch(kubectl: Kubectl, action: PatchAction, result: ActResult): void {
  const info = resolve(kubectl, action.resource, result);
  if (!info) return;
  const types: Record<string, PatchType> = {
    merge: 'application/merge-patch+json',
    json: 'application/json-patch+json',
    strategic: 'application/strategic-merge-patch+json',
  };
  const req: ApiRequest = {
    verb: 'patch', apiVersion: apiVersionOf(info), kind: info.kind, namespace: ns(info, action.namespace), name: action.name,
    patchType: types[action.patchType ?? 'strategic']!, body: action.patch, user: KUBECTL_MANAGER, fieldManager: action.fieldManager ?? 'kubectl-patch',
  };
  // kubectl patch sends no fieldValidation, so kube-apiserver's default applies: Warn (handlers/rest.go fieldValidation).
  req.fieldValidation = action.fieldValidation ?? 'Warn';
  if (action.subresource) req.subresource = action.subresource;
  if (action.dryRun) req.dryRun = true;
  simple(kubectl, req, info, `${display(info, action.name)} patched${action.dryRun ? ' (server dry run)' : ''}`, 'patched', result);
}

export function performRollout(kubectl: Kubectl, action: RolloutAction, result: ActResult): void {
  const info = resolve(kubectl, action.resource, result);
  if (!info) return;
  const namespace = ns(info, action.namespace);
  const base = { apiVersion: apiVersionOf(info), kind: info.kind, namespace, name: action.name, user: KUBECTL_MANAGER, fieldManager: 'kubectl-rollout' };
  const merge = (body: unknown): ApiRequest => ({ ...base, verb: 'patch', patchType: 'application/merge-patch+json', body });
  switch (action.op) {
    case 'pause':
      return simple(kubectl, merge({ spec: { paused: true } }), info, `${display(info, action.name)} paused`, 'paused', result);
    case 'resume':
      return simple(kubectl, merge({ spec: { paused: null } }), info, `${display(info, action.name)} resumed`, 'resumed', result);
    case 'restart':
      return simple(
        kubectl,
        merge({ spec: { template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': rfc3339(kubectl.client.network.ctx.now) } } } } }),
        info,
        `${display(info, action.name)} restarted`,
        'restarted',
        result,
      );
    case 'undo': {
      const obj = kubectl.apiServer.getObject(base.apiVersion, info.kind, namespace, action.name);
      if (!obj) {
        const res = kubectl.call({ ...base, verb: 'get' });
        if (!res.ok) result.messages.push(errorLine(res.status));
        result.results.push({ status: res.ok ? undefined : res.status });
        return;
      }
      // The Deployment's ReplicaSets, or the DaemonSet's or StatefulSet's ControllerRevisions.
      const plan = hasControllerRevisions(info.group, info.kind)
        ? controllerRevisionRollback(obj, controlledHistory(obj, kubectl.apiServer.listObjects('apps/v1', 'ControllerRevision', namespace)), action.toRevision ?? 0)
        : rollbackPatch(obj, kubectl.apiServer.listObjects('apps/v1', 'ReplicaSet', namespace).filter((rs) => controllerOf(rs)?.uid === obj.metadata.uid), action.toRevision ?? 0);
      const dryRun = action.dryRun ? ' (server dry run)' : '';
      if ('error' in plan) {
        result.messages.push(`error: ${plan.error}`);
        result.errors.push({ line: 0, column: 0, message: plan.error });
        return;
      }
      if ('skipped' in plan) {
        result.messages.push(`${display(info, action.name)} ${plan.skipped}${dryRun}`);
        result.results.push({ ref: refOf(obj), outcome: 'skipped' });
        return;
      }
      const req: ApiRequest =
        'strategicPatch' in plan
          ? { ...base, verb: 'patch', patchType: 'application/strategic-merge-patch+json', body: plan.strategicPatch }
          : { ...base, verb: 'patch', patchType: 'application/json-patch+json', body: plan.patch };
      if (action.dryRun) req.dryRun = true;
      return simple(kubectl, req, info, `${display(info, action.name)} rolled back${dryRun}`, 'rolled back', result);
    }
  }
}

export function performNodeAction(kubectl: Kubectl, action: NodeAction, result: ActResult): void {
  const info = kubectl.apiServer.resolve('node')!;
  const unschedulable = action.type !== 'uncordon';
  const req: ApiRequest = {
    verb: 'patch', apiVersion: 'v1', kind: 'Node', name: action.node, patchType: 'application/merge-patch+json',
    body: { spec: { unschedulable: unschedulable ? true : null } }, user: KUBECTL_MANAGER, fieldManager: 'kubectl-cordon',
  };
  const verb = action.type === 'uncordon' ? 'uncordoned' : 'cordoned';
  simple(kubectl, req, info, `node/${action.node} ${verb}`, verb, result);
  if (action.type !== 'drain' || !result.ok) return;
  // kubectl drain: evict every pod on the node except DaemonSet pods and mirror pods.
  const pods = kubectl.apiServer.listObjects('v1', 'Pod').filter((p) => (p.spec as { nodeName?: string } | undefined)?.nodeName === action.node);
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (controllerOf(pod)?.kind === 'DaemonSet' || pod.metadata.annotations?.['kubernetes.io/config.mirror']) continue;
    result.messages.push(`evicting pod ${pod.metadata.namespace}/${pod.metadata.name}`);
    const res = kubectl.call({ verb: 'delete', apiVersion: 'v1', kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name!, user: KUBECTL_MANAGER });
    if (res.ok) result.messages.push(`pod/${pod.metadata.name} evicted`);
    else result.messages.push(errorLine(res.status));
  }
  result.messages.push(`node/${action.node} drained`);
}

/** Sends one request for a single object and reports it kubectl's way: `message` and `outcome`, or the error. */
function simple(kubectl: Kubectl, req: ApiRequest, info: ResourceInfo, message: string, outcome: string, result: ActResult): void {
  const res = kubectl.call(req);
  if (!res.ok) {
    result.ok = false;
    result.messages.push(errorLine(res.status));
    result.results.push({ ref: { apiVersion: apiVersionOf(info), kind: info.kind, name: req.name ?? '', ...(req.namespace ? { namespace: req.namespace } : {}) }, status: res.status });
    return;
  }
  if ('object' in res && res.warnings?.length) (result.warnings ??= []).push(...res.warnings);
  result.messages.push(message);
  result.results.push({ ref: 'object' in res ? refOf(res.object) : undefined, outcome, ...(req.dryRun && 'object' in res ? { object: res.object } : {}) });
}

/** The served kind kubectl maps `resource` to ("deploy", "deployments.apps"), or undefined with kubectl's error. */
function resolve(kubectl: Kubectl, resource: string, result: ActResult): ResourceInfo | undefined {
  const info = kubectl.apiServer.resolve(resource);
  if (!info) {
    const message = `error: the server doesn't have a resource type "${resource}"`;
    result.messages.push(message);
    result.errors.push({ line: 0, column: 0, message: message.slice(7) });
  }
  return info;
}

/** The namespace a request for `info` goes to: the one named, else the context's ("default"); none if cluster-scoped. */
function ns(info: ResourceInfo, namespace: string | undefined): string | undefined {
  return info.namespaced ? (namespace ?? 'default') : undefined;
}
