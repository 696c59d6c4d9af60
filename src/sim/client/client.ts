/**
 * The typed client a reconciler writes with, in controller-runtime's words: get, list, create, update, patch,
 * delete, and `status()` / `scale()` for the subresources. Each method is a {@link ClientOp}: use it with
 * `yield*`. A failure `Status` is thrown as a {@link StatusError}, as client-go returns it as an error.
 *
 * This class only builds requests and reads responses; sending them (latency, QPS, faults) is the runner's job.
 */
import type { KubeObject } from '../api/object.ts';
import { StatusError } from '../api/status.ts';
import type { ApiRequest, ApiResponse, DeletionPropagation, ObjectList, PatchType } from '../apiserver/api-request.ts';
import type { ClientOp } from './api-call.ts';

export interface TypeRef {
  apiVersion: string;
  kind: string;
}

export interface ListOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
}

export interface WriteOptions {
  fieldManager?: string;
  dryRun?: boolean;
}

export interface PatchOptions extends WriteOptions {
  force?: boolean;
  subresource?: 'status' | 'scale';
}

export interface DeleteOptions {
  propagationPolicy?: DeletionPropagation;
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: boolean;
}

function* send(request: ApiRequest): Generator<{ type: 'api'; request: ApiRequest }, ApiResponse, ApiResponse | ApiResponse[]> {
  const response = (yield { type: 'api', request }) as ApiResponse;
  return response;
}

function objectOf(res: ApiResponse): KubeObject {
  if (!res.ok) throw new StatusError(res.status);
  if (!('object' in res)) throw new Error('expected an object in the response');
  return res.object;
}

function listOf(res: ApiResponse): ObjectList {
  if (!res.ok) throw new StatusError(res.status);
  if (!('list' in res)) throw new Error('expected a list in the response');
  return res.list;
}

/** Builds the request for an object: its type, namespace and name. */
function target(obj: KubeObject): Pick<ApiRequest, 'apiVersion' | 'kind' | 'namespace' | 'name'> {
  const t: Pick<ApiRequest, 'apiVersion' | 'kind' | 'namespace' | 'name'> = { apiVersion: obj.apiVersion, kind: obj.kind };
  if (obj.metadata.namespace) t.namespace = obj.metadata.namespace;
  if (obj.metadata.name) t.name = obj.metadata.name;
  return t;
}

export class Client {
  /**
   * @param user who is calling: the trace actor ("replicaset-controller").
   * @param options.fieldManager the managedFields manager of its writes; upstream binaries write as themselves
   *   ("kube-controller-manager", "kube-scheduler", "kubelet"). Defaults to `user`.
   */
  constructor(
    readonly user: string,
    options: { fieldManager?: string } = {},
  ) {
    this.fieldManager = options.fieldManager;
  }

  readonly fieldManager: string | undefined;

  /** The request for a call, without sending it (for {@link ApiCallBatch}es). */
  request(r: Omit<ApiRequest, 'user'>): ApiRequest {
    return this.withFieldManager({ ...r, user: this.user });
  }

  /**
   * The fieldManager default of a write. The client's own calls below build their request in one literal with `user`
   * last, which is what {@link request} makes of the same literal (same keys in the same order; a `user` among the
   * options keeps its place, with the client's value): one object per call instead of a literal and a spread copy of
   * it, a copy of objects of varying shapes that V8 makes on its slow path.
   */
  private withFieldManager(req: ApiRequest): ApiRequest {
    if (this.fieldManager && req.fieldManager === undefined && req.verb !== 'get' && req.verb !== 'list' && req.verb !== 'delete') {
      req.fieldManager = this.fieldManager;
    }
    return req;
  }

  *get<T extends KubeObject = KubeObject>(type: TypeRef, namespace: string | undefined, name: string): ClientOp<T> {
    return objectOf(yield* send(this.withFieldManager({ verb: 'get', ...type, namespace, name, user: this.user }))) as T;
  }

  *list(type: TypeRef, options: ListOptions = {}): ClientOp<ObjectList> {
    return listOf(yield* send(this.withFieldManager({ verb: 'list', ...type, ...options, user: this.user })));
  }

  *create<T extends KubeObject = KubeObject>(obj: KubeObject, options: WriteOptions = {}): ClientOp<T> {
    return objectOf(yield* send(this.withFieldManager({ verb: 'create', ...target(obj), body: obj, ...options, user: this.user }))) as T;
  }

  *update<T extends KubeObject = KubeObject>(obj: KubeObject, options: WriteOptions = {}): ClientOp<T> {
    return objectOf(yield* send(this.withFieldManager({ verb: 'update', ...target(obj), body: obj, ...options, user: this.user }))) as T;
  }

  /** PUT on the /status subresource: only status changes; generation never moves. */
  *updateStatus<T extends KubeObject = KubeObject>(obj: KubeObject, options: WriteOptions = {}): ClientOp<T> {
    return objectOf(
      yield* send(this.withFieldManager({ verb: 'update', ...target(obj), subresource: 'status', body: obj, ...options, user: this.user })),
    ) as T;
  }

  *patch<T extends KubeObject = KubeObject>(
    type: TypeRef,
    namespace: string | undefined,
    name: string,
    patchType: PatchType,
    patch: unknown,
    options: PatchOptions = {},
  ): ClientOp<T> {
    return objectOf(
      yield* send(this.withFieldManager({ verb: 'patch', ...type, namespace, name, patchType, body: patch, ...options, user: this.user })),
    ) as T;
  }

  /** Server-side apply of a (partial) object as `fieldManager` (required by the api-server). */
  *apply<T extends KubeObject = KubeObject>(obj: KubeObject, options: PatchOptions & { fieldManager: string }): ClientOp<T> {
    return objectOf(
      yield* send(
        this.withFieldManager({ verb: 'patch', ...target(obj), patchType: 'application/apply-patch+yaml', body: obj, ...options, user: this.user }),
      ),
    ) as T;
  }

  /** Returns the object as the delete left it (with a deletionTimestamp) or as it was when removed at once. */
  *delete(type: TypeRef, namespace: string | undefined, name: string, options: DeleteOptions = {}): ClientOp<KubeObject> {
    return objectOf(yield* send(this.withFieldManager({ verb: 'delete', ...type, namespace, name, ...options, user: this.user })));
  }
}
