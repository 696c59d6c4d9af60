/**
 * One request to the api-server and its answer: the HTTP exchange, as data. Every client (controllers, kubelets,
 * the user's kubectl, the scenario runner) speaks to the api-server only through these.
 */
import type { KubeObject } from '../api/object.ts';
import type { Status } from '../api/status.ts';

export type PatchType =
  | 'application/merge-patch+json'
  | 'application/json-patch+json'
  | 'application/strategic-merge-patch+json'
  | 'application/apply-patch+yaml';

export type DeletionPropagation = 'Background' | 'Foreground' | 'Orphan';

export interface ApiRequest {
  verb: 'get' | 'list' | 'create' | 'update' | 'patch' | 'delete';
  /** Identifies the resource, as a client's REST mapping would: "apps/v1" + "Deployment". */
  apiVersion: string;
  kind: string;
  namespace?: string;
  /** Required for get/update/patch/delete; for create it is taken from the body. */
  name?: string;
  /** `binding`: POST pods/<name>/binding (handlers/binding.ts); `finalize`: PUT namespaces/<name>/finalize. */
  subresource?: 'status' | 'scale' | 'binding' | 'finalize';
  /** The object (create/update, or a Scale for /scale), or the patch document (patch). */
  body?: unknown;
  patchType?: PatchType;
  /** managedFields manager; defaults to the caller (`user`). */
  fieldManager?: string;
  /** Server-side apply: take ownership of conflicting fields. */
  force?: boolean;
  dryRun?: boolean;
  /**
   * The `fieldValidation` query parameter of a write: what unknown fields do (fieldvalidation/field-validation.ts).
   * `Strict` fails the request, `Warn` succeeds with warnings, `Ignore` (and absent) drops them silently. kubectl
   * sends Strict, but none for `patch` (the person's patch then gets kube-apiserver's default, Warn:
   * cluster/kubectl-verbs.ts); the simulation's own controllers send none.
   */
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
  /** list: label selector in kubectl syntax ("app=web,tier in (a,b)"). */
  labelSelector?: string;
  /** list: field selector ("spec.nodeName=node-1,status.phase!=Running"). */
  fieldSelector?: string;
  /** list: "" (consistent read), "0" (any), or a revision. */
  resourceVersion?: string;
  /** list: `Exact` reads at exactly `resourceVersion` (a past revision, from the history); otherwise the current state. */
  resourceVersionMatch?: 'Exact';
  propagationPolicy?: DeletionPropagation;
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  /** Who is calling ("kubectl", "replicaset-controller", "kubelet/node-1"): the trace actor and default manager. */
  user: string;
}

export interface ObjectList {
  apiVersion: string;
  kind: string;
  metadata: { resourceVersion: string };
  items: KubeObject[];
}

export type ApiResponse =
  | {
      ok: true;
      code: number;
      object: KubeObject;
      /** Writes that changed an existing object: the top dotted paths that differ (`api.response.changed`). */
      changed?: string[];
      /** Warning headers (`fieldValidation=Warn`: `unknown field "spec.replicaz"`), which kubectl prints as `Warning: …`. */
      warnings?: string[];
    }
  | { ok: true; code: number; list: ObjectList }
  | { ok: false; code: number; status: Status };

export interface WatchRequest {
  apiVersion: string;
  kind: string;
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** Start after this revision; "" or "0" means "from now". A compacted revision gets 410 Expired. */
  resourceVersion: string;
  allowWatchBookmarks?: boolean;
  user: string;
}

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  /** The object after the change (for DELETED: its last state, with the deletion's revision). A Status for ERROR. */
  object: KubeObject | Status;
}

/**
 * The receiving end of a server-side watch. The api-server calls it synchronously, in revision order, at the
 * instant of each write; the network (client/watch-channel) adds latency and faults before a reflector sees it.
 */
export interface WatchSink {
  onWatchEvent(event: WatchEvent): void;
}

/** A running server-side watch. `stop` ends it (the client went away or the server timed it out). */
export interface ServerWatch {
  readonly id: number;
  stop(): void;
}
