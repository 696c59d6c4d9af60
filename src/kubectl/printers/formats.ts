/**
 * `-o yaml`, `-o json`, `-o name`, and the JSONPath and custom-columns printers (re-exported here so that the
 * command code reaches every non-table format through one module): cli-runtime `printers/json.go` (JSONPrinter,
 * YAMLPrinter), `printers/name.go` (NamePrinter), `jsonpath.go`, kubectl `customcolumn.go`.
 *
 * Several objects, or a list asked for (`kubectl get pods -o yaml`), print as kubectl's `kind: List` with `items`
 * and `metadata.resourceVersion: ""`; one object asked by name prints bare.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { parseApiVersion } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { goJsonMarshalIndent } from './go-json.ts';
import { goYamlMarshal } from './go-yaml.ts';

export { parseJsonPath, printJsonPath, findJsonPathResults, type JsonPath } from './jsonpath.ts';
export { printCustomColumns } from './custom-columns.ts';

/** kubectl's List wrapper. */
export function listOf(objects: readonly KubeObject[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: objects, kind: 'List', metadata: { resourceVersion: '' } };
}

/** name.go: "deployment.apps/web", "pod/web-1" (the group from the resource, else from the object's apiVersion). */
export function nameOf(o: KubeObject, info: ResourceInfo | undefined): string {
  const kind = info?.kind ?? (typeof o?.kind === 'string' ? o.kind : '');
  const group = info ? info.group : typeof o?.apiVersion === 'string' ? parseApiVersion(o.apiVersion).group : '';
  const name = typeof o?.metadata?.name === 'string' ? o.metadata.name : '';
  const gk = group ? `${kind}.${group}` : kind;
  return gk ? `${gk.toLowerCase()}/${name}` : name;
}

/**
 * Prints objects as YAML, JSON or names. `asList`: wrap in a List even for one object (a list was asked);
 * several objects are always a List. Never throws: a value that cannot be encoded (a cycle, depth beyond 1,000)
 * prints as an error line.
 */
export function printObjects(format: 'yaml' | 'json' | 'name', objects: KubeObject[], opts: { asList: boolean; info: (o: KubeObject) => ResourceInfo | undefined }): string {
  try {
    if (format === 'name') return objects.map((o) => `${nameOf(o, safeInfo(opts.info, o))}\n`).join('');
    const data = opts.asList || objects.length !== 1 ? listOf(objects) : objects[0];
    return format === 'json' ? `${goJsonMarshalIndent(data)}\n` : goYamlMarshal(data);
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}\n`;
  }
}

function safeInfo(info: (o: KubeObject) => ResourceInfo | undefined, o: KubeObject): ResourceInfo | undefined {
  try {
    return info(o);
  } catch {
    return undefined;
  }
}
