/**
 * What the hunter hunts: a controller, the workload it runs under (a scenario file), and how its simulation is built.
 * {@link huntTarget} checks the pair (the file parses, the controller exists and runs in it) and returns a clear
 * error otherwise; {@link defaultWorkload} gives a workload for a built-in controller or one of the CronBackup
 * examples when the user brings none.
 */
import { controllerProgramRunner } from '../sim/cluster/controller-program.ts';
import { controllerDescriptor } from '../sim/cluster/controller-registry.ts';
import '../sim/cluster/controllers.ts';
import { libraries } from '../sim/libraries.ts';
import { formatScenarioError, parseScenario } from '../sim/scenario/parse-scenario.ts';
import type { Scenario } from '../sim/scenario/scenario.ts';
import type { Simulation, SimulationOptions } from '../sim/simulation.ts';
import { BACKUP_API_VERSION, CRON_BACKUP_VARIANTS, cronBackupController, cronBackupWorkload } from './examples/cron-backup.ts';

export interface HuntTarget {
  /** The controller's name, as in the trace and in faults ("replicaset-controller", "cronbackup-controller"). */
  controller: string;
  /** The workload, parsed: its expectations without `at`/`by` are the user's invariants. */
  workload: Scenario;
  /**
   * The workload's file text, controllers inlined (`{source}`, never `{file}`): a finding's replay file is this file
   * with the faults and failed checks added, so it replays wherever it is written.
   */
  workloadText: string;
  /** Builds the simulation; default `Simulation.create`. */
  createSimulation?: (options: SimulationOptions) => Simulation;
}

export type HuntTargetResult = { ok: true; target: HuntTarget } | { ok: false; error: string };

export interface HuntTargetOptions {
  /** The workload's file name, for messages. */
  file?: string;
  /** Reads a user-written controller the workload names by `file` (the CLI: relative to the workload). */
  readControllerFile?: (file: string) => string;
  createSimulation?: (options: SimulationOptions) => Simulation;
}

/**
 * Checks and builds a target. The controller is a built-in one the workload runs, or a user-written one the workload
 * installs (`controllers:` or `installController`). Never throws.
 */
export function huntTarget(controller: string, workloadText: string, options: HuntTargetOptions = {}): HuntTargetResult {
  const parsed = parseScenario(workloadText);
  if (!parsed.ok) return { ok: false, error: parsed.errors.map((e) => formatScenarioError(e, options.file)).join('\n') };
  const builtIn = controllerDescriptor(controller) !== undefined;
  if (!builtIn && !parsed.scenario.actions.some((a) => a.action.type === 'install-controller')) {
    return { ok: false, error: `unknown controller "${controller}": give a built-in controller's name (${huntableControllers().join(', ')}), or a workload that installs it` };
  }
  const enabled = parsed.scenario.options.controllers;
  if (builtIn && enabled && !enabled.includes(controller)) {
    return { ok: false, error: `${options.file ?? 'the workload'}: options.controllers does not run ${controller} (it runs ${enabled.join(', ')})` };
  }
  const inlined = inlineControllerFiles(workloadText, options);
  if (!inlined.ok) return inlined;
  const reparsed = inlined.text === workloadText ? parsed : parseScenario(inlined.text);
  if (!reparsed.ok) return { ok: false, error: reparsed.errors.map((e) => formatScenarioError(e, options.file)).join('\n') };
  return { ok: true, target: { controller, workload: reparsed.scenario, workloadText: inlined.text, ...(options.createSimulation ? { createSimulation: options.createSimulation } : {}) } };
}

/** The workload text with every `{file}` controller (in `controllers:` and `installController:`) as `{source}`. */
function inlineControllerFiles(text: string, options: HuntTargetOptions): { ok: true; text: string } | { ok: false; error: string } {
  const { yaml } = libraries();
  const file = yaml.parse(text) as Record<string, unknown>;
  const refs: Array<Record<string, unknown>> = [];
  if (Array.isArray(file.controllers)) refs.push(...(file.controllers as Array<Record<string, unknown>>));
  if (Array.isArray(file.actions)) {
    for (const a of file.actions as Array<Record<string, unknown>>) if (a.installController && typeof a.installController === 'object') refs.push(a.installController as Record<string, unknown>);
  }
  const withFile = refs.filter((r) => typeof r.file === 'string');
  if (withFile.length === 0) return { ok: true, text };
  const where = options.file ?? 'the workload';
  if (!options.readControllerFile) return { ok: false, error: `${where} installs a controller from a file (${String(withFile[0]!.file)}): give its source instead` };
  for (const r of withFile) {
    try {
      r.source = options.readControllerFile(r.file as string);
    } catch (e) {
      return { ok: false, error: `${where}: cannot read controller file ${JSON.stringify(r.file)}: ${(e as Error).message}` };
    }
    delete r.file;
  }
  return { ok: true, text: yaml.stringify(file, { lineWidth: 0 }) };
}

