/**
 * The simulated kube-apiserver: every client's requests are answered here, synchronously at `ctx.now`, and every
 * write is pushed to the matching watches at once. Failures are `Status` objects with upstream's codes, reasons and
 * messages; nothing a client sends makes it throw.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/handlers (the verbs), pkg/registry/generic/registry/store.go (the
 * generic store every kind uses), pkg/storage/cacher (watches). The pieces live beside this file: handlers/
 * (one per verb), strategy/ (per-kind rules), storage/ (MVCC store and watch cache), registry/ (discovery),
 * selectors/, and admission/, patch/, fieldmanager/, crd/.
 *
 * @remarks Unknown kinds: 404 `the server could not find the requested resource` for every verb, except an apply,
 * which answers 400 `no matches for kind "Foo" in version "example.com/v1"`: that is what a user of `kubectl apply`
 * sees (kubectl's REST mapper fails before any request is sent).
 */
import type { SimContext } from '../engine/sim-context.ts';
import type { KubeObject } from '../api/object.ts';
import type { ResourceInfo } from '../api/resources.ts';
import { badRequest, conflict, isStatus, methodNotSupported, resourceNotServed, serviceUnavailable, type Status } from '../api/status.ts';
import type { ApiRequest, ApiResponse, ServerWatch, WatchRequest, WatchSink } from './api-request.ts';
import { ServerCore, type AdmissionPlugin, type ApiServerOptions } from './server-core.ts';
import { handleCreate } from './handlers/create.ts';
import { fail } from './handlers/decode.ts';
import { handleDelete } from './handlers/delete.ts';
import { handleGet, handleList } from './handlers/read.ts';
import { handlePatch } from './handlers/patch.ts';
import { handleBinding } from './handlers/binding.ts';
import { handleUpdate } from './handlers/update.ts';
import { parseLabelSelector, SelectorParseError, type ParsedLabelSelector } from './selectors/label-selector.ts';
import { parseFieldSelector, type ParsedFieldSelector } from './selectors/field-selector.ts';
import { resourceKey } from './registry/resource-registry.ts';
import { changedPaths } from './strategy/object-diff.ts';
import { isNamespace } from './strategy/namespace-strategy.ts';
import { libraries } from '../libraries.ts';

export type { AdmissionPlugin, AdmissionAttributes, ApiServerOptions } from './server-core.ts';
export { changedPaths };

/** The namespaces every cluster starts with (revisions 1..4). */
export const INITIAL_NAMESPACES = ['default', 'kube-system', 'kube-node-lease', 'kube-public'] as const;

export const SERVICE_UNAVAILABLE = 'the server is currently unable to handle the request';

/** An injected-conflict fault on one resource. */
interface ConflictFault {
  until: number;
  probability: number;
}

export class ApiServer {
  private readonly core: ServerCore;
  private unavailableUntil: number | null = null;
  private readonly conflictFaults = new Map<string, ConflictFault>();

  constructor(
    private readonly ctx: SimContext,
    options: ApiServerOptions = {},
  ) {
    this.core = new ServerCore(ctx, options);
    for (const name of INITIAL_NAMESPACES) {
      const res = this.handle({ verb: 'create', apiVersion: 'v1', kind: 'Namespace', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, user: 'system:apiserver' });
      if (!res.ok) throw new Error(`bootstrap namespace ${name}: ${res.status.message}`);
    }
  }

  /**
   * Runs `fn` against this server, then puts everything back as it was (store, history, served kinds, random
   * source; watchers hear nothing): how an atomic apply tries its documents in order before writing any.
   */
  trial<T>(fn: () => T): T {
    return this.core.trial(fn);
  }

  /** The current revision (the resourceVersion of the latest write). */
  get revision(): number {
    return this.core.store.revision;
  }

  /** Answers one request at `ctx.now`. Never throws. */
  handle(req: ApiRequest): ApiResponse {
    try {
      return this.dispatch(req);
    } catch (e) {
      // A bug, not a client error: still answer like a server would.
      return fail({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `Internal error occurred: ${e instanceof Error ? e.message : String(e)}`,
        reason: 'InternalError',
        code: 500,
      });
    }
  }

