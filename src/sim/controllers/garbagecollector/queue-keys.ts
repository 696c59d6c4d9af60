/**
 * The garbage collector's work-queue keys. Upstream's two queues hold graph nodes, which print as their identity;
 * here both share the controller's queue of strings, so a key names the object for the page and the trace
 * ("ReplicaSet default/web-7d4b8c6 [0ce51caa]", "orphan Deployment default/web [906bc126]") and resolves to the
 * node's UID.
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/graph.go` (`node.String()` of the queued items).
 *
 * @remarks The UID is shortened to 8 characters in the key; two nodes of the same kind, namespace and name whose UIDs
 * share that prefix get the full UID instead.
 */
import { shortIdentity, type ObjectReference } from './graph.ts';

/** Which of upstream's two queues a key stands for. */
export type GcQueue = 'attemptToDelete' | 'attemptToOrphan';

const ORPHAN_PREFIX = 'orphan ';

export class QueueKeys {
  /** key → UID, for the keys handed out and not yet forgotten. */
  private readonly uidByKey = new Map<string, string>();
  /** UID → its keys (to forget them with the node). */
  private readonly keysByUID = new Map<string, string[]>();

  /** The key of the node in `queue`, recorded so that {@link resolve} finds the UID. */
  keyFor(identity: ObjectReference, queue: GcQueue): string {
    const prefix = queue === 'attemptToOrphan' ? ORPHAN_PREFIX : '';
    let key = `${prefix}${shortIdentity(identity)} [${identity.uid.slice(0, 8)}]`;
    const taken = this.uidByKey.get(key);
    if (taken !== undefined && taken !== identity.uid) key = `${prefix}${shortIdentity(identity)} [${identity.uid}]`;
    if (!this.uidByKey.has(key)) {
      this.uidByKey.set(key, identity.uid);
      this.keysByUID.set(identity.uid, [...(this.keysByUID.get(identity.uid) ?? []), key]);
    }
    return key;
  }

  /** The queue and the node UID a key stands for; undefined once the node has left the graph. */
  resolve(key: string): { queue: GcQueue; uid: string } | undefined {
    const uid = this.uidByKey.get(key);
    if (uid === undefined) return undefined;
    return { queue: key.startsWith(ORPHAN_PREFIX) ? 'attemptToOrphan' : 'attemptToDelete', uid };
  }

  /** The node left the graph: its keys resolve to nothing. */
  forget(uid: string): void {
    for (const k of this.keysByUID.get(uid) ?? []) this.uidByKey.delete(k);
    this.keysByUID.delete(uid);
  }
}
