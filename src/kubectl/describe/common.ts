/**
 * The pieces every describer shares, as kubectl `pkg/describe/describe.go` writes them: Labels and Annotations
 * with continuation lines, taints and tolerations, "Controlled By", RFC 1123 times, and the Events section with
 * the events that concern the object (searchEvents: same involvedObject name, namespace, kind and uid).
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { parseTimestamp, translateTimestampSince } from '../printers/age.ts';
import { arr, at, obj, sortStrings, str, stringMap } from '../printers/values.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, LEVEL_1, type NestedPrefixWriter, type PrefixWriter } from './prefix-writer.ts';
import { EPOCH_MS } from '../../sim/engine/clock.ts';
import { goSort } from '../printers/go-sort.ts';

export type Writer = PrefixWriter | NestedPrefixWriter;

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Go's `t.Format(time.RFC1123Z)` ("Thu, 01 Jan 2026 00:00:05 +0000"). Upstream prints the reader's local zone;
 * here times are UTC, as a cluster's are and as kubectl prints them with TZ=UTC. A zero (absent) time is Go's zero.
 */
export function formatRFC1123Z(timestamp: unknown): string {
  const t = parseTimestamp(timestamp);
  if (t === undefined) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const d = new Date(EPOCH_MS + t);
  return `${DAYS[d.getUTCDay()]}, ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} +0000`;
}

/** Go's %v of a scalar field. */
export function v(x: unknown): string {
  if (x === undefined || x === null) return '';
  if (typeof x === 'string') return x;
  if (typeof x === 'number' || typeof x === 'boolean') return String(x);
  return JSON.stringify(x) ?? '';
}

/** Go's %d of an int field (0 when absent). */
export function d(x: unknown): string {
  return typeof x === 'number' && Number.isFinite(x) ? String(Math.trunc(x)) : '0';
}

export function printBool(value: unknown): string {
  return value === true ? 'True' : 'False';
}

export function printBoolPtr(value: unknown): string {
  return typeof value === 'boolean' ? printBool(value) : '<unset>';
}

/** describe.go printLabelsMultilineWithIndent. */
export function printLabelsMultilineWithIndent(w: Writer, initialIndent: string, title: string, innerIndent: string, labels: unknown, skip: ReadonlySet<string> = new Set()): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const m = stringMap(labels);
  const keys = sortStrings(Object.keys(m).filter((k) => !skip.has(k)));
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, initialIndent);
      w.write(LEVEL_0, innerIndent);
    }
    w.write(LEVEL_0, `${key}=${m[key]}\n`);
  });
}

export function printLabelsMultiline(w: Writer, title: string, labels: unknown): void {
  printLabelsMultilineWithIndent(w, '', title, '\t', labels);
}

const MAX_ANNOTATION_LEN = 140;
const SKIP_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);

/** Go's s[:n] on bytes: cut a UTF-8 string at a byte length. */
function shorten(s: string, maxLength: number): string {
  const bytes = new TextEncoder().encode(s);
  if (bytes.length <= maxLength) return s;
  return `${new TextDecoder().decode(bytes.slice(0, maxLength))}...`;
}
const byteLength = (s: string): number => new TextEncoder().encode(s).length;

/** describe.go printAnnotationsMultiline: long or multi-line values on their own lines, cut at 140 bytes. */
export function printAnnotationsMultiline(w: Writer, title: string, annotations: unknown): void {
  w.write(LEVEL_0, `${title}:\t`);
  const m = stringMap(annotations);
  const keys = sortStrings(Object.keys(m).filter((k) => !SKIP_ANNOTATIONS.has(k)));
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const indent = '\t';
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, indent);
    const value = m[key]!.endsWith('\n') ? m[key]!.slice(0, -1) : m[key]!;
    if (byteLength(value) + byteLength(key) + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`);
      for (const s of value.split('\n')) w.write(LEVEL_0, `${indent}  ${shorten(s, MAX_ANNOTATION_LEN - 2)}\n`);
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`);
    }
  });
}

/** describe.go printTaintsMultilineWithIndent ("key=value:Effect", sorted by effect then key). */
export function printTaintsMultiline(w: Writer, title: string, taints: unknown): void {
  w.write(LEVEL_0, `${title}:\t`);
  const list = arr(taints).map((t) => obj(t) ?? {});
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const key = (t: Record<string, unknown>): string => `${str(t.effect)},${str(t.key)}`;
  list.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  list.forEach((t, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, '');
      w.write(LEVEL_0, '\t');
    }
    // corev1.Taint.ToString
    const text = str(t.value) === '' ? `${str(t.key)}:${str(t.effect)}` : `${str(t.key)}=${str(t.value)}:${str(t.effect)}`;
    w.write(LEVEL_0, `${text}\n`);
  });
}

