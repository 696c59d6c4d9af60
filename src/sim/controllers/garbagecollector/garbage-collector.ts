/**
 * The garbage collector: deletes objects whose owners are gone, deletes an owner's dependents before the owner when
 * it is deleted in the foreground, and strips an orphaning owner's references from its dependents.
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/garbagecollector.go` (`attemptToDeleteWorker`,
 * `attemptToDeleteItem`, `processDeletingDependentsItem`, `classifyReferences`, `isDangling`,
 * `attemptToOrphanWorker`). The steps of `attemptToDeleteItem`, in upstream's order: an object being deleted (not in
 * the foreground) is left alone; the live object is read from the api-server (gone, or another UID → a virtual
 * delete event); a foreground-deleting owner waits for its blocking dependents, then loses its `foregroundDeletion`
 * finalizer; an object without owners is kept; otherwise each owner reference is classified as solid, dangling
 * (owner absent or another UID) or waiting (owner being deleted in the foreground): with a solid owner, dangling and
 * waiting references are patched out; with a waiting owner and dependents of its own, the object is deleted in the
 * foreground; otherwise it is deleted (background, or the policy its own finalizers say).
 *
 * The workers do not wait for the monitors' caches to sync (upstream stopped waiting: every decision is checked
 * against the api-server, and an owner not seen yet is a virtual node that is looked up).
 *
 * @remarks Both of upstream's queues are this controller's one queue (graph-builder.ts, queue-keys.ts); an item is
 * looked up by UID in the graph when processed, so an item requeued while virtual is not told apart from the
 * observed node that replaced it (upstream forgets the former), and an item whose node left the graph is dropped
 * (upstream reads it from the api-server, finds it gone, and drops it).
 */
import type { KubeObject, OwnerReference } from '../../api/object.ts';
import type { DeletionPropagation } from '../../apiserver/api-request.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request, Result } from '../../controller/reconciler.ts';
import { refOf, type ObjectRef } from '../../trace/trace-event.ts';
import { FINALIZER_DELETE_DEPENDENTS, FINALIZER_ORPHAN, type GraphBuilder } from './graph-builder.ts';
import { beingDeleted, hasFinalizer } from './object-state.ts';
import { identityOfOwner, shortIdentity, type GraphNode, type ObjectReference } from './graph.ts';
import {
  deleteObject,
  deleteOwnerRefStrategicMergePatch,
  getObject,
  isNotFound,
  orphanDependents,
  patchOwnerRefs,
  removeFinalizer,
  unblockOwnerReferencesStrategicMergePatch,
  type GcApi,
} from './operations.ts';

/** The controller's name: its queue, its client's user and the trace actor. */
export const GARBAGE_COLLECTOR_CONTROLLER = 'garbage-collector-controller';

/** The owner references of an object, by how their owners stand (`classifyReferences`). */
export interface ClassifiedReferences {
  solid: OwnerReference[];
  dangling: OwnerReference[];
  waitingForDependentsDeletion: OwnerReference[];
}

/** What `isDangling` found: the owner, unless dangling. */
interface Dangling {
  dangling: boolean;
  owner?: KubeObject;
}

/** `enqueuedVirtualDeleteEventErr`: not an error, the node is forgotten. */
const ENQUEUED_VIRTUAL_DELETE_EVENT = 'enqueued virtual delete event';
/** `namespacedOwnerOfClusterScopedObjectErr`: will not resolve on retry, the node is forgotten. */
const NAMESPACED_OWNER_OF_CLUSTER_SCOPED_OBJECT = 'cluster-scoped objects cannot refer to namespaced owners';

/** `GarbageCollector`: the reconciler of both queues, over the graph its {@link GraphBuilder} keeps. */
export class GarbageCollector implements Reconciler {
  constructor(readonly graphBuilder: GraphBuilder) {}

  /** The client and REST mapping the operations go through. */
  private api(ctx: ReconcileContext): GcApi {
    return { client: ctx.client, mapper: this.graphBuilder.restMapper };
  }

