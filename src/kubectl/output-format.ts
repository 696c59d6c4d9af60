/**
 * `-o/--output` as kubectl's PrintFlags read it (cli-runtime `genericclioptions/print_flags.go`,
 * `json_yaml_flags.go`, `jsonpath_flags.go`, `custom_column_flags`): `json`, `yaml`, `name`, `wide`,
 * `jsonpath=TEMPLATE`, `custom-columns=SPEC`, and the error for anything else. Printing itself is the printers'
 * (src/kubectl/printers/formats.ts); this file only chooses and feeds them.
 */
import type { KubeObject } from '../sim/api/object.ts';
import type { ResourceInfo } from '../sim/api/resources.ts';
import { CmdError } from './command.ts';
import { parseJsonPath, printCustomColumns, printJsonPath, printObjects } from './printers/formats.ts';

export type OutputFormat =
  | { kind: 'table'; wide: boolean }
  | { kind: 'yaml' | 'json' | 'name' }
  | { kind: 'jsonpath'; template: string }
  | { kind: 'custom-columns'; spec: string };

const ALLOWED = 'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/** Reads `-o`; `allowed` narrows it for commands that print only some formats (`apply`: json, yaml, name…). */
export function parseOutputFormat(value: string, allowed: 'all' | 'objects' = 'all'): OutputFormat {
  const eq = value.indexOf('=');
  const name = eq < 0 ? value : value.slice(0, eq);
  const arg = eq < 0 ? '' : value.slice(eq + 1);
  switch (name) {
    case '':
      return { kind: 'table', wide: false };
    case 'wide':
      if (allowed === 'all') return { kind: 'table', wide: true };
      break;
    case 'json':
    case 'yaml':
    case 'name':
      return { kind: name };
    case 'jsonpath':
      if (!arg) throw new CmdError('error: template format specified but no template given');
      return { kind: 'jsonpath', template: arg };
    case 'custom-columns':
      if (allowed !== 'all') break;
      if (!arg) throw new CmdError('error: custom-columns format specified but no custom columns given');
      return { kind: 'custom-columns', spec: arg };
    case 'go-template':
    case 'go-template-file':
    case 'template':
    case 'templatefile':
    case 'jsonpath-file':
    case 'jsonpath-as-json':
    case 'custom-columns-file':
      throw new CmdError(`error: the output format "${name}" is not supported in this console (use -o jsonpath=… or -o custom-columns=…)`);
  }
  const list = allowed === 'all' ? ALLOWED : 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';
  throw new CmdError(`error: unable to match a printer suitable for the output format "${value}", allowed formats are: ${list}`);
}

/** kubectl hides metadata.managedFields in -o yaml/json unless --show-managed-fields (get.go). */
export function withoutManagedFields(o: KubeObject): KubeObject {
  if (!o.metadata?.managedFields) return o;
  const { managedFields: _m, ...metadata } = o.metadata;
  return { ...o, metadata };
}

/** kubectl's List wrapper for several objects (`-o json|yaml|jsonpath` of a list). */
export function asList(objects: readonly KubeObject[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: objects, kind: 'List', metadata: { resourceVersion: '' } };
}

/**
 * Prints objects in a non-table format. `single`: one object was asked by name (printed bare, not in a List).
 * Returns the text, or throws the printer's error.
 */
export function printNonTable(format: Exclude<OutputFormat, { kind: 'table' }>, objects: KubeObject[], single: boolean, infoOf: (o: KubeObject) => ResourceInfo | undefined, noHeaders = false): string {
  switch (format.kind) {
    case 'yaml':
    case 'json':
    case 'name':
      return printObjects(format.kind, objects, { asList: !single, info: infoOf });
    case 'jsonpath': {
      const p = parseJsonPath(format.template);
      if ('error' in p) throw new CmdError(`error: error parsing jsonpath ${format.template}, ${p.error}`);
      const out = printJsonPath(p, single && objects.length === 1 ? objects[0] : asList(objects));
      if (typeof out !== 'string') throw new CmdError(`error: error executing jsonpath ${JSON.stringify(format.template)}: ${out.error}`);
      return out;
    }
    case 'custom-columns': {
      const out = printCustomColumns(format.spec, objects, noHeaders);
      if (typeof out !== 'string') throw new CmdError(`error: ${out.error}`);
      return out;
    }
  }
}
