/**
 * `kubectl cordon`, `uncordon` and `drain` (kubectl `pkg/cmd/drain/drain.go`, `pkg/drain/{cordon,filters,drain}.go`).
 *
 * cordon/uncordon: the `cordon`/`uncordon` user action (a merge patch of spec.unschedulable), or "already
 * cordoned" without a request. drain: cordon, then kubectl's pod filters (mirror pods skipped; DaemonSet pods a
 * fatal error unless `--ignore-daemonsets`; pods without a controller unless `--force`; emptyDir pods unless
 * `--delete-emptydir-data`), then one DELETE per pod with the chosen grace period, printed as kubectl prints
 * evictions ("evicting pod default/web-1"), and a watch that says "pod/web-1 evicted" as each pod is gone and
 * "node/node-1 drained" at the end, as kubectl waits for them.
 *
 * @remarks The simulated api-server has no eviction subresource (and no PodDisruptionBudgets): kubectl's fallback,
 * a DELETE per pod, is what is sent.
 */
import type { DeleteAction, NodeAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import { controllerOf } from '../../sim/api/object.ts';
import { type Command, type CommandContext, type KubectlWatch, CmdError, statusText, usageError } from '../command.ts';
import type { KubectlTarget } from '../target.ts';
import { act, dryRunSuffix } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, SELECTOR_FLAG } from './common-flags.ts';

function nodes(ctx: CommandContext): KubeObject[] {
  const info = ctx.target.resolve('nodes')!;
  const selector = ctx.flags.string('selector');
  if (ctx.args.length === 0 && !selector) throw usageError(ctx.path, 'USAGE: ' + ctx.path.replace('kubectl ', '') + ' NODE [flags]');
  if (ctx.args.length > 0 && selector) throw new CmdError('error: cannot specify both a node name and a --selector option');
  if (selector) {
    const listed = ctx.target.select(info, undefined, { labelSelector: selector });
    if ('status' in listed) throw new CmdError(statusText(listed.status));
    return listed;
  }
  const out: KubeObject[] = [];
  for (const name of ctx.args) {
    const n = ctx.target.get(info, undefined, name);
    if (n) out.push(n);
    else ctx.out.fail(`Error from server (NotFound): nodes "${name}" not found`);
  }
  return out;
}

function setUnschedulable(ctx: CommandContext, node: KubeObject, unschedulable: boolean, dryRun: 'none' | 'client' | 'server'): boolean {
  const name = node.metadata.name ?? '';
  const already = ((node.spec as { unschedulable?: boolean } | undefined)?.unschedulable ?? false) === unschedulable;
  const verb = unschedulable ? 'cordoned' : 'uncordoned';
  if (already) {
    ctx.out.print(`node/${name} already ${verb}`);
    return true;
  }
  if (dryRun !== 'none') {
    ctx.out.print(`node/${name} ${verb}${dryRunSuffix(dryRun)}`);
    return true;
  }
  const action: NodeAction = { type: unschedulable ? 'cordon' : 'uncordon', node: name };
  if (!act(ctx, action).ok) return false;
  ctx.out.print(`node/${name} ${verb}`);
  return true;
}

function cordonRun(unschedulable: boolean) {
  return (ctx: CommandContext) => {
    const dryRun = dryRunStrategy(ctx.flags.string('dry-run', 'none'));
    for (const n of nodes(ctx)) setUnschedulable(ctx, n, unschedulable, dryRun);
  };
}

/** Waits for the drained pods to be gone, printing "pod/x evicted" for each, then "node/n drained". */
class DrainWait implements KubectlWatch {
  done = false;
  constructor(
    private readonly node: string,
    private pending: Array<{ namespace: string; name: string; uid?: string }>,
  ) {}
  poll(target: KubectlTarget): string {
    if (this.done) return '';
    const podInfo = target.resolve('pods')!;
    let out = '';
    this.pending = this.pending.filter((p) => {
      const live = target.get(podInfo, p.namespace, p.name);
      const gone = !live || (p.uid !== undefined && live.metadata.uid !== p.uid);
      if (gone) out += `pod/${p.name} evicted\n`;
      return !gone;
    });
    if (this.pending.length === 0) {
      this.done = true;
      out += `node/${this.node} drained\n`;
    }
    return out;
  }
  timelineMoved(target: KubectlTarget): string {
    return this.poll(target);
  }
}

