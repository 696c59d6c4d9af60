/**
 * The {@link ControllerProgramRunner} of user-written controllers: QuickJS compiled to WebAssembly
 * (quickjs-emscripten), in the worker or in Node.
 *
 * Why QuickJS: a separate JavaScript heap with no page, network, timers or module loader, an interrupt handler (so an
 * endless loop stops) and a memory limit, native async functions (the user's `await ctx.client.create(...)` suspends
 * the QuickJS promise; the simulation answers it in virtual time and runs the pending jobs), and the same bytecode
 * interpreter in every browser and in Node, so a trace is the same everywhere.
 *
 * **A fresh runtime per reconcile** (and per watch map): the program is evaluated anew each time, so nothing the user
 * keeps in module-level variables survives from one reconcile to the next. That is what keeps time travel exact: a
 * checkpoint copies the simulation graph, which holds only the source text, so a seek back that re-executes the
 * reconciles gives the same trace as the straight run; state that survived in a long-lived sandbox would not be
 * rewound. (It also matches a real operator's lesson: state belongs in the cluster, not in the process.) The cost is
 * about half a millisecond per reconcile to build the runtime and evaluate the program (bench/user-controller.ts).
 *
 * Containment, per reconcile:
 * - CPU: deterministic *fuel*: QuickJS calls the interrupt handler every ~10,000 bytecode steps; after
 *   {@link SandboxLimits.fuel} calls the code is stopped (the same code stops at the same instruction everywhere).
 *   A wall-time backstop ({@link SandboxLimits.wallMs}) stops a machine too slow for the fuel (nondeterministic, so
 *   only a backstop). The stop is an uncatchable error; the reconcile fails naming the function and line.
 * - Memory: `setMemoryLimit` (an allocation over it is QuickJS's "out of memory"), and a stack limit.
 * - No `Date` or `Math.random` of the host: the prelude gives the virtual clock and the controller's seeded stream.
 */
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { KubeObject } from '../sim/api/object.ts';
import type { ApiResponse } from '../sim/apiserver/api-request.ts';
import type {
  CompileResult,
  ControllerProgramInfo,
  ControllerProgramRunner,
  ProgramCall,
  ProgramEnv,
  ProgramError,
  ProgramRun,
  ProgramStep,
} from '../sim/cluster/controller-program.ts';
import type { Request } from '../sim/controller/reconciler.ts';
import { transpile, USER_FILE, WRAPPER_PREFIX } from './compile.ts';
import { PRELUDE, PRELUDE_FILE } from './prelude.ts';

export interface SandboxLimits {
  /** Interrupt-handler calls (each ~10,000 QuickJS steps) one reconcile may use. */
  fuel: number;
  /** Wall-clock backstop per reconcile (ms). */
  wallMs: number;
  /** Heap limit of one reconcile's runtime (bytes). */
  memoryBytes: number;
  /** Stack limit (bytes). */
  stackBytes: number;
}

/**
 * 1,000 calls is about 0.35 s of an endless loop on a slow shared machine (2,800 calls/s measured): the fuel, which
 * is deterministic, stops it well within a second. The wall backstop is set well above that, so that it stops only a
 * machine far slower than this one (or time spent in builtins and the garbage collector, which use no fuel): a stop
 * by wall time is not reproducible, and its message says so.
 */
export const DEFAULT_LIMITS: SandboxLimits = { fuel: 1000, wallMs: 2000, memoryBytes: 32 * 1024 * 1024, stackBytes: 512 * 1024 };

/** How many compiled programs the runner keeps (by source text). */
const CACHE_SIZE = 64;

type Compiled = { ok: true; code: string; info: ControllerProgramInfo } | { ok: false; errors: ProgramError[] };

/** What compile's sandbox gives the program: no cache, no clock. */
const COMPILE_ENV: ProgramEnv = {
  now: () => 0,
  random: () => 0,
  get: () => {
    throw new Error('ctx.client.get is not available while the program loads');
  },
  list: () => {
    throw new Error('ctx.client.list is not available while the program loads');
  },
  log: () => {},
};

/**
 * The QuickJS module instances sandboxes are made in. QuickJS leaks objects when it runs out of memory inside a
 * promise job, and freeing such a runtime aborts the whole WebAssembly instance (`list_empty(&rt->gc_obj_list)`).
 * So a sandbox that met "out of memory" is dropped without freeing, and its module retired: the next sandbox is
 * made in a spare instance loaded ahead (loading is asynchronous), and the retired one is reclaimed by the garbage
 * collector with all its memory. Which instance runs a program changes nothing it computes.
 */
