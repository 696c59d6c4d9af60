/**
 * `kubectl create` (kubectl `pkg/cmd/create/*.go`): `-f` (a POST per object, manager `kubectl-create`), and the
 * generators `deployment`, `job`, `cronjob`, `namespace`, `configmap`, which build the very objects kubectl 1.32
 * builds (compare `kubectl create deployment web --image=nginx --dry-run=client -o yaml`), then POST them.
 * `--dry-run=client -o yaml` prints the object without sending it; `--save-config` adds the last-applied annotation.
 */
import type { ApplyAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import type { FlagSpec } from '../args/flags.ts';
import { kindName } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, statusText, usageError } from '../command.ts';
import { infoForObject, namespaceForObject, readFilenames } from '../files.ts';
import { parseOutputFormat, printNonTable } from '../output-format.ts';
import { act, dryRunSuffix } from './act.ts';
import { withLastApplied } from './apply.ts';
import { DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, filenameFlag, OBJECT_OUTPUT_FLAG } from './common-flags.ts';
import { fieldValidationOf, VALIDATE_FLAG } from './validate.ts';
import type { Status } from '../../sim/api/status.ts';

const CREATE_MANAGER = 'kubectl-create';

const GENERATOR_FLAGS: FlagSpec[] = [DRY_RUN_FLAG, FIELD_MANAGER(CREATE_MANAGER), OBJECT_OUTPUT_FLAG, VALIDATE_FLAG, { name: 'save-config', kind: 'bool', usage: 'If true, the configuration of current object will be saved in its annotation. Otherwise, the annotation will be unchanged. This flag is useful when you want to perform kubectl apply on this object in the future.' }];

/** Creates `obj` (or prints it under --dry-run=client); `what` names the generator in kubectl's error. */
/**
 * Creates `obj` (or prints it under --dry-run=client). `failure` words the api-server's refusal: from kubectl's
 * own line for it (`text`), or, for the generators that wrap the error (`failed to create deployment: %v`), from
 * the Status's message, which is what Go's `err.Error()` gives.
 */
function createObject(ctx: CommandContext, info: ResourceInfo, obj: KubeObject, failure: (text: string, status: Status) => string): boolean {
  const { flags, out, target } = ctx;
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  const format = parseOutputFormat(flags.string('output'), 'objects');
  const body = flags.bool('save-config') ? withLastApplied(obj) : obj;
  const name = String(obj.metadata.name ?? '');
  const namespace = info.namespaced ? (typeof obj.metadata.namespace === 'string' ? obj.metadata.namespace : ctx.namespace) : undefined;
  let shown: KubeObject = body;
  if (dryRun !== 'client') {
    const sent = info.namespaced ? { ...body, metadata: { ...body.metadata, namespace } } : body;
    const action: ApplyAction = { type: 'create', manifests: [sent], fieldManager: flags.string('field-manager') || CREATE_MANAGER, fieldValidation: fieldValidationOf(ctx) };
    if (dryRun === 'server') action.dryRun = true;
    const r = act(ctx, action, false);
    if (r.status) {
      out.fail(failure(statusText(r.status), r.status));
      return false;
    }
    if (!r.ok) {
      out.fail(r.result.messages.map((m) => (m.startsWith('error: ') ? m : `error: ${m}`)).join('\n'));
      return false;
    }
    if (dryRun === 'none') shown = target.get(info, namespace, name) ?? body;
  }
  if (format.kind === 'table') out.print(`${kindName(info, name)} created${dryRunSuffix(dryRun)}`);
  else out.write(printNonTable(format, [shown], true, () => info));
  return true;
}

function info(ctx: CommandContext, resource: string): ResourceInfo {
  const i = ctx.target.resolve(resource);
  if (!i) throw new CmdError(`error: the server doesn't have a resource type "${resource}"`);
  return i;
}

function oneName(ctx: CommandContext): string {
  const names = ctx.argsLenAtDash >= 0 ? ctx.args.slice(0, ctx.argsLenAtDash) : ctx.args;
  if (names.length !== 1) throw usageError(ctx.path, `exactly one NAME is required, got ${names.length}`);
  return names[0]!;
}

/** apimachinery utilrand's alphabet (no vowels, no confusable digits). */
const RAND_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * kubectl's container name from an image: the last path segment without tag or digest; a name with "_" or "."
 * gets them as "-" and a 5-character suffix (create_deployment.go sanitizeAndUniquify). Upstream's suffix is random;
 * here it is drawn from the name (FNV-1a), so that a replay gives the same name.
 */
function containerName(image: string): string {
  let name = image.split('/').pop() ?? image;
  name = name.split(':')[0]!.split('@')[0]!;
  if (!/[_.]/.test(name)) return name;
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  let suffix = '';
  for (let i = 0; i < 5; i++) {
    suffix += RAND_ALPHABET[h % RAND_ALPHABET.length];
    h = Math.floor(h / RAND_ALPHABET.length) || Math.imul(h + i + 1, 0x01000193) >>> 0;
  }
  return `${name.replace(/[_.]/g, '-')}-${suffix}`;
}

