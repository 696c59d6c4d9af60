/**
 * `kubectl taint` (kubectl `pkg/cmd/taint/taint.go`, `utils.go` ParseTaints): `key[=value]:Effect` adds or (with
 * `--overwrite`) changes a taint, `key[:Effect]-` removes taints; the node's spec.taints is sent as a merge patch
 * of the whole list (taints have no merge key), as manager `kubectl-taint`; "node/node-1 tainted" / "untainted".
 */
import type { PatchAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import { type Command, type CommandContext, CmdError, statusText, usageError } from '../command.ts';
import { act, dryRunSuffix } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, OBJECT_OUTPUT_FLAG, SELECTOR_FLAG } from './common-flags.ts';

interface Taint {
  key: string;
  value?: string;
  effect: string;
}

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

function parseTaint(spec: string): Taint {
  const colon = spec.lastIndexOf(':');
  if (colon < 0) throw new CmdError(`error: invalid taint spec: ${spec}, unknown taint spec: ${spec}`);
  const effect = spec.slice(colon + 1);
  if (!EFFECTS.includes(effect)) throw new CmdError(`error: invalid taint spec: ${spec}, invalid taint effect: ${effect}, unsupported taint effect`);
  const kv = spec.slice(0, colon);
  const eq = kv.indexOf('=');
  const key = eq < 0 ? kv : kv.slice(0, eq);
  if (!/^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/.test(key) || key.length > 316) {
    throw new CmdError(`error: invalid taint spec: ${spec}, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`);
  }
  return eq < 0 ? { key, effect } : { key, value: kv.slice(eq + 1), effect };
}

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  const args = [...ctx.args];
  if (args[0] !== 'node' && args[0] !== 'nodes' && args[0] !== 'no' && !args[0]?.startsWith('node/') && !args[0]?.startsWith('nodes/')) {
    throw usageError(ctx.path, args.length ? `invalid resource type ${args[0]!.split('/')[0]}, only node types are supported` : 'at least one taint update is required');
  }
  const nodeInfo = target.resolve('nodes')!;
  const names: string[] = [];
  if (args[0]!.includes('/')) names.push(args.shift()!.split('/')[1]!);
  else {
    args.shift();
    if (!flags.string('selector') && !flags.bool('all')) names.push(args.shift() ?? '');
  }
  const adds: Taint[] = [];
  const removes: Array<{ key: string; effect?: string }> = [];
  for (const a of args) {
    if (a.endsWith('-')) {
      const body = a.slice(0, -1);
      const colon = body.indexOf(':');
      removes.push(colon < 0 ? { key: body } : { key: body.slice(0, colon), effect: body.slice(colon + 1) });
    } else adds.push(parseTaint(a));
  }
  if (adds.length === 0 && removes.length === 0) throw usageError(ctx.path, 'at least one taint update is required');
  let nodes: KubeObject[];
  if (names.length) {
    const n = target.get(nodeInfo, undefined, names[0]!);
    if (!n) throw new CmdError(`Error from server (NotFound): nodes "${names[0]}" not found`);
    nodes = [n];
  } else {
    const listed = target.select(nodeInfo, undefined, { labelSelector: flags.string('selector') || undefined });
    if ('status' in listed) throw new CmdError(statusText(listed.status));
    nodes = listed;
  }
  for (const node of nodes) {
    const name = node.metadata.name ?? '';
    let taints = [...(((node.spec as { taints?: Taint[] } | undefined)?.taints ?? []) as Taint[])];
    for (const t of adds) {
      const same = taints.find((x) => x.key === t.key && x.effect === t.effect);
      if (same && !flags.bool('overwrite')) {
        out.fail(`error: node ${name} already has ${t.key} taint(s) with same effect(s) and --overwrite is false`);
        return;
      }
    }
    let removed = false;
    for (const r of removes) {
      const before = taints.length;
      taints = taints.filter((x) => !(x.key === r.key && (r.effect === undefined || x.effect === r.effect)));
      if (taints.length === before) {
        out.fail(`error: taint ${JSON.stringify(r.effect ? `${r.key}:${r.effect}` : r.key)} not found`);
        return;
      }
      removed = true;
    }
    for (const t of adds) {
      const i = taints.findIndex((x) => x.key === t.key && x.effect === t.effect);
      if (i >= 0) taints[i] = t;
      else taints.push(t);
    }
    const operation = adds.length ? 'tainted' : removed ? 'untainted' : 'modified';
    if (dryRun !== 'client') {
      const action: PatchAction = { type: 'patch', resource: 'nodes', name, patchType: 'merge', patch: { spec: { taints: taints.length ? taints : null } }, fieldManager: flags.string('field-manager') || 'kubectl-taint' };
      if (dryRun === 'server') action.dryRun = true;
      if (!act(ctx, action).ok) continue;
    }
    out.print(`node/${name} ${operation}${dryRunSuffix(dryRun)}`);
  }
}

export const taintCommand: Command = {
  name: 'taint',
  short: 'Update the taints on one or more nodes',
  long: `Update the taints on one or more nodes.

  *  A taint consists of a key, value, and effect. As an argument here, it is expressed as key=value:effect.
  *  The key must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 253 characters.
  *  Optionally, the key can begin with a DNS subdomain prefix and a single '/', like example.com/my-app.
  *  The value is optional. If given, it must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 63 characters.
  *  The effect must be NoSchedule, PreferNoSchedule or NoExecute.
  *  Currently taint can only apply to node.`,
  examples: `  # Update node 'foo' with a taint with key 'dedicated' and value 'special-user' and effect 'NoSchedule'
  # If a taint with that key and effect already exists, its value is replaced as specified
  kubectl taint nodes foo dedicated=special-user:NoSchedule

  # Remove from node 'foo' the taint with key 'dedicated' and effect 'NoSchedule' if one exists
  kubectl taint nodes foo dedicated:NoSchedule-

  # Remove from node 'foo' all the taints with key 'dedicated'
  kubectl taint nodes foo dedicated-`,
  usage: 'kubectl taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N [options]',
  flags: [
    { name: 'all', kind: 'bool', usage: 'Select all nodes in the cluster' },
    DRY_RUN_FLAG,
    FIELD_MANAGER('kubectl-taint'),
    OBJECT_OUTPUT_FLAG,
    { name: 'overwrite', kind: 'bool', usage: 'If true, allow taints to be overwritten, otherwise reject taint updates that overwrite existing taints.' },
    SELECTOR_FLAG,
  ],
  run,
};
