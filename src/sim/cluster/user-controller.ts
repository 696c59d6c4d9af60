/**
 * A user-written controller inside the simulation: the informers, event handlers and reconciler built for a
 * {@link UserControllerProgram}, run by the installed {@link ControllerProgramRunner} (controller-program.ts).
 *
 * It is wired as controller-runtime's builder wires one (`pkg/builder/controller.go`): `For` enqueues the object's
 * own key (`EnqueueRequestForObject`), `Owns` enqueues the controller owner's key when the owner is of the `For`
 * kind (`EnqueueRequestForOwner(..., OnlyControllerOwner())`, old and new owner on an update), `Watches` enqueues
 * what the program's map function returns (`EnqueueRequestsFromMapFunc`) or the object's own key. Reads come from
 * these informers' caches (controller-runtime's cache-backed client); writes go through the controller's REST client
 * with its name as `user` and `fieldManager`.
 *
 * The reconcile is a generator like every reconciler's: each step of the program that waits on API calls yields them
 * (one call, or a batch when the program awaits several at once, e.g. `Promise.all`), so they take virtual time.
 * The trace gets the phases: observe (the `For` object as the cache has it), diff (out of sync when it writes),
 * act (each write), status (each status write). A program error is thrown: a rate-limited retry.
 *
 * Nothing here holds the sandbox between reconciles: the program's run lives only in the generator, which exists
 * only while the reconcile is in flight, when no checkpoint is taken.
 */
import { controllerOf, keyOf, parseApiVersion, type KubeObject } from '../api/object.ts';
import type { ApiResponse } from '../apiserver/api-request.ts';
import { parseLabelSelector } from '../apiserver/selectors/label-selector.ts';
import type { TypeRef } from '../client/client.ts';
import type { ResourceEventHandler, SharedIndexInformer } from '../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../client/store.ts';
import { Client } from '../client/client.ts';
import { Controller } from '../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../controller/reconciler.ts';
import type { Rng } from '../engine/rng.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { ControllerHost } from './controller-host.ts';
import { controllerProgramRunner, type ProgramCall, type ProgramEnv, type ProgramError, type UserControllerProgram } from './controller-program.ts';

/** The process a user controller runs in: "user-controller/<name>". */
export const USER_CONTROLLER_PROCESS_PREFIX = 'user-controller/';

/** How many `ctx.log` lines a controller keeps (the newest). */
export const USER_CONTROLLER_LOG_LINES = 200;

/** One `ctx.log` line, or a program error, as the controller's panel lists them. Plain data. */
export interface UserControllerLogLine {
  at: number;
  key: string;
  line: string;
  /** Set for a program error: where in the user's source. */
  error?: { line: number; column: number };
}

/** A reconcile's failure in the user's code: the message names the line; `programError` keeps where. */
export class ProgramFailure extends Error {
  constructor(readonly programError: ProgramError) {
    super(programError.message);
    this.name = 'ProgramFailure';
  }
}

function typeId(t: TypeRef): string {
  return `${t.apiVersion}|${t.kind}`;
}

function sameGroupKind(a: TypeRef, b: TypeRef): boolean {
  return a.kind === b.kind && parseApiVersion(a.apiVersion).group === parseApiVersion(b.apiVersion).group;
}

function objectOfDelete(obj: KubeObject | DeletedFinalStateUnknown): KubeObject | undefined {
  return isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
}

