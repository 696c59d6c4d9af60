/**
 * The garbage collector's dependency graph: one node per object that has owners or is an owner, keyed by UID, with
 * the owner → dependents edges the ownerReferences draw.
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/graph.go` (node, objectReference, concurrentUIDToNode,
 * blockingDependents), `graph_builder.go` (partitionDependents, getAlternateOwnerIdentity,
 * ownerReferenceMatchesCoordinates) and `uid_cache.go` / `pkg/controller/garbagecollector/graph_builder.go`
 * (`absentOwnerCache`, a `ReferenceCache` of 500 entries).
 *
 * @remarks A node's dependents are the UIDs of the dependent nodes (upstream: pointers), looked up in the graph when
 * needed; every dependent in the set is in the graph, since removing a node also removes it from its owners' sets.
 */
import type { OwnerReference } from '../../api/object.ts';

/** `objectReference`: an owner reference's coordinates plus the namespace (the identity of a node). */
export interface ObjectReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  /** Empty for cluster-scoped objects. */
  namespace: string;
}

/** `objectReference.String()`: "[apps/v1/ReplicaSet, namespace: default, name: web-1, uid: 1234]". */
export function describeIdentity(r: ObjectReference): string {
  return `[${r.apiVersion}/${r.kind}, namespace: ${r.namespace}, name: ${r.name}, uid: ${r.uid}]`;
}

/** A short label for the trace: "ReplicaSet default/web-1" (the namespace left out for cluster-scoped objects). */
export function shortIdentity(r: ObjectReference): string {
  return `${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}`;
}

/** Same coordinates (apiVersion, kind, name, uid, namespace). */
export function sameIdentity(a: ObjectReference, b: ObjectReference): boolean {
  return a.uid === b.uid && a.name === b.name && a.kind === b.kind && a.apiVersion === b.apiVersion && a.namespace === b.namespace;
}

/** `ownerReferenceCoordinates` with a namespace. */
export function identityOfOwner(owner: Pick<OwnerReference, 'uid' | 'name' | 'kind' | 'apiVersion'>, namespace: string): ObjectReference {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.name, uid: owner.uid, namespace };
}

/** `node`: an object the graph knows of, seen through an informer or only named by a dependent ("virtual"). */
export class GraphNode {
  identity: ObjectReference;
  /** UIDs of the nodes that list this one as an owner. */
  readonly dependents = new Set<string>();
  /** This object's own ownerReferences, as last observed. */
  owners: OwnerReference[];
  /** The object has a deletionTimestamp. */
  beingDeleted = false;
  /** The object has a deletionTimestamp and the `foregroundDeletion` finalizer. */
  deletingDependents = false;
  /** Known only from a dependent's ownerReference: never observed through an informer. */
  virtual: boolean;
  /** Seen through an informer event (`markObserved`). */
  observed: boolean;

  constructor(identity: ObjectReference, owners: OwnerReference[], virtual: boolean) {
    this.identity = identity;
    this.owners = owners;
    this.virtual = virtual;
    this.observed = !virtual;
  }

  markBeingDeleted(): void {
    this.beingDeleted = true;
  }

  /** `markDeletingDependents`: being deleted in the foreground. */
  markDeletingDependents(): void {
    this.beingDeleted = true;
    this.deletingDependents = true;
  }

  markObserved(): void {
    this.observed = true;
  }

  /** A copy under a new identity (a virtual node replaced by what an informer saw). */
  clone(): GraphNode {
    const c = new GraphNode({ ...this.identity }, [...this.owners], this.virtual);
    for (const d of this.dependents) c.dependents.add(d);
    c.beingDeleted = this.beingDeleted;
    c.deletingDependents = this.deletingDependents;
    c.observed = this.observed;
    return c;
  }
}

/** `concurrentUIDToNode` plus the edge bookkeeping of `insertNode` / `removeNode`. */
export class UIDToNode {
  private readonly nodes = new Map<string, GraphNode>();

  read(uid: string): GraphNode | undefined {
    return this.nodes.get(uid);
  }

  write(node: GraphNode): void {
    this.nodes.set(node.identity.uid, node);
  }

  delete(uid: string): void {
    this.nodes.delete(uid);
  }

  get size(): number {
    return this.nodes.size;
  }

  /** The nodes, by UID order (deterministic). */
  list(): GraphNode[] {
    return [...this.nodes.keys()].sort().map((uid) => this.nodes.get(uid)!);
  }

  /** The node's dependents, sorted by UID. */
  dependentsOf(node: GraphNode): GraphNode[] {
    const out: GraphNode[] = [];
    for (const uid of [...node.dependents].sort()) {
      const dep = this.nodes.get(uid);
      if (dep) out.push(dep);
    }
    return out;
  }

