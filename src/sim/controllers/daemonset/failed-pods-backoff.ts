/**
 * The back-off between the DaemonSet controller's kills of a failed daemon pod on the same node: the controller and
 * a kubelet that keeps rejecting the pod would otherwise fight in a hot loop. 1 s, doubling to 15 min per
 * DaemonSet and node; an entry idle for twice the maximum starts over.
 *
 * Ported from client-go `util/flowcontrol/backoff.go` (Backoff: Next, Get, IsInBackOffSinceUpdate, hasExpired)
 * and kubernetes `pkg/controller/daemon/daemon_controller.go` (failedPodsBackoff = NewBackOff(1s, 15min),
 * failedPodsBackoffKey).
 *
 * @remarks Entries are not garbage-collected on a timer (upstream's `GC` runs every BackoffGCInterval); an expired
 * entry is reset when it is next used.
 */
export const FAILED_PODS_BACKOFF_INITIAL_MS = 1_000;
export const FAILED_PODS_BACKOFF_MAX_MS = 15 * 60_000;

/** `failedPodsBackoffKey`: "<ds uid>/<generation>/<node>". */
export function failedPodsBackoffKey(ds: { metadata?: { uid?: string; generation?: number } }, nodeName: string): string {
  return `${ds.metadata?.uid ?? ''}/${ds.metadata?.generation ?? 0}/${nodeName}`;
}

interface Entry {
  backoff: number;
  lastUpdate: number;
}

export class FailedPodsBackoff {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly initial = FAILED_PODS_BACKOFF_INITIAL_MS,
    private readonly max = FAILED_PODS_BACKOFF_MAX_MS,
  ) {}

  /** `Get`: the current delay of the key (0 when unknown). */
  get(key: string): number {
    return this.entries.get(key)?.backoff ?? 0;
  }

  /** `Next`: start at the initial delay, or double it (up to the maximum). */
  next(key: string, now: number): void {
    const e = this.entries.get(key);
    if (!e || this.hasExpired(e, now)) this.entries.set(key, { backoff: this.initial, lastUpdate: now });
    else this.entries.set(key, { backoff: Math.min(e.backoff * 2, this.max), lastUpdate: now });
  }

  /** `IsInBackOffSinceUpdate`: less than the key's delay has passed since its last `next`. */
  isInBackOffSinceUpdate(key: string, now: number): boolean {
    const e = this.entries.get(key);
    if (!e || this.hasExpired(e, now)) return false;
    return now - e.lastUpdate < e.backoff;
  }

  /** `hasExpired`: idle for more than twice the maximum. */
  private hasExpired(e: Entry, now: number): boolean {
    return now - e.lastUpdate > 2 * this.max;
  }
}
