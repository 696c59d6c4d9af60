/**
 * `kubectl rollout status|history|undo|restart|pause|resume` (kubectl `pkg/cmd/rollout/*.go`,
 * `pkg/polymorphichelpers/{rollout_status,history,objectpauser,objectresumer,objectrestarter,rollback}.go`):
 * `status` and `restart` for Deployments, DaemonSets and StatefulSets (rollout-status.ts has their viewers), `history`
 * and `undo` for the three too (a Deployment's revisions are its ReplicaSets; a DaemonSet's and a StatefulSet's their
 * ControllerRevisions, read through sim/cluster/revision-history.ts), `pause` and `resume` for Deployments; other kinds
 * get kubectl's own "no history viewer / no rollbacker" errors. Mutations are the `rollout` user action (the same
 * patches kubectl sends: a DaemonSet's or StatefulSet's undo is its revision's data as a strategic merge patch);
 * `status`, `history` and `undo --dry-run=client` are reads. `status` watches: the console polls it, a line each time
 * the rollout's state changes, done once the rollout is complete (or failed), as kubectl exits then.
 *
 * The texts are held to the real kubectl 1.32 against `loopscope serve` (rollout-history.real.test.ts). One known
 * difference: undoing to the revision already current, real kubectl against serve patches ("rolled back") where the
 * console answers "skipped rollback (…)", as against a real cluster: the served revision data lacks fields Go's
 * marshalling of the typed object writes (`resources: {}`), so real kubectl's byte comparison fails.
 */
