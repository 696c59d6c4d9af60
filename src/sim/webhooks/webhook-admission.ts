/**
 * The MutatingAdmissionWebhook and ValidatingAdmissionWebhook admission plugins: at admission time they read the
 * webhook configurations from the api-server's own store, call every matching webhook's (built-in) server with an
 * AdmissionReview, and apply its answer.
 *
 * - Mutating webhooks run after defaulting and before validation, one after the other in the order of their
 *   configurations' names (then their order in the configuration); each JSON patch applies to the object the next
 *   webhook sees. A webhook with `reinvocationPolicy: IfNeeded` is called once more if a later webhook changed the
 *   object after it ran.
 * - Validating webhooks run after validation, all of them (upstream calls them in parallel); the request fails with
 *   the first failure in configuration order.
 * - A denial is `admission webhook "<name>" denied the request: <message>` (code and reason from the webhook's
 *   status, at least 400). A webhook that cannot be called fails the request with 500
 *   `Internal error occurred: failed calling webhook "<name>": failed to call webhook: <error>` under
 *   `failurePolicy: Fail`, and is skipped under `Ignore`.
 * - Every call is an `admission.webhook` trace event (actor `api-server`).
 *
 * Upstream: k8s.io/apiserver/pkg/admission/plugin/webhook/mutating/dispatcher.go (Dispatch, callAttrMutatingHook),
 * validating/dispatcher.go, generic/webhook.go, configuration/{mutating,validating}_webhook_manager.go (configurations
 * sorted by name), errors/statuserror.go (ToStatusErr), pkg/util/webhook/error.go (ErrCallingWebhook).
 *
 * @remarks Requests to `/scale` show the webhook an autoscaling/v1 Scale, and a patch of its `spec.replicas` is
 * written back to the object, as the scale REST storage does. Mutating webhooks are not called for `/status` writes
 * nor for DELETE (upstream calls them, but the object of a delete cannot be changed). The `warnings` of a response
 * are dropped. The call is instantaneous: `timeoutSeconds` only shows in messages (use the `slow` server for a
 * timeout).
 */
import type { KubeObject } from '../api/object.ts';
import { internalError, type Status } from '../api/status.ts';
import { refOf } from '../trace/trace-event.ts';
import type { AdmissionAttributes, AdmissionPlugin, MutatingAdmissionPlugin, ServerCore } from '../apiserver/server-core.ts';
import { resourceKey } from '../apiserver/registry/resource-registry.ts';
import { scaleOf } from '../apiserver/handlers/scale.ts';
import { applyJsonPatch } from '../apiserver/patch/json-patch.ts';
import { summarizePatch, type AdmissionRequest, type AdmissionResponse } from './admission-review.ts';
import { callBuiltinServer, resolveEndpoint } from './builtin-servers.ts';
import { webhookMatches, type MatchAttributes, type NamespaceLabels } from './webhook-matching.ts';
import { ADMISSION_GROUP, MUTATING_KIND, VALIDATING_KIND, webhooksOf, type Webhook } from './webhook-configuration.ts';

/** One webhook with the configuration it comes from. */
interface ConfiguredWebhook {
  configuration: string;
  hook: Webhook;
}

/** How the api-server keys namespaces and the configurations in its store. */
const NAMESPACES = { group: '', resource: 'namespaces' };
const MUTATING_KEY = resourceKey({ group: ADMISSION_GROUP, resource: 'mutatingwebhookconfigurations' });
const VALIDATING_KEY = resourceKey({ group: ADMISSION_GROUP, resource: 'validatingwebhookconfigurations' });

type CallResult = { status: Status } | { patched: boolean };

/** `ToStatusErr`: the Status a denial fails the request with. */
export function webhookDenial(webhookName: string, status: AdmissionResponse['status']): Status {
  const deniedBy = `admission webhook "${webhookName}" denied the request`;
  const s = status ?? {};
  const code = (s.code ?? 0) < 400 ? 400 : s.code!;
  let message: string;
  if (s.message) message = `${deniedBy}: ${s.message}`;
  else if (s.reason) message = `${deniedBy}: ${s.reason}`;
  else message = `${deniedBy} without explanation`;
  // A webhook may answer without a reason: upstream then sends none (StatusReasonUnknown, "", dropped by the
  // `json:"reason,omitempty"` of metav1.Status).
  const denial = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, ...(s.reason ? { reason: s.reason } : {}), code };
  return denial as Status;
}

