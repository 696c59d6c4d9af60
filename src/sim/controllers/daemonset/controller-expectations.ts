/**
 * `ControllerExpectations` as the DaemonSet controller uses them: counts of the pod creates and deletes a
 * DaemonSet waits to see through its informer before it acts again (no per-pod tracking: a pod seen terminating and
 * then gone counts twice, and the count going below zero is harmless, as upstream's).
 *
 * Ported from kubernetes `pkg/controller/controller_utils.go` (ControllerExpectations: SetExpectations,
 * CreationObserved, DeletionObserved, LowerExpectations, SatisfiedExpectations, DeleteExpectations).
 *
 * @remarks Upstream keeps them in a TTL store read with the wall clock; here a Map and the virtual `now`.
 */
import { EXPECTATIONS_TIMEOUT_MS } from '../replicaset/expectations.ts';

interface Expectation {
  add: number;
  del: number;
  timestamp: number;
}

export class ControllerExpectations {
  private readonly store = new Map<string, Expectation>();

  /** `SatisfiedExpectations`: none recorded, all observed, or older than the expectations timeout. */
  satisfiedExpectations(key: string, now: number): boolean {
    const e = this.store.get(key);
    if (!e) return true;
    return (e.add <= 0 && e.del <= 0) || now - e.timestamp > EXPECTATIONS_TIMEOUT_MS;
  }

  /** `SetExpectations`. */
  setExpectations(key: string, add: number, del: number, now: number): void {
    this.store.set(key, { add, del, timestamp: now });
  }

  /** `LowerExpectations`: only an existing record moves. */
  lowerExpectations(key: string, add: number, del: number): void {
    const e = this.store.get(key);
    if (!e) return;
    e.add -= add;
    e.del -= del;
  }

  /** `CreationObserved`. */
  creationObserved(key: string): void {
    this.lowerExpectations(key, 1, 0);
  }

  /** `DeletionObserved`. */
  deletionObserved(key: string): void {
    this.lowerExpectations(key, 0, 1);
  }

  /** `DeleteExpectations`. */
  deleteExpectations(key: string): void {
    this.store.delete(key);
  }

  /** What is still awaited, for the trace ("waiting for 2 creates"). */
  pending(key: string): { add: number; del: number } | undefined {
    const e = this.store.get(key);
    return e ? { add: Math.max(0, e.add), del: Math.max(0, e.del) } : undefined;
  }
}
