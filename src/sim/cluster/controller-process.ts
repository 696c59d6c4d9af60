/**
 * One simulated binary: kube-controller-manager, kube-scheduler, or a node's kubelet. It owns one shared informer
 * factory and one REST client, and runs the enabled controllers of its kind under a {@link ControllerManager}
 * (with leader election for kube-controller-manager, which can run as several replicas).
 *
 * A crash is a process crash: every controller of the process loses its queue, its in-flight work and its informer
 * caches; on restart everything is rebuilt from the descriptors and relists (trace reason `restart`).
 */
import { SharedInformerFactory } from '../client/shared-informer-factory.ts';
import type { Controller, ControllerStats } from '../controller/controller.ts';
import { ControllerManager } from '../controller/controller-manager.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { Network } from '../network/network.ts';
import { libraries } from '../libraries.ts';
import type { ContainerRuntime } from './container-runtime.ts';
import type { ControllerDescriptor, ProcessKind } from './controller-host.ts';
import { controllerDescriptor } from './controller-registry.ts';
import type { NodeSpec } from './cluster-options.ts';
import { ProcessHost } from './process-host.ts';
import type { UserControllerProgram } from './controller-program.ts';
import type { UserControllerLogLine } from './user-controller.ts';

interface Replica {
  identity: string;
  alive: boolean;
  manager: ControllerManager;
  factory: SharedInformerFactory;
  controllers: Controller[];
  /** Times this replica has been started (0 = never). */
  boots: number;
}

/** How long a supervisor waits before restarting a replica that exited after losing its lease. */
export const RESTART_AFTER_LEASE_LOSS_MS = 1000;

export interface ProcessStats {
  name: string;
  kind: ProcessKind;
  replicas: Array<{ identity: string; alive: boolean; state: string }>;
  controllers: ControllerStats[];
}

export class ControllerProcess {
  private replicas: Replica[] = [];
  private paused = new Set<string>();
  private retired = false;
  /** A user controller's `ctx.log` lines and program errors, newest last (kept across its restarts). */
  private readonly logs: UserControllerLogLine[] = [];

  constructor(
    private readonly ctx: SimContext,
    private readonly network: Network,
    private readonly runtime: ContainerRuntime,
    readonly name: string,
    readonly kind: ProcessKind,
    /** Names of the controllers this process runs (descriptors of its kind). */
    readonly controllerNames: readonly string[],
    private readonly options: { replicas: number; leaderElection: boolean; node?: NodeSpec; program?: UserControllerProgram },
  ) {
    for (let i = 0; i < options.replicas; i++) {
      const identity = options.replicas > 1 ? `${name}-${i}` : name;
      this.replicas.push(this.build(identity, 0));
    }
  }

  /** Starts every replica that is not running. */
  start(): void {
    for (let i = 0; i < this.replicas.length; i++) if (!this.replicas[i]!.alive) this.boot(i);
  }

  /**
   * Kills the process (for several replicas: the leader, or the first live one). `restartAfter` ms later it starts
   * again (a crash-looping binary restarted by its supervisor); `null` leaves it down (a dead node's kubelet).
   */
  crash(restartAfter: number | null = 0): void {
    const i = this.leaderIndex();
    if (i < 0) return;
    const r = this.replicas[i]!;
    r.manager.crash();
    r.factory.stop();
    r.alive = false;
    if (restartAfter !== null) this.ctx.scheduler.after(restartAfter, this, 'restartReplica', i);
  }

  /**
   * A replica lost its lease and exited ("leaderelection lost"): like a static pod, it is restarted a second later
   * (with empty caches, as a new process).
   */
  managerExited(identity: string): void {
    const i = this.replicas.findIndex((r) => r.identity === identity && r.alive);
    if (i < 0) return;
    const r = this.replicas[i]!;
    r.factory.stop();
    r.alive = false;
    this.ctx.trace.emit(identity, { kind: 'fault.inject', fault: 'leaderelection-lost', target: identity, detail: `${identity} lost its lease and exits (leaderelection lost); restarting in 1s` });
    this.ctx.scheduler.after(RESTART_AFTER_LEASE_LOSS_MS, this, 'restartReplica', i);
  }

  /** Timer target: restart a crashed replica if it is still down (and the process was not retired). */
  restartReplica(index: number): void {
    if (!this.retired && !this.replicas[index]!.alive) this.boot(index);
  }

  /** Kills every replica for good: a pending restart does nothing (an uninstalled user controller). */
  retire(): void {
    this.retired = true;
    this.kill();
  }

  /** Kills every replica, without restart (e.g. a node's kubelet when the node dies). */
  kill(): void {
    for (const r of this.replicas) {
      if (!r.alive) continue;
      r.manager.crash();
      r.factory.stop();
      r.alive = false;
    }
  }

