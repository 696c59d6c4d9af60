/**
 * Makes this host able to run user-written controllers: loads QuickJS (its WebAssembly) once and installs the
 * runner into the simulation (`setControllerProgramRunner`). Node entry points, tests and the worker call it before
 * the first `install-controller`; it is idempotent and returns the runner.
 */
import defaultVariant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSSyncVariant } from 'quickjs-emscripten-core';
import { setControllerProgramRunner, type ControllerProgramRunner } from '../sim/cluster/controller-program.ts';
import { createQuickJsRunner, ModulePool } from './quickjs-runner.ts';

let pool: Promise<ModulePool> | null = null;
let loading: Promise<ControllerProgramRunner> | null = null;

/**
 * The QuickJS instances (with a spare loaded), loaded once. `variant`: where the WebAssembly comes from (the page's
 * worker passes one with the bundler's URL of the .wasm file; Node finds it beside the package).
 */
export function modulePool(variant: QuickJSSyncVariant = defaultVariant): Promise<ModulePool> {
  pool ??= newQuickJSWASMModuleFromVariant(variant).then(async (module) => {
    const p = new ModulePool(module, () => newQuickJSWASMModuleFromVariant(variant));
    await p.refill();
    return p;
  });
  return pool;
}

export function loadSandbox(variant?: QuickJSSyncVariant): Promise<ControllerProgramRunner> {
  loading ??= modulePool(variant).then((p) => {
    const runner = createQuickJsRunner(p);
    setControllerProgramRunner(runner);
    return runner;
  });
  return loading;
}
