/**
 * `kubectl autoscale` (kubectl `pkg/cmd/autoscale/autoscale.go`): a HorizontalPodAutoscaler for a Deployment or
 * ReplicaSet, named after it, `--min`, `--max` (required), `--cpu-percent`; "horizontalpodautoscaler.autoscaling/web
 * autoscaled". kubectl 1.32 sends an autoscaling/v1 object; the simulated api-server serves autoscaling/v2 only, so
 * the console sends the v2 object the api-server would store for it (the same spec, converted).
 */
import type { ApplyAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import { apiVersionOf } from '../../sim/api/resources.ts';
import { groupResource, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, statusText, usageError } from '../command.ts';
import { parseOutputFormat, printNonTable } from '../output-format.ts';
import { act, dryRunSuffix } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, OBJECT_OUTPUT_FLAG } from './common-flags.ts';

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  if (!flags.has('max')) throw new CmdError('error: required flag(s) "max" not set');
  const max = flags.int('max', -1);
  const min = flags.int('min', -1);
  const cpu = flags.int('cpu-percent', -1);
  if (max < 1) throw new CmdError('error: --max=MAXPODS is required and must be at least 1, max: ' + max);
  if (min > max) throw new CmdError(`error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`);
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  const format = parseOutputFormat(flags.string('output'), 'objects');
  if (ctx.args.length === 0) throw usageError(ctx.path, 'You must provide one or more resources by argument or filename.');
  const parsed = parseResourceArgs(target, ctx.args, 'autoscale');
  for (const { info, names } of parsed.requests) {
    if (!(info.group === 'apps' && (info.kind === 'Deployment' || info.kind === 'ReplicaSet'))) {
      out.fail(`error: cannot autoscale a ${info.kind}: the simulation scales Deployments and ReplicaSets`);
      continue;
    }
    for (const name of names) {
      const scaled = target.get(info, ctx.namespace, name);
      if (!scaled) {
        out.fail(`Error from server (NotFound): ${groupResource(info)} "${name}" not found`);
        continue;
      }
      const hpaName = flags.string('name') || name;
      const spec: Record<string, unknown> = { maxReplicas: max };
      if (cpu >= 0) spec.metrics = [{ resource: { name: 'cpu', target: { averageUtilization: cpu, type: 'Utilization' } }, type: 'Resource' }];
      if (min >= 0) spec.minReplicas = min;
      spec.scaleTargetRef = { apiVersion: apiVersionOf(info), kind: info.kind, name };
      const hpa: KubeObject = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: hpaName, namespace: ctx.namespace }, spec };
      const hpaInfo = target.resolve('horizontalpodautoscalers.autoscaling')!;
      if (dryRun !== 'client') {
        const action: ApplyAction = { type: 'create', manifests: [hpa], fieldManager: flags.string('field-manager') || 'kubectl-autoscale' };
        if (dryRun === 'server') action.dryRun = true;
        const r = act(ctx, action, false);
        if (r.status) {
          out.fail(statusText(r.status));
          continue;
        }
        if (!r.ok) {
          out.fail(r.result.messages.join('\n'));
          continue;
        }
      }
      if (format.kind === 'table') out.print(`horizontalpodautoscaler.autoscaling/${hpaName} autoscaled${dryRunSuffix(dryRun)}`);
      else out.write(printNonTable(format, [target.get(hpaInfo, ctx.namespace, hpaName) ?? hpa], true, () => hpaInfo));
    }
  }
}

export const autoscaleCommand: Command = {
  name: 'autoscale',
  short: 'Auto-scale a deployment, replica set, stateful set, or replication controller',
  long: `Creates an autoscaler that automatically chooses and sets the number of pods that run in a Kubernetes cluster.

 Looks up a deployment, replica set, stateful set, or replication controller by name and creates an autoscaler that uses the given resource as a reference. An autoscaler can automatically increase or decrease number of pods deployed within the system as needed.`,
  examples: `  # Auto scale a deployment "foo", with the number of pods between 2 and 10, no target CPU utilization specified so a default autoscaling policy will be used
  kubectl autoscale deployment foo --min=2 --max=10

  # Auto scale a replication controller "foo", with the number of pods between 1 and 5, target CPU utilization at 80%
  kubectl autoscale rc foo --max=5 --cpu-percent=80`,
  usage: 'kubectl autoscale (-f FILENAME | TYPE NAME | TYPE/NAME) [--min=MINPODS] --max=MAXPODS [--cpu-percent=CPU] [options]',
  flags: [
    { name: 'cpu-percent', kind: 'int', def: '-1', usage: 'The target average CPU utilization (represented as a percent of requested CPU) over all the pods. If it\'s not specified or negative, a default autoscaling policy will be used.' },
    DRY_RUN_FLAG,
    FIELD_MANAGER('kubectl-autoscale'),
    { name: 'max', kind: 'int', def: '-1', usage: 'The upper limit for the number of pods that can be set by the autoscaler. Required.' },
    { name: 'min', kind: 'int', def: '-1', usage: 'The lower limit for the number of pods that can be set by the autoscaler. If it\'s not specified or negative, the server will apply a default value.' },
    { name: 'name', kind: 'string', usage: 'The name for the newly created object. If not specified, the name of the input resource will be used.' },
    OBJECT_OUTPUT_FLAG,
  ],
  run,
};