  isAlive(): boolean {
    return this.replicas.some((r) => r.alive);
  }

  pause(controller: string): boolean {
    const c = this.controller(controller);
    if (!c) return false;
    this.paused.add(controller);
    c.pause();
    return true;
  }

  resume(controller: string): boolean {
    const c = this.controller(controller);
    if (!c) return false;
    this.paused.delete(controller);
    c.resume();
    return true;
  }

  /** The running instance of a controller (the leader's). */
  controller(name: string): Controller | undefined {
    const i = this.leaderIndex();
    return i < 0 ? undefined : this.replicas[i]!.controllers.find((c) => c.name === name);
  }

  /** A user controller's log (`ctx.log` lines and program errors), oldest first; empty for other processes. */
  userControllerLogs(): UserControllerLogLine[] {
    return this.logs.map((l) => ({ ...l }));
  }

  /** Reconciles suspended on the api-server across the process: a checkpoint needs 0. */
  inFlight(): number {
    let n = 0;
    for (const r of this.replicas) if (r.alive) n += r.manager.inFlight();
    return n;
  }

  /** True when every live replica's queues are empty and nothing is being reconciled or waiting in backoff. */
  isIdle(): boolean {
    for (const r of this.replicas) {
      if (!r.alive || !r.manager.isLeader()) continue;
      for (const c of r.controllers) {
        const s = c.stats();
        if (s.depth > 0 || s.processing.length > 0 || s.backoff.length > 0) return false;
      }
    }
    return true;
  }

  /** The informer factory of the leader (for cache inspection). */
  informers(): SharedInformerFactory | undefined {
    const i = this.leaderIndex();
    return i < 0 ? undefined : this.replicas[i]!.factory;
  }

  stats(): ProcessStats {
    const i = this.leaderIndex();
    return {
      name: this.name,
      kind: this.kind,
      replicas: this.replicas.map((r) => ({ identity: r.identity, alive: r.alive, state: r.alive ? r.manager.getState() : 'crashed' })),
      controllers: i < 0 ? [] : this.replicas[i]!.controllers.map((c) => c.stats()),
    };
  }

  private leaderIndex(): number {
    const leading = this.replicas.findIndex((r) => r.alive && r.manager.isLeader());
    return leading >= 0 ? leading : this.replicas.findIndex((r) => r.alive);
  }

  private boot(index: number): void {
    const old = this.replicas[index]!;
    const r = this.build(old.identity, old.boots);
    this.replicas[index] = r;
    r.alive = true;
    r.boots = old.boots + 1;
    r.manager.start();
    for (const c of r.controllers) if (this.paused.has(c.name)) c.pause();
  }

  private build(identity: string, boots: number): Replica {
    const transport = this.network.restClient(identity);
    const factory = new SharedInformerFactory(this.ctx, {
      process: identity,
      network: this.network,
      transport,
      listReason: boots > 0 ? 'restart' : 'initial',
    });
    // A restarted kube-controller-manager or kube-scheduler is a new candidate: a new "<hostname>_<uuid>" Lease
    // identity, so it waits for the old holder's lease to expire (leaseDuration, measured from when it first reads
    // the record) instead of renewing it as if it had never died (client-go leaderelection.go tryAcquireOrRenew).
    const holderIdentity = this.options.leaderElection ? `${identity}_${this.ctx.rngFor(`${identity}/leader-election-identity`).uuid()}` : identity;
    const manager = new ControllerManager(this.ctx, {
      identity,
      holderIdentity,
      transport,
      // A user controller's Lease is named after it (its process name, "user-controller/<name>", is no object name).
      leaderElection: this.options.leaderElection ? { lockNamespace: 'kube-system', lockName: this.options.program?.info.name ?? this.name } : false,
      supervisor: this,
    });
    const host = new ProcessHost(this.ctx, identity, factory, transport, this.network, this.runtime, this.options.node);
    const controllers: Controller[] = [];
    // A user controller's process builds its one controller from the program (source text: plain data); only a
    // person installs one, so its code is on demand (user-controller.ts).
    if (this.options.program) controllers.push(libraries().cluster.buildUserController(host.forController(this.options.program.info.name, true), this.options.program, this.logs));
    for (const name of this.options.program ? [] : this.controllerNames) {
      const d: ControllerDescriptor | undefined = controllerDescriptor(name);
      if (d) controllers.push(d.build(host.forController(name, this.kind === 'kube-controller-manager')));
    }
    // Informers start before controllers (ControllerManager starts runnables in the order added).
    manager.add('informers', factory);
    for (const { name, runnable } of host.runnables) manager.add(name, runnable);
    for (const c of controllers) manager.addController(c);
    return { identity, alive: false, manager, factory, controllers, boots };
  }
}
