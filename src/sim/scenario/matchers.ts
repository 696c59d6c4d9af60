/**
 * The pure parts of checking expectations: reading a field path out of an object, testing its value, and matching
 * trace events against an `event:` or `trace:` pattern.
 */
import { BUILTIN_RESOURCES } from '../api/resources.ts';
import type { ObjectRef, TraceEvent } from '../trace/trace-event.ts';
import type { EventMatcher, FieldTest } from './scenario.ts';
import { matchesPattern } from './pattern.ts';

/** Splits "deployment/web" into resource and name. */
export function parseObjectRef(ref: string): { resource: string; name: string } | undefined {
  const i = ref.indexOf('/');
  if (i <= 0 || i === ref.length - 1 || ref.indexOf('/', i + 1) >= 0) return undefined;
  return { resource: ref.slice(0, i), name: ref.slice(i + 1) };
}

type Segment = { key: string } | { index: number } | { where: string; equals: string };

/**
 * Parses "status.conditions[type=Available].status", "spec.template.spec.containers[0].image",
 * `metadata.labels["app.kubernetes.io/name"]`. Returns undefined when the path is malformed.
 */
export function parseFieldPath(path: string): Segment[] | undefined {
  const out: Segment[] = [];
  const re = /\.?([^.[\]"]+)|\[(\d+)\]|\[([^=\]"]+)=([^\]]*)\]|\["([^"]*)"\]/y;
  let pos = 0;
  while (pos < path.length) {
    re.lastIndex = pos;
    const m = re.exec(path);
    if (!m || (m.index === 0 && path.startsWith('.'))) return undefined;
    if (m[1] !== undefined) out.push({ key: m[1] });
    else if (m[2] !== undefined) out.push({ index: Number(m[2]) });
    else if (m[3] !== undefined) out.push({ where: m[3], equals: m[4]! });
    else out.push({ key: m[5]! });
    pos = re.lastIndex;
  }
  return out.length ? out : undefined;
}

/** The value at `path` in `obj`, or `{ found: false }`. */
export function getField(obj: unknown, path: string): { found: true; value: unknown } | { found: false } {
  const segs = parseFieldPath(path);
  if (!segs) return { found: false };
  let cur: unknown = obj;
  for (const s of segs) {
    if ('key' in s) {
      if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !Object.hasOwn(cur, s.key)) return { found: false };
      cur = (cur as Record<string, unknown>)[s.key];
    } else if ('index' in s) {
      if (!Array.isArray(cur) || s.index >= cur.length) return { found: false };
      cur = cur[s.index];
    } else {
      if (!Array.isArray(cur)) return { found: false };
      cur = cur.find((item) => item !== null && typeof item === 'object' && String((item as Record<string, unknown>)[s.where]) === s.equals);
      if (cur === undefined) return { found: false };
    }
  }
  return { found: true, value: cur };
}

/** Deep equality of JSON values; numbers and numeric strings differ ("3" is not 3). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => jsonEqual(x, (b as unknown[])[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Whether the field satisfies the test, and what it was (for messages). */
export function testField(obj: unknown, path: string, test: FieldTest): { ok: boolean; actual: string } {
  const got = obj === undefined ? { found: false as const } : getField(obj, path);
  const actual = obj === undefined ? 'the object does not exist' : got.found ? `it is ${JSON.stringify(got.value)}` : 'the field is absent';
  if ('exists' in test) return { ok: got.found === test.exists, actual };
  if (!got.found) return { ok: false, actual };
  if ('matches' in test) {
    const v = got.value;
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    return { ok: matchesPattern(test.matches, text), actual };
  }
  return { ok: jsonEqual(got.value, test.equals), actual };
}

/** Whether kubectl's `resource` ("deploy", "deployments", "Deployment", "deployments.apps") names `kind`. */
export function resourceNamesKind(resource: string, kind: string): boolean {
  const r = resource.toLowerCase().split('.')[0]!;
  const k = kind.toLowerCase();
  if (r === k) return true;
  const info = BUILTIN_RESOURCES.find((i) => i.kind.toLowerCase() === k);
  if (info) return r === info.resource || r === info.singular || info.shortNames.includes(r);
  return r === `${k}s`;
}

/** Whether `ref` is the object written "deployment/web" (namespace checked only when given). */
export function refMatches(ref: ObjectRef, object: string, namespace?: string): boolean {
  const want = parseObjectRef(object);
  if (!want) return false;
  if (namespace !== undefined && (ref.namespace ?? '') !== namespace) return false;
  return ref.name === want.name && resourceNamesKind(want.resource, ref.kind);
}

/** Whether a trace event is the Kubernetes Event `m` describes. */
export function matchesEvent(e: TraceEvent, m: EventMatcher): boolean {
  if (e.kind !== 'k8s.event' || e.reason !== m.reason) return false;
  if (m.type !== undefined && e.type !== m.type) return false;
  if (m.reportingController !== undefined && e.reportingController !== m.reportingController) return false;
  if (m.object !== undefined && !refMatches(e.involvedObject, m.object)) return false;
  if (m.message !== undefined && !matchesPattern(m.message, e.message)) return false;
  return true;
}

/**
 * Whether a trace event matches a `trace:` pattern: `kind` and every other key equal to the event's field.
 * `object` may be given kubectl-style ("pod/web-1"); a string written `/re/` is a regex; `actor` ending in `*`
 * is a prefix ("kubelet/*"); `changed: [paths]` holds when a write changed at least those fields, and
 * `changed: {path: value}` when it changed each to that value (read from the object the write left, `objectAt`: the
 * api-server's history; without it, or once the history has moved past the write, such a pattern matches nothing).
 */
export function matchesTrace(e: TraceEvent, match: { kind: string; [field: string]: unknown }, objectAt?: (resourceVersion: string) => unknown): boolean {
  if (e.kind !== match.kind) return false;
  const fields = e as unknown as Record<string, unknown>;
  for (const [k, want] of Object.entries(match)) {
    if (k === 'kind') continue;
    const got = fields[k];
    if (k === 'actor' && typeof want === 'string' && want.endsWith('*')) {
      if (!e.actor.startsWith(want.slice(0, -1))) return false;
    } else if (typeof want === 'string' && want.length > 1 && want.startsWith('/') && want.endsWith('/')) {
      if (!matchesPattern(want.slice(1, -1), typeof got === 'string' ? got : JSON.stringify(got ?? null))) return false;
    } else if (k === 'changed' && Array.isArray(want)) {
      // A write's changed fields: the pattern's are all among them (the write may have changed more).
      if (!Array.isArray(got) || !want.every((p) => got.includes(p))) return false;
    } else if (k === 'changed' && want !== null && typeof want === 'object') {
      // The values a write set: each path was changed (the trace lists the top paths that differ) and holds that value
      // in the object the write left.
      const rv = e.kind === 'api.response' ? e.rv : undefined;
      const written = rv !== undefined ? objectAt?.(rv) : undefined;
      if (!Array.isArray(got) || written === undefined) return false;
      for (const [path, value] of Object.entries(want)) {
        if (!got.some((p) => typeof p === 'string' && (p === path || path.startsWith(`${p}.`) || path.startsWith(`${p}[`) || p.startsWith(`${path}.`)))) return false;
        const field = getField(written, path);
        if (!field.found || !jsonEqual(field.value, value)) return false;
      }
    } else if ((k === 'object' || k === 'involvedObject' || k === 'pod') && typeof want === 'string') {
      if (!got || typeof got !== 'object' || !refMatches(got as ObjectRef, want)) return false;
    } else if (!jsonEqual(got, want)) {
      return false;
    }
  }
  return true;
}
