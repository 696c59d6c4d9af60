/**
 * Makes this host able to run user-written controllers: loads QuickJS (its WebAssembly) once and installs the
 * runner into the simulation (`setControllerProgramRunner`). Node entry points, tests and the worker call it before
 * the first `install-controller`; it is idempotent and returns the runner.
 */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { setControllerProgramRunner, type ControllerProgramRunner } from '../sim/cluster/controller-program.ts';
import { createQuickJsRunner } from './quickjs-runner.ts';

let loading: Promise<ControllerProgramRunner> | null = null;

export function loadSandbox(): Promise<ControllerProgramRunner> {
  loading ??= newQuickJSWASMModuleFromVariant(variant).then((module) => {
    const runner = createQuickJsRunner(module);
    setControllerProgramRunner(runner);
    return runner;
  });
  return loading;
}