  /** One item of either queue: `attemptToDeleteWorker` or `attemptToOrphanWorker`. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace !== undefined ? `${request.namespace}/${request.name}` : request.name;
    const item = this.graphBuilder.queueKeys.resolve(key);
    if (!item) {
      ctx.observe(`${key} is no longer in the graph`);
      return {};
    }
    if (item.queue === 'attemptToOrphan') return yield* this.attemptToOrphanWorker(item.uid, ctx);
    return yield* this.attemptToDeleteWorker(item.uid, ctx);
  }

  /** `attemptToDeleteWorker`. */
  private *attemptToDeleteWorker(uid: string, ctx: ReconcileContext): ReconcileGenerator {
    const n = this.graphBuilder.uidToNode.read(uid);
    if (!n) {
      ctx.observe(`uid ${uid} is no longer in the graph`);
      return {};
    }
    const outcome = yield* this.attemptToDeleteItem(n, ctx);
    if (outcome === ENQUEUED_VIRTUAL_DELETE_EVENT || outcome === NAMESPACED_OWNER_OF_CLUSTER_SCOPED_OBJECT) return {};
    if (!n.observed) {
      // Requeue until the item is observed through an informer, so that a virtual node for an object added and
      // removed during a watch re-establishment does not stay in the graph (kubernetes#56121).
      ctx.status(`${shortIdentity(n.identity)} has not been observed via informer yet`);
      return { requeue: true } satisfies Result;
    }
    return {};
  }

  /** `attemptToDeleteItem`. Returns a marker for the outcomes that forget the item; throws to retry. */
  private *attemptToDeleteItem(item: GraphNode, ctx: ReconcileContext): ClientOp<string | undefined> {
    const id = shortIdentity(item.identity);
    // "Being deleted" is a one-way trip to the final deletion: wait for it, then process the dependents.
    if (item.beingDeleted && !item.deletingDependents) {
      ctx.observe(`${id} is being deleted, but not in the foreground: wait for its deletion`);
      return undefined;
    }
    const client = this.api(ctx);
    let latest: KubeObject;
    try {
      latest = yield* getObject(client, item.identity);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      ctx.observe(`${id} not found: a virtual delete event`);
      this.graphBuilder.enqueueVirtualDeleteEvent(item.identity);
      return ENQUEUED_VIRTUAL_DELETE_EVENT;
    }
    if (latest.metadata.uid !== item.identity.uid) {
      ctx.observe(`${id} has another UID now (${latest.metadata.uid ?? ''}): a virtual delete event`);
      this.graphBuilder.enqueueVirtualDeleteEvent(item.identity);
      return ENQUEUED_VIRTUAL_DELETE_EVENT;
    }
    if (item.deletingDependents) return yield* this.processDeletingDependentsItem(item, latest, ctx);

    const ownerReferences = latest.metadata.ownerReferences ?? [];
    if (ownerReferences.length === 0) {
      ctx.observe(`${id} doesn't have an owner, continue on next item`, [{ ...refOf(latest), rv: latest.metadata.resourceVersion }]);
      return undefined;
    }
    const classified = yield* this.classifyReferences(item, ownerReferences, client);
    if (typeof classified === 'string') return classified;
    const { solid, dangling, waitingForDependentsDeletion } = classified;
    ctx.observe(
      `${id}: ${solid.length} solid, ${dangling.length} dangling, ${waitingForDependentsDeletion.length} waiting owner references`,
      [{ ...refOf(latest), rv: latest.metadata.resourceVersion }],
    );

    if (solid.length !== 0) {
      if (dangling.length === 0 && waitingForDependentsDeletion.length === 0) {
        ctx.diff(`item has at least one existing owner: ${names(solid)}, will not garbage collect`, true);
        return undefined;
      }
      // Waiting references go too, or their owners would be stuck with the foregroundDeletion finalizer.
      const ownerUIDs = [...dangling, ...waitingForDependentsDeletion].map((r) => r.uid);
      ctx.diff(`remove dangling references ${names(dangling)} and waiting references ${names(waitingForDependentsDeletion)} for item`, false);
      ctx.act(`patch ${item.identity.kind}/${item.identity.name}: remove ownerReferences ${ownerUIDs.join(', ')}`);
      yield* patchOwnerRefs(client, item.identity, deleteOwnerRefStrategicMergePatch(item.identity.uid, ownerUIDs), {
        type: 'deleteOwnerRefs',
        ownerUIDs,
      });
      return undefined;
    }
    if (waitingForDependentsDeletion.length !== 0 && item.dependents.size !== 0) {
      for (const dep of this.graphBuilder.uidToNode.dependentsOf(item)) {
        if (!dep.deletingDependents) continue;
        // A cycle of foreground deletions: unblock this item's owners (the detection has false positives).
        ctx.act(`patch ${item.identity.kind}/${item.identity.name}: unblock its owner references (dependency cycle with ${dep.identity.name})`);
        yield* patchOwnerRefs(client, item.identity, unblockOwnerReferencesStrategicMergePatch(item), { type: 'unblockOwnerRefs' });
        break;
      }
      ctx.diff(`at least one owner of ${id} has FinalizerDeletingDependents, and the item itself has dependents, so it is going to be deleted in Foreground`, false);
      ctx.act(`delete ${item.identity.kind}/${item.identity.name} (propagationPolicy Foreground)`);
      return yield* this.deleteItem(item, latest, 'Foreground', client);
    }
    // No solid owner: collect it, honouring a propagation finalizer it already carries.
    let policy: DeletionPropagation = 'Background';
    if (hasFinalizer(latest, FINALIZER_ORPHAN)) policy = 'Orphan';
    else if (hasFinalizer(latest, FINALIZER_DELETE_DEPENDENTS)) policy = 'Foreground';
    ctx.diff(`${id} has no solid owner: delete it`, false);
    ctx.act(`delete ${item.identity.kind}/${item.identity.name} (propagationPolicy ${policy})`);
    return yield* this.deleteItem(item, latest, policy, client);
  }

