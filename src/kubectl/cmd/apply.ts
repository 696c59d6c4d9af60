/**
 * `kubectl apply -f` (kubectl `pkg/cmd/apply/apply.go`, `patcher.go`), per object in order, as kubectl 1.32 does
 * by default, client-side: GET the object; if absent, create it with the `kubectl.kubernetes.io/last-applied-configuration`
 * annotation; if present, send the three-way patch of last-applied / live / file (strategic merge for built-in
 * kinds, JSON merge for custom resources) as field manager `kubectl-client-side-apply`, or print "unchanged" and
 * send nothing when the patch is empty. `--server-side`: a server-side apply PATCH per object as manager `kubectl`
 * (`--field-manager`), `--force-conflicts` to take fields over. `--dry-run=client|server`.
 *
 * Errors are kubectl's (cmdutil.AddSourceToErr: `error when creating "web.yaml": …`), printed after the objects
 * that went through, and the command fails; the objects before the bad one stay applied.
 */
import type { ApplyAction, PatchAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../sim/api/resources.ts';
import type { Status } from '../../sim/api/status.ts';
import { kindName } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, statusText } from '../command.ts';
import { infoForObject, namespaceForObject, readFilenames, type SourcedObject } from '../files.ts';
import { goJsonMarshal } from '../printers/go-json.ts';
import { threeWayPatch } from '../apply/three-way-patch.ts';
import { act, dryRunSuffix } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, filenameFlag, OBJECT_OUTPUT_FLAG } from './common-flags.ts';
import { fieldValidationOf, VALIDATE_FLAG } from './validate.ts';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
export const CLIENT_SIDE_APPLY_MANAGER = 'kubectl-client-side-apply';

const CONFLICT_ADVICE = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the value already
  matches. Note that if the manager wishes to retain ownership, the
  manager will also need to make the same change.

