/**
 * The user's kubectl: turns an apply (or a create, a replace) into the requests kubectl would send, at the current instant,
 * and answers with kubectl's output. Requests are traced like any client's (`api.request` → `api.response`), caused
 * by the action's `user.action` event, so every loop's work walks back to "you applied deployment/web".
 *
 * Apply is all-or-nothing (unlike kubectl, for the editor's sake): every document is first sent with server-side
 * dry-run, then (several documents) written in order in a trial the api-server puts back, so each is checked in a
 * world where the earlier ones exist; nothing is written unless all of them pass. The console's `kubectl apply -f`
 * sends one action per object (src/kubectl/cmd/apply.ts), so it keeps kubectl's per-object semantics. A refused apply is still in the trace: the failing dry
 * runs are sent again traced, so the `user.action` is followed by the `api.request`/`api.response` that refused it.
 * Actions from the console's kubectl (src/kubectl) carry `dryRun` (`--dry-run=server`: every request is a dry run)
 * and `replace` (PUT, for `kubectl replace`/`kubectl edit`). Source: kubectl `pkg/cmd/apply`.
 *
 * Apply is here because the page's first frame needs it (the boot's objects are applied); the other verbs (delete,
 * scale, patch, rollout, cordon, drain) are only a person's, so they are in kubectl-verbs.ts, loaded on demand,
 * and use this kubectl's client and helpers.
 */
import type { KubeObject } from '../api/object.ts';
import { parseApiVersion } from '../api/object.ts';
import type { ResourceInfo } from '../api/resources.ts';
import { apiVersionOf } from '../api/resources.ts';
import type { Status } from '../api/status.ts';
import { parseManifests } from '../actions/manifests.ts';
import type { ApplyAction } from '../actions/user-action.ts';
import type { ApiRequest, ApiResponse } from '../apiserver/api-request.ts';
import type { ApiServer } from '../apiserver/api-server.ts';
import type { RestClient } from '../network/rest-client.ts';
import { refOf } from '../trace/trace-event.ts';
import type { ActResult, ObjectOutcome } from './act-result.ts';

export const KUBECTL_MANAGER = 'kubectl';

export class Kubectl {
  constructor(
    readonly apiServer: ApiServer,
    readonly client: RestClient,
  ) {}

  apply(action: ApplyAction, result: ActResult): void {
    const parsed = parseManifests(action.manifests);
    if (parsed.errors.length) {
      result.errors.push(...parsed.errors);
      result.messages.push(...parsed.errors.map((e) => (e.status ? errorLine(e.status) : e.line ? `error: line ${e.line}, column ${e.column}: ${e.message}` : `error: ${e.message}`)));
      return;
    }
    if (parsed.documents.length === 0) {
      result.messages.push('error: no objects passed to apply');
      result.errors.push({ line: 0, column: 0, message: 'no objects passed to apply' });
      return;
    }
    const create = action.type === 'create';
    const replace = !create && action.replace === true;
    const dryRunAll = action.dryRun === true;
    const manager = action.fieldManager ?? KUBECTL_MANAGER;
    const requestFor = (obj: KubeObject, dryRun: boolean): ApiRequest => {
      const base: Pick<ApiRequest, 'apiVersion' | 'kind' | 'user' | 'fieldManager' | 'dryRun' | 'fieldValidation'> = { apiVersion: obj.apiVersion, kind: obj.kind, user: KUBECTL_MANAGER, fieldManager: manager, dryRun: dryRun || dryRunAll };
      if (action.fieldValidation) base.fieldValidation = action.fieldValidation;
      // kubectl sends namespaced objects to the context's namespace ("default") unless the manifest names one.
      const info = this.infoFor(obj);
      const ns = typeof obj.metadata?.namespace === 'string' ? obj.metadata.namespace : info?.namespaced ? 'default' : undefined;
      if (replace) return { ...base, verb: 'update', namespace: ns, name: String(obj.metadata?.name ?? ''), body: obj };
      return create
        ? { ...base, verb: 'create', namespace: ns, body: obj }
        : { ...base, verb: 'patch', namespace: ns, name: String(obj.metadata?.name ?? ''), patchType: 'application/apply-patch+yaml', body: obj, force: action.force ?? false };
    };
    const objects = parsed.documents.map((d) => d.object as unknown as KubeObject);
    // Pass 1: server-side dry run of everything. A document may depend on an earlier one of the same apply
    // (a Namespace, a CRD): such NotFound answers are forgiven here; the real pass reports them if they persist.
    const failures: Array<{ index: number; status: Status }> = [];
    objects.forEach((obj, index) => {
      const info = this.infoFor(obj);
      if (!info) {
        // An unknown kind is forgiven when an earlier document of this apply is the CRD that defines it.
        const status = this.noMatches(obj, objects.slice(0, index));
        if (status) failures.push({ index, status });
        return;
      }
      const res = this.call(requestFor(obj, true), false);
      if (!res.ok && !this.dependsOnEarlier(res.status, obj, objects.slice(0, index))) {
        // Sent again, traced, so the refusal is in the trace (a dry run changes nothing: same answer).
        const traced = this.call(requestFor(obj, true));
        failures.push({ index, status: traced.ok ? res.status : traced.status });
      }
    });
    // Pass 1b: the documents written in order in a trial world that is then put back (ApiServer.trial), so a
    // document is checked where the earlier ones exist (a Namespace, then a Deployment in it; two ConfigMaps of
    // the same name). Its first refusal is sent again, traced, in that world.
    if (!failures.length && objects.length > 1 && !dryRunAll) {
      const refused = this.firstRefusalInOrder(objects, requestFor);
      if (refused) failures.push(refused);
    }
    if (failures.length) {
      for (const f of failures) {
        result.results.push({ index: f.index, ref: refOf(objects[f.index]!), status: f.status });
        result.messages.push(errorLine(f.status));
      }
      return;
    }
    // Pass 2: write.
    objects.forEach((obj, index) => {
      const before = this.infoFor(obj) ? this.lookup(obj) : undefined;
      const res = this.call(requestFor(obj, false));
      const outcome: ObjectOutcome = { index, ref: refOf(obj) };
      if (!res.ok) {
        outcome.status = res.status;
        result.messages.push(errorLine(res.status));
      } else if ('object' in res) {
        if (res.warnings?.length) (result.warnings ??= []).push(...res.warnings);
        outcome.ref = refOf(res.object);
        if (dryRunAll) outcome.object = res.object;
        outcome.outcome = !before ? 'created' : before.metadata.resourceVersion === res.object.metadata.resourceVersion ? 'unchanged' : 'configured';
        if (create) outcome.outcome = 'created';
        if (replace) outcome.outcome = 'replaced';
        result.messages.push(`${this.display(res.object)} ${outcome.outcome}${dryRunAll ? ' (server dry run)' : ''}`);
      }
      result.results.push(outcome);
    });
  }