function commandAfterDash(ctx: CommandContext): string[] {
  return ctx.argsLenAtDash >= 0 ? ctx.args.slice(ctx.argsLenAtDash) : [];
}

const createDeployment: Command = {
  name: 'deployment',
  aliases: ['deploy'],
  short: 'Create a deployment with the specified name',
  long: 'Create a deployment with the specified name.',
  examples: `  # Create a deployment named my-dep that runs the busybox image
  kubectl create deployment my-dep --image=busybox

  # Create a deployment with a command
  kubectl create deployment my-dep --image=busybox -- date

  # Create a deployment named my-dep that runs the nginx image with 3 replicas
  kubectl create deployment my-dep --image=nginx --replicas=3`,
  usage: 'kubectl create deployment NAME --image=image -- [COMMAND] [args...] [options]',
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'image', kind: 'strings', usage: 'Image names to run. A deployment can have multiple images set for multi-container pod.' },
    { name: 'port', kind: 'int', def: '-1', usage: 'The containerPort that this deployment exposes.' },
    { name: 'replicas', short: 'r', kind: 'int', def: '1', usage: 'Number of replicas to create. Default is 1.' },
  ],
  run(ctx) {
    const images = ctx.flags.strings('image');
    if (!ctx.flags.has('image')) throw new CmdError('error: required flag(s) "image" not set');
    const name = oneName(ctx);
    const command = commandAfterDash(ctx);
    if (images.length > 1 && command.length) throw new CmdError('error: cannot specify multiple --image options and command');
    const port = ctx.flags.int('port', -1);
    const used = new Map<string, number>();
    const containers = images.map((image, index) => {
      let n = containerName(image);
      const seen = used.get(n) ?? 0;
      used.set(n, seen + 1);
      if (seen > 0) n = `${n}-${seen}`;
      const c: Record<string, unknown> = {};
      if (command.length) c.command = command;
      c.image = image;
      c.name = n;
      // create_deployment.go: the port goes on the first container only.
      if (port >= 0 && index === 0) c.ports = [{ containerPort: port }];
      c.resources = {};
      return c;
    });
    const labels = { app: name };
    const obj: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { creationTimestamp: null, labels, name } as unknown as KubeObject['metadata'],
      spec: {
        replicas: ctx.flags.int('replicas', 1),
        selector: { matchLabels: labels },
        strategy: {},
        template: { metadata: { creationTimestamp: null, labels }, spec: { containers } },
      },
      status: {},
    };
    createObject(ctx, info(ctx, 'deployments.apps'), obj, (_text, status) => `error: failed to create deployment: ${status.message}`);
  },
};

function jobSpec(name: string, image: string, command: string[], restartPolicy: string): Record<string, unknown> {
  const container: Record<string, unknown> = {};
  if (command.length) container.command = command;
  container.image = image;
  container.name = name;
  container.resources = {};
  return { template: { metadata: { creationTimestamp: null }, spec: { containers: [container], restartPolicy } } };
}

const createJob: Command = {
  name: 'job',
  short: 'Create a job with the specified name',
  long: 'Create a job with the specified name.',
  examples: `  # Create a job
  kubectl create job my-job --image=busybox

  # Create a job with a command
  kubectl create job my-job --image=busybox -- date`,
  usage: 'kubectl create job NAME --image=image [--from=cronjob/name] -- [COMMAND] [args...] [options]',
  notSupported: '--from=cronjob/NAME',
  flags: [...GENERATOR_FLAGS, { name: 'image', kind: 'string', usage: 'Image name to run.' }],
  run(ctx) {
    const name = oneName(ctx);
    const image = ctx.flags.string('image');
    if (!image) throw usageError(ctx.path, 'either --image or --from must be specified');
    const obj: KubeObject = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { creationTimestamp: null, name } as unknown as KubeObject['metadata'],
      spec: jobSpec(name, image, commandAfterDash(ctx), 'Never'),
      status: {},
    };
    createObject(ctx, info(ctx, 'jobs.batch'), obj, (_text, status) => `error: failed to create job: ${status.message}`);
  },
};

const createCronJob: Command = {
  name: 'cronjob',
  aliases: ['cj'],
  short: 'Create a cron job with the specified name',
  long: 'Create a cron job with the specified name.',
  examples: `  # Create a cron job
  kubectl create cronjob my-job --image=busybox --schedule="*/1 * * * *"

  # Create a cron job with a command
  kubectl create cronjob my-job --image=busybox --schedule="*/1 * * * *" -- date`,
  usage: 'kubectl create cronjob NAME --image=image --schedule=\'0/5 * * * ?\' -- [COMMAND] [args...] [flags] [options]',
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'image', kind: 'string', usage: 'Image name to run.' },
    { name: 'restart', kind: 'string', usage: 'job\'s restart policy. supported values: OnFailure, Never' },
    { name: 'schedule', kind: 'string', usage: 'A schedule in the Cron format the job should be run with.' },
  ],
  run(ctx) {
    const missing = ['image', 'schedule'].filter((f) => !ctx.flags.has(f));
    if (missing.length) throw new CmdError(`error: required flag(s) ${missing.map((f) => `"${f}"`).join(', ')} not set`);
    const name = oneName(ctx);
    const restart = ctx.flags.string('restart') || 'OnFailure';
    if (restart !== 'OnFailure' && restart !== 'Never') throw new CmdError(`error: invalid restart policy: ${restart}`);
    const obj: KubeObject = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { creationTimestamp: null, name } as unknown as KubeObject['metadata'],
      spec: {
        jobTemplate: { metadata: { creationTimestamp: null, name }, spec: jobSpec(name, ctx.flags.string('image'), commandAfterDash(ctx), restart) },
        schedule: ctx.flags.string('schedule'),
      },
      status: {},
    };
    createObject(ctx, info(ctx, 'cronjobs.batch'), obj, (_text, status) => `error: failed to create cronjob: ${status.message}`);
  },
};