/** The dispatcher itself, made by the plugin (webhook-plugin.ts) at the first write that meets a webhook configuration. */
export class WebhookDispatcher implements MutatingAdmissionPlugin, AdmissionPlugin, NamespaceLabels {
  /** Review uids: "webhook-<n>", in call order. */
  private calls = 0;

  constructor(private readonly core: ServerCore) {}

  /** The mutating phase (see the file comment). May replace the contents of `attrs.object`. */
  mutate(attrs: AdmissionAttributes): Status | undefined {
    if (attrs.operation === 'DELETE' || attrs.subresource === 'status') return undefined;
    const hooks = this.configured(MUTATING_KIND);
    if (hooks.length === 0) return undefined;
    let mutations = 0;
    /** For each IfNeeded webhook that ran: the number of mutations when it finished. */
    const seenAt = new Map<ConfiguredWebhook, number>();
    for (const h of hooks) {
      if (!webhookMatches(h.hook, this.matchAttributes(attrs), this)) continue;
      const r = this.call('mutating', h, attrs);
      if ('status' in r) return r.status;
      if (r.patched) mutations++;
      if (h.hook.reinvocationPolicy === 'IfNeeded') seenAt.set(h, mutations);
    }
    for (const h of hooks) {
      const at = seenAt.get(h);
      if (at === undefined || at >= mutations) continue;
      if (!webhookMatches(h.hook, this.matchAttributes(attrs), this)) continue;
      const r = this.call('mutating', h, attrs);
      if ('status' in r) return r.status;
    }
    return undefined;
  }

  /** The validating phase: every matching validating webhook is called; the first failure in order wins. */
  admit(attrs: AdmissionAttributes): Status | undefined {
    const hooks = this.configured(VALIDATING_KIND);
    if (hooks.length === 0) return undefined;
    let first: Status | undefined;
    for (const h of hooks) {
      if (!webhookMatches(h.hook, this.matchAttributes(attrs), this)) continue;
      const r = this.call('validating', h, attrs);
      if ('status' in r) first ??= r.status;
    }
    return first;
  }

  /** The labels of a namespace, for namespaceSelectors (undefined: no such namespace). */
  labelsOfNamespace(ns: string): Record<string, string> | undefined {
    return this.core.store.get(resourceKey(NAMESPACES), ns)?.metadata.labels;
  }

  private configured(kind: typeof MUTATING_KIND | typeof VALIDATING_KIND): ConfiguredWebhook[] {
    const key = kind === MUTATING_KIND ? MUTATING_KEY : VALIDATING_KEY;
    // Every write comes through here: no configuration, no work.
    if (this.core.store.count(key) === 0) return [];
    const out: ConfiguredWebhook[] = [];
    // The store lists by name: upstream sorts configurations by name too.
    for (const config of this.core.store.list(key)) {
      for (const hook of webhooksOf(config)) out.push({ configuration: config.metadata.name ?? '', hook });
    }
    return out;
  }

  private matchAttributes(attrs: AdmissionAttributes): MatchAttributes {
    const isDelete = attrs.operation === 'DELETE';
    if (attrs.subresource === 'scale' && attrs.info.scale) {
      // The objectSelector sees the Scale, which carries no labels (upstream matches attr.GetObject()).
      const scale = (o: KubeObject | undefined) => (o ? scaleOf(o, attrs.info, this.core.isCustom(attrs.info)) : undefined);
      return {
        operation: attrs.operation,
        group: attrs.info.group,
        version: attrs.info.version,
        resource: attrs.info.resource,
        subresource: 'scale',
        namespace: attrs.info.namespaced ? (attrs.namespace ?? '') : '',
        object: scale(attrs.object),
        oldObject: scale(attrs.oldObject),
      };
    }
    return {
      operation: attrs.operation,
      group: attrs.info.group,
      version: attrs.info.version,
      resource: attrs.info.resource,
      subresource: attrs.subresource ?? '',
      namespace: attrs.info.namespaced ? (attrs.namespace ?? '') : '',
      object: isDelete ? undefined : attrs.object,
      oldObject: isDelete ? attrs.object : attrs.oldObject,
    };
  }

  /** What the webhook is shown: the object, or its Scale for /scale. */
  private reviewObject(attrs: AdmissionAttributes, obj: KubeObject): KubeObject {
    if (attrs.subresource === 'scale' && attrs.info.scale) return scaleOf(obj, attrs.info, this.core.isCustom(attrs.info));
    return structuredClone(obj) as KubeObject;
  }