/** Builds a user controller in its process (the equivalent of a built-in controller's descriptor `build`). */
export function buildUserController(host: ControllerHost, program: UserControllerProgram, logs: UserControllerLogLine[]): Controller {
  const { info, source } = program;
  const informers = new Map<string, SharedIndexInformer>();
  const informerFor = (t: TypeRef): SharedIndexInformer => {
    let inf = informers.get(typeId(t));
    if (!inf) {
      inf = host.informers.informerFor(t.apiVersion, t.kind);
      informers.set(typeId(t), inf);
    }
    return inf;
  };
  const reconciler = new UserReconciler(host.ctx, info.name, info.for, source, informers, host.ctx.rngFor(`${info.name}/random`), logs);
  const controller = new Controller(host.ctx, {
    name: info.name,
    reconciler,
    workers: info.workers,
    transport: host.transport,
    client: new Client(info.name, { fieldManager: info.name }),
  });
  informerFor(info.for).addEventHandler(new EnqueueForObject(controller));
  for (const owned of info.owns) informerFor(owned).addEventHandler(new EnqueueForOwner(controller, info.for));
  info.watches.forEach((w, index) => {
    informerFor(w).addEventHandler(w.map ? new EnqueueFromMap(controller, reconciler, index) : new EnqueueForObject(controller));
  });
  return controller;
}

/** `handler.EnqueueRequestForObject`. */
class EnqueueForObject implements ResourceEventHandler {
  constructor(private readonly controller: Controller) {}
  onAdd(obj: KubeObject): void {
    this.controller.enqueue(keyOf(obj), 'add');
  }
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    this.controller.enqueue(keyOf(newObj), oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion ? 'resync' : 'update');
  }
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const o = objectOfDelete(obj);
    if (o) this.controller.enqueue(keyOf(o), 'delete');
  }
}

/** `handler.EnqueueRequestForOwner(scheme, mapper, owner, OnlyControllerOwner())`. */
class EnqueueForOwner implements ResourceEventHandler {
  constructor(
    private readonly controller: Controller,
    private readonly owner: TypeRef,
  ) {}
  onAdd(obj: KubeObject): void {
    this.enqueueOwner(obj, 'add');
  }
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    this.enqueueOwner(oldObj, 'update');
    this.enqueueOwner(newObj, 'update');
  }
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const o = objectOfDelete(obj);
    if (o) this.enqueueOwner(o, 'delete');
  }
  private enqueueOwner(obj: KubeObject, reason: 'add' | 'update' | 'delete'): void {
    const ref = controllerOf(obj);
    if (!ref || !sameGroupKind(ref, this.owner)) return;
    const ns = obj.metadata.namespace;
    this.controller.enqueue(ns ? `${ns}/${ref.name}` : ref.name, reason);
  }
}

/** `handler.EnqueueRequestsFromMapFunc`: the program's map function runs in the sandbox for each event. */
class EnqueueFromMap implements ResourceEventHandler {
  constructor(
    private readonly controller: Controller,
    private readonly reconciler: UserReconciler,
    private readonly index: number,
  ) {}
  onAdd(obj: KubeObject): void {
    this.map(obj, 'add');
  }
  onUpdate(_oldObj: KubeObject, newObj: KubeObject): void {
    this.map(newObj, 'update');
  }
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const o = objectOfDelete(obj);
    if (o) this.map(o, 'delete');
  }
  private map(obj: KubeObject, reason: 'add' | 'update' | 'delete'): void {
    for (const r of this.reconciler.mapObject(this.index, obj)) {
      this.controller.enqueue(r.namespace ? `${r.namespace}/${r.name}` : r.name, reason);
    }
  }
}