  /**
   * `blockingDependents`: the dependents whose ownerReference to this node has `blockOwnerDeletion: true`. A
   * foreground deletion of the node waits for them.
   */
  blockingDependents(node: GraphNode): GraphNode[] {
    return this.dependentsOf(node).filter((dep) =>
      dep.owners.some((o) => o.uid === node.identity.uid && o.blockOwnerDeletion === true),
    );
  }
}

/** `ReferenceCache`: an LRU set of owner identities confirmed absent (`absentOwnerCache`, 500 entries). */
export class ReferenceCache {
  private readonly entries = new Map<string, true>();

  constructor(private readonly maxSize = 500) {}

  private static keyOf(r: ObjectReference): string {
    return `${r.apiVersion}|${r.kind}|${r.namespace}|${r.name}|${r.uid}`;
  }

  add(r: ObjectReference): void {
    const k = ReferenceCache.keyOf(r);
    this.entries.delete(k);
    this.entries.set(k, true);
    if (this.entries.size > this.maxSize) this.entries.delete(this.entries.keys().next().value!);
  }

  /** `Has`: also marks the entry as recently used. */
  has(r: ObjectReference): boolean {
    const k = ReferenceCache.keyOf(r);
    if (!this.entries.has(k)) return false;
    this.entries.delete(k);
    this.entries.set(k, true);
    return true;
  }
}

/** `ownerReferenceMatchesCoordinates`: same UID, name, kind and apiVersion. */
export function ownerReferenceMatchesCoordinates(a: Pick<OwnerReference, 'uid' | 'name' | 'kind' | 'apiVersion'>, b: ObjectReference): boolean {
  return a.uid === b.uid && a.name === b.name && a.kind === b.kind && a.apiVersion === b.apiVersion;
}

/**
 * `partitionDependents`: the dependents whose reference to the owner's UID matches `owner`'s coordinates (and, for a
 * namespaced owner, namespace), and those with a reference that does not. A dependent can be in both.
 */
export function partitionDependents(dependents: readonly GraphNode[], owner: ObjectReference): { matching: GraphNode[]; nonmatching: GraphNode[] } {
  const ownerIsNamespaced = owner.namespace !== '';
  const matching: GraphNode[] = [];
  const nonmatching: GraphNode[] = [];
  for (const dep of dependents) {
    let foundMatch = false;
    let foundMismatch = false;
    if (ownerIsNamespaced && owner.namespace !== dep.identity.namespace) {
      // Every reference to the owner is wrong: the dependent is in another namespace.
      foundMismatch = true;
    } else {
      for (const ref of dep.owners) {
        if (ref.uid !== owner.uid) continue;
        if (ownerReferenceMatchesCoordinates(ref, owner)) foundMatch = true;
        else foundMismatch = true;
      }
    }
    if (foundMatch) matching.push(dep);
    if (foundMismatch) nonmatching.push(dep);
  }
  return { matching, nonmatching };
}

/**
 * `getAlternateOwnerIdentity`: another identity the dependents give the owner's UID than the one verified absent;
 * for a cluster-scoped absent identity, preferably one in the dependent's own namespace.
 */
export function getAlternateOwnerIdentity(deps: readonly GraphNode[], verifiedAbsent: ObjectReference): ObjectReference | undefined {
  const absentIsClusterScoped = verifiedAbsent.namespace === '';
  const seen = new Set<string>([identityKey(verifiedAbsent)]);
  let first: ObjectReference | undefined;
  for (const dep of deps) {
    for (const ref of dep.owners) {
      if (ref.uid !== verifiedAbsent.uid) continue;
      if (ownerReferenceMatchesCoordinates(ref, verifiedAbsent) && (absentIsClusterScoped || verifiedAbsent.namespace === dep.identity.namespace)) continue;
      const alt = identityOfOwner(ref, dep.identity.namespace);
      // This apiVersion/kind is known to be cluster-scoped: the alternate has no namespace either.
      if (absentIsClusterScoped && alt.apiVersion === verifiedAbsent.apiVersion && alt.kind === verifiedAbsent.kind) alt.namespace = '';
      const k = identityKey(alt);
      if (seen.has(k)) continue;
      seen.add(k);
      first ??= alt;
      if (absentIsClusterScoped && alt.namespace === dep.identity.namespace) return alt;
    }
  }
  return first;
}

function identityKey(r: ObjectReference): string {
  return JSON.stringify([r.apiVersion, r.kind, r.namespace, r.name, r.uid]);
}