See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`;

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/**
 * kubectl's `util.GetModifiedConfiguration(obj, annotate=true)`: the object without the annotation encoded as
 * Go's json.Marshal does (sorted keys, "\n" at the end), then set as the annotation. An object without annotations
 * gets `"annotations":{}` in the encoded text, as unstructured's SetAnnotations of an empty map leaves.
 */
export function withLastApplied(obj: KubeObject): KubeObject {
  const copy = clone(obj) as KubeObject;
  const annotations: Record<string, string> = { ...(copy.metadata.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  copy.metadata = { ...copy.metadata, annotations };
  const encoded = `${goJsonMarshal(copy)}\n`;
  copy.metadata = { ...copy.metadata, annotations: { ...annotations, [LAST_APPLIED]: encoded } };
  return copy;
}

function isBuiltin(info: ResourceInfo): boolean {
  return BUILTIN_RESOURCES.some((b) => b.group === info.group && b.kind === info.kind);
}

/** kubectl's AddSourceToErr: the api-server's message prefixed with what was being done to which file. */
function sourced(status: Status, verb: string, source: string): string {
  if (status.reason === 'Invalid' && status.details) return statusText(status);
  return statusText({ ...status, message: `error when ${verb} "${source}": ${status.message}` });
}

function resourceOf(info: ResourceInfo): string {
  return `${info.resource}${info.group ? `.${info.group}` : ''}`;
}

function run(ctx: CommandContext): void {
  const { flags, out } = ctx;
  if (!flags.has('filename')) throw new CmdError('error: must specify one of -f and -k');
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  const serverSide = flags.bool('server-side');
  const output = flags.string('output');
  if (output !== '' && output !== 'name') throw new CmdError(`error: the output format "${output}" is not supported by apply in this console (only -o name)`);
  if (flags.bool('force-conflicts') && !serverSide) throw new CmdError('error: --force-conflicts only works with --server-side');
  if (serverSide && dryRun === 'client') throw new CmdError('error: --dry-run=client doesn\'t work with --server-side (did you mean --dry-run=server instead?)');
  const objects = readFilenames(ctx);
  if (objects.length === 0) throw new CmdError('error: no objects passed to apply');
  for (const s of objects) {
    try {
      applyOne(ctx, s, dryRun, serverSide, output === 'name');
    } catch (e) {
      if (!(e instanceof CmdError)) throw e;
      out.fail(e.text);
    }
  }
}

function applyOne(ctx: CommandContext, s: SourcedObject, dryRun: 'none' | 'client' | 'server', serverSide: boolean, nameOnly: boolean): void {
  const { out, target, flags } = ctx;
  const info = infoForObject(ctx, s);
  const namespace = namespaceForObject(ctx, info, s);
  const name = s.object.metadata?.name;
  if (typeof name !== 'string' || !name) throw new CmdError(`error: error when retrieving current configuration of:\nResource: "${resourceOf(info)}", GroupVersionKind: "${s.object.apiVersion}, Kind=${s.object.kind}"\nName: "", Namespace: "${namespace ?? ''}"\nfrom server for: "${s.source}": resource name may not be empty`);
  const obj: KubeObject = clone(s.object);
  obj.metadata = { ...(obj.metadata ?? {}) };
  if (namespace) obj.metadata.namespace = namespace;
  const say = (what: string) => out.print(nameOnly ? kindName(info, name) : `${kindName(info, name)} ${what}${dryRunSuffix(dryRun)}`);

  if (serverSide) {
    const action: ApplyAction = { type: 'apply', manifests: [obj], fieldManager: flags.string('field-manager') || 'kubectl', force: flags.bool('force-conflicts'), fieldValidation: fieldValidationOf(ctx) };
    if (dryRun === 'server') action.dryRun = true;
    const r = act(ctx, action, false);
    // apply.go wraps a conflict in its advice (a plain error then: "error: Apply failed with …").
    if (r.status?.code === 409 && r.status.message.startsWith('Apply failed')) throw new CmdError(`error: ${r.status.message}\n${CONFLICT_ADVICE}`);
    if (r.status) throw new CmdError(statusText(r.status));
    if (!r.ok) throw new CmdError(r.result.messages.join('\n'));
    say('serverside-applied');
    return;
  }
  const live = target.get(info, namespace, name);
  const modified = withLastApplied(obj);
  const manager = flags.string('field-manager') || CLIENT_SIDE_APPLY_MANAGER;
  if (!live) {
    if (dryRun === 'client') return say('created');
    const action: ApplyAction = { type: 'create', manifests: [modified], fieldManager: manager, fieldValidation: fieldValidationOf(ctx) };
    if (dryRun === 'server') action.dryRun = true;
    const r = act(ctx, action, false);
    if (r.status) throw new CmdError(sourced(r.status, 'creating', s.source));
    if (!r.ok) throw new CmdError(r.result.messages.join('\n'));
    return say('created');
  }
  const lastText = live.metadata.annotations?.[LAST_APPLIED];
  let original: Record<string, unknown> | undefined;
  if (typeof lastText === 'string') {
    try {
      const parsed: unknown = JSON.parse(lastText);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) original = parsed as Record<string, unknown>;
    } catch {
      original = undefined;
    }
  } else {
    out.error(
      `Warning: resource ${info.resource}/${name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.`,
    );
  }
  const strategic = isBuiltin(info);
  const patch = threeWayPatch(original, modified as unknown as Record<string, unknown>, live as unknown as Record<string, unknown>, info, strategic);
  if (Object.keys(patch).length === 0) return say('unchanged');
  if (dryRun === 'client') return say('configured');
  const action: PatchAction = { type: 'patch', resource: resourceOf(info), name, patchType: strategic ? 'strategic' : 'merge', patch, fieldManager: manager, fieldValidation: fieldValidationOf(ctx) };
  if (namespace) action.namespace = namespace;
  if (dryRun === 'server') action.dryRun = true;
  const r = act(ctx, action, false);
  if (r.status) {
    const message = `applying patch:\n${goJsonMarshal(patch)}\nto:\nResource: "${info.group ? `${info.group}/` : ''}${info.version}, Resource=${info.resource}", GroupVersionKind: "${live.apiVersion}, Kind=${live.kind}"\nName: "${name}", Namespace: "${namespace ?? ''}"\nfor:`;
    throw new CmdError(sourced(r.status, message, s.source));
  }
  if (!r.ok) throw new CmdError(r.result.messages.join('\n'));
  say('configured');
}

export const applyCommand: Command = {
  name: 'apply',
  short: 'Apply a configuration to a resource by file name or stdin',
  long: `Apply a configuration to a resource by file name or stdin. The resource name must be specified. This resource will be created if it doesn't exist yet. To use 'apply', always create the resource initially with either 'apply' or 'create --save-config'.

 JSON and YAML formats are accepted.

 Alpha Disclaimer: the --prune functionality is not yet complete. Do not use unless you are aware of what the current state is. See https://issues.k8s.io/34274.`,
  examples: `  # Apply the configuration in pod.json to a pod
  kubectl apply -f ./pod.json

  # Apply the JSON passed into stdin to a pod
  cat pod.json | kubectl apply -f -

  # Apply a manifest given as a heredoc
  kubectl apply -f - <<EOF
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: demo
  EOF`,
  usage: 'kubectl apply (-f FILENAME | -k DIRECTORY) [options]',
  notSupported: '-k (kustomize), --prune, -R and URLs: there is no file system; -f names an editor buffer or - (stdin)',
  flags: [
    DRY_RUN_FLAG,
    FIELD_MANAGER('kubectl-client-side-apply'),
    filenameFlag('The files that contain the configurations to apply.'),
    { name: 'force-conflicts', kind: 'bool', usage: 'If true, server-side apply will force the changes against conflicts.' },
    { ...OBJECT_OUTPUT_FLAG, usage: 'Output format. Only "name" is supported in this console.' },
    { name: 'server-side', kind: 'bool', usage: 'If true, apply runs in the server instead of the client.' },
    VALIDATE_FLAG,
  ],
  run,
};