export class UserReconciler implements Reconciler {
  constructor(
    readonly sim: SimContext,
    readonly name: string,
    private readonly forType: TypeRef,
    private readonly source: string,
    private readonly informers: Map<string, SharedIndexInformer>,
    private readonly rng: Rng,
    /** The process's log (the newest {@link USER_CONTROLLER_LOG_LINES}), shared by its restarts. */
    private readonly logs: UserControllerLogLine[],
  ) {}

  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const runner = controllerProgramRunner();
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    if (!runner) throw new Error('this host cannot run user controllers (no controller program runner is installed)');
    const observed = this.informers.get(typeId(this.forType))?.get(request.namespace, request.name);
    ctx.observe(
      observed ? `${this.forType.kind} ${key} (rv ${observed.metadata.resourceVersion ?? ''})` : `${this.forType.kind} ${key}: not in the cache`,
      observed ? [{ apiVersion: this.forType.apiVersion, kind: this.forType.kind, ...(request.namespace ? { namespace: request.namespace } : {}), name: request.name, rv: observed.metadata.resourceVersion ?? '' }] : [],
    );
    const run = runner.reconcile(this.source, request, new CacheEnv(this, key));
    let wrote = false;
    try {
      let responses: ApiResponse[] | undefined;
      for (;;) {
        const step = run.step(responses);
        if (step.type === 'done') {
          if (!wrote) ctx.diff('in sync: no writes', true);
          return step.result;
        }
        if (step.type === 'error') {
          this.record({ at: ctx.now, key, line: step.error.message, error: { line: step.error.line, column: step.error.column } });
          throw new ProgramFailure(step.error);
        }
        // Every call is a write (reads are the cache's): the first one says the program found something to change.
        if (!wrote) {
          wrote = true;
          ctx.diff('out of sync: it writes', false);
        }
        for (const c of step.calls) this.phase(ctx, c);
        const requests = step.calls.map((c) => ctx.client.request(c));
        if (requests.length === 1) responses = [(yield { type: 'api', request: requests[0]! }) as ApiResponse];
        else responses = (yield { type: 'batch', requests }) as ApiResponse[];
      }
    } finally {
      run.dispose();
    }
  }

  /** Runs the program's `watches[index].map` on an object (an error is logged and maps to nothing). */
  mapObject(index: number, obj: KubeObject): Request[] {
    const runner = controllerProgramRunner();
    if (!runner) return [];
    const out = runner.map(this.source, index, obj, new CacheEnv(this, keyOf(obj)));
    if (out.ok) return out.requests;
    this.record({ at: this.sim.now, key: keyOf(obj), line: out.error.message, error: { line: out.error.line, column: out.error.column } });
    return [];
  }

  record(line: UserControllerLogLine): void {
    this.logs.push(line);
    if (this.logs.length > USER_CONTROLLER_LOG_LINES) this.logs.splice(0, this.logs.length - USER_CONTROLLER_LOG_LINES);
  }

  informer(type: TypeRef, verb: string): SharedIndexInformer {
    const inf = this.informers.get(typeId(type));
    if (!inf) throw new Error(`ctx.client.${verb}: ${type.kind} (${type.apiVersion}) is not in this controller's cache: add it to for, owns or watches`);
    return inf;
  }

  nextRandom(): number {
    return this.rng.float();
  }

  private phase(ctx: ReconcileContext, c: ProgramCall): void {
    const what = `${c.verb}${c.subresource ? ` ${c.subresource}` : ''} ${c.kind} ${targetName(c)}`;
    if (c.subresource === 'status') ctx.status(what);
    else ctx.act(what);
  }
}

function targetName(c: ProgramCall): string {
  const body = c.body as { metadata?: { name?: string; generateName?: string; namespace?: string } } | undefined;
  const name = c.name ?? body?.metadata?.name ?? (body?.metadata?.generateName ? `${body.metadata.generateName}*` : '');
  const ns = c.namespace ?? body?.metadata?.namespace;
  return ns ? `${ns}/${name}` : name;
}

/** What the program reads: the controller's caches, the virtual clock, its seeded stream, its log. */
class CacheEnv implements ProgramEnv {
  constructor(
    private readonly reconciler: UserReconciler,
    private readonly key: string,
  ) {}
  now(): number {
    return this.reconciler.sim.now;
  }
  random(): number {
    return this.reconciler.nextRandom();
  }
  get(type: TypeRef, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.reconciler.informer(type, 'get').get(namespace, name);
  }
  list(type: TypeRef, options: { namespace?: string; labelSelector?: string }): KubeObject[] {
    const inf = this.reconciler.informer(type, 'list');
    const selector = options.labelSelector ? parseLabelSelector(options.labelSelector) : undefined;
    return inf.list(selector, options.namespace);
  }
  log(line: string): void {
    this.reconciler.record({ at: this.now(), key: this.key, line });
  }
}
