/**
 * The api-server's state and the steps every write shares: resolve the kind, key the object, run admission,
 * commit to the store (and tell the watchers), and the side effects of some kinds (a CRD (un)registers its kinds).
 *
 * Upstream: k8s.io/apiserver/pkg/registry/generic/registry/store.go (the generic registry every kind uses),
 * pkg/admission (the plugin chain) and kubernetes plugin/pkg/admission/namespace/lifecycle (NamespaceLifecycle). A
 * terminating namespace's content is deleted by the namespace controller (src/sim/controllers/namespace).
 */
import type { SimContext } from '../engine/sim-context.ts';
import { keyOf, type KubeObject } from '../api/object.ts';
import { apiVersionOf, type ResourceInfo } from '../api/resources.ts';
import { badRequest, invalid, resourceNotServed, type GroupResource, type Status } from '../api/status.ts';
import type { FieldError } from '../api/field-errors.ts';
import { applyDefaults } from './admission/defaults.ts';
import { validateCreate, validateUpdate } from './admission/validation.ts';
import { libraries } from '../libraries.ts';
import type { ApiRequest } from './api-request.ts';
import { MvccStore, DEFAULT_WATCH_HISTORY } from './storage/mvcc-store.ts';
import { WatchCache } from './storage/watch-cache.ts';
import { EventTTL, type EventExpirer } from './storage/event-ttl.ts';
import { ResourceRegistry, resourceKey } from './registry/resource-registry.ts';
import { WebhookAdmission } from '../webhooks/webhook-plugin.ts';
import { isWebhookConfigurationKind } from '../webhooks/webhook-kinds.ts';

/** What an admission plugin sees (`admission.Attributes`). */
export interface AdmissionAttributes {
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  info: ResourceInfo;
  namespace?: string;
  name: string;
  subresource?: string;
  /** The object as it will be stored (CREATE/UPDATE); the live object for DELETE. */
  object: KubeObject;
  oldObject?: KubeObject;
  user: string;
  dryRun: boolean;
  /**
   * Set by the first mutating plugin that changes `object`: a copy of it before mutation. The handlers compute
   * managedFields from this copy, as upstream updates managedFields before mutating admission runs.
   */
  objectBeforeMutation?: KubeObject;
}

/** A validating admission plugin (the ValidatingAdmissionWebhook is one: src/sim/webhooks). An object with a method, so checkpoints can copy it. */
export interface AdmissionPlugin {
  /** Undefined admits; a Status rejects the request with it. Must not mutate `attrs.object`. */
  admit(attrs: AdmissionAttributes): Status | undefined;
}

/**
 * A mutating admission plugin (the MutatingAdmissionWebhook), run after defaulting and before validation on CREATE
 * and UPDATE. May change `attrs.object` in place (setting `attrs.objectBeforeMutation` first); a Status rejects.
 */
export interface MutatingAdmissionPlugin {
  mutate(attrs: AdmissionAttributes): Status | undefined;
}

export interface ApiServerOptions {
  /** Writes kept for watch replay (default 10,000). */
  watchHistory?: number;
  /** `--event-ttl` in virtual ms (default one hour): an Event is deleted this long after its last write. */
  eventTTL?: number;
}

export const CRD_GROUP = 'apiextensions.k8s.io';
const NAMESPACE_INFO_KEY = { group: '', resource: 'namespaces' };

/** ObjectMeta's `omitempty` lists and maps. */
const OMITEMPTY_META = ['managedFields', 'finalizers', 'labels', 'annotations', 'ownerReferences'] as const;

/** The core Event kind: what `--event-ttl` applies to. */
function isCoreEvent(info: ResourceInfo): boolean {
  return info.kind === 'Event' && info.group === '';
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || typeof v !== 'object') return false;
  return Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0;
}

export class ServerCore implements EventExpirer {
  readonly store: MvccStore;
  readonly watches: WatchCache;
  readonly registry = new ResourceRegistry();
  readonly plugins: AdmissionPlugin[] = [];
  readonly mutatingPlugins: MutatingAdmissionPlugin[] = [];
  /** The CRD object behind each custom kind, by "group/Kind". */
  readonly crdOf = new Map<string, KubeObject>();
  /** True while {@link trial} runs: writes reach no watcher. */
  private inTrial = false;
  /** Events' time to live (storage/event-ttl.ts): each write of a core Event renews it. */
  private readonly eventTTL: EventTTL;

