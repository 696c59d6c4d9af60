/**
 * The controller manager: a process that holds named controllers (and whatever else must run with them, such as
 * their informers) and runs them only while it is the leader, as kube-controller-manager does
 * (`cmd/kube-controller-manager/app/controllermanager.go`: `leaderElectAndRun`, `StartControllers`).
 *
 * Several replicas can run against one api-server; each has its own {@link LeaderElector} on the same Lease, and only
 * the leader's runnables are started. Losing the lease stops them (kube-controller-manager exits with
 * "leaderelection lost"); killing the leader with {@link ControllerManager.crash} leaves its lease to expire, after
 * which a standby takes over.
 *
 * @remarks The manager does not restart itself after losing leadership; whoever owns the process (the simulation,
 * a fault) calls `start()` again, like a kubelet restarting the static pod.
 */
import type { SimContext } from '../engine/sim-context.ts';
import { Controller, type ControllerStats } from './controller.ts';
import { LeaderElector, type LeaderCallbacks, type LeaderElectionConfig } from './leader-election.ts';
import type { Transport } from './transport.ts';

/** Something that starts and stops with leadership: a controller, an informer factory... */
export interface Runnable {
  start(): void;
  stop(): void;
}

export interface ControllerManagerOptions {
  /** This replica's name: the trace actor ("kube-controller-manager-0"). */
  identity: string;
  /**
   * The Lease holder identity of this run of the process: upstream's "<hostname>_<uuid>", a new uuid at every start
   * (cmd/kube-controller-manager/app/controllermanager.go: `id = id + "_" + string(uuid.NewUUID())`). Default
   * `identity`.
   */
  holderIdentity?: string;
  transport: Transport;
  /** Leader election settings (timings default to kube-controller-manager's); `false` runs without election. */
  leaderElection?: Omit<LeaderElectionConfig, 'identity'> | false;
  /**
   * Told when the process exits because it lost its lease (kube-controller-manager exits with "leaderelection lost";
   * its supervisor restarts it). An object with a method, so checkpoints can copy it.
   */
  supervisor?: { managerExited(identity: string): void };
}

export type ManagerState = 'stopped' | 'standby' | 'leading';

/** What the page shows for one controller-manager replica. Plain data. */
export interface ControllerManagerStats {
  identity: string;
  state: ManagerState;
  /** The Lease holder this replica last saw ("" before it has read the Lease). */
  observedLeader: string;
  controllers: ControllerStats[];
}

export class ControllerManager implements LeaderCallbacks {
  readonly identity: string;
  readonly elector: LeaderElector | null;
  private readonly supervisor: { managerExited(identity: string): void } | undefined;
  private runnables: Array<{ name: string; runnable: Runnable }> = [];
  private state: ManagerState = 'stopped';
  private leader = '';

  constructor(
    private readonly ctx: SimContext,
    options: ControllerManagerOptions,
  ) {
    this.identity = options.identity;
    this.supervisor = options.supervisor;
    this.elector =
      options.leaderElection === false
        ? null
        : new LeaderElector(ctx, options.transport, this, { ...(options.leaderElection ?? {}), identity: options.holderIdentity ?? options.identity, actor: options.identity });
  }

  /** Adds a runnable, started in the order added and stopped in reverse (add informers before controllers). */
  add(name: string, runnable: Runnable): void {
    if (this.runnables.some((r) => r.name === name)) throw new Error(`ControllerManager: ${name} is already registered`);
    this.runnables.push({ name, runnable });
    if (this.state === 'leading') runnable.start();
  }

  /** Adds a controller under its own name. */
  addController(controller: Controller): void {
    this.add(controller.name, controller);
  }

  get(name: string): Runnable | undefined {
    return this.runnables.find((r) => r.name === name)?.runnable;
  }

  /** The registered controllers, in the order added. */
  controllers(): Controller[] {
    return this.runnables.map((r) => r.runnable).filter((r): r is Controller => r instanceof Controller);
  }

  /** Starts the process: campaigns for the lease, or starts everything when leader election is off. */
  start(): void {
    if (this.state !== 'stopped') return;
    this.state = 'standby';
    if (this.elector) this.elector.run();
    else this.onStartedLeading();
  }

  /** Kills the process: stops everything without releasing the lease. */
  crash(): void {
    this.elector?.stop();
    this.stopAll();
    this.state = 'stopped';
  }

  getState(): ManagerState {
    return this.state;
  }

  isLeader(): boolean {
    return this.state === 'leading';
  }

  /** The holder this replica last saw on the Lease. */
  observedLeader(): string {
    return this.leader;
  }

  /** Reconciles suspended across all controllers: a checkpoint needs 0. */
  inFlight(): number {
    return this.controllers().reduce((n, c) => n + c.inFlight(), 0);
  }

  stats(): ControllerManagerStats {
    return { identity: this.identity, state: this.state, observedLeader: this.leader, controllers: this.controllers().map((c) => c.stats()) };
  }

  onStartedLeading(): void {
    this.state = 'leading';
    for (const { runnable } of this.runnables) runnable.start();
  }

  /** Leadership lost: stop everything ("leaderelection lost"); the process is down until started again. */
  onStoppedLeading(): void {
    this.stopAll();
    this.state = 'stopped';
    this.supervisor?.managerExited(this.identity);
  }

  onNewLeader(identity: string): void {
    this.leader = identity;
  }

  private stopAll(): void {
    if (this.state !== 'leading') return;
    for (let i = this.runnables.length - 1; i >= 0; i--) this.runnables[i]!.runnable.stop();
  }
}
