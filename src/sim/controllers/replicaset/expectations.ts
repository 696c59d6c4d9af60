/**
 * What a controller has asked the api-server to do and not yet seen come back through its informer: "I created 3
 * pods; until the watch shows me 3 new pods, my cache is behind, so do not create them again".
 *
 * Ported from kubernetes `pkg/controller/controller_utils.go` (ControllerExpectations, ControlleeExpectations,
 * UIDTrackingControllerExpectations, ExpectationsTimeout).
 *
 * @remarks Upstream keeps the expectations in a TTL store keyed by the controller key and reads the wall clock;
 * here they are a Map and the time is the virtual `ctx.now` given by the caller. Creations are counted, deletions
 * are tracked by pod key ("namespace/name") so each one is observed exactly once (as a deletionTimestamp update
 * or as the delete itself).
 */

/** `ExpectationsTimeout`: expectations older than this are ignored, so a lost watch event cannot wedge a controller. */
export const EXPECTATIONS_TIMEOUT_MS = 5 * 60 * 1000;

/** `ControlleeExpectations`: pending creates (`add`) and deletes (`del`), set at `timestamp` (virtual ms). */
export interface ControlleeExpectations {
  add: number;
  del: number;
  key: string;
  timestamp: number;
}

/**
 * `UIDTrackingControllerExpectations` over `ControllerExpectations`: counts per controller key, plus the set of pod
 * keys each controller expects to see deleted.
 */
export class UIDTrackingControllerExpectations {
  private readonly store = new Map<string, ControlleeExpectations>();
  private readonly uidStore = new Map<string, Set<string>>();

  /** `GetExpectations`: a copy of the controller's expectations, if any. */
  getExpectations(controllerKey: string): ControlleeExpectations | undefined {
    const e = this.store.get(controllerKey);
    return e ? { ...e } : undefined;
  }

  /** `GetUIDs`: the pod keys the controller still expects to see deleted. */
  getUIDs(controllerKey: string): string[] {
    return [...(this.uidStore.get(controllerKey) ?? [])].sort();
  }

  /**
   * `SatisfiedExpectations`: true when the controller may act — it has no expectations, or they are fulfilled
   * (every create and delete observed), or they are older than {@link EXPECTATIONS_TIMEOUT_MS}.
   */
  satisfiedExpectations(controllerKey: string, now: number): boolean {
    const exp = this.store.get(controllerKey);
    if (!exp) return true;
    return fulfilled(exp) || now - exp.timestamp > EXPECTATIONS_TIMEOUT_MS;
  }

  /** `ExpectCreations`: replaces the controller's expectations with `adds` pending creates. */
  expectCreations(controllerKey: string, adds: number, now: number): void {
    this.setExpectations(controllerKey, adds, 0, now);
  }

  /**
   * `ExpectDeletions` (UID-tracking): remembers exactly which pods are expected to go and replaces the counts with
   * their number.
   */
  expectDeletions(controllerKey: string, deletedKeys: readonly string[], now: number): void {
    const keys = new Set(deletedKeys);
    this.uidStore.set(controllerKey, keys);
    this.setExpectations(controllerKey, 0, keys.size, now);
  }

  /** `CreationObserved`: one expected create was seen (or will never happen). */
  creationObserved(controllerKey: string): void {
    this.lowerExpectations(controllerKey, 1, 0);
  }

  /** `DeletionObserved` (UID-tracking): counts the delete of `deleteKey` once, and only if it was expected. */
  deletionObserved(controllerKey: string, deleteKey: string): void {
    const uids = this.uidStore.get(controllerKey);
    if (uids?.has(deleteKey)) {
      this.lowerExpectations(controllerKey, 0, 1);
      uids.delete(deleteKey);
    }
  }

  /** `DeleteExpectations`: forgets the controller (it was deleted, or re-created under the same name). */
  deleteExpectations(controllerKey: string): void {
    this.store.delete(controllerKey);
    this.uidStore.delete(controllerKey);
  }

  /** `SetExpectations`. */
  private setExpectations(controllerKey: string, add: number, del: number, now: number): void {
    this.store.set(controllerKey, { add, del, key: controllerKey, timestamp: now });
  }

  /** `LowerExpectations`: only an existing record moves; counts may go below zero, as upstream's. */
  private lowerExpectations(controllerKey: string, add: number, del: number): void {
    const exp = this.store.get(controllerKey);
    if (!exp) return;
    exp.add -= add;
    exp.del -= del;
  }
}

/** `ControlleeExpectations.Fulfilled`. */
function fulfilled(exp: ControlleeExpectations): boolean {
  return exp.add <= 0 && exp.del <= 0;
}
