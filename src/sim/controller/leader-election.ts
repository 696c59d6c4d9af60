/**
 * Leader election on a coordination.k8s.io/v1 Lease, ported from client-go `tools/leaderelection/leaderelection.go`
 * and `resourcelock/leaselock.go`, with kube-controller-manager's timings (lease 15 s, renew deadline 10 s,
 * retry period 2 s).
 *
 * `tryAcquireOrRenew`: GET the Lease (CREATE it with us as holder if it does not exist). If someone else holds it
 * and the record has not changed for `leaseDuration` (measured from when *we* last saw it change: `observedTime`,
 * not the renewTime written by another clock), do nothing. Otherwise UPDATE it (with the resourceVersion we read,
 * so two candidates cannot both win): renewTime = now; acquireTime and leaseTransitions kept when we already hold
 * it, else acquireTime = now and leaseTransitions + 1.
 *
 * `acquire` retries every retryPeriod with jitter 1.2 until it wins; `renew` then tries every retryPeriod, and a
 * renewal that has not succeeded within renewDeadline loses leadership (kube-controller-manager then exits).
 *
 * @remarks The elector speaks to the api-server through the {@link Transport} with callbacks (no generators), so it
 * never blocks checkpoints. `ReleaseOnCancel` is not modelled (kube-controller-manager does not set it): a killed
 * leader's lease simply expires. The `LeaderElection` Events ("<id> became leader") are not created. An acquire
 * attempt that gets no answer is abandoned after renewDeadline (upstream: the HTTP client's request timeout).
 */
import type { KubeObject } from '../api/object.ts';
import type { ApiRequest, ApiResponse } from '../apiserver/api-request.ts';
import { rfc3339Micro } from '../engine/clock.ts';
import type { Timer } from '../engine/scheduler.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { Transport } from './transport.ts';

/** `resourcelock.LeaderElectionRecord`, as stored in a Lease's spec. */
export interface LeaderElectionRecord {
  holderIdentity: string;
  leaseDurationSeconds: number;
  acquireTime: string;
  renewTime: string;
  leaderTransitions: number;
}

/** `LeaderCallbacks`: objects with methods (never closures), called on virtual time. */
export interface LeaderCallbacks {
  onStartedLeading(): void;
  onStoppedLeading(): void;
  onNewLeader?(identity: string): void;
}

export interface LeaderElectionConfig {
  /** This candidate's identity, the Lease holder (kube-controller-manager: "<hostname>_<uuid>"). */
  identity: string;
  /** Who the trace names for the elector's requests and events (the process); default `identity`. */
  actor?: string;
  /** Lease namespace and name (default kube-system/kube-controller-manager). */
  lockNamespace?: string;
  lockName?: string;
  /** Virtual ms (defaults: 15 000, 10 000, 2 000 as kube-controller-manager). */
  leaseDuration?: number;
  renewDeadline?: number;
  retryPeriod?: number;
}

/** `wait.JitterUntil`'s factor in `acquire`. */
export const JITTER_FACTOR = 1.2;

const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' } as const;

type Phase = 'get' | 'write';

export class LeaderElector {
  readonly identity: string;
  readonly actor: string;
  readonly lockNamespace: string;
  readonly lockName: string;
  readonly leaseDuration: number;
  readonly renewDeadline: number;
  readonly retryPeriod: number;
  private state: 'stopped' | 'acquiring' | 'leading' = 'stopped';
  /** The last record we read or wrote, and when it last changed (our clock). */
  private observedRecord: LeaderElectionRecord | null = null;
  private observedTime = 0;
  private reportedLeader = '';
  /** The current tryAcquireOrRenew: responses carry its number as token; older ones are ignored. */
  private attempt = 0;
  private attemptNow = 0;
  private phase: Phase = 'get';
  private pendingRecord: LeaderElectionRecord | null = null;
  /** The renew round (leading): its deadline timer is tagged with it. */
  private round = 0;
  private roundSucceeded = false;
  private retryTimer: Timer | null = null;
  private deadlineTimer: Timer | null = null;
  /** While acquiring: gives up on an attempt whose answer never comes (a request timeout upstream). */
  private attemptTimer: Timer | null = null;

  constructor(
    private readonly ctx: SimContext,
    private readonly transport: Transport,
    private readonly callbacks: LeaderCallbacks,
    config: LeaderElectionConfig,
  ) {
    this.identity = config.identity;
    this.actor = config.actor ?? config.identity;
    this.lockNamespace = config.lockNamespace ?? 'kube-system';
    this.lockName = config.lockName ?? 'kube-controller-manager';
    this.leaseDuration = config.leaseDuration ?? 15_000;
    this.renewDeadline = config.renewDeadline ?? 10_000;
    this.retryPeriod = config.retryPeriod ?? 2_000;
  }