const createNamespace: Command = {
  name: 'namespace',
  aliases: ['ns'],
  short: 'Create a namespace with the specified name',
  long: 'Create a namespace with the specified name.',
  examples: `  # Create a new namespace named my-namespace
  kubectl create namespace my-namespace`,
  usage: 'kubectl create namespace NAME [--dry-run=server|client|none] [options]',
  flags: GENERATOR_FLAGS,
  run(ctx) {
    const name = oneName(ctx);
    const obj: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { creationTimestamp: null, name } as unknown as KubeObject['metadata'], spec: {}, status: {} };
    createObject(ctx, info(ctx, 'namespaces'), obj, (e) => e);
  },
};

const createConfigMap: Command = {
  name: 'configmap',
  aliases: ['cm'],
  short: 'Create a config map from a local file, directory or literal value',
  long: 'Create a config map based on a file, directory, or specified literal value.',
  examples: `  # Create a new config map named my-config with key1=config1 and key2=config2
  kubectl create configmap my-config --from-literal=key1=config1 --from-literal=key2=config2`,
  usage: 'kubectl create configmap NAME [--from-file=[key=]source] [--from-literal=key1=value1] [--dry-run=server|client|none] [options]',
  notSupported: '--from-file and --from-env-file: there is no file system',
  flags: [...GENERATOR_FLAGS, { name: 'from-literal', kind: 'array', usage: 'Specify a key and literal value to insert in configmap (i.e. mykey=somevalue)' }],
  run(ctx) {
    const name = oneName(ctx);
    const data: Record<string, string> = {};
    // --from-literal is a stringArray upstream: a value may hold commas.
    for (const lit of ctx.flags.strings('from-literal')) {
      const eq = lit.indexOf('=');
      if (eq <= 0) throw new CmdError(`error: invalid literal source ${lit}, expected key=value`);
      const key = lit.slice(0, eq);
      if (key in data) throw new CmdError(`error: cannot add key ${key}, another key by that name already exists in Data for ConfigMap "${name}"`);
      data[key] = lit.slice(eq + 1);
    }
    const obj: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { creationTimestamp: null, name } as unknown as KubeObject['metadata'] };
    if (Object.keys(data).length) obj.data = Object.fromEntries(Object.keys(data).sort().map((k) => [k, data[k]]));
    createObject(ctx, info(ctx, 'configmaps'), obj, (e) => e);
  },
};

function runFromFiles(ctx: CommandContext): void {
  if (ctx.args.length) throw usageError(ctx.path, `Unexpected args: [${ctx.args.join(' ')}]`);
  if (!ctx.flags.has('filename')) throw new CmdError('error: must specify one of -f and -k');
  for (const s of readFilenames(ctx)) {
    try {
      const i = infoForObject(ctx, s);
      const namespace = namespaceForObject(ctx, i, s);
      const obj = { ...s.object, metadata: { ...s.object.metadata, ...(namespace ? { namespace } : {}) } };
      createObject(ctx, i, obj, (e) => e.replace(/^(Error from server \([A-Za-z]+\): )/, `$1error when creating "${s.source}": `));
    } catch (e) {
      if (!(e instanceof CmdError)) throw e;
      ctx.out.fail(e.text);
    }
  }
}

export const createCommand: Command = {
  name: 'create',
  short: 'Create a resource from a file or from stdin',
  long: `Create a resource from a file or from stdin.

 JSON and YAML formats are accepted.`,
  examples: `  # Create a pod using the data in pod.json
  kubectl create -f ./pod.json

  # Create a pod based on the JSON passed into stdin
  cat pod.json | kubectl create -f -`,
  usage: 'kubectl create -f FILENAME [options]',
  notSupported: 'the generators clusterrole, clusterrolebinding, ingress, poddisruptionbudget, priorityclass, quota, role, rolebinding, secret, service, serviceaccount and token: the simulation does not serve those kinds',
  flags: [...GENERATOR_FLAGS, filenameFlag('Filename, directory, or URL to files to use to create the resource')],
  subcommands: [createConfigMap, createCronJob, createDeployment, createJob, createNamespace],
  run: runFromFiles,
};
