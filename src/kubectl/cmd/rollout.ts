/**
 * `kubectl rollout status|history|undo|restart|pause|resume` (kubectl `pkg/cmd/rollout/*.go`,
 * `pkg/polymorphichelpers/{rollout_status,history,objectpauser,objectresumer,objectrestarter,rollback}.go`):
 * `status` and `restart` for Deployments, DaemonSets and StatefulSets (rollout-status.ts has their viewers), the
 * rest for Deployments (the history and rollback of DaemonSets and StatefulSets, read from ControllerRevisions, are
 * not written: kubectl's own words say so). Mutations are the `rollout` user action (the same patches kubectl
 * sends); `status` and `history` are reads. `status` watches: the console polls it, a line each time the
 * rollout's state changes, done once the rollout is complete (or failed), as kubectl exits then.
 */
import type { RolloutAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import { controllerOf } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { formatDuration } from '../../sim/engine/clock.ts';
import { describePodTemplate } from '../describe/containers.ts';
import { PrefixWriter } from '../describe/prefix-writer.ts';
import { groupResource, kindName, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, type KubectlWatch, CmdError, statusText, usageError } from '../command.ts';
import type { KubectlTarget } from '../target.ts';
import { act } from './act.ts';
import { SELECTOR_FLAG } from './common-flags.ts';
import { statusViewerFor, type RolloutStatus } from './rollout-status.ts';

interface Target {
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
}

const VALID = `Valid resource types include:

  *  deployments
  *  daemonsets
  *  statefulsets`;

function targets(ctx: CommandContext): Target[] {
  if (ctx.args.length === 0) {
    throw usageError(ctx.path, `required resource not specified`);
  }
  const parsed = parseResourceArgs(ctx.target, ctx.args, ctx.path.replace(/^kubectl /, ''));
  const out: Target[] = [];
  for (const { info, names } of parsed.requests) {
    const namespace = info.namespaced ? ctx.namespace : undefined;
    if (names.length) for (const name of names) out.push({ info, namespace, name });
    else {
      const selector = ctx.flags.string('selector');
      if (!selector) throw new CmdError('error: resource(s) were provided, but no name was specified');
      const listed = ctx.target.select(info, namespace, { labelSelector: selector });
      if ('status' in listed) throw new CmdError(`Error from server (${listed.status.reason}): ${listed.status.message}`);
      for (const o of listed) out.push({ info, namespace, name: o.metadata.name ?? '' });
    }
  }
  return out;
}

function live(ctx: CommandContext, t: Target): KubeObject | undefined {
  const o = ctx.target.get(t.info, t.namespace, t.name);
  if (!o) ctx.out.fail(`Error from server (NotFound): ${groupResource(t.info)} "${t.name}" not found`);
  return o;
}

function isDeployment(info: ResourceInfo): boolean {
  return info.group === 'apps' && info.kind === 'Deployment';
}

/** `rollout status` as a watch: a line whenever the state changes; done when the rollout ends. */
class RolloutStatusWatch implements KubectlWatch {
  done = false;
  private last = '';
  constructor(
    private readonly t: Target,
    private readonly viewer: (obj: KubeObject) => RolloutStatus,
  ) {}
  first(target: KubectlTarget): { text: string; error?: string } {
    return this.step(target);
  }
  poll(target: KubectlTarget): string {
    if (this.done) return '';
    const r = this.step(target);
    return r.error ? `error: ${r.error}\n` : r.text;
  }
  timelineMoved(target: KubectlTarget): string {
    this.last = '';
    this.done = false;
    return `-- the timeline moved: the state at ${formatDuration(target.now)} follows --\n${this.poll(target)}`;
  }
  private step(target: KubectlTarget): { text: string; error?: string } {
    const d = target.get(this.t.info, this.t.namespace, this.t.name);
    if (!d) {
      this.done = true;
      return { text: '', error: `object has been deleted` };
    }
    const s = this.viewer(d);
    this.done = s.done;
    if (s.error) return { text: '', error: s.error };
    if (s.text === this.last) return { text: '' };
    this.last = s.text;
    return { text: s.text };
  }
}

const status: Command = {
  name: 'status',
  short: 'Show the status of the rollout',
  long: `Show the status of the rollout.

 By default 'rollout status' will watch the status of the latest rollout until it's done. If you don't want to wait for the rollout to finish then you can use --watch=false.`,
  examples: `  # Watch the rollout status of a deployment
  kubectl rollout status deployment/nginx`,
  usage: 'kubectl rollout status (TYPE NAME | TYPE/NAME) [flags] [options]',
  flags: [
    SELECTOR_FLAG,
    { name: 'watch', short: 'w', kind: 'bool', def: 'true', usage: 'Watch the status of the rollout until it\'s done.' },
    { name: 'revision', kind: 'int', def: '0', usage: 'Pin to a specific revision for showing its status. Defaults to 0 (last revision).', unsupported: 'the latest revision is shown' },
    { name: 'timeout', kind: 'string', def: '0s', usage: 'The length of time to wait before ending watch, zero means never.', unsupported: 'Ctrl+C ends the watch' },
  ],
  run(ctx) {
    const ts = targets(ctx);
    if (ts.length !== 1) throw new CmdError('error: rollout status is only supported on individual resources and resource collections, but ' + ts.length + ' resources were found');
    const t = ts[0]!;
    const viewer = statusViewerFor(t.info);
    if (!viewer) throw new CmdError(`error: no status viewer has been implemented for ${t.info.kind}`);
    if (!live(ctx, t)) return;
    const watch = new RolloutStatusWatch(t, viewer);
    const first = watch.first(ctx.target);
    if (first.error) throw new CmdError(`error: ${first.error}`);
    ctx.out.print(first.text);
    if (!watch.done && ctx.flags.bool('watch', true)) ctx.out.watch = watch;
  },
};

const history: Command = {
  name: 'history',
  short: 'View rollout history',
  long: 'View previous rollout revisions and configurations.',
  examples: `  # View the rollout history of a deployment
  kubectl rollout history deployment/abc`,
  usage: 'kubectl rollout history (TYPE NAME | TYPE/NAME) [flags] [options]',
  flags: [SELECTOR_FLAG, { name: 'revision', kind: 'int', def: '0', usage: 'See the details, including podTemplate of the revision specified' }],
  run(ctx) {
    for (const t of targets(ctx)) {
      if (!isDeployment(t.info)) {
        ctx.out.fail(`error: no history viewer has been implemented for ${t.info.kind}`);
        continue;
      }
      const d = live(ctx, t);
      if (!d) continue;
      const rsInfo = ctx.target.resolve('replicasets.apps');
      const owned = rsInfo ? ctx.target.list(rsInfo, t.namespace).filter((rs) => controllerOf(rs)?.uid === d.metadata.uid) : [];
      const rows = owned
        .map((rs) => ({ revision: Number(rs.metadata.annotations?.['deployment.kubernetes.io/revision']), cause: rs.metadata.annotations?.['kubernetes.io/change-cause'], rs }))
        .filter((r) => Number.isInteger(r.revision))
        .sort((a, b) => a.revision - b.revision);
      const wanted = ctx.flags.int('revision', 0);
      if (wanted > 0) {
        // history.go printTemplate: the ReplicaSet's pod template through describe's DescribePodTemplate, written
        // by a plain PrefixWriter (no tab alignment), under "<kind>/<name> with revision #N".
        const row = rows.find((r) => r.revision === wanted);
        if (!row) {
          ctx.out.fail('error: unable to find the specified revision');
          continue;
        }
        const template = structuredClone((row.rs.spec as { template?: Record<string, unknown> } | undefined)?.template ?? {}) as { metadata?: { annotations?: Record<string, string> } };
        if (row.cause) template.metadata = { ...template.metadata, annotations: { ...template.metadata?.annotations, 'kubernetes.io/change-cause': row.cause } };
        const w = new PrefixWriter();
        describePodTemplate(template, w);
        // The printer's own newline after the history text leaves a blank line, as without --revision.
        ctx.out.print(`${kindName(t.info, t.name)} with revision #${wanted}\n${w.raw()}\n`);
        continue;
      }
      if (rows.length === 0) {
        ctx.out.print(`${kindName(t.info, t.name)} \nNo rollout history found.`);
        continue;
      }
      // history.go tabbedString: a tabwriter with padding 2 (not printers' 3).
      const lines = [['REVISION', 'CHANGE-CAUSE'], ...rows.map((r) => [String(r.revision), r.cause || '<none>'])];
      const width = Math.max(...lines.map((l) => l[0]!.length)) + 2;
      const table = lines.map((l) => `${l[0]!.padEnd(width)}${l[1]}\n`).join('');
      ctx.out.print(`${kindName(t.info, t.name)} \n${table}\n`);
    }
  },
};

function mutation(op: RolloutAction['op'], short: string, long: string, examples: string, extra: Command['flags'] = []): Command {
  return {
    name: op,
    short,
    long,
    examples,
    usage: op === 'undo' ? 'kubectl rollout undo (TYPE NAME | TYPE/NAME) [flags] [options]' : `kubectl rollout ${op} RESOURCE [options]`,
    flags: [SELECTOR_FLAG, ...extra],
    run(ctx) {
      for (const t of targets(ctx)) {
        // ObjectRestarter restarts DaemonSets and StatefulSets too (their template's restartedAt annotation).
        if (!isDeployment(t.info) && !(op === 'restart' && statusViewerFor(t.info))) {
          ctx.out.fail(`error: ${op === 'undo' ? 'no rollbacker' : op === 'restart' ? 'restarting' : op === 'pause' ? 'pausing' : 'resuming'} ${op === 'undo' ? `has been implemented for "${t.info.group}/${t.info.kind}"` : `is not supported for ${t.info.kind}`}`);
          continue;
        }
        const d = live(ctx, t);
        if (!d) continue;
        const paused = (d.spec as { paused?: boolean } | undefined)?.paused === true;
        if (op === 'pause' && paused) {
          ctx.out.fail(`error: ${groupResource(t.info)} "${t.name}" is already paused`);
          continue;
        }
        if (op === 'resume' && !paused) {
          ctx.out.fail(`error: ${groupResource(t.info)} "${t.name}" is not paused`);
          continue;
        }
        if (op === 'restart' && paused) {
          ctx.out.fail(`error: can't restart paused deployment (run rollout resume first)`);
          continue;
        }
        const action: RolloutAction = { type: 'rollout', op, resource: `${t.info.resource}.apps`, name: t.name };
        if (t.namespace) action.namespace = t.namespace;
        if (op === 'undo' && ctx.flags.int('to-revision', 0) !== 0) action.toRevision = ctx.flags.int('to-revision', 0);
        const r = act(ctx, action, false);
        if (r.status) {
          ctx.out.fail(statusText(r.status));
        } else if (!r.ok) {
          for (const m of r.result.messages) ctx.out.fail(m.startsWith('error: ') ? m : `error: ${m}`);
        } else {
          for (const m of r.result.messages) ctx.out.print(m);
        }
      }
    },
  };
}

export const rolloutCommand: Command = {
  name: 'rollout',
  short: 'Manage the rollout of a resource',
  long: `Manage the rollout of one or many resources.
        
 ${VALID}`,
  examples: `  # Rollback to the previous deployment
  kubectl rollout undo deployment/abc

  # Check the rollout status of a daemonset
  kubectl rollout status daemonset/foo

  # Restart a deployment
  kubectl rollout restart deployment/abc

  # Restart deployments with the 'app=nginx' label
  kubectl rollout restart deployment --selector=app=nginx`,
  usage: 'kubectl rollout SUBCOMMAND [options]',
  flags: [],
  subcommands: [
    history,
    mutation('pause', 'Mark the provided resource as paused', `Mark the provided resource as paused.\n\n Paused resources will not be reconciled by a controller. Use "kubectl rollout resume" to resume a paused resource. Currently only deployments support being paused.`, '  # Mark the nginx deployment as paused\n  # Any current state of the deployment will continue its function; new updates\n  # to the deployment will not have an effect as long as the deployment is paused\n  kubectl rollout pause deployment/nginx'),
    mutation('restart', 'Restart a resource', 'Restart a resource.\n\n        Resource rollout will be restarted.', '  # Restart all deployments in the test-namespace namespace\n  kubectl rollout restart deployment -n test-namespace\n\n  # Restart a deployment\n  kubectl rollout restart deployment/nginx'),
    mutation('resume', 'Resume a paused resource', 'Resume a paused resource.\n\n Paused resources will not be reconciled by a controller. By resuming a resource, we allow it to be reconciled again. Currently only deployments support being resumed.', '  # Resume an already paused deployment\n  kubectl rollout resume deployment/nginx'),
    status,
    mutation('undo', 'Undo a previous rollout', 'Roll back to a previous rollout.', '  # Roll back to the previous deployment\n  kubectl rollout undo deployment/abc\n\n  # Roll back to deployment revision 3\n  kubectl rollout undo deployment/abc --to-revision=3', [
      { name: 'to-revision', kind: 'int', def: '0', usage: 'The revision to rollback to. Default to 0 (last revision).' },
    ]),
  ],
};