export class ModulePool {
  private current: QuickJSWASMModule | null;
  private spare: QuickJSWASMModule | null = null;
  private loading: Promise<void> | null = null;
  /** Instances retired so far (tests and the bench read it). */
  retired = 0;

  constructor(
    first: QuickJSWASMModule,
    private readonly load: () => Promise<QuickJSWASMModule>,
  ) {
    this.current = first;
    void this.refill();
  }

  /** The instance to make a sandbox in; throws while none is usable (a reload is under way). */
  module(): QuickJSWASMModule {
    if (!this.current) throw new Error('the sandbox is being reloaded after a failure; the reconcile is retried');
    return this.current;
  }

  /**
   * Stops making sandboxes in `module`: the spare takes over. `dead`: the instance aborted and cannot be used even
   * without a spare.
   */
  retire(module: QuickJSWASMModule, dead: boolean): void {
    if (module !== this.current) return;
    this.retired++;
    if (this.spare) {
      this.current = this.spare;
      this.spare = null;
    } else if (dead) {
      this.current = null;
    }
    void this.refill();
  }

  /** Resolves when a spare instance is loaded. */
  refill(): Promise<void> {
    if (this.spare && this.current) return Promise.resolve();
    this.loading ??= this.load().then(
      (m) => {
        this.loading = null;
        if (!this.current) this.current = m;
        else this.spare = m;
        if (!this.spare) return this.refill();
      },
      () => {
        this.loading = null;
      },
    );
    return this.loading;
  }
}

export function createQuickJsRunner(pool: ModulePool, limits: SandboxLimits = DEFAULT_LIMITS): ControllerProgramRunner {
  const cache = new Map<string, Compiled>();

  function compiled(source: string): Compiled {
    const hit = cache.get(source);
    if (hit) return hit;
    const out = compileNow(pool, limits, source);
    cache.set(source, out);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return out;
  }

  return {
    compile(source: string): CompileResult {
      const c = compiled(source);
      return c.ok ? { ok: true, info: c.info } : { ok: false, errors: c.errors };
    },
    reconcile(source: string, request: Request, env: ProgramEnv): ProgramRun {
      const c = compiled(source);
      if (!c.ok) return new FailedRun(c.errors[0]!);
      return new QuickJsRun(pool, limits, c.code, env, request);
    },
    map(source, index, object, env) {
      const c = compiled(source);
      if (!c.ok) return { ok: false, error: c.errors[0]! };
      let box: Sandbox;
      try {
        box = new Sandbox(pool, limits, env);
      } catch (e) {
        return { ok: false, error: { message: `watch map: ${e instanceof Error ? e.message : String(e)}`, line: 0, column: 0 } };
      }
      try {
        const loaded = box.load(c.code);
        if (loaded) return { ok: false, error: prefixed('watch map', loaded) };
        const out = box.evalJson(`__loopscope.map(${index}, ${JSON.stringify(JSON.stringify(object))})`);
        if ('error' in out) return { ok: false, error: prefixed('watch map', out.error) };
        return { ok: true, requests: out.value as Request[] };
      } finally {
        box.dispose();
      }
    },
  };
}

function prefixed(what: string, e: ProgramError): ProgramError {
  return { ...e, message: `${what}: ${e.message}` };
}

function compileNow(pool: ModulePool, limits: SandboxLimits, source: string): Compiled {
  const t = transpile(source);
  if (!t.ok) return { ok: false, errors: [t.error] };
  const box = new Sandbox(pool, limits, COMPILE_ENV);
  try {
    const loaded = box.load(t.code);
    if (loaded) return { ok: false, errors: [loaded] };
    const out = box.evalJson('__loopscope.describe()');
    if ('error' in out) return { ok: false, errors: [out.error] };
    const d = out.value as { error?: string; info?: ControllerProgramInfo };
    if (d.error || !d.info) return { ok: false, errors: [{ message: d.error ?? 'the program declares no controller', line: 0, column: 0 }] };
    return { ok: true, code: t.code, info: d.info };
  } finally {
    box.dispose();
  }
}

/** A reconcile of a program that did not compile: it fails at once with the compile error. */
class FailedRun implements ProgramRun {
  constructor(private readonly error: ProgramError) {}
  step(): ProgramStep {
    return { type: 'error', error: this.error };
  }
  dispose(): void {}
}

interface PendingCall {
  call: ProgramCall;
  deferred: QuickJSDeferredPromise;
}

