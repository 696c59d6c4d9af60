/**
 * Makes this host able to run user-written controllers: loads QuickJS (its WebAssembly) once and installs the
 * runner into the simulation (`setControllerProgramRunner`). Node entry points, tests and the worker call it before
 * the first `install-controller`; it is idempotent and returns the runner.
 */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { setControllerProgramRunner, type ControllerProgramRunner } from '../sim/cluster/controller-program.ts';
import { createQuickJsRunner, ModulePool } from './quickjs-runner.ts';

let pool: Promise<ModulePool> | null = null;
let loading: Promise<ControllerProgramRunner> | null = null;

/** The QuickJS instances (with a spare loaded), loaded once. */
export function modulePool(): Promise<ModulePool> {
  pool ??= newQuickJSWASMModuleFromVariant(variant).then(async (module) => {
    const p = new ModulePool(module, () => newQuickJSWASMModuleFromVariant(variant));
    await p.refill();
    return p;
  });
  return pool;
}

export function loadSandbox(): Promise<ControllerProgramRunner> {
  loading ??= modulePool().then((p) => {
    const runner = createQuickJsRunner(p);
    setControllerProgramRunner(runner);
    return runner;
  });
  return loading;
}
