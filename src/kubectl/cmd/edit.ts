/**
 * `kubectl edit` (kubectl `pkg/cmd/edit/edit.go`, `pkg/cmd/util/editor/editoptions.go`) for the page's editor:
 * the command returns `edit: { ref, yaml }` (the live object as YAML under kubectl's header comment, without
 * managedFields); the page later calls {@link kubectlEditSave} with the edited text, which sends what kubectl edit
 * sends: a patch from the object as it was shown to the edited one (strategic merge for built-in kinds, JSON merge
 * for custom resources), as manager `kubectl-edit`, and prints `deployment.apps/web edited`, or
 * `Edit cancelled, no changes made.` when nothing changed.
 *
 * @remarks The object as it was shown is the live object at save time with the server-owned metadata and status
 * dropped on both sides, so a status change meanwhile is not mistaken for an edit (kubectl keeps the original in
 * memory; the page's editor hands back only the text).
 */
import type { PatchAction } from '../../sim/actions/user-action.ts';
import { apiVersionOf, BUILTIN_RESOURCES } from '../../sim/api/resources.ts';
import type { ObjectRef } from '../../sim/trace/trace-event.ts';
import { libraries } from '../../sim/libraries.ts';
import { kindName, parseResourceArgs, groupResource } from '../args/resource-args.ts';
import { type Command, type CommandContext, type KubectlRun, CmdError, Output, statusText, usageError } from '../command.ts';
import { printObjects } from '../printers/formats.ts';
import type { KubectlTarget } from '../target.ts';
import { threeWayPatch } from '../apply/three-way-patch.ts';
import { withoutManagedFields } from '../output-format.ts';

export const EDIT_HEADER = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;

function run(ctx: CommandContext): void {
  const { target } = ctx;
  if (ctx.args.length === 0) throw usageError(ctx.path, 'You must provide one or more resources by argument or filename.');
  const parsed = parseResourceArgs(target, ctx.args, 'edit');
  const req = parsed.requests[0];
  if (!req || req.names.length === 0) throw new CmdError('error: resource(s) were provided, but no name was specified');
  if (parsed.requests.length > 1 || req.names.length > 1) throw new CmdError('error: the console edits one object at a time');
  const info = req.info;
  const name = req.names[0]!;
  const namespace = info.namespaced ? ctx.namespace : undefined;
  const obj = target.get(info, namespace, name);
  if (!obj) throw new CmdError(`Error from server (NotFound): ${groupResource(info)} "${name}" not found`);
  const ref: ObjectRef = { apiVersion: apiVersionOf(info), kind: info.kind, name, ...(namespace ? { namespace } : {}) };
  ctx.out.edit = { ref, yaml: EDIT_HEADER + printObjects('yaml', [withoutManagedFields(obj)], { asList: false, info: () => info }) };
}

/** What the server owns: never part of an edit's patch. */
function comparable(o: Record<string, unknown>): Record<string, unknown> {
  const { status: _s, ...rest } = o;
  const meta = { ...((rest.metadata as Record<string, unknown> | undefined) ?? {}) };
  for (const k of ['resourceVersion', 'uid', 'creationTimestamp', 'generation', 'managedFields', 'selfLink']) delete meta[k];
  return { ...rest, metadata: meta };
}

/**
 * Saves an edit made in the page's editor as `kubectl edit` does. `command` is the `kubectl edit …` line that
 * opened it (the trace shows it). Never throws.
 */
export function kubectlEditSave(ref: ObjectRef, yaml: string, target: KubectlTarget, command = `kubectl edit ${ref.kind.toLowerCase()}/${ref.name}`): KubectlRun {
  const out = new Output();
  try {
    save(out, ref, yaml, target, command);
  } catch (e) {
    out.fail(e instanceof CmdError ? e.text : `error: internal error in the console's kubectl (please report it): ${e instanceof Error ? e.message : String(e)}`);
  }
  return { stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode };
}

function save(out: Output, ref: ObjectRef, yaml: string, target: KubectlTarget, command: string): void {
  const text = String(yaml ?? '')
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('#'))
    .join('\n');
  if (text.trim() === '') {
    out.print('Edit cancelled, no changes made.');
    return;
  }
  let edited: unknown;
  try {
    edited = libraries().yaml.parse(text, { maxAliasCount: 100 });
  } catch (e) {
    throw new CmdError(`error: error parsing edited object: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  if (!edited || typeof edited !== 'object' || Array.isArray(edited)) throw new CmdError('error: the edited text is not an object');
  const info = target.resources().find((r) => apiVersionOf(r) === ref.apiVersion && r.kind === ref.kind);
  if (!info) throw new CmdError(`error: the server doesn't have a resource type "${ref.kind}"`);
  const e = edited as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } };
  if (e.apiVersion !== ref.apiVersion || e.kind !== ref.kind || e.metadata?.name !== ref.name) {
    throw new CmdError('error: At least one of apiVersion, kind and name was changed');
  }
  const live = target.get(info, ref.namespace, ref.name);
  if (!live) throw new CmdError(`Error from server (NotFound): ${groupResource(info)} "${ref.name}" not found`);
  const before = comparable(live as unknown as Record<string, unknown>);
  const after = comparable(edited as Record<string, unknown>);
  const strategic = BUILTIN_RESOURCES.some((b) => b.group === info.group && b.kind === info.kind);
  const patch = threeWayPatch(before, after, before, info, strategic);
  if (Object.keys(patch).length === 0) {
    out.print('Edit cancelled, no changes made.');
    return;
  }
  // kubectl edit's --validate defaults to strict: an unknown field in the edited text is refused by the api-server.
  const action: PatchAction = { type: 'patch', resource: `${info.resource}${info.group ? `.${info.group}` : ''}`, name: ref.name, patchType: strategic ? 'strategic' : 'merge', patch, fieldManager: 'kubectl-edit', fieldValidation: 'Strict' };
  if (ref.namespace) action.namespace = ref.namespace;
  const result = target.act({ ...action, command });
  const status = result.results.find((r) => r.status)?.status;
  if (status) {
    out.fail(`${statusText(status)}\nerror: Edit cancelled, no valid changes were saved.`);
    return;
  }
  if (!result.ok) {
    out.fail(result.messages.join('\n'));
    return;
  }
  out.print(`${kindName(info, ref.name)} edited`);
}

export const editCommand: Command = {
  name: 'edit',
  short: 'Edit a resource on the server',
  long: `Edit a resource from the default editor.

 The edit command allows you to directly edit any API resource you can retrieve via the command-line tools. In this console the object opens in the page's editor; saving it sends the change, as kubectl edit does when the editor closes.

 The default format is YAML. In the event an error occurs while updating, the editor stays open with your changes.`,
  examples: `  # Edit the service named 'registry'
  kubectl edit svc/registry

  # Edit the deployment 'mydeployment'
  kubectl edit deployment/mydeployment`,
  usage: 'kubectl edit (RESOURCE/NAME | -f FILENAME) [options]',
  notSupported: '-f, -o json, --subresource: the object opens as YAML',
  flags: [],
  run,
};
