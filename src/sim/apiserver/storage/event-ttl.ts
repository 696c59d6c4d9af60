/**
 * Events expire. The api-server stores every Event with a time to live of `--event-ttl` (default one hour), set anew by
 * each write of it (pkg/registry/core/event/storage/storage.go: its `TTLFunc` returns the TTL for a create and for an
 * update alike), and etcd deletes the key when that time is up: a cluster's Events are the last hour's, not every
 * Event ever recorded (which would grow without bound on a run left playing all day).
 *
 * The TTL is an etcd lease, and leases are shared: the storage's leaseManager (apiserver
 * pkg/storage/etcd3/lease_manager.go, `GetLease`) grants a lease of `ttl + reuse` seconds (reuse: 5% of the TTL, at
 * most 60 s) and hands that same lease to every write while it still outlives `now + ttl`, so an Event goes between
 * `ttl` and `ttl + reuse` after its last write, together with the others written in the same minute. A key written
 * again moves to the new write's lease (etcd attaches a key to the lease of its latest put). When a lease expires,
 * etcd deletes its keys; watchers see each go as DELETED, as after any delete. Nothing here reads the wall clock:
 * expiry is a timer on the simulation's clock, so a replay expires the same Events at the same steps.
 *
 * @remarks etcd deletes a lease's keys in one transaction (one revision for all); here each is removed at its own
 * revision, in the order they were attached. etcd's lessor checks for expired leases every 500 ms; here a lease
 * expires at its exact time.
 */
import type { SimContext } from '../../engine/sim-context.ts';

/** `--event-ttl`'s default: one hour. */
export const DEFAULT_EVENT_TTL_MS = 3_600_000;
/** lease_manager.go's defaults: `LeaseReuseDurationPercent` 0.05, `leaseMaxReuseDurationSeconds` 60. */
const LEASE_REUSE_PERCENT = 0.05;
const LEASE_MAX_REUSE_SECONDS = 60;

/** Removes an expired Event from the store (and tells its watchers); nothing if it is already gone. */
export interface EventExpirer {
  expireEvent(key: string): void;
}

interface Lease {
  readonly id: number;
  readonly expiresAt: number;
  /** Storage keys ("namespace/name") whose latest write was given this lease, in the order they were. */
  readonly keys: Set<string>;
}

export class EventTTL {
  private nextId = 1;
  /** The lease the last write was given (lease_manager.go's prevLeaseID and prevLeaseExpirationTime). */
  private prev: Lease | null = null;
  private readonly leases = new Map<number, Lease>();
  /** Each Event's current lease. */
  private readonly leaseOf = new Map<string, number>();
  private readonly ttl: number;
  private readonly reuse: number;

  constructor(
    private readonly ctx: SimContext,
    private readonly store: EventExpirer,
    /** The TTL in virtual ms (whole seconds, as the flag's duration is used by etcd). */
    ttlMs: number = DEFAULT_EVENT_TTL_MS,
  ) {
    const seconds = Math.max(1, Math.floor(ttlMs / 1000));
    this.ttl = seconds * 1000;
    // getReuseDurationSecondsLocked: int64(percent * ttl), capped.
    this.reuse = Math.min(Math.floor(LEASE_REUSE_PERCENT * seconds), LEASE_MAX_REUSE_SECONDS) * 1000;
  }

  /** An Event was created or updated now: it lives until the lease this write is given expires. */
  written(key: string): void {
    const lease = this.leaseNow();
    const old = this.leaseOf.get(key);
    if (old === lease.id) return;
    if (old !== undefined) this.leases.get(old)?.keys.delete(key);
    lease.keys.add(key);
    this.leaseOf.set(key, lease.id);
  }

  /** An Event was deleted: its lease no longer holds it. */
  removed(key: string): void {
    const old = this.leaseOf.get(key);
    if (old === undefined) return;
    this.leaseOf.delete(key);
    this.leases.get(old)?.keys.delete(key);
  }

  /** Events held by a lease (for tests and the memory benchmark). */
  get size(): number {
    return this.leaseOf.size;
  }

  /** A lease's time is up: etcd deletes every key still attached to it. Timer target. */
  revoke(id: number): void {
    const lease = this.leases.get(id);
    if (!lease) return;
    this.leases.delete(id);
    if (this.prev === lease) this.prev = null;
    for (const key of lease.keys) {
      this.leaseOf.delete(key);
      this.store.expireEvent(key);
    }
  }

  /** GetLease: the previous lease while it is valid (outlives now + ttl) and sufficient (not by more than reuse). */
  private leaseNow(): Lease {
    const now = this.ctx.now;
    const p = this.prev;
    if (p && now + this.ttl < p.expiresAt && now + this.ttl + this.reuse > p.expiresAt) return p;
    const lease: Lease = { id: this.nextId++, expiresAt: now + this.ttl + this.reuse, keys: new Set() };
    this.leases.set(lease.id, lease);
    this.prev = lease;
    this.ctx.scheduler.after(this.ttl + this.reuse, this, 'revoke', lease.id);
    return lease;
  }
}
