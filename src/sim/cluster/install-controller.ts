/**
 * The `install-controller` and `uninstall-controller` user actions: a user-written controller becomes (or stops
 * being) a process of the cluster, "user-controller/<name>" (user-controller.ts). Installing a name that is already
 * installed replaces it, as deploying a new version of an operator replaces its pod: the old process dies (its
 * queue and caches with it) and the new one lists everything.
 *
 * The program is compiled by the injected runner (controller-program.ts) only to read its declaration; the
 * process keeps the source text. Errors (no runner, a compile error with its line, a bad or taken name) are the
 * action's errors: nothing is installed.
 */
import type { InstallControllerAction, UninstallControllerAction } from '../actions/user-action.ts';
import type { ActResult } from './act-result.ts';
import { controllerProgramRunner, type UserControllerProgram } from './controller-program.ts';
import type { ControllerProcess } from './controller-process.ts';
import { USER_CONTROLLER_PROCESS_PREFIX } from './user-controller.ts';

/** The longest program a user may install (characters). */
export const MAX_CONTROLLER_SOURCE = 256 * 1024;

/** What install needs of the cluster. */
export interface UserControllerCluster {
  readonly processes: ReadonlyMap<string, ControllerProcess>;
  processOf(name: string): ControllerProcess | undefined;
  addUserControllerProcess(name: string, program: UserControllerProgram, replicas?: number): void;
  removeProcess(name: string): void;
}

/** A DNS-1123 label (what a controller's name becomes in a process name and a field manager), at most 63 characters. */
const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function fail(result: ActResult, message: string, line = 0, column = 0): void {
  result.errors.push({ line, column, message });
  result.messages.push(`error: ${message}`);
}

export function performInstallController(cluster: UserControllerCluster, action: InstallControllerAction, result: ActResult): void {
  if (action.file !== undefined && !action.source) {
    return fail(result, `install-controller: the file ${JSON.stringify(action.file)} was not read (npx loopscope run reads it beside the scenario file)`);
  }
  if (typeof action.source !== 'string' || action.source.trim() === '') return fail(result, 'install-controller: source is empty');
  if (action.source.length > MAX_CONTROLLER_SOURCE) {
    return fail(result, `install-controller: source is ${action.source.length} characters, more than the ${MAX_CONTROLLER_SOURCE} allowed`);
  }
  const runner = controllerProgramRunner();
  if (!runner) return fail(result, 'install-controller: this host cannot run user controllers (no controller program runner is installed)');
  const compiled = runner.compile(action.source);
  if (!compiled.ok) {
    for (const e of compiled.errors) fail(result, e.line ? `line ${e.line}: ${e.message}` : e.message, e.line, e.column);
    return;
  }
  const name = compiled.info.name;
  if (action.name !== undefined && action.name !== name) {
    return fail(result, `install-controller: the program is named ${JSON.stringify(name)}, not ${JSON.stringify(action.name)}`);
  }
  if (!NAME.test(name) || name.length > 63) {
    return fail(result, `install-controller: name ${JSON.stringify(name)} must be a lowercase DNS label (a-z, 0-9, '-'; at most 63 characters)`);
  }
  const process = USER_CONTROLLER_PROCESS_PREFIX + name;
  const taken = cluster.processOf(name);
  if (taken && taken.name !== process) return fail(result, `install-controller: ${JSON.stringify(name)} is already the name of ${taken.name}`);
  const replaced = cluster.processes.has(process);
  if (replaced) cluster.removeProcess(process);
  cluster.addUserControllerProcess(process, { source: action.source, info: compiled.info }, action.replicas ?? 1);
  result.messages.push(`controller/${name} ${replaced ? 'replaced' : 'installed'}`);
}

export function performUninstallController(cluster: UserControllerCluster, action: UninstallControllerAction, result: ActResult): void {
  const process = USER_CONTROLLER_PROCESS_PREFIX + String(action.name);
  if (!cluster.processes.has(process)) return fail(result, `uninstall-controller: no user controller named ${JSON.stringify(action.name)} is installed`);
  cluster.removeProcess(process);
  result.messages.push(`controller/${action.name} uninstalled`);
}

/** The program's name for the trace line of its install, read without compiling: the action's, or `name: '…'` in the source. */
export function describeProgramName(source: unknown, name: string | undefined): string {
  if (name) return name;
  const m = typeof source === 'string' ? /\bname\s*:\s*['"`]([-a-z0-9]{1,63})['"`]/.exec(source) : null;
  return m ? m[1]! : '(unnamed)';
}
