/**
 * kubectl's genericDescriber (describe.go), for every kind without a describer of its own (custom resources,
 * Leases, EndpointSlices, webhook configurations, CRDs, Events): Name, Namespace, Labels, Annotations, then the
 * object's fields as printUnstructuredContent writes them (keys sorted, camelCase keys turned into words by
 * smartLabelFor), without managedFields, and the Events.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { goFloat, sortStrings, str } from '../printers/values.ts';
import { eventsSection, printAnnotationsMultiline, printLabelsMultiline, type Writer } from './common.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, PrefixWriter } from './prefix-writer.ts';
import { goSprintValue } from '../printers/custom-columns.ts';

const COMMON_ACRONYMS = ['API', 'URL', 'UID', 'OSB', 'GUID'];

/** github.com/fatih/camelcase Split: runs of lower case, upper case, digits and others. */
function camelSplit(src: string): string[] {
  const classOf = (c: string): number => (/\p{Ll}/u.test(c) ? 1 : /\p{Lu}/u.test(c) ? 2 : /\p{Nd}/u.test(c) ? 3 : 4);
  const runs: string[][] = [];
  let last = 0;
  for (const c of src) {
    const cls = classOf(c);
    if (cls === last && runs.length > 0) runs[runs.length - 1]!.push(c);
    else runs.push([c]);
    last = cls;
  }
  // An upper case letter followed by lower case starts a new word: "HTTPServer" → "HTTP", "Server".
  for (let i = 0; i < runs.length - 1; i++) {
    if (classOf(runs[i]![0]!) === 2 && classOf(runs[i + 1]![0]!) === 1) {
      runs[i + 1]!.unshift(runs[i]!.pop()!);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

/** describe.go smartLabelFor: "apiVersion" → "API Version", "holderIdentity" → "Holder Identity"; keys with digits or dots stay. */
export function smartLabelFor(field: string): string {
  if ([...field].some((r) => !/\p{L}/u.test(r) && r !== '-')) return field;
  return camelSplit(field)
    .filter((p) => p !== '_')
    .map((p) => (COMMON_ACRONYMS.includes(p.toUpperCase()) ? p.toUpperCase() : p.charAt(0).toUpperCase() + p.slice(1)))
    .join(' ');
}

/** Go's %v of a decoded JSON scalar (int64 or float64, string, bool, nil). */
function scalar(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'number') return goFloat(value);
  return goSprintValue(value);
}

const MAX_DEPTH = 100;

/** describe.go printUnstructuredContent. */
export function printUnstructuredContent(w: Writer, level: number, content: Record<string, unknown>, skipPrefix: string, skip: readonly string[], depth = 0): void {
  if (depth > MAX_DEPTH) return;
  // An undefined field is an absent one, as in the object's JSON.
  for (const field of sortStrings(Object.keys(content).filter((k) => content[k] !== undefined))) {
    const value = content[field];
    const skipExpr = `${skipPrefix}.${field}`;
    if (skip.includes(skipExpr)) continue;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value as Record<string, unknown>, skipExpr, skip, depth + 1);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (typeof child === 'object' && child !== null && !Array.isArray(child)) printUnstructuredContent(w, level + 1, child as Record<string, unknown>, skipExpr, skip, depth + 1);
        else w.write(level + 1, `${scalar(child)}\n`);
      }
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${scalar(value)}\n`);
    }
  }
}

export function describeGeneric(o: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${str(o.metadata?.name)}\n`);
  w.write(LEVEL_0, `Namespace:\t${str(o.metadata?.namespace)}\n`);
  printLabelsMultiline(w, 'Labels', o.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', o.metadata?.annotations);
  printUnstructuredContent(w, LEVEL_0, o as Record<string, unknown>, '', ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations']);
  eventsSection(w, o, ctx);
  return w.toString();
}