  constructor(
    readonly ctx: SimContext,
    options: ApiServerOptions = {},
  ) {
    this.store = new MvccStore(options.watchHistory ?? DEFAULT_WATCH_HISTORY);
    this.watches = new WatchCache(this.store);
    this.eventTTL = new EventTTL(ctx, this, options.eventTTL);
    // MutatingAdmissionWebhook and ValidatingAdmissionWebhook are on by default (src/sim/webhooks).
    const webhooks = new WebhookAdmission(this);
    this.mutatingPlugins.push(webhooks);
    this.plugins.push(webhooks);
  }

  /** The served kind, or 404 (`the server could not find the requested resource`). */
  resolve(apiVersion: string, kind: string): ResourceInfo | Status {
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') return badRequest('apiVersion and kind must be strings');
    return this.registry.lookup(apiVersion, kind) ?? resourceNotServed();
  }

  gr(info: ResourceInfo): GroupResource {
    return { group: info.group, resource: info.resource };
  }

  storageKey(info: ResourceInfo): string {
    return resourceKey(info);
  }

  objectKey(info: ResourceInfo, namespace: string | undefined, name: string): string {
    return info.namespaced ? `${namespace ?? ''}/${name}` : name;
  }

  get(info: ResourceInfo, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.store.get(resourceKey(info), this.objectKey(info, namespace, name));
  }

  isCustom(info: ResourceInfo): boolean {
    return this.registry.isCustom(info);
  }

  /**
   * Runs `fn` (requests answered as usual) in a world that is put back afterwards: the store, the history, the
   * served kinds and the random source are as before, and no watcher heard of the writes. What an atomic
   * multi-document apply tries its documents in before it writes any (src/sim/cluster/kubectl.ts).
   */
  trial<T>(fn: () => T): T {
    if (this.inTrial) return fn();
    const rng = this.ctx.rng.state();
    const registry = this.registry.snapshot();
    const crdOf = new Map(this.crdOf);
    this.inTrial = true;
    this.store.beginTrial();
    try {
      return fn();
    } finally {
      this.store.rollbackTrial();
      this.inTrial = false;
      registry();
      this.crdOf.clear();
      for (const [k, v] of crdOf) this.crdOf.set(k, v);
      this.ctx.rng.restore(rng);
    }
  }

  /** Defaulting then validation (built-in admission or the CRD's schema); a 422 on errors, then the plugins. */
  admit(attrs: AdmissionAttributes, extraErrors: FieldError[] = []): Status | undefined {
    const { info, object } = attrs;
    const crd = this.isCustom(info) ? this.crdOf.get(`${info.group}/${info.kind}`) : undefined;
    let errs: FieldError[];
    this.applyDefaults(object, info, crd);
    const rejected = this.runMutatingPlugins(attrs);
    if (rejected) return rejected;
    if (attrs.objectBeforeMutation) this.applyDefaults(object, info, crd); // a patched object is defaulted again
    if (crd) {
      // Custom resources, CRDs and webhook configurations come only from input that loads the libraries first.
      errs = libraries().admission.validateCustomResource(object, crd);
    } else {
      if (info.group === CRD_GROUP && info.kind === 'CustomResourceDefinition') errs = libraries().admission.validateCRDObject(object);
      else errs = attrs.operation === 'UPDATE' && attrs.oldObject ? validateUpdate(object, attrs.oldObject, info) : validateCreate(object, info);
      if (isWebhookConfigurationKind(info.group, info.kind)) errs = [...errs, ...libraries().webhooks.validateWebhookConfiguration(object)];
    }
    if (extraErrors.length > 0 || errs.length > 0) {
      const all = dedupe([...extraErrors, ...errs]);
      if (all.length > 0) return invalid({ group: info.group, kind: info.kind }, attrs.name, all);
    }
    return this.runPlugins(attrs);
  }

  private applyDefaults(object: KubeObject, info: ResourceInfo, crd: KubeObject | undefined): void {
    if (crd) libraries().admission.defaultCustomResource(object, crd);
    else {
      applyDefaults(object, info);
      if (isWebhookConfigurationKind(info.group, info.kind)) libraries().webhooks.defaultWebhookConfiguration(object);
    }
  }

  /** The mutating plugins, in order (CREATE and UPDATE of main resources and /scale). */
  runMutatingPlugins(attrs: AdmissionAttributes): Status | undefined {
    if (attrs.operation === 'DELETE') return undefined;
    for (const p of this.mutatingPlugins) {
      const s = p.mutate(attrs);
      if (s) return s;
    }
    return undefined;
  }