  /** Writes `objects` in order inside a trial; the first refusal (traced), or null when every write passes. */
  private firstRefusalInOrder(objects: KubeObject[], requestFor: (obj: KubeObject, dryRun: boolean) => ApiRequest): { index: number; status: Status } | null {
    const ctx = this.client.network.ctx;
    return this.apiServer.trial(() => {
      for (let index = 0; index < objects.length; index++) {
        // Muted: what the trial's writes would trace (admission webhooks' calls) is not the run's.
        const res = ctx.muted(() => this.call(requestFor(objects[index]!, false), false));
        if (res.ok) continue;
        const traced = this.call(requestFor(objects[index]!, true));
        return { index, status: traced.ok ? res.status : traced.status };
      }
      return null;
    });
  }

  /** Sends one request (traced, caused by the current user action) and returns the response. */
  call(request: ApiRequest, traced = true): ApiResponse {
    return this.client.callNow(request, traced);
  }

  private infoFor(obj: KubeObject): ResourceInfo | undefined {
    if (typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') return undefined;
    return this.apiServer.resourcesInfo().find((r) => apiVersionOf(r) === obj.apiVersion && r.kind === obj.kind);
  }

  private lookup(obj: KubeObject): KubeObject | undefined {
    const info = this.infoFor(obj)!;
    const name = obj.metadata?.name;
    if (typeof name !== 'string') return undefined;
    const ns = info.namespaced ? (typeof obj.metadata.namespace === 'string' ? obj.metadata.namespace : 'default') : undefined;
    return this.apiServer.getObject(obj.apiVersion, obj.kind, ns, name);
  }

  /** kubectl's "no matches for kind" error, unless an earlier document of the same apply is the CRD defining it. */
  private noMatches(obj: KubeObject, earlier: KubeObject[]): Status | null {
    const { group } = parseApiVersion(String(obj.apiVersion));
    const definedEarlier = earlier.some(
      (o) => o.kind === 'CustomResourceDefinition' && (o.spec as { group?: string; names?: { kind?: string } } | undefined)?.group === group &&
        (o.spec as { names?: { kind?: string } }).names?.kind === obj.kind,
    );
    if (definedEarlier) return null;
    const message = `resource mapping not found for name: "${obj.metadata?.name ?? ''}" namespace: "${obj.metadata?.namespace ?? ''}" from "STDIN": no matches for kind "${obj.kind}" in version "${obj.apiVersion}"\nensure CRDs are installed first`;
    return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'NotFound', code: 404, details: { kind: String(obj.kind), group } };
  }

  private dependsOnEarlier(status: Status, obj: KubeObject, earlier: KubeObject[]): boolean {
    if (status.code !== 404) return false;
    const ns = obj.metadata?.namespace;
    return earlier.some((o) => o.kind === 'Namespace' && o.metadata?.name === ns);
  }

  private display(obj: KubeObject): string {
    const info = this.infoFor(obj);
    return info ? display(info, obj.metadata.name ?? '') : `${String(obj.kind).toLowerCase()}/${obj.metadata.name}`;
  }
}

/** kubectl's `<resource>.<group>/<name>`: "deployment.apps/web", "pod/web-1". */
export function display(info: ResourceInfo, name: string): string {
  return `${info.singular}${info.group ? `.${info.group}` : ''}/${name}`;
}

/** kubectl's rendering of a server error: `Error from server (NotFound): deployments.apps "x" not found`. */
export function errorLine(status: Status): string {
  // kubectl's StandardErrorMessage: a Status without a reason (server-side apply's undeclared-field 500) has no "(…)".
  return status.reason ? `Error from server (${status.reason}): ${status.message}` : `Error from server: ${status.message}`;
}