/** One QuickJS runtime and context with the prelude, the host functions and (after `load`) the user's program. */
class Sandbox {
  readonly runtime: QuickJSRuntime;
  readonly context: QuickJSContext;
  /** Calls made since the last step, waiting for their responses. */
  pending: PendingCall[] = [];
  private fuel = 0;
  /** Wall ms used by earlier steps of this reconcile. */
  private spent = 0;
  private deadline = Infinity;
  private startedAt = 0;
  private reading = false;
  stopped: 'fuel' | 'wall' | null = null;
  private disposed = false;

  private readonly module: QuickJSWASMModule;
  /** It met "out of memory": freeing it could abort the instance (see {@link ModulePool}). */
  private outOfMemory = false;

  constructor(
    private readonly pool: ModulePool,
    private readonly limits: SandboxLimits,
    private readonly env: ProgramEnv,
  ) {
    this.module = pool.module();
    this.runtime = this.module.newRuntime();
    this.runtime.setMemoryLimit(limits.memoryBytes);
    this.runtime.setMaxStackSize(limits.stackBytes);
    this.runtime.setInterruptHandler(() => this.interrupt());
    this.context = this.runtime.newContext();
    this.installHost();
    this.begin();
    const r = this.context.evalCode(PRELUDE, PRELUDE_FILE);
    if (r.error) {
      const dumped: unknown = this.context.dump(r.error);
      r.error.dispose();
      throw new Error(`sandbox prelude failed: ${JSON.stringify(dumped)}`);
    }
    r.value.dispose();
    this.end();
  }

  /** Evaluates the program; a failure (syntax QuickJS rejects, a throw or a loop at load) is returned. */
  load(code: string): ProgramError | null {
    this.begin();
    try {
      const r = this.context.evalCode(code, USER_FILE);
      if (r.error) {
        return this.dumpError(r.error);
      }
      r.value.dispose();
      return null;
    } finally {
      this.end();
    }
  }

  /** Evaluates an expression of the prelude's that returns JSON text. */
  evalJson(expression: string): { value: unknown } | { error: ProgramError } {
    this.begin();
    try {
      const r = this.context.evalCode(expression, PRELUDE_FILE);
      if (r.error) {
        return { error: this.dumpError(r.error) };
      }
      const text = this.context.getString(r.value);
      r.value.dispose();
      return { value: JSON.parse(text) as unknown };
    } finally {
      this.end();
    }
  }

  /** Runs every pending job (the user's code after an await). A failure of the job loop itself is returned. */
  runJobs(): ProgramError | null {
    this.begin();
    try {
      const r = this.runtime.executePendingJobs(-1);
      if (r.error) {
        return this.dumpError(r.error);
      }
      return null;
    } finally {
      this.end();
    }
  }

  /** Reads the prelude's bookkeeping without spending the user's fuel. */
  readOutcome(): { state: 'pending' } | { state: 'done'; result: ProgramStep & { type: 'done' } } | { state: 'error'; error: ProgramError } {
    // After an "out of memory" the bookkeeping needs memory too: lift the limit while reading.
    this.reading = true;
    this.runtime.setMemoryLimit(-1);
    try {
      const r = this.context.evalCode('__loopscope.outcome()', PRELUDE_FILE);
      if (r.error) {
        return { state: 'error', error: this.dumpError(r.error) };
      }
      const o = JSON.parse(this.context.getString(r.value)) as { state: string; result?: unknown; error?: unknown };
      r.value.dispose();
      if (o.state === 'done') return { state: 'done', result: { type: 'done', result: o.result as Record<string, never> } };
      if (o.state === 'error') return { state: 'error', error: this.errorOf(o.error) };
      return { state: 'pending' };
    } finally {
      this.runtime.setMemoryLimit(this.limits.memoryBytes);
      this.reading = false;
    }
  }

