/**
 * The GraphBuilder: turns every informer event of every monitored resource into a change of the dependency graph,
 * and decides which nodes the garbage collector must look at (its attemptToDelete and attemptToOrphan queues).
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/graph_builder.go` (`processGraphChanges`, `insertNode`,
 * `removeNode`, `addDependentToOwners`, `removeDependentFromOwners`, `addUnblockedOwnersToDeleteQueue`,
 * `processTransitions`, `enqueueVirtualDeleteEvent`, `reportInvalidNamespaceOwnerRef`).
 *
 * @remarks Simplified from upstream:
 * - `graphChanges` is not a queue of its own drained by one goroutine: each informer event (and each virtual delete
 *   event) is applied to the graph at once, in the handler. Events keep their order per informer, as upstream.
 * - Both queues are the controller's one work queue; its keys name the node and resolve to its UID (queue-keys.ts).
 */
import type { KubeObject, OwnerReference } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { QueueReason } from '../../trace/trace-event.ts';
import { FINALIZER_DELETE_DEPENDENTS, FINALIZER_ORPHAN } from '../../apiserver/strategy/deletion-strategy.ts';
import {
  GraphNode,
  ReferenceCache,
  UIDToNode,
  describeIdentity,
  getAlternateOwnerIdentity,
  identityOfOwner,
  ownerReferenceMatchesCoordinates,
  partitionDependents,
  sameIdentity,
  type ObjectReference,
} from './graph.ts';
import { QueueKeys } from './queue-keys.ts';
import { RestMapper } from './rest-mapper.ts';
import { beingDeleted, deletionStartsWithFinalizer, hasFinalizer, identityOf, referencesDiffs } from './object-state.ts';

/** `metav1.FinalizerDeleteDependents` and `metav1.FinalizerOrphanDependents`, from the api-server's deletion strategy. */
export { FINALIZER_DELETE_DEPENDENTS, FINALIZER_ORPHAN };

/** A graph change: `event` (add / update / delete, observed or virtual). */
export interface GraphEvent {
  eventType: 'add' | 'update' | 'delete';
  obj: KubeObject;
  oldObj?: KubeObject;
  /** A delete the garbage collector inferred from the api-server, not one an informer saw. */
  virtual?: boolean;
}

/** `GraphBuilder`: the dependency graph, the absent-owner cache, and what they put in the garbage collector's queue. */
export class GraphBuilder {
  readonly uidToNode = new UIDToNode();
  /** Owners confirmed absent (deleted, or a different UID under that name). */
  readonly absentOwnerCache = new ReferenceCache();
  /** The queue keys handed out, and the nodes they stand for. */
  readonly queueKeys = new QueueKeys();
  /** Which kinds are namespaced: the built-in ones and those of the CRDs seen. */
  readonly restMapper = new RestMapper();
  /** The garbage collector's runner, whose queue holds attemptToDelete and attemptToOrphan items. */
  runner: Controller | null = null;

  /** @param recorder events as "garbage-collector-controller" (`OwnerRefInvalidNamespace`). */
  constructor(private readonly recorder?: EventRecorder) {}

  /** `attemptToDelete.Add(node)`. */
  attemptToDelete(node: GraphNode, reason: QueueReason): void {
    this.runner?.enqueue(this.queueKeys.keyFor(node.identity, 'attemptToDelete'), reason);
  }

  /** `attemptToOrphan.Add(node)`. */
  attemptToOrphan(node: GraphNode, reason: QueueReason): void {
    this.runner?.enqueue(this.queueKeys.keyFor(node.identity, 'attemptToOrphan'), reason);
  }

  /** `enqueueVirtualDeleteEvent`: the api-server says the object is gone (or is another one now). */
  enqueueVirtualDeleteEvent(identity: ObjectReference): void {
    const obj: KubeObject = {
      apiVersion: identity.apiVersion,
      kind: identity.kind,
      metadata: { name: identity.name, uid: identity.uid, ...(identity.namespace ? { namespace: identity.namespace } : {}) },
    };
    this.processGraphChanges({ eventType: 'delete', obj, virtual: true });
  }