  runPlugins(attrs: AdmissionAttributes): Status | undefined {
    for (const p of this.plugins) {
      const s = p.admit(attrs);
      if (s) return s;
    }
    return undefined;
  }

  /** Stores `draft` (a private mutable copy) as the new version, delivers the event; returns the frozen object. */
  commit(info: ResourceInfo, draft: KubeObject): KubeObject {
    // ObjectMeta's lists and maps are `omitempty`: an empty one is not stored (nor served), as Go encodes it.
    const m = draft.metadata;
    if (isEmpty(m.managedFields) || isEmpty(m.finalizers) || isEmpty(m.labels) || isEmpty(m.annotations) || isEmpty(m.ownerReferences)) {
      const metadata = { ...m };
      for (const k of OMITEMPTY_META) if (isEmpty(metadata[k])) delete metadata[k];
      draft = { ...draft, metadata };
    }
    const event = this.store.put(resourceKey(info), keyOf(draft), draft);
    if (!this.inTrial) this.watches.dispatch(event);
    if (!this.inTrial && isCoreEvent(info)) this.eventTTL.written(keyOf(event.object));
    if (info.group === CRD_GROUP && info.kind === 'CustomResourceDefinition') this.syncCRD(event.object, false);
    return event.object;
  }

  /** Removes an object for good; returns its last state (with the deletion's resourceVersion). */
  remove(info: ResourceInfo, obj: KubeObject): KubeObject {
    const event = this.store.remove(resourceKey(info), keyOf(obj));
    if (!event) return obj;
    if (!this.inTrial) this.watches.dispatch(event);
    if (!this.inTrial && isCoreEvent(info)) this.eventTTL.removed(keyOf(obj));
    if (info.group === CRD_GROUP && info.kind === 'CustomResourceDefinition') this.syncCRD(event.object, true);
    return event.object;
  }

  /** An Event's lease expired (storage/event-ttl.ts): etcd deletes it, and its watchers see it go. */
  expireEvent(key: string): void {
    const info = this.registry.lookup('v1', 'Event');
    const obj = info && this.store.get(resourceKey(info), key);
    if (info && obj) this.remove(info, obj);
  }

  /** A namespace's state for NamespaceLifecycle: missing, terminating or active. */
  namespaceState(ns: string): 'missing' | 'terminating' | 'active' {
    const obj = this.store.get(resourceKey(NAMESPACE_INFO_KEY), ns);
    if (!obj) return 'missing';
    return obj.metadata.deletionTimestamp !== undefined ? 'terminating' : 'active';
  }

  /** A CRD was written or removed: (re)register its kinds; on removal also drop its custom objects. */
  private syncCRD(crd: KubeObject, removed: boolean): void {
    const spec = (crd.spec ?? {}) as { group?: string; names?: { kind?: string } };
    const group = spec.group ?? '';
    const kind = spec.names?.kind ?? '';
    if (removed) {
      for (const info of this.registry.all()) {
        if (info.group !== group || info.kind !== kind || !this.registry.isCustom(info)) continue;
        for (const obj of this.store.list(resourceKey(info))) {
          const ev = this.store.remove(resourceKey(info), keyOf(obj));
          if (ev && !this.inTrial) this.watches.dispatch(ev);
        }
      }
      this.registry.unregister(group, kind);
      this.crdOf.delete(`${group}/${kind}`);
      return;
    }
    // Only input that loads the libraries first brings a CRD (a person's, GitOps): its REST mapping is on demand.
    const infos = libraries().apiserver.resourceInfosFromCRD(crd);
    this.registry.unregister(group, kind);
    this.crdOf.delete(`${group}/${kind}`);
    if (crd.metadata.deletionTimestamp !== undefined) return;
    for (const info of infos) {
      this.registry.registerCustomResource(info);
      this.crdOf.set(`${info.group}/${info.kind}`, crd);
    }
  }

  /** The apiVersion a ResourceInfo is served at. */
  apiVersionOf(info: ResourceInfo): string {
    return apiVersionOf(info);
  }

  /** True when `req` is a dry run (nothing is stored). */
  isDryRun(req: ApiRequest): boolean {
    return req.dryRun === true;
  }
}


function dedupe(errs: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errs.filter((e) => {
    const k = `${e.field}\u0000${e.body}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