  /** `deleteObject` as `attemptToDeleteItem` calls it: an object already gone is a virtual delete event. */
  private *deleteItem(item: GraphNode, latest: KubeObject, policy: DeletionPropagation, client: GcApi): ClientOp<string | undefined> {
    try {
      yield* deleteObject(client, item.identity, latest.metadata.resourceVersion, latest.metadata.ownerReferences ?? [], policy);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      this.graphBuilder.enqueueVirtualDeleteEvent(item.identity);
      return ENQUEUED_VIRTUAL_DELETE_EVENT;
    }
    return undefined;
  }

  /**
   * `processDeletingDependentsItem`: an owner deleted in the foreground loses its `foregroundDeletion` finalizer
   * once no dependent blocks it; until then, its blocking dependents are queued.
   */
  private *processDeletingDependentsItem(item: GraphNode, latest: KubeObject, ctx: ReconcileContext): ClientOp<undefined> {
    const blockingDependents = this.graphBuilder.uidToNode.blockingDependents(item);
    ctx.observe(
      `${shortIdentity(item.identity)} is deleting its dependents: ${blockingDependents.length} blocking`,
      [{ ...refOf(latest), rv: latest.metadata.resourceVersion }, ...blockingDependents.map((d) => depRef(d))],
    );
    if (blockingDependents.length === 0) {
      ctx.diff(`remove DeleteDependents finalizer for item ${shortIdentity(item.identity)}`, false);
      ctx.act(`remove finalizer ${FINALIZER_DELETE_DEPENDENTS} from ${item.identity.kind}/${item.identity.name}`);
      yield* removeFinalizer(this.api(ctx), item.identity, FINALIZER_DELETE_DEPENDENTS);
      return undefined;
    }
    ctx.diff(`waiting for ${blockingDependents.length} blocking dependents: ${blockingDependents.map((d) => d.identity.name).join(', ')}`, false);
    for (const dep of blockingDependents) {
      if (!dep.deletingDependents) this.graphBuilder.attemptToDelete(dep, 'manual');
    }
    return undefined;
  }

