/**
 * What the hunter hunts: a controller, the workload it runs under (a scenario file), and how its simulation is built.
 * {@link huntTarget} checks the pair (the file parses, the controller exists and runs in it) and returns a clear
 * error otherwise; {@link defaultWorkload} gives a workload for a built-in controller or one of the CronBackup
 * examples when the user brings none.
 */
import type { UserAction } from '../sim/actions/user-action.ts';
import { controllerProgramRunner } from '../sim/cluster/controller-program.ts';
import { controllerDescriptor } from '../sim/cluster/controller-registry.ts';
import '../sim/cluster/controllers.ts';
import { formatScenarioError, parseScenario } from '../sim/scenario/parse-scenario.ts';
import type { Scenario } from '../sim/scenario/scenario.ts';
import type { Simulation, SimulationOptions } from '../sim/simulation.ts';
import { CRON_BACKUP_VARIANTS, cronBackupController, cronBackupWorkload } from './examples/cron-backup.ts';

export interface HuntTarget {
  /** The controller's name, as in the trace and in faults ("replicaset-controller", "cronbackup-correct"). */
  controller: string;
  /** The workload, parsed: its expectations without `at`/`by` are the user's invariants. */
  workload: Scenario;
  /** The workload's file text: a finding's replay file is this file with the faults and failed checks added. */
  workloadText: string;
  /** Builds the simulation; default `Simulation.create`. */
  createSimulation?: (options: SimulationOptions) => Simulation;
  /** Inputs performed at 0 s before the workload's manifests: a user-written controller's `install-controller`. */
  setup?: UserAction[];
}

export type HuntTargetResult = { ok: true; target: HuntTarget } | { ok: false; error: string };

/** Checks and builds a target. Never throws. */
export function huntTarget(controller: string, workloadText: string, options: { file?: string; createSimulation?: (options: SimulationOptions) => Simulation } = {}): HuntTargetResult {
  if (!controllerDescriptor(controller) && !options.createSimulation) {
    return { ok: false, error: `unknown controller "${controller}": give a built-in controller's name (${huntableControllers().join(', ')})` };
  }
  const parsed = parseScenario(workloadText);
  if (!parsed.ok) return { ok: false, error: parsed.errors.map((e) => formatScenarioError(e, options.file)).join('\n') };
  const enabled = parsed.scenario.options.controllers;
  if (enabled && !enabled.includes(controller)) {
    return { ok: false, error: `${options.file ?? 'the workload'}: options.controllers does not run ${controller} (it runs ${enabled.join(', ')})` };
  }
  return { ok: true, target: { controller, workload: parsed.scenario, workloadText, ...(options.createSimulation ? { createSimulation: options.createSimulation } : {}) } };
}

/**
 * A user-written controller (src/sandbox) as a target: the program is compiled to read its name and installed at 0 s
 * of every run. The host must have a controller program runner (the sandbox loaded). Never throws.
 */
export function userControllerTarget(source: string, workloadText: string, options: { file?: string; workloadFile?: string } = {}): HuntTargetResult {
  const runner = controllerProgramRunner();
  if (!runner) return { ok: false, error: 'this host cannot run user-written controllers (the sandbox is not loaded)' };
  const compiled = runner.compile(source);
  if (!compiled.ok) return { ok: false, error: compiled.errors.map((e) => `${options.file ?? 'the controller'}${e.line ? `:${e.line}${e.column ? `:${e.column}` : ''}` : ''}: ${e.message}`).join('\n') };
  const parsed = parseScenario(workloadText);
  if (!parsed.ok) return { ok: false, error: parsed.errors.map((e) => formatScenarioError(e, options.workloadFile)).join('\n') };
  return { ok: true, target: { controller: compiled.info.name, workload: parsed.scenario, workloadText, setup: [{ type: 'install-controller', source }] } };
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