  /** What QuickJS threw, as host data (with the memory limit lifted: dumping allocates); the handle is disposed. */
  private dumpError(handle: QuickJSHandle): ProgramError {
    this.runtime.setMemoryLimit(-1);
    const wasReading = this.reading;
    this.reading = true;
    try {
      return this.errorOf(this.context.dump(handle));
    } catch (e) {
      return this.errorOf({ name: 'Error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      handle.dispose();
      this.reading = wasReading;
      this.runtime.setMemoryLimit(this.limits.memoryBytes);
    }
  }

  /** Turns what QuickJS threw into the user's error: the message, and the first frame in the user's file. */
  errorOf(dumped: unknown): ProgramError {
    const e = (dumped && typeof dumped === 'object' ? dumped : { message: String(dumped) }) as { name?: unknown; message?: unknown; stack?: unknown };
    const name = typeof e.name === 'string' ? e.name : 'Error';
    const message = typeof e.message === 'string' ? e.message : String(dumped);
    const { stack, line, column, fn } = userFrames(typeof e.stack === 'string' ? e.stack : '');
    const where = line ? ` in ${fn} at line ${line}` : '';
    if (message === 'out of memory') this.outOfMemory = true;
    let text: string;
    if (this.stopped === 'fuel') text = `stopped: it used its whole CPU budget (${this.limits.fuel} × 10,000 steps; an endless loop?)${where}`;
    else if (this.stopped === 'wall') text = `stopped after ${this.limits.wallMs} ms of wall time (a backstop: not reproducible)${where}`;
    else if (message === 'out of memory') text = `out of memory (the sandbox's limit is ${Math.round(this.limits.memoryBytes / 1048576)} MiB)${where}`;
    else text = `${name}: ${message}${where}`;
    return { message: text, line, column, ...(stack ? { stack } : {}) };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const p of this.pending) p.deferred.dispose();
    this.pending = [];
    if (this.outOfMemory) {
      // Dropped, not freed: the instance goes with it (ModulePool).
      this.pool.retire(this.module, false);
      return;
    }
    try {
      this.context.dispose();
      this.runtime.dispose();
    } catch {
      // QuickJS aborted freeing the runtime: the instance is unusable from now on.
      this.pool.retire(this.module, true);
    }
  }

  private begin(): void {
    this.startedAt = performance.now();
    this.deadline = this.startedAt + Math.max(0, this.limits.wallMs - this.spent);
  }

  private end(): void {
    this.spent += performance.now() - this.startedAt;
    this.deadline = Infinity;
  }

  private interrupt(): boolean {
    if (this.reading) return false;
    if (this.stopped) return true;
    this.fuel++;
    if (this.fuel > this.limits.fuel) this.stopped = 'fuel';
    else if (performance.now() > this.deadline) this.stopped = 'wall';
    return this.stopped !== null;
  }

  private installHost(): void {
    const vm = this.context;
    const host = vm.newObject();
    const fn = (name: string, impl: (...args: QuickJSHandle[]) => QuickJSHandle | undefined): void => {
      const f = vm.newFunction(name, (...args) => {
        try {
          return impl(...args);
        } catch (e) {
          return { error: vm.newError(e instanceof Error ? e.message : String(e)) };
        }
      });
      vm.setProp(host, name, f);
      f.dispose();
    };
    fn('now', () => vm.newNumber(this.env.now()));
    fn('random', () => vm.newNumber(this.env.random()));
    fn('log', (line) => {
      this.env.log(vm.getString(line!));
      return undefined;
    });
    fn('get', (q) => {
      const { type, namespace, name } = JSON.parse(vm.getString(q!)) as { type: ProgramCall & { kind: string }; namespace?: string; name: string };
      const obj = this.env.get(type, namespace, name);
      return obj === undefined ? undefined : vm.newString(JSON.stringify(obj));
    });
    fn('list', (q) => {
      const { type, namespace, labelSelector } = JSON.parse(vm.getString(q!)) as { type: ProgramCall; namespace?: string; labelSelector?: string };
      const items: KubeObject[] = this.env.list(type, { ...(namespace !== undefined ? { namespace } : {}), ...(labelSelector !== undefined ? { labelSelector } : {}) });
      return vm.newString(JSON.stringify(items));
    });
    fn('call', (q) => {
      const call = checkedCall(JSON.parse(vm.getString(q!)));
      const deferred = vm.newPromise();
      this.pending.push({ call, deferred });
      return deferred.handle;
    });
    vm.setProp(vm.global, '__host', host);
    host.dispose();
  }
}

const WRITE_VERBS = new Set(['create', 'update', 'patch', 'delete']);
const PATCH_TYPES = new Set(['application/merge-patch+json', 'application/json-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml']);

/**
 * A request as the prelude builds it, checked again on this side (the user's code can reach the prelude's
 * globals, e.g. replace JSON.stringify): only writes, to a type, with the fields a client may set.
 */
function checkedCall(v: unknown): ProgramCall {
  const r = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : undefined);
  const verb = str('verb');
  if (!verb || !WRITE_VERBS.has(verb)) throw new Error(`a client call must be a write (create, update, patch, delete), not ${JSON.stringify(r['verb'])}`);
  const apiVersion = str('apiVersion');
  const kind = str('kind');
  if (!apiVersion || !kind) throw new Error('a client call needs apiVersion and kind');
  const call: ProgramCall = { verb: verb as ProgramCall['verb'], apiVersion, kind };
  const namespace = str('namespace');
  const name = str('name');
  if (namespace !== undefined) call.namespace = namespace;
  if (name !== undefined) call.name = name;
  if (r['subresource'] === 'status') call.subresource = 'status';
  const patchType = str('patchType');
  if (patchType !== undefined) {
    if (!PATCH_TYPES.has(patchType)) throw new Error(`unknown patch type ${JSON.stringify(patchType)}`);
    call.patchType = patchType as ProgramCall['patchType'];
  }
  if (r['body'] !== undefined) call.body = r['body'];
  if (r['force'] === true) call.force = true;
  const policy = str('propagationPolicy');
  if (policy === 'Background' || policy === 'Foreground' || policy === 'Orphan') call.propagationPolicy = policy;
  return call;
}

