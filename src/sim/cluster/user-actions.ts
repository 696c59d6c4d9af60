/**
 * What the user actions other than an apply do to the cluster: kubectl's other verbs (kubectl-verbs.ts), add-node,
 * set-load, git-commit, installing and uninstalling a user controller, and faults (fault-injector.ts); and their
 * one-line descriptions for the trace. `Cluster.perform` hands them here.
 *
 * Only a person's input (a command, a lesson, a scenario, a link) gives them, so this is loaded with the simulation's
 * libraries (`src/sim/libraries.ts`, through cluster/on-demand.ts): the page's worker loads them before it obeys any
 * user action, while the boot's objects need only the apply, which stays in the first script (cluster.ts, kubectl.ts).
 */
import type { AddNodeAction, UserAction } from '../actions/user-action.ts';
import { describeGitCommit, performGitCommit } from '../gitops/git-commit.ts';
import { describeSetLoad, performSetLoad } from '../metrics/set-load.ts';
import type { ActResult } from './act-result.ts';
import type { Cluster } from './cluster.ts';
import type { NodeSpec } from './cluster-options.ts';
import { FaultInjector } from './fault-injector.ts';
import { describeProgramName, performInstallController, performUninstallController } from './install-controller.ts';
import { performDelete, performNodeAction, performPatch, performRollout, performScale } from './kubectl-verbs.ts';

/** The actions handed here: every one but an apply (or create), which cluster.ts performs itself. */
export type OnDemandAction = Exclude<UserAction, { type: 'apply' | 'create' }>;

/** Performs `action` on `cluster` now, into `result` (the caller has traced it and set it as the cause). */
export function performAction(cluster: Cluster, action: OnDemandAction, result: ActResult): void {
  switch (action.type) {
    case 'delete':
      return performDelete(cluster.kubectl, action, result);
    case 'scale':
      return performScale(cluster.kubectl, action, result);
    case 'patch':
      return performPatch(cluster.kubectl, action, result);
    case 'rollout':
      return performRollout(cluster.kubectl, action, result);
    case 'cordon':
    case 'uncordon':
    case 'drain':
      return performNodeAction(cluster.kubectl, action, result);
    case 'add-node':
      return performAddNode(cluster, action, result);
    case 'set-load':
      return performSetLoad(cluster.loadModel, action, cluster.ctx.now, result);
    case 'git-commit':
      return performGitCommit(cluster.enableGitOps(), action, cluster.ctx.now, result);
    case 'install-controller':
      return performInstallController(cluster, action, result);
    case 'uninstall-controller':
      return performUninstallController(cluster, action, result);
    case 'fault':
      // The injector is made at the first fault: it holds nothing but the cluster, and its timers target it.
      return (cluster.faultInjector ??= new FaultInjector(cluster)).inject(action.fault, result);
    default:
      result.messages.push(`error: unknown action ${JSON.stringify((action as { type?: unknown }).type)}`);
  }
}

/** One line for the trace and the timeline: "delete pod/web-1", "fault kill-node node-2". */
export function describeAction(a: OnDemandAction): string {
  switch (a.type) {
    case 'delete':
      return `kubectl delete ${a.resource}/${a.name}`;
    case 'scale':
      return `kubectl scale ${a.resource}/${a.name} --replicas=${a.replicas}`;
    case 'patch':
      return `kubectl patch ${a.resource}/${a.name}`;
    case 'rollout':
      return `kubectl rollout ${a.op} ${a.resource}/${a.name}`;
    case 'cordon':
    case 'uncordon':
    case 'drain':
      return `kubectl ${a.type} ${a.node}`;
    case 'add-node':
      return `add node ${a.name}`;
    case 'set-load':
      return describeSetLoad(a);
    case 'git-commit':
      return describeGitCommit(a);
    case 'install-controller':
      return `install controller ${describeProgramName(a.source, a.name ?? a.file)}`;
    case 'uninstall-controller':
      return `uninstall controller ${a.name}`;
    case 'fault':
      return `fault ${a.fault.type}${'controller' in a.fault ? ` ${a.fault.controller}` : 'node' in a.fault ? ` ${a.fault.node}` : 'image' in a.fault ? ` ${a.fault.image}` : ''}`;
  }
}

/** add-node: a node joins, its kubelet starting now (it registers its Node as any kubelet does). */
function performAddNode(cluster: Cluster, action: AddNodeAction, result: ActResult): void {
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(action.name) || action.name.length > 253) {
    result.errors.push({ line: 0, column: 0, message: `invalid node name ${JSON.stringify(action.name)}` });
    result.messages.push(`error: invalid node name ${JSON.stringify(action.name)}`);
    return;
  }
  if (cluster.nodes.some((n) => n.name === action.name)) {
    result.errors.push({ line: 0, column: 0, message: `node ${action.name} already exists` });
    result.messages.push(`error: node ${action.name} already exists`);
    return;
  }
  const spec: NodeSpec = { name: action.name };
  if (action.cpu) spec.cpu = action.cpu;
  if (action.memory) spec.memory = action.memory;
  if (action.pods) spec.pods = action.pods;
  if (action.labels) spec.labels = { ...action.labels };
  cluster.nodes.push(spec);
  cluster.addKubelet(spec);
  result.messages.push(`node/${action.name} added (its kubelet is starting)`);
  result.results.push({ ref: { apiVersion: 'v1', kind: 'Node', name: action.name }, outcome: 'added' });
}