import type { RolloutAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import { controllerOf } from '../../sim/api/object.ts';
import { deploymentRevision } from '../../sim/cluster/rollback.ts';
import { controlledHistory, hasControllerRevisions, historyToRollBackTo, revisionNotFound, templateOfHistory, type RevisionObject } from '../../sim/cluster/revision-history.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { formatDuration } from '../../sim/engine/clock.ts';
import { describePodTemplate } from '../describe/containers.ts';
import { PrefixWriter } from '../describe/prefix-writer.ts';
import { groupResource, kindName, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, type KubectlWatch, CmdError, statusText, usageError } from '../command.ts';
import type { KubectlTarget } from '../target.ts';
import { act } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, SELECTOR_FLAG } from './common-flags.ts';
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
  kubectl rollout history deployment/abc

  # View the details of daemonset revision 3
  kubectl rollout history daemonset/abc --revision=3`,
  usage: 'kubectl rollout history (TYPE NAME | TYPE/NAME) [flags] [options]',
  flags: [SELECTOR_FLAG, { name: 'revision', kind: 'int', def: '0', usage: 'See the details, including podTemplate of the revision specified' }],
  run(ctx) {
    const wanted = ctx.flags.int('revision', 0);
    // Validate: the resource first, then the revision.
    if (ctx.args.length > 0 && wanted < 0) throw new CmdError(`error: revision must be a positive integer: ${wanted}`);
    for (const t of targets(ctx)) {
      // kubectl reads the object first (its NotFound comes before the viewer's error).
      const obj = live(ctx, t);
      if (!obj) continue;
      const unsupported = kindError(t.info, 'history viewer');
      if (unsupported) {
        ctx.out.fail(unsupported);
        continue;
      }
      const text = isDeployment(t.info) ? deploymentHistory(ctx, t, obj, wanted) : controllerRevisionHistory(ctx, t, obj, wanted);
      if (text === undefined) continue;
      // The name printer's line, `<kind>/<name> <operation>`, the operation "with revision #N\n<history>".
      ctx.out.print(`${kindName(t.info, t.name)} ${wanted > 0 ? `with revision #${wanted}` : ''}\n${text}`);
    }
  },
};

/** One revision of the history: its number, its change-cause, and its pod template (computed when asked). */
interface HistoryRow {
  revision: number;
  cause: string | undefined;
  template(): Record<string, unknown>;
}

/**
 * history.go `ViewHistory` / `printHistory`: the table of revisions, or with `--revision` the template of one (its
 * text, to follow the name printer's line); undefined after printing an error.
 */
function viewHistory(ctx: CommandContext, rows: HistoryRow[], wanted: number): string | undefined {
  // Keyed by revision (a later one of the same number wins), sorted.
  const byRevision = new Map<number, HistoryRow>();
  for (const r of rows) byRevision.set(r.revision, r);
  if (byRevision.size === 0) return 'No rollout history found.';
  if (wanted > 0) {
    const row = byRevision.get(wanted);
    if (!row) {
      ctx.out.fail('error: unable to find the specified revision');
      return undefined;
    }
    let template: Record<string, unknown>;
    try {
      template = row.template();
    } catch (e) {
      ctx.out.fail(`error: ${e instanceof HistoryParseError ? e.message : String(e)}`);
      return undefined;
    }
    // The printer's own newline after the history text leaves a blank line, as without --revision.
    return `${printTemplate(template)}\n`;
  }
  // history.go tabbedString: a tabwriter with padding 2 (not printers' 3).
  const sorted = [...byRevision.values()].sort((a, b) => a.revision - b.revision);
  const lines = [['REVISION', 'CHANGE-CAUSE'], ...sorted.map((r) => [String(r.revision), r.cause || '<none>'])];
  const width = Math.max(...lines.map((l) => l[0]!.length)) + 2;
  return `${lines.map((l) => `${l[0]!.padEnd(width)}${l[1]}\n`).join('')}\n`;
}

/** history.go printTemplate: describe's DescribePodTemplate, written by a plain PrefixWriter (no tab alignment). */
function printTemplate(template: unknown): string {
  const w = new PrefixWriter();
  describePodTemplate(template, w);
  return w.raw();
}

class HistoryParseError extends Error {}

/** DeploymentHistoryViewer: the Deployment's ReplicaSets, by their revision annotation. */
function deploymentHistory(ctx: CommandContext, t: Target, d: KubeObject, wanted: number): string | undefined {
  const rsInfo = ctx.target.resolve('replicasets.apps');
  const owned = rsInfo ? ctx.target.list(rsInfo, t.namespace).filter((rs) => controllerOf(rs)?.uid === d.metadata.uid) : [];
  const rows: HistoryRow[] = owned
    .map((rs) => ({ revision: Number(rs.metadata.annotations?.['deployment.kubernetes.io/revision']), cause: rs.metadata.annotations?.['kubernetes.io/change-cause'], rs }))
    .filter((r) => Number.isInteger(r.revision))
    .sort((a, b) => a.revision - b.revision)
    .map(({ revision, cause, rs }) => ({
      revision,
      cause,
      template: () => {
        // The ReplicaSet's template, with the ReplicaSet's change-cause among its annotations.
        const template = structuredClone((rs.spec as { template?: Record<string, unknown> } | undefined)?.template ?? {}) as { metadata?: { annotations?: Record<string, string> } };
        if (cause) template.metadata = { ...template.metadata, annotations: { ...template.metadata?.annotations, 'kubernetes.io/change-cause': cause } };
        return template as Record<string, unknown>;
      },
    }));
  return viewHistory(ctx, rows, wanted);
}

/** The ControllerRevisions the DaemonSet or StatefulSet controls (history.go daemonSetHistory / statefulSetHistory). */
function controllerRevisionsOf(ctx: CommandContext, t: Target, obj: KubeObject): RevisionObject[] {
  const crInfo = ctx.target.resolve('controllerrevisions.apps');
  return crInfo ? controlledHistory(obj, ctx.target.list(crInfo, t.namespace)) : [];
}

/** DaemonSetHistoryViewer / StatefulSetHistoryViewer: each revision's template is its data applied to the object. */
function controllerRevisionHistory(ctx: CommandContext, t: Target, obj: KubeObject, wanted: number): string | undefined {
  const rows: HistoryRow[] = controllerRevisionsOf(ctx, t, obj).map((h) => ({
    revision: h.revision ?? 0,
    cause: h.metadata.annotations?.['kubernetes.io/change-cause'],
    template: () => {
      try {
        return templateOfHistory(obj, h);
      } catch {
        throw new HistoryParseError(`unable to parse history ${h.metadata.name ?? ''}`);
      }
    },
  }));
  return viewHistory(ctx, rows, wanted);
}

/**
 * The error for a kind without a history viewer or rollbacker (polymorphichelpers HistoryViewerFor / RollbackerFor,
 * over apps.GroupKindElement's visitor): the kinds the visitor knows but gives none, by their GroupKind
 * ("ReplicaSet.apps"), and the kinds it does not know, with Go's `%v` of the element ("{ ConfigMap}").
 */
function kindError(info: ResourceInfo, what: 'history viewer' | 'rollbacker'): string | undefined {
  if (isDeployment(info) || hasControllerRevisions(info.group, info.kind)) return undefined;
  const groupKind = info.group ? `${info.kind}.${info.group}` : info.kind;
  const visited =
    (info.group === 'apps' && info.kind === 'ReplicaSet') ||
    (info.group === 'batch' && (info.kind === 'Job' || info.kind === 'CronJob')) ||
    (info.group === '' && (info.kind === 'Pod' || info.kind === 'ReplicationController'));
  if (visited) return `error: no ${what} has been implemented for "${groupKind}"`;
  return `error: error retrieving ${what === 'rollbacker' ? 'rollbacker' : 'history'} for "${groupKind}", no visitor method exists for {${info.group} ${info.kind}}`;
}

/**
 * `rollout undo --dry-run=client`: nothing is sent; kubectl prints the template it would roll back to (a Deployment's
 * ReplicaSet's as is; a DaemonSet's or StatefulSet's after "will roll back to "), or the error.
 */
function undoClientDryRun(ctx: CommandContext, t: Target, obj: KubeObject, toRevision: number): void {
  let text: string;
  if (isDeployment(t.info)) {
    const rsInfo = ctx.target.resolve('replicasets.apps');
    const owned = rsInfo ? ctx.target.list(rsInfo, t.namespace).filter((rs) => controllerOf(rs)?.uid === obj.metadata.uid) : [];
    const found = deploymentRevision(obj, owned, toRevision);
    if ('error' in found) return ctx.out.fail(`error: ${found.error}`);
    text = printTemplate(found.rs.spec?.template ?? {});
  } else {
    const found = historyToRollBackTo(toRevision, controllerRevisionsOf(ctx, t, obj));
    if ('error' in found) return ctx.out.fail(`error: ${found.error}`);
    let template: Record<string, unknown>;
    try {
      template = templateOfHistory(obj, found.history);
    } catch (e) {
      return ctx.out.fail(`error: ${e instanceof Error ? e.message : String(e)}`);
    }
    text = `will roll back to ${printTemplate(template)}`;
  }
  ctx.out.print(`${kindName(t.info, t.name)} ${text} (dry run)`);
}

function mutation(op: RolloutAction['op'], short: string, long: string, examples: string, extra: Command['flags'] = []): Command {
  return {
    name: op,
    short,
    long,
    examples,
    usage: op === 'undo' ? 'kubectl rollout undo (TYPE NAME | TYPE/NAME) [flags] [options]' : `kubectl rollout ${op} RESOURCE [options]`,
    flags: [SELECTOR_FLAG, ...extra],
    run(ctx) {
      const dryRun = op === 'undo' ? dryRunStrategy(ctx.flags.string('dry-run', 'none')) : 'none';
      const toRevision = op === 'undo' ? ctx.flags.int('to-revision', 0) : 0;
      for (const t of targets(ctx)) {
        // ObjectRestarter restarts DaemonSets and StatefulSets too (their template's restartedAt annotation).
        if (op !== 'undo' && !isDeployment(t.info) && !(op === 'restart' && statusViewerFor(t.info))) {
          ctx.out.fail(`error: ${op === 'restart' ? 'restarting' : op === 'pause' ? 'pausing' : 'resuming'} is not supported for ${t.info.kind}`);
          continue;
        }
        const d = live(ctx, t);
        if (!d) continue;
        const unsupported = op === 'undo' ? kindError(t.info, 'rollbacker') : undefined;
        if (unsupported) {
          ctx.out.fail(unsupported);
          continue;
        }
        if (op === 'undo' && toRevision < 0) {
          ctx.out.fail(`error: ${revisionNotFound(toRevision)}`);
          continue;
        }
        if (op === 'undo' && dryRun === 'client') {
          undoClientDryRun(ctx, t, d, toRevision);
          continue;
        }
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
        if (op === 'undo' && toRevision !== 0) action.toRevision = toRevision;
        if (dryRun === 'server') action.dryRun = true;
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
    mutation('undo', 'Undo a previous rollout', 'Roll back to a previous rollout.', '  # Roll back to the previous deployment\n  kubectl rollout undo deployment/abc\n\n  # Roll back to daemonset revision 3\n  kubectl rollout undo daemonset/abc --to-revision=3\n\n  # Roll back to the previous deployment with dry-run\n  kubectl rollout undo --dry-run=server deployment/abc', [
      DRY_RUN_FLAG,
      { name: 'to-revision', kind: 'int', def: '0', usage: 'The revision to rollback to. Default to 0 (last revision).' },
    ]),
  ],
};