  /** `classifyReferences`. Returns a marker string when the item must be forgotten. */
  private *classifyReferences(item: GraphNode, latestReferences: readonly OwnerReference[], client: GcApi): ClientOp<ClassifiedReferences | string> {
    const out: ClassifiedReferences = { solid: [], dangling: [], waitingForDependentsDeletion: [] };
    for (const reference of latestReferences) {
      const r = yield* this.isDangling(reference, item, client);
      if (typeof r === 'string') return r;
      if (r.dangling) {
        out.dangling.push(reference);
        continue;
      }
      const owner = r.owner!;
      if (beingDeleted(owner) && hasFinalizer(owner, FINALIZER_DELETE_DEPENDENTS)) out.waitingForDependentsDeletion.push(reference);
      else out.solid.push(reference);
    }
    return out;
  }

  /** `isDangling`: the owner is absent, or has another UID (remembered in `absentOwnerCache`). */
  private *isDangling(reference: OwnerReference, item: GraphNode, client: GcApi): ClientOp<Dangling | string> {
    const cache = this.graphBuilder.absentOwnerCache;
    const clusterKey: ObjectReference = identityOfOwner(reference, '');
    if (cache.has(clusterKey)) return { dangling: true };
    const namespacedKey: ObjectReference = identityOfOwner(reference, item.identity.namespace);
    if (cache.has(namespacedKey)) return { dangling: true };
    const namespaced = this.graphBuilder.restMapper.isNamespaced(reference.apiVersion, reference.kind);
    // A kind no mapping knows (a custom resource whose CRD is not seen yet): upstream's restMappingError, retried.
    if (namespaced === undefined) throw new Error(`unable to get REST mapping for ${reference.apiVersion}/${reference.kind}.`);
    const absentKey = namespaced ? namespacedKey : clusterKey;
    if (item.identity.namespace === '' && namespaced) return NAMESPACED_OWNER_OF_CLUSTER_SCOPED_OBJECT;
    let owner: KubeObject;
    try {
      owner = yield* getObject(client, absentKey);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      cache.add(absentKey);
      return { dangling: true };
    }
    if (owner.metadata.uid !== reference.uid) {
      cache.add(absentKey);
      return { dangling: true };
    }
    return { dangling: false, owner };
  }

  /**
   * `attemptToOrphanWorker`: removes the owner's references from all its dependents, then its `orphan` finalizer.
   * A failure retries the whole step.
   */
  private *attemptToOrphanWorker(uid: string, ctx: ReconcileContext): ReconcileGenerator {
    const owner = this.graphBuilder.uidToNode.read(uid);
    if (!owner) {
      ctx.observe(`uid ${uid} is no longer in the graph`);
      return {};
    }
    const dependents = this.graphBuilder.uidToNode.dependentsOf(owner);
    ctx.observe(`${shortIdentity(owner.identity)} is orphaning ${dependents.length} dependents`, dependents.map((d) => depRef(d)));
    ctx.diff(`${dependents.length} dependents still reference ${owner.identity.kind}/${owner.identity.name}`, dependents.length === 0);
    if (dependents.length) ctx.act(`remove the ownerReference to ${owner.identity.name} from ${dependents.map((d) => d.identity.name).join(', ')}`);
    yield* orphanDependents(this.api(ctx), owner.identity, dependents);
    ctx.act(`remove finalizer ${FINALIZER_ORPHAN} from ${owner.identity.kind}/${owner.identity.name}`);
    yield* removeFinalizer(this.api(ctx), owner.identity, FINALIZER_ORPHAN);
    return {};
  }
}

function names(refs: readonly OwnerReference[]): string {
  return `[${refs.map((r) => `${r.kind}/${r.name}`).join(', ')}]`;
}

function depRef(n: GraphNode): ObjectRef {
  const id = n.identity;
  return { apiVersion: id.apiVersion, kind: id.kind, name: id.name, ...(id.namespace ? { namespace: id.namespace } : {}), uid: id.uid };
}
