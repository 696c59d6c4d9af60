/**
 * The seam between the simulation and user-written controllers: the simulation stores a controller's *source text*
 * (plain data, copied by checkpoints, carried by the input log and share links) and runs it through a
 * {@link ControllerProgramRunner} that the host injects with {@link setControllerProgramRunner} (the page's worker,
 * the CLI and the tests inject `src/sandbox`'s QuickJS runner; `src/sim` never imports it).
 *
 * The runner is a module-level service, like the controller descriptors: it never enters the simulation graph, so
 * `cloneGraph` never meets its WebAssembly handles. It must be deterministic: the same source, request, cache and
 * responses give the same calls, results and logs (no wall clock, no `Math.random`: {@link ProgramEnv} gives the
 * virtual clock and a seeded stream).
 *
 * A reconcile is a {@link ProgramRun}: `step()` runs the user's code until it waits on API calls (returned as data,
 * sent by the controller's runner in virtual time, then passed back to the next `step`) or ends. Reads (`get`,
 * `list`) are answered synchronously from the controller's informer cache through {@link ProgramEnv}.
 */
import type { KubeObject } from '../api/object.ts';
import type { ApiRequest, ApiResponse } from '../apiserver/api-request.ts';
import type { TypeRef } from '../client/client.ts';
import type { Request, Result } from '../controller/reconciler.ts';

/** A watched kind, as controller-runtime's `Watches(source, handler)`: with `map`, its events enqueue what `map` returns. */
export interface ProgramWatch extends TypeRef {
  /** True when the program gave a map function (run in the sandbox for each event); otherwise the object's own key. */
  map: boolean;
}

/** What a controller program declares (`defineController({ name, for, owns, watches })`). Plain data. */
export interface ControllerProgramInfo {
  /** The controller's name: its trace actor, field manager and queue name. */
  name: string;
  /** `For`: the kind it reconciles; events of these enqueue their own key. */
  for: TypeRef;
  /** `Owns`: events of these enqueue their controller owner's key when the owner is of the `for` kind. */
  owns: TypeRef[];
  watches: ProgramWatch[];
  /** Concurrent reconciles (`MaxConcurrentReconciles`), 1 unless the program says. */
  workers: number;
}

/** Where in the user's source something went wrong (1-based; `line` 0 when unknown). */
export interface ProgramError {
  message: string;
  line: number;
  column: number;
  /** The user-facing stack, lines mapped to the user's source. */
  stack?: string;
}

export type CompileResult = { ok: true; info: ControllerProgramInfo } | { ok: false; errors: ProgramError[] };

/** What the sandbox may read and do, given by the simulation for one reconcile (or one `map`). */
export interface ProgramEnv {
  /** Virtual now (ms): the program's `Date.now()` and `new Date()`. */
  now(): number;
  /** A number in [0, 1) from the controller's seeded stream: the program's `Math.random()`. */
  random(): number;
  /** The informer cache's object, or undefined. */
  get(type: TypeRef, namespace: string | undefined, name: string): KubeObject | undefined;
  /** The informer cache's objects of a kind, filtered; an invalid selector throws an Error with a message to show. */
  list(type: TypeRef, options: { namespace?: string; labelSelector?: string }): KubeObject[];
  /** `ctx.log(...)`: one line of output. */
  log(line: string): void;
}

/** An API call the program makes, without the caller (`user`, `fieldManager` are the controller's). */
export type ProgramCall = Omit<ApiRequest, 'user'>;

export type ProgramStep =
  | { type: 'calls'; calls: ProgramCall[] }
  | { type: 'done'; result: Result }
  | { type: 'error'; error: ProgramError };

/** One reconcile of a program in progress. */
export interface ProgramRun {
  /** Runs until the program waits on calls or ends; `responses` answer the previous step's calls, in order. */
  step(responses?: readonly ApiResponse[]): ProgramStep;
  /** Frees the sandbox (after `done` or `error`, or when the reconcile is abandoned). Idempotent. */
  dispose(): void;
}

export interface ControllerProgramRunner {
  /** Compiles (TypeScript → JavaScript) and reads the declaration. Never throws: errors name the line. */
  compile(source: string): CompileResult;
  /** Starts one reconcile of a program that compiled. */
  reconcile(source: string, request: Request, env: ProgramEnv): ProgramRun;
  /** Runs the program's `watches[index].map(object)`: the requests to enqueue, or an error. */
  map(source: string, index: number, object: KubeObject, env: ProgramEnv): { ok: true; requests: Request[] } | { ok: false; error: ProgramError };
}

let runner: ControllerProgramRunner | null = null;

/** Installs the runner user controllers run with (once per host; `null` removes it). */
export function setControllerProgramRunner(r: ControllerProgramRunner | null): void {
  runner = r;
}

/** The installed runner, or null when this host cannot run user controllers. */
export function controllerProgramRunner(): ControllerProgramRunner | null {
  return runner;
}

/** What a cluster keeps of an installed user controller: its source and what it declared. Plain data. */
export interface UserControllerProgram {
  readonly source: string;
  readonly info: ControllerProgramInfo;
}
