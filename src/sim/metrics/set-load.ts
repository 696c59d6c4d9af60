/**
 * The `set-load` user action: from now on, a Deployment's pods are asked to serve this much CPU and memory in total.
 * The page's load slider and a scenario's `setLoad:` step both end here.
 *
 * @remarks Simulator-only (nothing upstream sets "load"). Only Deployments carry a load: the sampler finds a pod's
 * workload through its ReplicaSet's name. The Deployment need not exist yet.
 */
import type { SetLoadAction } from '../actions/user-action.ts';
import type { ActResult } from '../cluster/act-result.ts';
import { parseLoadQuantity } from './pod-metrics.ts';
import type { LoadModel } from './load-model.ts';

const DEPLOYMENT_NAMES = new Set(['deployment', 'deployments', 'deploy', 'deployments.apps', 'deployment.apps']);

function fail(result: ActResult, message: string): void {
  result.errors.push({ line: 0, column: 0, message });
  result.messages.push(`error: ${message}`);
}

/** Records the new demand at `now`; errors (not a Deployment, a bad quantity, nothing set) go to `result`. */
export function performSetLoad(model: LoadModel, action: SetLoadAction, now: number, result: ActResult): void {
  if (!DEPLOYMENT_NAMES.has(action.resource.toLowerCase())) {
    fail(result, `set-load: only deployments carry a load, not ${JSON.stringify(action.resource)}`);
    return;
  }
  if (action.cpu === undefined && action.memory === undefined) {
    fail(result, 'set-load: give cpu, memory or both');
    return;
  }
  const cpuMillis = action.cpu === undefined ? undefined : parseLoadQuantity(action.cpu, 'cpu');
  if (action.cpu !== undefined && cpuMillis === undefined) {
    fail(result, `set-load: invalid cpu quantity ${JSON.stringify(action.cpu)}`);
    return;
  }
  const memoryBytes = action.memory === undefined ? undefined : parseLoadQuantity(action.memory, 'memory');
  if (action.memory !== undefined && memoryBytes === undefined) {
    fail(result, `set-load: invalid memory quantity ${JSON.stringify(action.memory)}`);
    return;
  }
  const namespace = action.namespace ?? 'default';
  const demand: { cpuMillis?: number; memoryBytes?: number } = {};
  if (cpuMillis !== undefined) demand.cpuMillis = cpuMillis;
  if (memoryBytes !== undefined) demand.memoryBytes = memoryBytes;
  const step = model.set(namespace, action.name, now, demand);
  result.messages.push(`deployment.apps/${action.name} load set: cpu ${step.cpuMillis}m, memory ${step.memoryBytes} bytes`);
  result.results.push({ ref: { apiVersion: 'apps/v1', kind: 'Deployment', namespace, name: action.name }, outcome: 'load set' });
}

/** One line for the trace: "set load deployment/web cpu=4200m". */
export function describeSetLoad(a: SetLoadAction): string {
  return `set load ${a.resource}/${a.name}${a.cpu !== undefined ? ` cpu=${a.cpu}` : ''}${a.memory !== undefined ? ` memory=${a.memory}` : ''}`;
}