  /** One step of `processGraphChanges`. */
  processGraphChanges(event: GraphEvent): void {
    const obj = event.obj;
    const uid = obj.metadata.uid;
    if (!uid) return;
    let existingNode = this.uidToNode.read(uid);
    if (existingNode && !event.virtual && !existingNode.observed) {
      // The first informer event for a node only dependents had named: it is real now.
      const observedIdentity = identityOf(obj);
      if (!sameIdentity(observedIdentity, existingNode.identity)) {
        // Dependents that named the owner by other coordinates are checked again (bad child → good parent).
        const { nonmatching } = partitionDependents(this.uidToNode.dependentsOf(existingNode), observedIdentity);
        for (const dep of nonmatching) {
          if (observedIdentity.namespace !== '' && dep.identity.namespace !== observedIdentity.namespace) {
            this.reportInvalidNamespaceOwnerRef(dep, observedIdentity.uid);
          }
          this.attemptToDelete(dep, 'update');
        }
        existingNode = existingNode.clone();
        existingNode.identity = observedIdentity;
        this.uidToNode.write(existingNode);
      }
      existingNode.virtual = false;
      existingNode.markObserved();
    }
    if ((event.eventType === 'add' || event.eventType === 'update') && !existingNode) {
      const owners = [...(obj.metadata.ownerReferences ?? [])];
      const newNode = new GraphNode(identityOf(obj), owners, false);
      newNode.beingDeleted = beingDeleted(obj);
      newNode.deletingDependents = beingDeleted(obj) && hasFinalizer(obj, FINALIZER_DELETE_DEPENDENTS);
      this.insertNode(newNode);
      // A creation and a deletion may arrive as one event.
      this.processTransitions(event.oldObj, obj, newNode);
      return;
    }
    if ((event.eventType === 'add' || event.eventType === 'update') && existingNode) {
      const { added, removed, changed } = referencesDiffs(existingNode.owners, obj.metadata.ownerReferences ?? []);
      if (added.length || removed.length || changed.length) {
        // A changed dependency graph may unblock owners waiting for the deletion of their dependents.
        this.addUnblockedOwnersToDeleteQueue(removed, changed);
        existingNode.owners = [...(obj.metadata.ownerReferences ?? [])];
        this.addDependentToOwners(existingNode, added);
        this.removeDependentFromOwners(existingNode, removed);
      }
      if (beingDeleted(obj)) existingNode.markBeingDeleted();
      this.processTransitions(event.oldObj, obj, existingNode);
      return;
    }
    if (event.eventType === 'delete') {
      if (!existingNode) return;
      if (event.virtual && !this.processVirtualDelete(existingNode, identityOf(obj))) return;
      this.removeNode(existingNode);
      const dependents = this.uidToNode.dependentsOf(existingNode);
      if (existingNode.dependents.size > 0) this.absentOwnerCache.add(identityOf(obj));
      for (const dep of dependents) this.attemptToDelete(dep, 'delete');
      for (const owner of existingNode.owners) {
        const ownerNode = this.uidToNode.read(owner.uid);
        // An owner deleting its dependents in the foreground checks whether they are all gone.
        if (!ownerNode || !ownerNode.deletingDependents) continue;
        this.attemptToDelete(ownerNode, 'delete');
      }
    }
  }

  /**
   * The virtual-delete half of `processGraphChanges`: whether the node goes. A node whose dependents name it by other
   * coordinates stays (the dependents that named the deleted identity are checked; a virtual node then takes one of
   * the other identities and is checked again); a real node named by other coordinates stays too.
   */
  private processVirtualDelete(existingNode: GraphNode, deletedIdentity: ObjectReference): boolean {
    const { matching, nonmatching } = partitionDependents(this.uidToNode.dependentsOf(existingNode), deletedIdentity);
    if (existingNode.virtual) {
      if (nonmatching.length === 0) return true;
      this.markAbsent(deletedIdentity, matching);
      if (sameIdentity(existingNode.identity, deletedIdentity)) {
        const replacementIdentity = getAlternateOwnerIdentity(nonmatching, deletedIdentity);
        if (replacementIdentity) {
          const replacementNode = existingNode.clone();
          replacementNode.identity = replacementIdentity;
          this.uidToNode.write(replacementNode);
          this.runner?.queue.addRateLimited(this.queueKeys.keyFor(replacementNode.identity, 'attemptToDelete'));
        }
      }
      return false;
    }
    if (sameIdentity(existingNode.identity, deletedIdentity)) return true;
    // Do not remove a real node on a virtual delete naming other coordinates.
    this.markAbsent(deletedIdentity, matching);
    return false;
  }

  /** The identity is verified absent: dependents naming it are checked. */
  private markAbsent(identity: ObjectReference, matchingDependents: readonly GraphNode[]): void {
    if (matchingDependents.length === 0) return;
    this.absentOwnerCache.add(identity);
    for (const dep of matchingDependents) this.attemptToDelete(dep, 'delete');
  }

  /** `reportInvalidNamespaceOwnerRef`: a Warning event on a dependent whose owner lives in another namespace. */
  private reportInvalidNamespaceOwnerRef(n: GraphNode, invalidOwnerUID: string): void {
    const invalid = n.owners.find((o) => o.uid === invalidOwnerUID);
    if (!invalid || !this.recorder) return;
    const ref: KubeObject = {
      apiVersion: n.identity.apiVersion,
      kind: n.identity.kind,
      metadata: { name: n.identity.name, uid: n.identity.uid, ...(n.identity.namespace ? { namespace: n.identity.namespace } : {}) },
    };
    const invalidIdentity = describeIdentity(identityOfOwner(invalid, n.identity.namespace));
    this.recorder.event(ref, 'Warning', 'OwnerRefInvalidNamespace', `ownerRef ${invalidIdentity} does not exist in namespace ${JSON.stringify(n.identity.namespace)}`);
  }

