/**
 * Flags several commands share, with kubectl 1.32's help texts (cli-runtime `genericclioptions`, kubectl
 * `cmd/util/helpers.go` AddDryRunFlag, AddFieldManagerFlagVar, AddValidateFlags…). The persistent `-n` and `-h`
 * are added to every command by the command table.
 */
import type { FlagSpec } from '../args/flags.ts';
import { CmdError } from '../command.ts';

export const NAMESPACE_FLAG: FlagSpec = { name: 'namespace', short: 'n', kind: 'string', usage: 'If present, the namespace scope for this CLI request' };
export const HELP_FLAG: FlagSpec = { name: 'help', short: 'h', kind: 'bool', usage: 'help for this command' };

/** Global flags kubectl has that make no sense against one simulated cluster: accepted, said to be ignored. */
export const IGNORED_GLOBAL_FLAGS: FlagSpec[] = [
  { name: 'context', kind: 'string', usage: 'The name of the kubeconfig context to use', unsupported: 'there is one context, the simulated cluster' },
  { name: 'kubeconfig', kind: 'string', usage: 'Path to the kubeconfig file to use for CLI requests.', unsupported: 'there is one kubeconfig, the simulated cluster' },
  { name: 'request-timeout', kind: 'string', usage: 'The length of time to wait before giving up on a single server request.', unsupported: 'requests are answered at once' },
  { name: 'v', short: 'v', kind: 'string', usage: 'number for the log level verbosity', unsupported: 'no client logs' },
];

export const OUTPUT_FLAG: FlagSpec = {
  name: 'output',
  short: 'o',
  kind: 'string',
  usage: 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file, custom-columns, custom-columns-file, wide). See custom columns [https://kubernetes.io/docs/reference/kubectl/#custom-columns], golang template [http://golang.org/pkg/text/template/#pkg-overview] and jsonpath template [https://kubernetes.io/docs/reference/kubectl/jsonpath/].',
};

export const OBJECT_OUTPUT_FLAG: FlagSpec = {
  name: 'output',
  short: 'o',
  kind: 'string',
  usage: 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).',
};

export const SELECTOR_FLAG: FlagSpec = {
  name: 'selector',
  short: 'l',
  kind: 'string',
  usage: "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints.",
};

export const FIELD_SELECTOR_FLAG: FlagSpec = {
  name: 'field-selector',
  kind: 'string',
  usage: "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type.",
};

export const ALL_NAMESPACES_FLAG: FlagSpec = {
  name: 'all-namespaces',
  short: 'A',
  kind: 'bool',
  usage: 'If present, list the requested object(s) across all namespaces. Namespace in current context is ignored even if specified with --namespace.',
};

export const DRY_RUN_FLAG: FlagSpec = {
  name: 'dry-run',
  kind: 'string',
  def: 'none',
  noOptDefault: 'unchanged',
  usage: 'Must be "none", "server", or "client". If client strategy, only print the object that would be sent, without sending it. If server strategy, submit server-side request without persisting the resource.',
};

export function filenameFlag(what: string): FlagSpec {
  return { name: 'filename', short: 'f', kind: 'strings', usage: `${what} (a name of an editor buffer, or - for what is pasted or given as a heredoc)` };
}

export const FIELD_MANAGER = (def: string): FlagSpec => ({ name: 'field-manager', kind: 'string', def, usage: 'Name of the manager used to track field ownership.' });

export const COMMON_GET_FLAGS: FlagSpec[] = [
  ALL_NAMESPACES_FLAG,
  FIELD_SELECTOR_FLAG,
  { name: 'ignore-not-found', kind: 'bool', usage: 'If the requested object does not exist the command will return exit code 0.' },
  { name: 'label-columns', short: 'L', kind: 'strings', usage: 'Accepts a comma separated list of labels that are going to be presented as columns. Names are case-sensitive. You can also use multiple flag options like -L label1 -L label2...' },
  { name: 'no-headers', kind: 'bool', usage: "When using the default or custom-column output format, don't print headers (default print headers)." },
  OUTPUT_FLAG,
  SELECTOR_FLAG,
  { name: 'show-kind', kind: 'bool', usage: 'If present, list the resource type for the requested object(s).' },
  { name: 'show-managed-fields', kind: 'bool', usage: 'If true, keep the managedFields when printing objects in JSON or YAML format.' },
  { name: 'show-labels', kind: 'bool', usage: 'When printing, show all labels as the last column (default hide labels column)' },
  { name: 'sort-by', kind: 'string', usage: "If non-empty, sort list types using this field specification.  The field specification is expressed as a JSONPath expression (e.g. '{.metadata.name}'). The field in the API resource specified by this JSONPath expression must be an integer or a string." },
  { name: 'watch', short: 'w', kind: 'bool', usage: 'After listing/getting the requested object, watch for changes.' },
  { name: 'watch-only', kind: 'bool', usage: 'Watch for changes to the requested object(s), without listing/getting first.' },
  { name: 'chunk-size', kind: 'int', def: '500', usage: 'Return large lists in chunks rather than all at once. Pass 0 to disable. This flag is beta and may change in the future.', unsupported: 'lists come whole' },
  { name: 'server-print', kind: 'bool', def: 'true', usage: 'If true, have the server return the appropriate table output. Supports extension APIs and CRDs.', unsupported: 'tables are always the server-side columns' },
];

/** Reads `--dry-run`: none, client or server (kubectl `cmdutil.GetDryRunStrategy`; a bare `--dry-run` is client). */
export function dryRunStrategy(value: string): 'none' | 'client' | 'server' {
  switch (value) {
    case '':
    case 'none':
      return 'none';
    case 'unchanged':
    case 'client':
      return 'client';
    case 'server':
      return 'server';
    default:
      throw new CmdError(`error: Invalid dry-run value (${value}). Must be "none", "server", or "client".`);
  }
}
