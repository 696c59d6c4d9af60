/**
 * `kubectl wait` (kubectl `pkg/cmd/wait/wait.go`, `condition.go`, `delete.go`, `json.go`): waits, on virtual time,
 * for `--for=create`, `--for=delete`, `--for=condition=Available[=true]` (type compared case-insensitively, status "True" by
 * default) or `--for=jsonpath='{.status.phase}'=Running`, on names, `type/name` or `-l`; prints
 * "deployment.apps/web condition met" for each object as it gets there, and kubectl's
 * "timed out waiting for the condition on deployments/web" once `--timeout` (default 30s of virtual time) has
 * passed. The console polls it like a watch; it is done when every object met the condition or timed out.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { parseDuration } from '../../sim/engine/clock.ts';
import { groupResource, kindName, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, type KubectlWatch, CmdError, statusText, usageError } from '../command.ts';
import { parseJsonPath, printJsonPath, type JsonPath } from '../printers/formats.ts';
import type { KubectlTarget } from '../target.ts';
import { ALL_NAMESPACES_FLAG, SELECTOR_FLAG } from './common-flags.ts';

type Condition =
  | { kind: 'delete' }
  | { kind: 'create' }
  | { kind: 'condition'; type: string; status: string }
  | { kind: 'jsonpath'; path: JsonPath; value: string | undefined };

interface Waited {
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
  uid?: string;
  met: boolean;
}

function parseFor(value: string): Condition {
  const v = value.trim();
  if (v.toLowerCase() === 'delete') return { kind: 'delete' };
  if (v.toLowerCase() === 'create') return { kind: 'create' };
  if (v.toLowerCase().startsWith('condition=')) {
    const rest = v.slice('condition='.length);
    const eq = rest.indexOf('=');
    return eq < 0 ? { kind: 'condition', type: rest, status: 'True' } : { kind: 'condition', type: rest.slice(0, eq), status: rest.slice(eq + 1) };
  }
  if (v.toLowerCase().startsWith('jsonpath=')) {
    const rest = v.slice('jsonpath='.length);
    // "{.status.phase}=Running": the expression, then the value after the closing brace.
    const close = rest.lastIndexOf('}');
    const expr = close >= 0 ? rest.slice(0, close + 1) : rest;
    const after = close >= 0 ? rest.slice(close + 1) : '';
    const path = parseJsonPath(expr.startsWith('{') ? expr : `{${expr}}`);
    if ('error' in path) throw new CmdError(`error: unrecognized condition: "${value}"`);
    return { kind: 'jsonpath', path, value: after.startsWith('=') ? after.slice(1) : undefined };
  }
  throw new CmdError(`error: unrecognized condition: "${value}"`);
}

function conditionMet(c: Condition, obj: KubeObject | undefined, w: Waited): boolean {
  if (c.kind === 'delete') return !obj || (w.uid !== undefined && obj.metadata.uid !== w.uid);
  if (!obj) return false;
  if (c.kind === 'create') return true;
  if (c.kind === 'condition') {
    // condition.go: a deleted or still-to-be-observed object does not meet it.
    const status = obj.status as { conditions?: Array<{ type?: string; status?: string }>; observedGeneration?: number } | undefined;
    const cond = status?.conditions?.find((x) => (x.type ?? '').toLowerCase() === c.type.toLowerCase());
    return cond !== undefined && (cond.status ?? '').toLowerCase() === c.status.toLowerCase();
  }
  const out = printJsonPath(c.path, obj);
  if (typeof out !== 'string') return false;
  return c.value === undefined ? out !== '' : out === c.value;
}

class WaitWatch implements KubectlWatch {
  done = false;
  constructor(
    private readonly condition: Condition,
    private readonly waited: Waited[],
    private readonly deadline: number,
  ) {}
  poll(target: KubectlTarget): string {
    if (this.done) return '';
    let out = '';
    for (const w of this.waited) {
      if (w.met) continue;
      if (conditionMet(this.condition, target.get(w.info, w.namespace, w.name), w)) {
        w.met = true;
        out += `${kindName(w.info, w.name)} condition met\n`;
      }
    }
    if (this.waited.every((w) => w.met)) this.done = true;
    else if (target.now >= this.deadline) {
      this.done = true;
      for (const w of this.waited) if (!w.met) out += `error: timed out waiting for the condition on ${w.info.resource}/${w.name}\n`;
    }
    return out;
  }
  timelineMoved(target: KubectlTarget): string {
    return this.poll(target);
  }
}

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  if (!flags.has('for')) throw new CmdError('error: --for must be specified');
  const condition = parseFor(flags.string('for'));
  let timeout: number;
  const t = flags.string('timeout', '30s') || '30s';
  try {
    // Go's ParseDuration: "0" is zero; a negative timeout waits a week (wait.go).
    timeout = t === '0' ? 0 : t.startsWith('-') ? 7 * 86_400_000 : parseDuration(t);
  } catch {
    throw new CmdError(`error: invalid argument "${flags.string('timeout')}" for "--timeout" flag: time: invalid duration "${flags.string('timeout')}"`);
  }
  if (ctx.args.length === 0) throw usageError(ctx.path, 'resource(s) were provided, but no name was specified');
  const parsed = parseResourceArgs(target, ctx.args, 'wait');
  const selector = flags.string('selector');
  const all = flags.bool('all');
  const waited: Waited[] = [];
  for (const { info, names } of parsed.requests) {
    const namespace = info.namespaced ? (flags.bool('all-namespaces') ? undefined : ctx.namespace) : undefined;
    if (names.length) {
      for (const name of names) {
        const obj = target.get(info, namespace, name);
        if (!obj && condition.kind !== 'delete' && condition.kind !== 'create') {
          out.fail(`Error from server (NotFound): ${groupResource(info)} "${name}" not found`);
          continue;
        }
        waited.push({ info, namespace, name, uid: obj?.metadata.uid, met: false });
      }
      continue;
    }
    if (!selector && !all) throw new CmdError('error: resource(s) were provided, but no name was specified');
    const listed = target.select(info, namespace, { labelSelector: selector || undefined });
    if ('status' in listed) throw new CmdError(statusText(listed.status));
    for (const o of listed) waited.push({ info, namespace: o.metadata.namespace, name: o.metadata.name ?? '', uid: o.metadata.uid, met: false });
  }
  if (waited.length === 0) {
    if (out.exitCode === 0) throw new CmdError('error: no matching resources found');
    return;
  }
  const watch = new WaitWatch(condition, waited, target.now + timeout);
  out.print(watch.poll(target));
  if (!watch.done) out.watch = watch;
}

export const waitCommand: Command = {
  name: 'wait',
  short: 'Experimental: Wait for a specific condition on one or many resources',
  long: `Experimental: Wait for a specific condition on one or many resources.

 The command takes multiple resources and waits until the specified condition is seen in the Status field of every given resource.

 Alternatively, the command can wait for the given set of resources to be created or deleted by providing the "create" or "delete" keyword as the value to the --for flag.

 A successful message will be printed to stdout indicating when the specified condition has been met. You can use -o option to change to output destination.`,
  examples: `  # Wait for the pod "busybox1" to contain the status condition of type "Ready"
  kubectl wait --for=condition=Ready pod/busybox1

  # The default value of status condition is true; you can wait for other targets after an equal delimiter (compared after Unicode simple case folding, which is a more general form of case-insensitivity)
  kubectl wait --for=condition=Ready=false pod/busybox1

  # Wait for the pod "busybox1" to contain the status phase to be "Running"
  kubectl wait --for=jsonpath='{.status.phase}'=Running pod/busybox1

  # Wait for pod "busybox1" to be deleted, with a timeout of 60s, after having issued the "delete" command
  kubectl delete pod/busybox1
  kubectl wait --for=delete pod/busybox1 --timeout=60s`,
  usage: "kubectl wait ([-f FILENAME] | resource.group/resource.name | resource.group [(-l label | --all)]) [--for=create|--for=delete|--for condition=available|--for=jsonpath='{}'[=value]] [options]",
  notSupported: '-f; the timeout counts virtual time',
  flags: [
    { name: 'all', kind: 'bool', usage: 'Select all resources in the namespace of the specified resource types' },
    ALL_NAMESPACES_FLAG,
    { name: 'for', kind: 'string', usage: "The condition to wait on: [create|delete|condition=condition-name[=condition-value]|jsonpath='{JSONPath expression}'=[JSONPath value]]. The default condition-value is true.  Condition values are compared after Unicode simple case folding, which is a more general form of case-insensitivity." },
    SELECTOR_FLAG,
    { name: 'timeout', kind: 'string', def: '30s', usage: 'The length of time to wait before giving up.  Zero means check once and don\'t wait, negative means wait for a week.' },
  ],
  run,
};
