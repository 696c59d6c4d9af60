/**
 * Loopscope's controller API: what a controller written in the page (or in a file run by `npx loopscope run`) can
 * use. The shape is controller-runtime's (sigs.k8s.io/controller-runtime): a controller reconciles one kind (`for`),
 * is woken by the objects it owns (`owns`) and by anything else it watches (`watches`), and is handed only a name:
 * it must read the state it needs and make the cluster match it, every time (level-triggered, idempotent).
 *
 * The program runs in a sandbox: no page, network or timers; `Date` is the simulation's virtual clock and
 * `Math.random` a seeded stream. Module-level variables do not survive from one reconcile to the next (each
 * reconcile evaluates the program anew): keep state in the cluster. A reconcile has a CPU budget (an endless loop is
 * stopped and reported on its line) and a memory limit.
 */

interface TypeRef {
  apiVersion: string;
  kind: string;
}

interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
}

/** Any Kubernetes object. `spec` and `status` are whatever the kind says. */
interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  status?: any;
  [field: string]: unknown;
}

/** `reconcile.Request`: which object to look at, nothing about what happened. */
interface ReconcileRequest {
  namespace?: string;
  name: string;
}

/** `reconcile.Result`: `{}` when done until something changes; `requeueAfter` (ms) to look again later. */
interface ReconcileResult {
  requeueAfter?: number;
}

/** A failed API call (client-go's StatusError): `code` 404, 409…, `reason` "NotFound", "AlreadyExists", "Conflict"… */
interface StatusError extends Error {
  code: number;
  reason: string;
  status: { message: string; reason: string; code: number };
}

interface Client {
  /** The object from the controller's informer cache (it may be stale), or undefined. Synchronous. */
  get<T extends KubeObject = KubeObject>(type: TypeRef, namespace: string | undefined, name: string): T | undefined;
  /** The objects of a kind in the cache, optionally in one namespace and matching a label selector ("app=web"). */
  list<T extends KubeObject = KubeObject>(type: TypeRef, options?: { namespace?: string; labelSelector?: string }): T[];
  /** POST: the created object as the api-server returns it. Throws a StatusError (AlreadyExists, Invalid…). */
  create<T extends KubeObject = KubeObject>(obj: KubeObject): Promise<T>;
  /** PUT: needs metadata.resourceVersion; a stale one throws Conflict. */
  update<T extends KubeObject = KubeObject>(obj: KubeObject): Promise<T>;
  /** PUT on /status: only status changes. */
  updateStatus<T extends KubeObject = KubeObject>(obj: KubeObject): Promise<T>;
  /** PATCH with a merge, JSON or strategic-merge patch (`{ subresource: 'status' }` for the status). */
  patch<T extends KubeObject = KubeObject>(
    type: TypeRef,
    namespace: string | undefined,
    name: string,
    patchType: 'merge' | 'json' | 'strategic',
    patch: unknown,
    options?: { subresource?: 'status' },
  ): Promise<T>;
  /** Server-side apply of the fields you own, as the controller's field manager (its name). */
  apply<T extends KubeObject = KubeObject>(obj: KubeObject, options?: { force?: boolean }): Promise<T>;
  /** DELETE: the object as the delete left it. Throws NotFound when it is gone. */
  delete(type: TypeRef, namespace: string | undefined, name: string, options?: { propagationPolicy?: 'Background' | 'Foreground' | 'Orphan' }): Promise<KubeObject>;
}

interface ReconcileContext {
  /** Reads from the controller's cache; writes through the api-server (they take virtual time). */
  readonly client: Client;
  /** One line in the controller's log (the controller's panel). */
  log(...args: unknown[]): void;
  /** The virtual clock (ms). */
  readonly now: number;
}

interface Watch extends TypeRef {
  /** Which objects to reconcile when one of these changes (default: the object itself). */
  map?(obj: KubeObject): ReconcileRequest | ReconcileRequest[] | undefined;
}

interface ControllerDefinition {
  /** The controller's name (a DNS label): its process "user-controller/<name>", its field manager, its trace actor. */
  name: string;
  /** The kind it reconciles: each of these objects' changes enqueues its own name. */
  for: TypeRef;
  /** Kinds it creates and owns: a change enqueues the controller owner (its ownerReference with controller: true). */
  owns?: TypeRef[];
  /** Other kinds it reads: a change enqueues what `map` returns. */
  watches?: Watch[];
  /** Concurrent reconciles (controller-runtime's MaxConcurrentReconciles), 1 by default. */
  maxConcurrentReconciles?: number;
  /** Make the cluster match the object's desired state. Throwing retries with backoff. */
  reconcile(request: ReconcileRequest, ctx: ReconcileContext): Promise<ReconcileResult | void> | ReconcileResult | void;
}

/** Declares the controller: `export default defineController({ ... })`. */
declare function defineController(definition: ControllerDefinition): ControllerDefinition;
/** apimachinery's `errors.IsNotFound(err)`. */
declare function isNotFound(err: unknown): boolean;
/** `errors.IsAlreadyExists(err)`. */
declare function isAlreadyExists(err: unknown): boolean;
/** `errors.IsConflict(err)`. */
declare function isConflict(err: unknown): boolean;
/** `errors.IsInvalid(err)`. */
declare function isInvalid(err: unknown): boolean;
