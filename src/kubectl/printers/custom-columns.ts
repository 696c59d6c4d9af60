/**
 * `-o custom-columns=HEADER:.path,…`: kubectl `pkg/cmd/get/customcolumn.go` (NewCustomColumnsPrinterFromSpec,
 * printOneObject). Each column's path is relaxed ("metadata.name" → "{.metadata.name}") and evaluated with missing
 * keys allowed; a column with no value prints "<none>", several values are joined by ",", and each value is Go's
 * fmt.Sprint of it (a map prints as "map[k:v]"). Laid out by the same tabwriter as tables.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { findJsonPathResults, parseJsonPath, type JsonPath } from './jsonpath.ts';
import { relaxedJsonPathExpression } from './sort.ts';
import { goTabwriter } from './text-tabwriter.ts';
import { goSprint } from './values.ts';

/** Go's fmt.Sprint of a decoded JSON value: maps as map[k:v] (keys sorted), slices as [a b]. */
export function goSprintValue(v: unknown, depth = 0): string {
  if (depth > 100) return '...';
  if (Array.isArray(v)) return `[${v.map((x) => goSprintValue(x, depth + 1)).join(' ')}]`;
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${keys.map((k) => `${k}:${goSprintValue(o[k], depth + 1)}`).join(' ')}]`;
  }
  return goSprint(v);
}

/** printers.EscapeTerminal: ESC as "^[", CR as "\r". */
function escapeTerminal(s: string): string {
  return s.replaceAll(String.fromCharCode(0x1b), '^[').replaceAll('\r', '\\r');
}

interface Column {
  header: string;
  path: JsonPath;
}

/** Parses a custom-columns spec; kubectl's error text (without its "error: " prefix) when it is malformed. */
export function parseCustomColumns(spec: string): Column[] | { error: string } {
  if (typeof spec !== 'string' || spec.length === 0) return { error: 'custom-columns format specified but no custom columns given' };
  const columns: Column[] = [];
  for (const part of spec.split(',')) {
    const i = part.indexOf(':');
    if (i < 0) return { error: `unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>` };
    const field = relaxedJsonPathExpression(part.slice(i + 1));
    if (typeof field !== 'string') return field;
    const path = parseJsonPath(field, { allowMissingKeys: true });
    if ('error' in path) return path;
    columns.push({ header: part.slice(0, i), path });
  }
  return columns;
}

/** The custom-columns table of `objects` (empty text for no objects: the caller says "No resources found"). */
export function printCustomColumns(spec: string, objects: KubeObject[], noHeaders: boolean): string | { error: string } {
  const columns = parseCustomColumns(spec);
  if (!Array.isArray(columns)) return columns;
  if (objects.length === 0) return '';
  const lines: string[][] = [];
  if (!noHeaders) lines.push(columns.map((c) => c.header));
  for (const o of objects) {
    const line: string[] = [];
    for (const c of columns) {
      const values = findJsonPathResults(c.path, o);
      if (!Array.isArray(values)) return values;
      const strings: string[] = [];
      if (values.length === 0 || values[0]!.length === 0) strings.push('<none>');
      for (const list of values) for (const v of list) strings.push(escapeTerminal(goSprintValue(v)));
      line.push(strings.join(','));
    }
    lines.push(line);
  }
  return goTabwriter(`${lines.map((l) => l.join('\t')).join('\n')}\n`, { minwidth: 6, padding: 3, padchar: ' ' });
}