  /** `Run`: starts trying to acquire the lease now. */
  run(): void {
    if (this.state !== 'stopped') return;
    this.state = 'acquiring';
    this.tryAcquireOrRenew();
  }

  /** Stops without releasing the lease (the process died); late responses are ignored. */
  stop(): void {
    this.state = 'stopped';
    this.attempt++;
    this.ctx.scheduler.cancel(this.retryTimer);
    this.ctx.scheduler.cancel(this.deadlineTimer);
    this.ctx.scheduler.cancel(this.attemptTimer);
    this.retryTimer = this.deadlineTimer = this.attemptTimer = null;
  }

  /** `IsLeader`: the last observed record names us. */
  isLeader(): boolean {
    return this.observedRecord?.holderIdentity === this.identity;
  }

  /** Whether this elector is currently running its controllers. */
  isLeading(): boolean {
    return this.state === 'leading';
  }

  /** `GetLeader`: the holder of the last observed record ("" if none seen). */
  getLeader(): string {
    return this.observedRecord?.holderIdentity ?? '';
  }

  /** Timer target: one `tryAcquireOrRenew`, then what `acquire` or `renew` does with its result. */
  tryAcquireOrRenew(): void {
    this.retryTimer = null;
    if (this.state === 'stopped') return;
    this.attempt++;
    this.attemptNow = this.ctx.now;
    this.phase = 'get';
    this.ctx.scheduler.cancel(this.attemptTimer);
    this.attemptTimer = this.state === 'acquiring' ? this.timer(this.renewDeadline, 'onAttemptTimeout', this.attempt) : null;
    this.send({ verb: 'get', ...LEASE, namespace: this.lockNamespace, name: this.lockName, user: this.actor });
  }

  /**
   * Transport callback for the GET / CREATE / UPDATE of the current attempt. What it does next (the write, the
   * `leader.elected` event) is caused by the response event.
   */
  onLeaseResponse(token: number, response: ApiResponse, responseEventId?: number): void {
    if (token !== this.attempt || this.state === 'stopped') return;
    const previous = this.ctx.trace.cause;
    if (responseEventId !== undefined) this.ctx.trace.cause = responseEventId;
    try {
      this.handleResponse(response);
    } finally {
      this.ctx.trace.cause = previous;
    }
  }

  private handleResponse(response: ApiResponse): void {
    const now = rfc3339Micro(this.attemptNow);
    const record: LeaderElectionRecord = {
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.floor(this.leaseDuration / 1000),
      acquireTime: now,
      renewTime: now,
      leaderTransitions: 0,
    };
    if (this.phase === 'write') {
      if (response.ok) {
        this.observedRecord = this.pendingRecord;
        this.observedTime = this.ctx.now;
      }
      this.attemptDone(response.ok);
      return;
    }
    if (!response.ok) {
      if (response.code !== 404) return this.attemptDone(false);
      // 1. No lease yet: create it with us as the holder.
      this.write({ verb: 'create', ...LEASE, namespace: this.lockNamespace, name: this.lockName, body: this.leaseFor(record), user: this.actor }, record);
      return;
    }
    if (!('object' in response)) return this.attemptDone(false);
    const lease = response.object;
    const old = recordOf(lease);
    // 2. Record obtained: has it changed since we last looked? Is it someone else's and not expired?
    if (!sameRecord(this.observedRecord, old)) {
      this.observedRecord = old;
      this.observedTime = this.ctx.now;
    }
    if (old.holderIdentity && this.observedTime + this.leaseDuration > this.attemptNow && !this.isLeader()) {
      return this.attemptDone(false);
    }
    // 3. Take or renew it.
    if (this.isLeader()) {
      record.acquireTime = old.acquireTime;
      record.leaderTransitions = old.leaderTransitions;
    } else {
      record.leaderTransitions = old.leaderTransitions + 1;
    }
    const body = { ...lease, metadata: lease.metadata, spec: this.leaseFor(record).spec };
    this.write({ verb: 'update', ...LEASE, namespace: this.lockNamespace, name: this.lockName, body, user: this.actor }, record);
  }

  /** Timer target: a renewal round that has not succeeded by its deadline loses leadership. */
  onRenewDeadline(round: number): void {
    this.deadlineTimer = null;
    if (this.state !== 'leading' || round !== this.round || this.roundSucceeded) return;
    this.stop();
    this.callbacks.onStoppedLeading();
  }

  /** Timer target: the acquire attempt got no answer in time; count it as failed (late answers are ignored). */
  onAttemptTimeout(attempt: number): void {
    this.attemptTimer = null;
    if (this.state !== 'acquiring' || attempt !== this.attempt) return;
    this.attempt++;
    this.attemptDone(false);
  }