  /** `insertNode`. */
  private insertNode(n: GraphNode): void {
    this.uidToNode.write(n);
    this.addDependentToOwners(n, n.owners);
  }

  /** `removeNode`. */
  private removeNode(n: GraphNode): void {
    this.uidToNode.delete(n.identity.uid);
    this.queueKeys.forget(n.identity.uid);
    this.removeDependentFromOwners(n, n.owners);
  }

  /**
   * `addDependentToOwners`: an owner not in the graph yet gets a virtual node, queued so that the api-server is
   * asked whether it exists. A dependent naming an observed owner by other coordinates (kind, name, namespace) is
   * queued to be checked.
   */
  private addDependentToOwners(n: GraphNode, owners: readonly OwnerReference[]): void {
    let hasPotentiallyInvalidOwnerReference = false;
    for (const owner of owners) {
      let ownerNode = this.uidToNode.read(owner.uid);
      const found = ownerNode !== undefined;
      if (!ownerNode) {
        ownerNode = new GraphNode(identityOfOwner(owner, n.identity.namespace), [], true);
        this.uidToNode.write(ownerNode);
      }
      ownerNode.dependents.add(n.identity.uid);
      if (!found) {
        // The api-server is asked whether this owner exists.
        this.attemptToDelete(ownerNode, 'add');
      } else if (!hasPotentiallyInvalidOwnerReference) {
        const id = ownerNode.identity;
        const ownerIsNamespaced = id.namespace !== '';
        if (ownerIsNamespaced && id.namespace !== n.identity.namespace) {
          // An observed owner in another namespace: definitely wrong (cluster-scoped owners may be named from anywhere).
          if (ownerNode.observed) this.reportInvalidNamespaceOwnerRef(n, owner.uid);
          hasPotentiallyInvalidOwnerReference = true;
        } else if (!ownerReferenceMatchesCoordinates(owner, id)) {
          hasPotentiallyInvalidOwnerReference = true;
        } else if (!ownerIsNamespaced && id.namespace !== n.identity.namespace && !ownerNode.observed) {
          // A virtual cluster-scoped owner: maybe a missing namespaced owner named by a cluster-scoped dependent.
          hasPotentiallyInvalidOwnerReference = true;
        }
      }
    }
    if (hasPotentiallyInvalidOwnerReference) this.attemptToDelete(n, 'add');
  }

  /** `removeDependentFromOwners`. */
  private removeDependentFromOwners(n: GraphNode, owners: readonly OwnerReference[]): void {
    for (const owner of owners) this.uidToNode.read(owner.uid)?.dependents.delete(n.identity.uid);
  }

  /** `addUnblockedOwnersToDeleteQueue`: an owner whose blocking reference was removed or unblocked is checked. */
  private addUnblockedOwnersToDeleteQueue(removed: readonly OwnerReference[], changed: ReadonlyArray<{ oldRef: OwnerReference; newRef: OwnerReference }>): void {
    for (const ref of removed) {
      if (ref.blockOwnerDeletion !== true) continue;
      const node = this.uidToNode.read(ref.uid);
      if (node) this.attemptToDelete(node, 'update');
    }
    for (const c of changed) {
      const wasBlocked = c.oldRef.blockOwnerDeletion === true;
      const isUnblocked = c.newRef.blockOwnerDeletion !== true;
      if (!wasBlocked || !isUnblocked) continue;
      const node = this.uidToNode.read(c.newRef.uid);
      if (node) this.attemptToDelete(node, 'update');
    }
  }

  /** `processTransitions`: an owner that starts orphaning or foreground-deleting its dependents. */
  private processTransitions(oldObj: KubeObject | undefined, newObj: KubeObject, n: GraphNode): void {
    if (deletionStartsWithFinalizer(oldObj, newObj, FINALIZER_ORPHAN)) {
      this.attemptToOrphan(n, 'update');
      return;
    }
    if (deletionStartsWithFinalizer(oldObj, newObj, FINALIZER_DELETE_DEPENDENTS)) {
      n.markDeletingDependents();
      for (const dep of this.uidToNode.dependentsOf(n)) this.attemptToDelete(dep, 'update');
      this.attemptToDelete(n, 'update');
    }
  }
}

/** A monitor's informer handler: every event becomes a graph change (`monitor.controller`'s handler funcs). */
export class MonitorEventHandler implements ResourceEventHandler {
  constructor(private readonly gb: GraphBuilder) {}

  onAdd(obj: KubeObject): void {
    this.gb.processGraphChanges({ eventType: 'add', obj });
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    this.gb.processGraphChanges({ eventType: 'update', obj: newObj, oldObj });
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const o = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (!o) return;
    this.gb.processGraphChanges({ eventType: 'delete', obj: o });
  }
}
