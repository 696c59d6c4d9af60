/**
 * `--validate` of apply, create, replace and edit: which `fieldValidation` kubectl sends with each write (kubectl
 * `pkg/cmd/util/helpers.go` GetValidationDirective: strict (or true, the default) → Strict, warn → Warn, ignore (or
 * false) → Ignore). The api-server then refuses an unknown or duplicate field (Strict), writes and warns (Warn, which
 * kubectl prints as `Warning: …`), or drops it (Ignore).
 */
import type { FlagSpec } from '../args/flags.ts';
import type { FieldValidation } from '../../sim/actions/user-action.ts';
import { CmdError, type CommandContext } from '../command.ts';

export const VALIDATE_FLAG: FlagSpec = {
  name: 'validate',
  kind: 'string',
  def: 'strict',
  noOptDefault: 'strict',
  usage:
    'Must be one of: strict (or true), warn, ignore (or false). "true" or "strict" will use a schema to validate the input and fail the request if invalid. It will perform server side validation if ServerSideFieldValidation is enabled on the api-server, but will fall back to less reliable client-side validation if not. "warn" will warn about unknown or duplicate fields without blocking the request if server-side field validation is enabled on the API server, and behave as "ignore" otherwise. "false" or "ignore" will not perform any schema validation, silently dropping any unknown or duplicate fields.',
};

/** The directive `--validate` asks for; kubectl's error for any other value. */
export function fieldValidationOf(ctx: CommandContext): FieldValidation {
  const value = ctx.flags.string('validate', 'strict');
  switch (value.toLowerCase()) {
    case 'strict':
    case 'true':
      return 'Strict';
    case 'warn':
      return 'Warn';
    case 'ignore':
    case 'false':
      return 'Ignore';
    default:
      throw new CmdError(`error: invalid - validate option "${value}"; must be one of: strict (or true), warn, ignore (or false)`);
  }
}