/**
 * A user-written controller (src/sandbox) as a target: the program is compiled to read its name and, unless the
 * workload installs controllers itself, installed by it at 0 s (its `controllers:`). Without a workload, a controller
 * of CronBackups gets the hunter's. The host must have a controller program runner (the sandbox loaded). Never throws.
 */
export function userControllerTarget(
  source: string,
  workload: string | undefined,
  options: { file?: string; workloadFile?: string; readControllerFile?: (file: string) => string } = {},
): HuntTargetResult {
  const runner = controllerProgramRunner();
  if (!runner) return { ok: false, error: 'this host cannot run user-written controllers (the sandbox is not loaded)' };
  const compiled = runner.compile(source);
  if (!compiled.ok) return { ok: false, error: compiled.errors.map((e) => `${options.file ?? 'the controller'}${e.line ? `:${e.line}${e.column ? `:${e.column}` : ''}` : ''}: ${e.message}`).join('\n') };
  const reconciles = compiled.info.for;
  // A controller of CronBackups (the course's operator and the templates) has the hunter's CronBackup workload.
  const workloadText = workload ?? (reconciles.apiVersion === BACKUP_API_VERSION && reconciles.kind === 'CronBackup' ? cronBackupWorkload() : undefined);
  if (workloadText === undefined) {
    return { ok: false, error: `${options.file ?? 'the controller'} reconciles ${reconciles.kind} (${reconciles.apiVersion}): give a workload to run it under (a scenario file)` };
  }
  const parsed = parseScenario(workloadText);
  if (!parsed.ok) return { ok: false, error: parsed.errors.map((e) => formatScenarioError(e, options.workloadFile)).join('\n') };
  let text = workloadText;
  if (!parsed.scenario.actions.some((a) => a.action.type === 'install-controller')) {
    const { yaml } = libraries();
    const file = yaml.parse(workloadText) as Record<string, unknown>;
    file.controllers = [{ source }];
    text = yaml.stringify(file, { lineWidth: 0 });
  }
  return huntTarget(compiled.info.name, text, { ...(options.workloadFile ? { file: options.workloadFile } : {}), ...(options.readControllerFile ? { readControllerFile: options.readControllerFile } : {}) });
}

const REPLICAS_WORKLOAD = (controller: string) => `apiVersion: loopscope/v1
kind: Scenario
metadata:
  name: ${controller}-workload
  description: A Deployment is created, scaled up, rolled to a new image and scaled down.
seed: 1
nodes: 1
options:
  controllers: [deployment-controller, replicaset-controller, default-scheduler, kubelet, garbage-collector-controller]
manifests: |
  apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web, labels: {app: web}}
  spec:
    replicas: 2
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec:
        containers: [{name: web, image: "nginx:1.27"}]
actions:
  - at: 15s
    scale: {object: deployment/web, replicas: 4}
  - at: 30s
    patch: {object: deployment/web, patch: {spec: {template: {spec: {containers: [{name: web, image: "nginx:1.28"}]}}}}}
  - at: 50s
    scale: {object: deployment/web, replicas: 1}
until: 70s
`;

/** Controllers with a workload of their own (`defaultWorkload`). */
export function huntableControllers(): string[] {
  return ['deployment-controller', 'replicaset-controller', ...CRON_BACKUP_VARIANTS.map(cronBackupController)];
}

/** The workload the hunter uses when none is given, or undefined for a controller without one. */
export function defaultWorkload(controller: string): string | undefined {
  if (controller === 'deployment-controller' || controller === 'replicaset-controller') return REPLICAS_WORKLOAD(controller);
  const variant = CRON_BACKUP_VARIANTS.find((v) => cronBackupController(v) === controller);
  return variant ? cronBackupWorkload(variant) : undefined;
}