  private dispatch(req: ApiRequest): ApiResponse {
    if (typeof req !== 'object' || req === null) return fail(badRequest('the request is not an object'));
    if (this.isUnavailable()) return fail(serviceUnavailable(SERVICE_UNAVAILABLE));
    const info = this.core.resolve(req.apiVersion, req.kind);
    if (isStatus(info)) {
      if (req.verb === 'patch' && req.patchType === 'application/apply-patch+yaml') {
        return fail(badRequest(`no matches for kind "${String(req.kind)}" in version "${String(req.apiVersion)}"`));
      }
      return fail(info);
    }
    if (req.verb !== 'list' && req.verb !== 'create' && req.verb !== 'patch' && !req.name) return fail(badRequest('resource name may not be empty'));
    if (req.subresource === 'binding') return handleBinding(this.core, req, info);
    if (req.subresource === 'finalize') {
      // Only namespaces have /finalize, and only PUT (pkg/registry/core/namespace/storage FinalizeREST).
      if (!isNamespace(info)) return fail(resourceNotServed(this.core.gr(info)));
      if (req.verb !== 'update') return fail(methodNotSupported(this.core.gr(info), req.verb));
    } else if (req.subresource !== undefined && req.subresource !== 'status' && req.subresource !== 'scale') return fail(resourceNotServed(this.core.gr(info)));
    if (req.subresource === 'status' && !info.status) return fail(methodNotSupported(this.core.gr(info), req.verb));
    const injected = this.injectedConflict(req, info);
    if (injected) return fail(injected);
    // /scale is asked for only by a person's kubectl and the HPA (on demand), so its handler is on demand too.
    switch (req.verb) {
      case 'get':
        return req.subresource === 'scale' ? libraries().apiserver.handleScaleGet(this.core, req, info) : handleGet(this.core, req, info);
      case 'list':
        return handleList(this.core, req, info);
      case 'create':
        if (req.subresource) return fail(methodNotSupported(this.core.gr(info), 'create'));
        return handleCreate(this.core, req, info, req.body);
      case 'update':
        return req.subresource === 'scale' ? libraries().apiserver.handleScaleUpdate(this.core, req, info, req.body) : handleUpdate(this.core, req, info, req.body);
      case 'patch':
        if (!req.name && req.patchType !== 'application/apply-patch+yaml') return fail(badRequest('resource name may not be empty'));
        return handlePatch(this.core, req, info);
      case 'delete':
        if (req.subresource) return fail(methodNotSupported(this.core.gr(info), 'delete'));
        return handleDelete(this.core, req, info);
      default:
        return fail(badRequest(`unsupported verb ${JSON.stringify((req as { verb: unknown }).verb)}`));
    }
  }

  /**
   * Opens a server-side watch. Events go to `sink` synchronously at write time, in revision order. A
   * resourceVersion older than the history gets 410 Expired; "" or "0" starts now, with ADDED events for the current
   * objects first (the watch cache's initial events).
   */
  watch(req: WatchRequest, sink: WatchSink): ServerWatch | Status {
    if (this.isUnavailable()) return serviceUnavailable(SERVICE_UNAVAILABLE);
    const info = this.core.resolve(req.apiVersion, req.kind);
    if (isStatus(info)) return info;
    let labels: ParsedLabelSelector | undefined;
    let fields: ParsedFieldSelector | undefined;
    try {
      labels = req.labelSelector ? parseLabelSelector(req.labelSelector) : undefined;
      fields = req.fieldSelector ? parseFieldSelector(req.fieldSelector, info.kind) : undefined;
    } catch (e) {
      if (e instanceof SelectorParseError) return badRequest(e.message);
      throw e;
    }
    let from: number | undefined;
    const rv = req.resourceVersion ?? '';
    if (rv !== '' && rv !== '0') {
      from = Number(rv);
      if (!/^\d+$/.test(rv)) return badRequest(`invalid resource version: ${rv}`);
    }
    const filter = { resource: resourceKey(info), namespace: info.namespaced && req.namespace ? req.namespace : undefined, labels, fields };
    return this.core.watches.add(filter, sink, req.user, from);
  }

