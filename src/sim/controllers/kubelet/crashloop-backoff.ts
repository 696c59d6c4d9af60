/**
 * CrashLoopBackOff: how long the kubelet waits before restarting a container that keeps exiting.
 *
 * Ported from client-go `util/flowcontrol/backoff.go` (Backoff: Next, IsInBackOffSince, Get, GC, hasExpired) and
 * kubernetes `pkg/kubelet/kuberuntime/kuberuntime_manager.go` (doBackOff, getStableKey), `pkg/kubelet/kubelet.go`
 * (backOffPeriod 10 s, MaxContainerBackOff 300 s).
 */
import type { Container, Pod } from 'kubernetes-types/core/v1';
import { fnv32a } from '../deployment/pod-template-hash';
import { canonicalJson } from '../../api/canonical-json.ts';

/** The first restart delay after the first immediate restart. */
export const BACKOFF_PERIOD_MS = 10_000;
/** The cap (`crashLoopBackOff.maxContainerRestartPeriod`, default 300 s). */
export const MAX_CONTAINER_BACKOFF_MS = 300_000;

/** The Warning event reason and message when a restart is held back. */
export const BACK_OFF_START_CONTAINER = 'BackOff';
export const CRASH_LOOP_BACK_OFF = 'CrashLoopBackOff';

interface BackoffEntry {
  backoffMs: number;
  lastUpdate: number;
}

/**
 * client-go's `flowcontrol.Backoff` without jitter (the kubelet uses NewBackOff, which has none), on virtual time.
 * Per key: the first `next` sets the initial delay; each later one doubles it up to the max. An entry whose last
 * update is more than 2 × max before the event is forgotten (the container was stable).
 */
export class Backoff {
  private perItemBackoff = new Map<string, BackoffEntry>();

  constructor(
    private readonly defaultDurationMs = BACKOFF_PERIOD_MS,
    private readonly maxDurationMs = MAX_CONTAINER_BACKOFF_MS,
  ) {}

  private hasExpired(eventTime: number, lastUpdate: number): boolean {
    return eventTime - lastUpdate > this.maxDurationMs * 2;
  }

  /** The current delay for `id` (0 when unknown). */
  get(id: string): number {
    return this.perItemBackoff.get(id)?.backoffMs ?? 0;
  }

  /** `Next`: records a back-off step at `now` for an event at `eventTime`. */
  next(id: string, eventTime: number, now: number): void {
    const entry = this.perItemBackoff.get(id);
    if (!entry || this.hasExpired(eventTime, entry.lastUpdate)) {
      this.perItemBackoff.set(id, { backoffMs: this.defaultDurationMs, lastUpdate: now });
    } else {
      this.perItemBackoff.set(id, { backoffMs: Math.min(entry.backoffMs * 2, this.maxDurationMs), lastUpdate: now });
    }
  }

  /** `IsInBackOffSince`: less than the current delay has passed since `eventTime`. */
  isInBackOffSince(id: string, eventTime: number, now: number): boolean {
    const entry = this.perItemBackoff.get(id);
    if (!entry || this.hasExpired(eventTime, entry.lastUpdate)) return false;
    return now - eventTime < entry.backoffMs;
  }

  /** `GC`: drops entries idle for more than 2 × max. */
  gc(now: number): void {
    for (const [id, entry] of [...this.perItemBackoff]) {
      if (now - entry.lastUpdate > this.maxDurationMs * 2) this.perItemBackoff.delete(id);
    }
  }

  /** `Reset`. */
  reset(id: string): void {
    this.perItemBackoff.delete(id);
  }
}

/**
 * A hash of the container spec in hex (upstream `HashContainer`: fnv-32a of the container's JSON).
 * @remarks upstream hashes Go's JSON of the Container struct; we hash a canonical JSON, so values differ from a
 * real kubelet's but any spec change still changes the key.
 */
export function hashContainer(container: Container): string {
  return fnv32a(new TextEncoder().encode(canonicalJson(container))).toString(16);
}

/** `getStableKey`: `<pod>_<namespace>_<uid>_<container>_<spec hash>`, so editing the spec starts a fresh backoff. */
export function getStableKey(pod: Pod, container: Container): string {
  const m = pod.metadata ?? {};
  return `${m.name ?? ''}_${m.namespace ?? ''}_${m.uid ?? ''}_${container.name}_${hashContainer(container)}`;
}

/** Go's `time.Duration.String()` for whole milliseconds: "10s", "1m20s", "5m0s", "500ms". */
export function goDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const totalS = ms / 1000;
  const h = Math.floor(totalS / 3600);
  const m = Math.floor((totalS % 3600) / 60);
  const s = +(totalS % 60).toFixed(3);
  if (h) return `${h}h${m}m${s}s`;
  if (m) return `${m}m${s}s`;
  return `${s}s`;
}

/** `format.Pod`: "name_namespace(uid)". */
export function formatPod(pod: Pod): string {
  return `${pod.metadata?.name ?? ''}_${pod.metadata?.namespace ?? ''}(${pod.metadata?.uid ?? ''})`;
}

/** What `doBackOff` decides for one exited container. */
export type BackOffDecision =
  | { backOff: false }
  | {
      backOff: true;
      /** The container's waiting message ("back-off 10s restarting failed container=c pod=p_ns(uid)"). */
      message: string;
      /** The Warning event message for reason BackOff. */
      eventMessage: string;
      /** When the back-off ends (virtual ms): finishedAt + delay. */
      retryAt: number;
    };

/**
 * `doBackOff`: given the container's last finishedAt, either hold the restart (still inside the delay) or allow it
 * and advance the backoff (the first exit allows an immediate restart and arms 10 s).
 */
export function doBackOff(backoff: Backoff, pod: Pod, container: Container, finishedAt: number, now: number): BackOffDecision {
  const key = getStableKey(pod, container);
  if (backoff.isInBackOffSince(key, finishedAt, now)) {
    const delay = backoff.get(key);
    return {
      backOff: true,
      message: `back-off ${goDuration(delay)} restarting failed container=${container.name} pod=${formatPod(pod)}`,
      eventMessage: `Back-off restarting failed container ${container.name} in pod ${formatPod(pod)}`,
      retryAt: finishedAt + delay,
    };
  }
  backoff.next(key, finishedAt, now);
  return { backOff: false };
}