/** describe.go printTolerationsMultilineWithIndent. */
export function printTolerationsMultilineWithIndent(w: Writer, initialIndent: string, title: string, innerIndent: string, tolerations: unknown): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const list = arr(tolerations).map((t) => obj(t) ?? {});
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.sort((a, b) => (str(a.key) < str(b.key) ? -1 : str(a.key) > str(b.key) ? 1 : 0));
  list.forEach((t, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, initialIndent);
      w.write(LEVEL_0, innerIndent);
    }
    w.write(LEVEL_0, str(t.key));
    if (str(t.value).length !== 0) w.write(LEVEL_0, `=${str(t.value)}`);
    if (str(t.effect).length !== 0) w.write(LEVEL_0, `:${str(t.effect)}`);
    if (t.operator === 'Exists' && str(t.value).length === 0) {
      w.write(LEVEL_0, str(t.key).length !== 0 || str(t.effect).length !== 0 ? ' op=Exists' : 'op=Exists');
    }
    if (typeof t.tolerationSeconds === 'number') w.write(LEVEL_0, ` for ${Math.trunc(t.tolerationSeconds)}s`);
    w.write(LEVEL_0, '\n');
  });
}

/** describe.go printController: "ReplicaSet/web-5d4b9c8f7" from the controller owner reference. */
export function printController(o: KubeObject): string {
  for (const r of arr(o.metadata?.ownerReferences)) {
    const ref = obj(r);
    if (ref?.controller === true) return `${str(ref.kind)}/${str(ref.name)}`;
  }
  return '';
}

/** The events about `o` (describe.go searchEvents' field selector), in the order listed. */
export function searchEvents(events: readonly KubeObject[], o: KubeObject, uid: string = str(o.metadata?.uid)): KubeObject[] {
  const name = str(o.metadata?.name);
  const namespace = str(o.metadata?.namespace);
  const kind = str(o.kind);
  return events.filter((e) => {
    const io = obj(e.involvedObject) ?? {};
    return str(io.name) === name && str(io.namespace) === namespace && (kind === '' || str(io.kind) === kind) && (uid === '' || str(io.uid) === uid);
  });
}

const isZero = (t: unknown): boolean => parseTimestamp(t) === undefined;

/** describe.go DescribeEvents: sorted by lastTimestamp; "2m (x3 over 5m)" for repeated events. */
export function describeEvents(events: readonly KubeObject[], w: Writer, now: number): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  const sorted = sortEvents(events);
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    const firstTimestampSince = isZero(e.eventTime) ? translateTimestampSince(now, e.firstTimestamp) : translateTimestampSince(now, e.eventTime);
    const series = obj(e.series);
    const count = typeof e.count === 'number' ? Math.trunc(e.count) : 0;
    let interval: string;
    if (series) interval = `${translateTimestampSince(now, series.lastObservedTime)} (x${d(series.count)} over ${firstTimestampSince})`;
    else if (count > 1) interval = `${translateTimestampSince(now, e.lastTimestamp)} (x${count} over ${firstTimestampSince})`;
    else interval = firstTimestampSince;
    const source = str(at(e, 'source', 'component')) || str(e.reportingComponent);
    w.write(LEVEL_1, `${v(e.type)}\t${v(e.reason)}\t${interval}\t${source}\t${str(e.message).trim()}\n`);
  }
}

/**
 * kubectl's `sort.Sort(event.SortableEvents(…))`: by lastTimestamp only (a missing one is Go's zero time, first),
 * with Go's own unstable sort, so events of the same second end where kubectl puts them (given the server's order).
 */
export function sortEvents(events: readonly KubeObject[]): KubeObject[] {
  const t = (e: KubeObject): number => parseTimestamp(e.lastTimestamp) ?? -Infinity;
  return goSort(events, (a, b) => t(a) < t(b));
}

/** The Events section when events are shown: the object's events, or "<none>". */
export function eventsSection(w: Writer, o: KubeObject, ctx: DescribeContext, uids?: string[]): void {
  if (ctx.showEvents === false) return;
  const events = uids ? uids.flatMap((uid) => searchEvents(ctx.events, o, uid)) : searchEvents(ctx.events, o);
  describeEvents(events, w, ctx.now);
}