/** One reconcile: the program evaluated in a fresh sandbox, its reconcile started on the first step. */
class QuickJsRun implements ProgramRun {
  private box: Sandbox | null;
  private started = false;
  private waiting: PendingCall[] = [];

  private readonly failure: ProgramError | null = null;

  constructor(
    pool: ModulePool,
    limits: SandboxLimits,
    private readonly code: string,
    env: ProgramEnv,
    private readonly request: Request,
  ) {
    try {
      this.box = new Sandbox(pool, limits, env);
    } catch (e) {
      this.box = null;
      this.failure = { message: e instanceof Error ? e.message : String(e), line: 0, column: 0 };
    }
  }

  step(responses?: readonly ApiResponse[]): ProgramStep {
    const box = this.box;
    if (this.failure) return { type: 'error', error: this.failure };
    if (!box) return { type: 'error', error: { message: 'reconcile already finished', line: 0, column: 0 } };
    if (!this.started) {
      this.started = true;
      const loaded = box.load(this.code);
      if (loaded) return this.end({ type: 'error', error: loaded });
      const started = box.evalJson(`(__loopscope.start(${JSON.stringify(JSON.stringify(this.request))}), "null")`);
      if ('error' in started) return this.end({ type: 'error', error: started.error });
    } else {
      const waiting = this.waiting;
      this.waiting = [];
      waiting.forEach((p, i) => {
        const r = responses?.[i];
        const text = box.context.newString(JSON.stringify(r ?? { ok: false, code: 500, status: { message: 'no response' } }));
        p.deferred.resolve(text);
        text.dispose();
        p.deferred.dispose();
      });
    }
    const jobError = box.runJobs();
    const outcome = box.readOutcome();
    if (box.stopped || jobError) {
      const error = outcome.state === 'error' ? outcome.error : (jobError ?? box.errorOf({ message: 'stopped' }));
      return this.end({ type: 'error', error });
    }
    if (outcome.state === 'done') return this.end(outcome.result);
    if (outcome.state === 'error') return this.end({ type: 'error', error: outcome.error });
    if (box.pending.length === 0) {
      return this.end({ type: 'error', error: { message: 'reconcile never finished: it awaits a promise that nothing resolves (only ctx.client calls complete)', line: 0, column: 0 } });
    }
    this.waiting = box.pending;
    box.pending = [];
    return { type: 'calls', calls: this.waiting.map((p) => p.call) };
  }

  dispose(): void {
    for (const p of this.waiting) p.deferred.dispose();
    this.waiting = [];
    this.box?.dispose();
    this.box = null;
  }

  private end(step: ProgramStep): ProgramStep {
    this.dispose();
    return step;
  }
}

/** The user's frames of a QuickJS stack ("    at reconcile (controller.ts:12:7)"), line 1's columns unshifted. */
export function userFrames(stack: string): { stack: string; line: number; column: number; fn: string } {
  const frames: string[] = [];
  let first: { line: number; column: number; fn: string } | null = null;
  for (const raw of stack.split('\n')) {
    const m = /^\s*at (.*?) \(?controller\.ts:(\d+)(?::(\d+))?\)?\s*$/.exec(raw);
    if (!m) continue;
    const line = Number(m[2]);
    let column = m[3] ? Number(m[3]) : 0;
    if (line === 1 && column > WRAPPER_PREFIX.length) column -= WRAPPER_PREFIX.length;
    const fn = m[1] === '<anonymous>' || m[1] === '' ? 'an anonymous function' : m[1]!;
    frames.push(`    at ${fn} (${USER_FILE}:${line}${column ? `:${column}` : ''})`);
    first ??= { line, column, fn };
  }
  return { stack: frames.join('\n'), line: first?.line ?? 0, column: first?.column ?? 0, fn: first?.fn ?? '' };
}