  private attemptDone(succeeded: boolean): void {
    this.ctx.scheduler.cancel(this.attemptTimer);
    this.attemptTimer = null;
    const previous = this.reportedLeader;
    this.maybeReportTransition();
    if (this.state === 'acquiring') {
      if (!succeeded) {
        const jittered = this.retryPeriod + this.ctx.rng.float() * JITTER_FACTOR * this.retryPeriod;
        this.retryTimer = this.timer(jittered, 'tryAcquireOrRenew');
        return;
      }
      this.state = 'leading';
      const lease = `${this.lockNamespace}/${this.lockName}`;
      const body: { kind: 'leader.elected'; lease: string; holder: string; previous?: string } = { kind: 'leader.elected', lease, holder: this.identity };
      if (previous && previous !== this.identity) body.previous = previous;
      this.ctx.trace.emit(this.actor, body);
      this.callbacks.onStartedLeading();
      if (this.state === 'leading') this.retryTimer = this.timer(this.retryPeriod, 'startRenewRound');
      return;
    }
    if (this.state !== 'leading') return;
    if (succeeded) {
      this.roundSucceeded = true;
      this.ctx.scheduler.cancel(this.deadlineTimer);
      this.deadlineTimer = null;
      this.retryTimer = this.timer(this.retryPeriod, 'startRenewRound');
    } else {
      // PollImmediateUntil: try again after retryPeriod; the deadline timer ends the round.
      this.retryTimer = this.timer(this.retryPeriod, 'tryAcquireOrRenew');
    }
  }

  /** Timer target: one iteration of `renew`'s `wait.Until`. */
  startRenewRound(): void {
    this.retryTimer = null;
    if (this.state !== 'leading') return;
    this.round++;
    this.roundSucceeded = false;
    this.deadlineTimer = this.timer(this.renewDeadline, 'onRenewDeadline', this.round);
    this.tryAcquireOrRenew();
  }

  /**
   * The elector's own clock ticks are roots of the trace (the process's timers), so a day of renewals is not one
   * endless cause chain.
   */
  private timer(delay: number, method: 'tryAcquireOrRenew' | 'startRenewRound' | 'onRenewDeadline' | 'onAttemptTimeout', ...args: unknown[]): Timer {
    const previous = this.ctx.trace.cause;
    this.ctx.trace.cause = null;
    try {
      return this.ctx.scheduler.after(delay, this, method, ...args);
    } finally {
      this.ctx.trace.cause = previous;
    }
  }

  private maybeReportTransition(): void {
    const holder = this.observedRecord?.holderIdentity ?? '';
    if (holder === this.reportedLeader) return;
    this.reportedLeader = holder;
    this.callbacks.onNewLeader?.(holder);
  }

  private write(request: ApiRequest, record: LeaderElectionRecord): void {
    this.phase = 'write';
    this.pendingRecord = record;
    this.send(request);
  }

  private send(request: ApiRequest): void {
    this.transport.send(request, this, 'onLeaseResponse', this.attempt);
  }

  /** `LeaderElectionRecordToLeaseSpec`. */
  private leaseFor(r: LeaderElectionRecord): KubeObject {
    return {
      ...LEASE,
      metadata: { namespace: this.lockNamespace, name: this.lockName },
      spec: {
        holderIdentity: r.holderIdentity,
        leaseDurationSeconds: r.leaseDurationSeconds,
        acquireTime: r.acquireTime,
        renewTime: r.renewTime,
        leaseTransitions: r.leaderTransitions,
      },
    };
  }
}

/** `LeaseSpecToLeaderElectionRecord`. */
export function recordOf(lease: KubeObject): LeaderElectionRecord {
  const spec = (lease.spec ?? {}) as Partial<{
    holderIdentity: string;
    leaseDurationSeconds: number;
    acquireTime: string;
    renewTime: string;
    leaseTransitions: number;
  }>;
  return {
    holderIdentity: spec.holderIdentity ?? '',
    leaseDurationSeconds: spec.leaseDurationSeconds ?? 0,
    acquireTime: spec.acquireTime ?? '',
    renewTime: spec.renewTime ?? '',
    leaderTransitions: spec.leaseTransitions ?? 0,
  };
}

function sameRecord(a: LeaderElectionRecord | null, b: LeaderElectionRecord): boolean {
  return (
    !!a &&
    a.holderIdentity === b.holderIdentity &&
    a.leaseDurationSeconds === b.leaseDurationSeconds &&
    a.acquireTime === b.acquireTime &&
    a.renewTime === b.renewTime &&
    a.leaderTransitions === b.leaderTransitions
  );
}
