/**
 * `kubectl replace -f` (kubectl `pkg/cmd/replace/replace.go`): a PUT of each object as the file has it (the
 * `apply` user action with `replace`), "replaced"; the api-server's 404 when it does not exist, its 409 when the
 * file's resourceVersion is stale.
 */
import type { ApplyAction } from '../../sim/actions/user-action.ts';
import { kindName } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, statusText } from '../command.ts';
import { infoForObject, namespaceForObject, readFilenames } from '../files.ts';
import { act, checkNameOutput, dryRunSuffix, printDone } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, filenameFlag, OBJECT_OUTPUT_FLAG } from './common-flags.ts';
import { fieldValidationOf, VALIDATE_FLAG } from './validate.ts';

function run(ctx: CommandContext): void {
  const { flags, out } = ctx;
  if (!flags.has('filename')) throw new CmdError('error: must specify --filename to replace');
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  checkNameOutput(ctx);
  for (const s of readFilenames(ctx)) {
    try {
      const info = infoForObject(ctx, s);
      const namespace = namespaceForObject(ctx, info, s);
      const name = String(s.object.metadata?.name ?? '');
      if (dryRun !== 'client') {
        const obj = { ...s.object, metadata: { ...s.object.metadata, ...(namespace ? { namespace } : {}) } };
        const action: ApplyAction = { type: 'apply', replace: true, manifests: [obj], fieldManager: flags.string('field-manager') || 'kubectl-replace', fieldValidation: fieldValidationOf(ctx) };
        if (dryRun === 'server') action.dryRun = true;
        const r = act(ctx, action, false);
        if (r.status) {
          out.fail(r.status.reason === 'Invalid' ? statusText(r.status) : statusText({ ...r.status, message: `error when replacing "${s.source}": ${r.status.message}` }));
          continue;
        }
        if (!r.ok) {
          out.fail(r.result.messages.join('\n'));
          continue;
        }
      }
      printDone(ctx, kindName(info, name), `replaced${dryRunSuffix(dryRun)}`);
    } catch (e) {
      if (!(e instanceof CmdError)) throw e;
      out.fail(e.text);
    }
  }
}

export const replaceCommand: Command = {
  name: 'replace',
  short: 'Replace a resource by file name or stdin',
  long: `Replace a resource by file name or stdin.

 JSON and YAML formats are accepted. If replacing an existing resource, the complete resource spec must be provided. This can be obtained by

        $ kubectl get TYPE NAME -o yaml`,
  examples: `  # Replace a pod using the data in pod.json
  kubectl replace -f ./pod.json

  # Replace a pod based on the JSON passed into stdin
  cat pod.json | kubectl replace -f -`,
  usage: 'kubectl replace -f FILENAME [options]',
  notSupported: '--force (delete and re-create), --subresource',
  flags: [DRY_RUN_FLAG, FIELD_MANAGER('kubectl-replace'), filenameFlag('The files that contain the configurations to replace.'), OBJECT_OUTPUT_FLAG, VALIDATE_FLAG],
  run,
};