function drainRun(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  const targets = nodes(ctx);
  if (targets.length > 1) throw new CmdError('error: this console drains one node at a time');
  const node = targets[0];
  if (!node) return;
  const name = node.metadata.name ?? '';
  if (!setUnschedulable(ctx, node, true, dryRun)) return;
  const podInfo = target.resolve('pods')!;
  const pods = target.select(podInfo, undefined, { fieldSelector: `spec.nodeName=${name}`, labelSelector: flags.string('pod-selector') || undefined });
  if ('status' in pods) throw new CmdError(statusText(pods.status));
  const fatal = new Map<string, string[]>();
  const warnings = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, k: string, p: KubeObject) => m.set(k, [...(m.get(k) ?? []), `${p.metadata.namespace}/${p.metadata.name}`]);
  const toDelete: KubeObject[] = [];
  for (const pod of pods) {
    const phase = (pod.status as { phase?: string } | undefined)?.phase;
    if (pod.metadata.annotations?.['kubernetes.io/config.mirror']) continue;
    // A pod already finished is deleted without complaint (drain.go's skipDeletedFilter / terminal pods).
    const finished = phase === 'Succeeded' || phase === 'Failed';
    const owner = controllerOf(pod);
    if (owner?.kind === 'DaemonSet') {
      if (flags.bool('ignore-daemonsets')) add(warnings, 'ignoring DaemonSet-managed Pods', pod);
      else add(fatal, 'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore)', pod);
      continue;
    }
    if (!owner && !finished) {
      if (flags.bool('force')) add(warnings, 'deleting Pods that declare no controller', pod);
      else {
        add(fatal, 'cannot delete Pods declare no controller (use --force to override)', pod);
        continue;
      }
    }
    const volumes = (pod.spec as { volumes?: Array<{ emptyDir?: unknown }> } | undefined)?.volumes ?? [];
    if (volumes.some((v) => v.emptyDir !== undefined) && !finished) {
      if (flags.bool('delete-emptydir-data')) add(warnings, 'deleting Pods with local storage', pod);
      else {
        add(fatal, 'cannot delete Pods with local storage (use --delete-emptydir-data to override)', pod);
        continue;
      }
    }
    if (!pod.metadata.deletionTimestamp) toDelete.push(pod);
  }
  if (fatal.size) {
    const msgs = [...fatal].map(([k, ps]) => `${k}: ${ps.join(', ')}`);
    out.fail(`error: unable to drain node "${name}" due to error: ${msgs.join(', ')}, continuing command...\nThere are pending nodes to be drained:\n ${name}\n${msgs.join('\n')}`);
    return;
  }
  for (const [k, ps] of warnings) out.error(`Warning: ${k}: ${ps.join(', ')}`);
  const grace = flags.int('grace-period', -1);
  const pending: Array<{ namespace: string; name: string; uid?: string }> = [];
  for (const pod of toDelete) {
    const ns = pod.metadata.namespace ?? 'default';
    const pn = pod.metadata.name ?? '';
    if (dryRun === 'client') {
      out.print(`evicting pod ${ns}/${pn}${dryRunSuffix(dryRun)}`);
      continue;
    }
    out.print(`evicting pod ${ns}/${pn}`);
    const action: DeleteAction = { type: 'delete', resource: 'pods', namespace: ns, name: pn };
    if (grace >= 0) action.gracePeriodSeconds = grace;
    if (dryRun === 'server') action.dryRun = true;
    if (act(ctx, action).ok && dryRun === 'none') pending.push({ namespace: ns, name: pn, uid: pod.metadata.uid });
  }
  if (dryRun !== 'none') {
    out.print(`node/${name} drained${dryRunSuffix(dryRun)}`);
    return;
  }
  const wait = new DrainWait(name, pending);
  out.print(wait.poll(target));
  if (!wait.done) out.watch = wait;
}

const nodeFlags = [DRY_RUN_FLAG, SELECTOR_FLAG];

export const cordonCommand: Command = {
  name: 'cordon',
  short: 'Mark node as unschedulable',
  long: 'Mark node as unschedulable.',
  examples: '  # Mark node "foo" as unschedulable\n  kubectl cordon foo',
  usage: 'kubectl cordon NODE [options]',
  flags: nodeFlags,
  run: cordonRun(true),
};

export const uncordonCommand: Command = {
  name: 'uncordon',
  short: 'Mark node as schedulable',
  long: 'Mark node as schedulable.',
  examples: '  # Mark node "foo" as schedulable\n  kubectl uncordon foo',
  usage: 'kubectl uncordon NODE [options]',
  flags: nodeFlags,
  run: cordonRun(false),
};

export const drainCommand: Command = {
  name: 'drain',
  short: 'Drain node in preparation for maintenance',
  long: `Drain node in preparation for maintenance.

 The given node will be marked unschedulable to prevent new pods from arriving. 'drain' evicts the pods if the API server supports https://kubernetes.io/docs/concepts/workloads/pods/disruptions/ . Otherwise, it will use normal DELETE to delete the pods. The 'drain' evicts or deletes all pods except mirror pods (which cannot be deleted through the API server).  If there are daemon set-managed pods, drain will not proceed without --ignore-daemonsets, and regardless it will not delete any daemon set-managed pods, because those pods would be immediately replaced by the daemon set controller, which ignores unschedulable markings.  If there are any pods that are neither mirror pods nor managed by a replication controller, replica set, daemon set, stateful set, or job, then drain will not delete any pods unless you use --force.  --force will also allow deletion to proceed if the managing resource of one or more pods is missing.

 'drain' waits for graceful termination. You should not operate on the machine until the command completes.

 When you are ready to put the node back into service, use kubectl uncordon, which will make the node schedulable again.`,
  examples: `  # Drain node "foo", even if there are pods not managed by a replication controller, replica set, job, daemon set, or stateful set on it
  kubectl drain foo --force

  # As above, but abort if there are pods not managed by a replication controller, replica set, job, daemon set, or stateful set, and use a grace period of 15 minutes
  kubectl drain foo --grace-period=900`,
  usage: 'kubectl drain NODE [options]',
  notSupported: 'PodDisruptionBudgets and the eviction API: the simulated api-server has neither, so pods are deleted (kubectl\'s own fallback)',
  flags: [
    ...nodeFlags,
    { name: 'delete-emptydir-data', kind: 'bool', usage: 'Continue even if there are pods using emptyDir (local data that will be deleted when the node is drained).' },
    { name: 'force', kind: 'bool', usage: 'Continue even if there are pods that do not declare a controller.' },
    { name: 'grace-period', kind: 'int', def: '-1', usage: 'Period of time in seconds given to each pod to terminate gracefully. If negative, the default value specified in the pod will be used.' },
    { name: 'ignore-daemonsets', kind: 'bool', usage: 'Ignore DaemonSet-managed pods.' },
    { name: 'pod-selector', kind: 'string', usage: 'Label selector to filter pods on the node' },
    { name: 'timeout', kind: 'string', def: '0s', usage: 'The length of time to wait before giving up, zero means infinite', unsupported: 'Ctrl+C stops waiting' },
  ],
  run: drainRun,
};
