/**
 * A controller whose logic is loaded on demand: the Job, CronJob, TTL-after-finished, HPA, DaemonSet and StatefulSet controllers
 * do nothing until an object of their kind exists, and only a person's input (an apply, a scenario, a link) can
 * bring one, which the page's worker loads the on-demand libraries before (`src/sim/libraries.ts`,
 * `src/worker/needs-libraries.ts`). So their reconcilers and handlers are not in the worker's first script.
 *
 * What must not change is the run: the trace is the same whenever the code arrived. So the shell built here makes
 * every call the real build made, in the same order (the informers, their indexers, the event recorder, one handler
 * per informer, the runner), and the logic itself (`ControllerLogic`: the reconciler and its handlers, built by the
 * controller's `logic.ts`) is made at a point fixed by the simulation alone: the first event that can concern it
 * (an object of its primary kind, or one whose controller is of that kind) or its first reconcile. An event before
 * that point is one the logic would have ignored (no object of its kind exists yet: each controller's handlers
 * return without effect for objects that are not theirs), so the shell drops it. Node entry points load the
 * libraries at start; the logic is still made at the same point, so a page and the CLI give the same trace.
 *
 * The shell is plain data in the simulation's graph (checkpoints copy it; a restored checkpoint from before the
 * logic was made makes it again at the same point), and a restarted process builds a new shell, as a restarted
 * binary starts with empty state.
 */
import { controllerOf, type KubeObject } from '../api/object.ts';
import type { ResourceEventHandler, SharedIndexInformer } from '../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../client/store.ts';
import { Client } from '../client/client.ts';
import { Controller } from '../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../controller/reconciler.ts';
import type { SimContext } from '../engine/sim-context.ts';
import { libraries, type OnDemandControllerLogic } from '../libraries.ts';
import type { ContainerRuntime } from './container-runtime.ts';
import type { ControllerDescriptor, ControllerHost, EventRecorder, ProcessKind } from './controller-host.ts';

/** What a controller's logic is made from: the shell's informers (in its order), recorder, runner and runtime. */
export interface LogicInputs {
  ctx: SimContext;
  informers: readonly SharedIndexInformer[];
  recorder: EventRecorder | undefined;
  runner: Controller;
  runtime: ContainerRuntime;
}

/** A controller's logic: its reconciler, and the handler for each informer the shell listed as handled, in order. */
export interface ControllerLogic {
  reconciler: Reconciler;
  handlers: readonly ResourceEventHandler[];
}

export interface OnDemandControllerSpec {
  name: string;
  process: ProcessKind;
  workers: number;
  maxRetries?: number;
  fieldManager: string;
  /** The informers, in the order the controller asks its factory for them. */
  informers: ReadonlyArray<{ apiVersion: string; kind: string }>;
  /** Indexers (registered index names) added after the informers are made: [informer index, names]. */
  indexers?: ReadonlyArray<readonly [number, readonly string[]]>;
  /** The event recorder's component, made after the informers (none: the controller records no events). */
  recorder?: string;
  /** Which informers get a handler, in the order they are added. */
  handled: readonly number[];
  /** The kind whose objects (and whose controlled objects) concern the controller. */
  primaryKind: string;
  /** Its builder's name in the on-demand libraries (`src/sim/controllers/on-demand.ts`). */
  logic: keyof OnDemandControllerLogic;
}

/** The shell's state: the inputs, and the logic once made. A reconciler, so the runner can be built at once. */
export class OnDemandLogic implements Reconciler {
  instance: ControllerLogic | undefined;
  runner!: Controller;

  constructor(
    readonly logic: keyof OnDemandControllerLogic,
    readonly primaryKind: string,
    readonly ctx: SimContext,
    readonly informers: readonly SharedIndexInformer[],
    readonly recorder: EventRecorder | undefined,
    readonly runtime: ContainerRuntime,
  ) {}

  /** The logic, made now if it is not yet. */
  made(): ControllerLogic {
    return (this.instance ??= libraries().controllers[this.logic]({ ctx: this.ctx, informers: this.informers, recorder: this.recorder, runner: this.runner, runtime: this.runtime }));
  }

  /** Whether `obj` can concern the controller: the logic exists, or the object is, or is controlled by, its kind. */
  concerns(obj: KubeObject | undefined): boolean {
    if (this.instance) return true;
    if (!obj) return false;
    return obj.kind === this.primaryKind || controllerOf(obj)?.kind === this.primaryKind;
  }

  reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    return this.made().reconciler.reconcile(request, ctx);
  }
}

/** The handler the shell adds to an informer: hands each event that can concern the controller to its logic. */
export class OnDemandHandler implements ResourceEventHandler {
  constructor(
    private readonly logic: OnDemandLogic,
    /** Position among the logic's handlers. */
    private readonly index: number,
  ) {}

  onAdd(obj: KubeObject, isInInitialList: boolean): void {
    if (this.logic.concerns(obj)) this.logic.made().handlers[this.index]!.onAdd(obj, isInInitialList);
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    if (this.logic.concerns(newObj) || this.logic.concerns(oldObj)) this.logic.made().handlers[this.index]!.onUpdate(oldObj, newObj);
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const target = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (this.logic.concerns(target)) this.logic.made().handlers[this.index]!.onDelete(obj);
  }
}

/** The descriptor of a controller whose logic is loaded on demand. */
export function onDemandController(spec: OnDemandControllerSpec): ControllerDescriptor {
  return {
    name: spec.name,
    process: spec.process,
    build(host: ControllerHost): Controller {
      const informers = spec.informers.map((i) => host.informers.informerFor(i.apiVersion, i.kind));
      for (const [index, names] of spec.indexers ?? []) informers[index]!.addIndexers(names);
      const recorder = spec.recorder !== undefined ? host.eventRecorder(spec.recorder) : undefined;
      const logic = new OnDemandLogic(spec.logic, spec.primaryKind, host.ctx, informers, recorder, host.runtime);
      spec.handled.forEach((informer, position) => informers[informer]!.addEventHandler(new OnDemandHandler(logic, position)));
      const controller = new Controller(host.ctx, {
        name: spec.name,
        reconciler: logic,
        workers: spec.workers,
        ...(spec.maxRetries !== undefined ? { maxRetries: spec.maxRetries } : {}),
        transport: host.transport,
        client: new Client(spec.name, { fieldManager: spec.fieldManager }),
      });
      logic.runner = controller;
      return controller;
    },
  };
}