  /** Ends one watch with an ERROR event carrying 410 Expired (a fault input). False if it was not running. */
  expireWatch(id: number): boolean {
    return this.core.watches.expire(id);
  }

  /** Expires every watch opened by `user`; returns how many. */
  expireWatchesOf(user: string): number {
    return this.core.watches.expireAllOf(user);
  }

  /** Number of running watches (for the UI and tests). */
  watchCount(): number {
    return this.core.watches.watchers().length;
  }

  /** Forgets the watch history up to `revision` (default: all): older watches get 410. */
  compact(revision?: number): void {
    this.core.store.compact(revision);
  }

  /**
   * The object as a write left it at `revision` (a DELETED's: its last state), while the watch history still holds
   * that revision: what a write's `api.response` (its `rv`) wrote, for checks on the values a write changed.
   */
  objectAtRevision(revision: number): KubeObject | undefined {
    return this.core.store.eventAt(revision)?.object;
  }

  /** Fault: every request answers 503 until virtual time `until` (null: available again). */
  setUnavailable(until: number | null): void {
    this.unavailableUntil = until;
  }

  private isUnavailable(): boolean {
    return this.unavailableUntil !== null && this.ctx.now < this.unavailableUntil;
  }

  /** The api-server answers every request 503 now (the `apiserver-unavailable` fault): what the page's badge says. */
  get unavailable(): boolean {
    return this.isUnavailable();
  }

  /**
   * Fault: until virtual time `until`, writes (update, patch, delete) to `resource` ("deployments", "deploy",
   * "deployments.apps"...) answer 409 Conflict with probability `probability` (drawn from ctx.rng).
   */
  injectConflicts(resource: string, until: number, probability: number): void {
    const info = this.core.registry.resolve(resource);
    this.conflictFaults.set(info ? resourceKey(info) : resource, { until, probability });
  }

  private injectedConflict(req: ApiRequest, info: ResourceInfo): Status | undefined {
    if (this.conflictFaults.size === 0 || (req.verb !== 'update' && req.verb !== 'patch' && req.verb !== 'delete')) return undefined;
    const key = resourceKey(info);
    const fault = this.conflictFaults.get(key);
    if (!fault) return undefined;
    if (this.ctx.now >= fault.until) {
      this.conflictFaults.delete(key);
      return undefined;
    }
    if (this.ctx.rng.float() >= fault.probability) return undefined;
    return conflict(this.core.gr(info), req.name ?? '');
  }

  /** Adds a validating admission plugin, run after built-in admission on create/update/patch and on delete. */
  addAdmissionPlugin(plugin: AdmissionPlugin): void {
    this.core.plugins.push(plugin);
  }

  /** Registers a custom kind directly (CRDs do it themselves when written). */
  registerCustomResource(info: ResourceInfo): void {
    this.core.registry.registerCustomResource(info);
  }

  unregister(group: string, kind: string): void {
    this.core.registry.unregister(group, kind);
  }

  /** The served kind for an apiVersion + kind (built-in or custom), or undefined. */
  lookup(apiVersion: string, kind: string): ResourceInfo | undefined {
    return this.core.registry.lookup(apiVersion, kind);
  }

  /** kubectl-style name resolution ("deploy", "deployments.apps", "Deployment"). */
  resolve(name: string): ResourceInfo | undefined {
    return this.core.registry.resolve(name);
  }

  /** Every served kind (the discovery document). */
  resourcesInfo(): ResourceInfo[] {
    return this.core.registry.all();
  }

  /** A read without a request (UI/CLI): the stored frozen object, or undefined. */
  getObject(apiVersion: string, kind: string, namespace: string | undefined, name: string): KubeObject | undefined {
    const info = this.core.registry.lookup(apiVersion, kind);
    return info ? this.core.get(info, info.namespaced ? namespace : undefined, name) : undefined;
  }

  /** The stored objects of a kind (optionally one namespace), sorted by namespace/name. */
  listObjects(apiVersion: string, kind: string, namespace?: string): KubeObject[] {
    const info = this.core.registry.lookup(apiVersion, kind);
    return info ? this.core.store.list(resourceKey(info), info.namespaced ? namespace : undefined) : [];
  }
}