  private reviewRequest(attrs: AdmissionAttributes): AdmissionRequest {
    const { info } = attrs;
    const isDelete = attrs.operation === 'DELETE';
    const scale = attrs.subresource === 'scale' && info.scale !== undefined;
    const req: AdmissionRequest = {
      uid: `webhook-${++this.calls}`,
      kind: scale ? { group: 'autoscaling', version: 'v1', kind: 'Scale' } : { group: info.group, version: info.version, kind: info.kind },
      resource: { group: info.group, version: info.version, resource: info.resource },
      name: attrs.name,
      operation: attrs.operation,
      userInfo: { username: attrs.user },
      dryRun: attrs.dryRun,
    };
    if (attrs.subresource) req.subResource = attrs.subresource;
    if (info.namespaced && attrs.namespace) req.namespace = attrs.namespace;
    if (!isDelete) req.object = this.reviewObject(attrs, attrs.object);
    const old = isDelete ? attrs.object : attrs.oldObject;
    if (old) req.oldObject = this.reviewObject(attrs, old);
    return req;
  }

  private call(type: 'mutating' | 'validating', h: ConfiguredWebhook, attrs: AdmissionAttributes): CallResult {
    const { hook } = h;
    const req = this.reviewRequest(attrs);
    const endpoint = resolveEndpoint(hook.clientConfig, hook.timeoutSeconds ?? 10);
    const res = callBuiltinServer(endpoint, req);
    const policy = hook.failurePolicy ?? 'Fail';
    if ('callError' in res) {
      const message = `failed calling webhook "${hook.name}": failed to call webhook: ${res.callError}`;
      this.emit(type, h, attrs, { outcome: 'failed', message, failurePolicy: policy });
      return policy === 'Ignore' ? { patched: false } : { status: internalError(message) };
    }
    if (!res.allowed) {
      const status = webhookDenial(hook.name, res.status);
      this.emit(type, h, attrs, { outcome: 'denied', message: status.message });
      return { status };
    }
    if (type === 'validating' || !res.patch || res.patch.length === 0) {
      this.emit(type, h, attrs, { outcome: 'allowed' });
      return { patched: false };
    }
    let patched: KubeObject;
    try {
      patched = applyJsonPatch(req.object, res.patch) as KubeObject;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.emit(type, h, attrs, { outcome: 'failed', message });
      return { status: internalError(message) };
    }
    this.applyMutation(attrs, patched);
    this.emit(type, h, attrs, { outcome: 'patched', patch: summarizePatch(res.patch) });
    return { patched: true };
  }

  /** Writes the patched review object into the draft being admitted (in place: the handler holds it). */
  private applyMutation(attrs: AdmissionAttributes, patched: KubeObject): void {
    attrs.objectBeforeMutation ??= structuredClone(attrs.object) as KubeObject;
    const draft = attrs.object as unknown as Record<string, unknown>;
    if (attrs.subresource === 'scale' && attrs.info.scale) {
      const replicas = (patched.spec as { replicas?: unknown } | undefined)?.replicas;
      const path = attrs.info.scale.specReplicasPath.split('.').filter((p) => p !== '');
      let cur = draft;
      for (const p of path.slice(0, -1)) {
        const next = cur[p];
        const copy = typeof next === 'object' && next !== null ? { ...(next as Record<string, unknown>) } : {};
        cur[p] = copy;
        cur = copy;
      }
      cur[path[path.length - 1]!] = replicas;
      return;
    }
    for (const k of Object.keys(draft)) delete draft[k];
    Object.assign(draft, patched);
  }

  private emit(
    type: 'mutating' | 'validating',
    h: ConfiguredWebhook,
    attrs: AdmissionAttributes,
    result: { outcome: 'allowed' | 'denied' | 'patched' | 'failed'; message?: string; patch?: string; failurePolicy?: 'Fail' | 'Ignore' },
  ): void {
    const object = refOf(attrs.object);
    if (!object.name) object.name = attrs.name;
    this.core.ctx.trace.emit('api-server', {
      kind: 'admission.webhook',
      webhook: h.hook.name,
      configuration: h.configuration,
      type,
      operation: attrs.operation,
      object,
      ...(attrs.subresource ? { subresource: attrs.subresource } : {}),
      ...result,
      ...(attrs.dryRun ? { dryRun: true } : {}),
    });
  }
}
