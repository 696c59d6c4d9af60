/**
 * Argo CD's comparison of a desired manifest with the live object (gitops-engine `pkg/diff`, argo-cd
 * `controller/state.go` CompareAppState + `util/argo/normalizers`): the live object is normalized first — fields
 * the api-server defaults or another writer added are not differences, `status` and server-set metadata never are —
 * then `ignoreDifferences` removes what the Application says to ignore, by JSON pointer and by the managers that own
 * a field (`managedFieldsManagers`).
 *
 * @remarks A simplification of gitops-engine's diff: a field counts when the desired manifest sets it and the live
 * value differs (a lists of named items is matched by `name`, other lists compared item by item), plus fields the
 * Argo CD manager applied before and the manifest no longer has (what server-side diff reports as removals). No
 * three-way diff over `last-applied-configuration`, no jqPathExpressions, no dry-run apply.
 */
import type { KubeObject } from '../api/object.ts';
import { decodeManagedFields } from '../apiserver/fieldmanager/managed-fields.ts';
import { dottedPath, sortedPaths, type Path } from '../apiserver/fieldmanager/field-set.ts';
import { findItem, getAt } from '../apiserver/fieldmanager/object-paths.ts';

/** `spec.ignoreDifferences[]` of an Application. */
export interface IgnoreDifference {
  group?: string;
  kind: string;
  name?: string;
  namespace?: string;
  jsonPointers?: string[];
  managedFieldsManagers?: string[];
}

/** One field that differs. `path` is managedFields' dotted form ("spec.template.spec.containers[name=web].image"). */
export interface FieldDiff {
  path: string;
  /** RFC 6901 pointer into the live object ("/spec/replicas"), as `ignoreDifferences.jsonPointers` name fields. */
  pointer: string;
  /** `changed`: both set, different; `missing`: desired sets it, live lacks it; `removed`: Argo CD applied it before, Git no longer has it. */
  change: 'changed' | 'missing' | 'removed';
  desired?: unknown;
  live?: unknown;
}

type JsonMap = Record<string, unknown>;

function isMap(x: unknown): x is JsonMap {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Scalars compare as text: `cpu: 1` in YAML is the api-server's `"1"`; `port: 80` and `"80"` alike. */
function scalarEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

/** Top-level fields never compared: identity, server-set metadata and status. */
const ROOT_SKIP = new Set(['apiVersion', 'kind', 'status']);
const METADATA_COMPARED = new Set(['labels', 'annotations']);

interface Walk {
  out: FieldDiff[];
}

function walk(d: unknown, l: unknown, pe: Path, ptr: string, w: Walk): void {
  if (isMap(d)) {
    if (!isMap(l)) {
      w.out.push(l === undefined ? { path: dottedPath(pe), pointer: ptr, change: 'missing', desired: d } : { path: dottedPath(pe), pointer: ptr, change: 'changed', desired: d, live: l });
      return;
    }
    for (const k of Object.keys(d).sort()) {
      if (pe.length === 0 && ROOT_SKIP.has(k)) continue;
      if (pe.length === 1 && pe[0] === 'f:metadata' && !METADATA_COMPARED.has(k)) continue;
      walk(d[k], l[k], [...pe, `f:${k}`], `${ptr}/${escapePointer(k)}`, w);
    }
    return;
  }
  if (Array.isArray(d)) {
    if (!Array.isArray(l)) {
      w.out.push(l === undefined ? { path: dottedPath(pe), pointer: ptr, change: 'missing', desired: d } : { path: dottedPath(pe), pointer: ptr, change: 'changed', desired: d, live: l });
      return;
    }
    const named = d.length > 0 && d.every((x) => isMap(x) && typeof x.name === 'string');
    if (named) {
      for (const item of d as JsonMap[]) {
        const i = l.findIndex((x) => isMap(x) && x.name === item.name);
        const ipe = [...pe, `k:${JSON.stringify({ name: item.name })}`];
        if (i < 0) w.out.push({ path: dottedPath(ipe), pointer: `${ptr}/-`, change: 'missing', desired: item });
        else walk(item, l[i], ipe, `${ptr}/${i}`, w);
      }
      return;
    }
    if (d.length !== l.length || d.some((x) => !isMap(x))) {
      if (!(d.length === l.length && d.every((x, i) => scalarEqual(x, l[i])))) w.out.push({ path: dottedPath(pe), pointer: ptr, change: 'changed', desired: d, live: l });
      return;
    }
    for (let i = 0; i < d.length; i++) walk(d[i], l[i], [...pe, `i:${i}`], `${ptr}/${i}`, w);
    return;
  }
  if (d === undefined) return;
  if (l === undefined) w.out.push({ path: dottedPath(pe), pointer: ptr, change: 'missing', desired: d });
  else if (!scalarEqual(d, l)) w.out.push({ path: dottedPath(pe), pointer: ptr, change: 'changed', desired: d, live: l });
}

/** The leaf paths a manager owns in `obj` (a path with owned descendants is not a leaf). */
function ownedLeaves(obj: KubeObject, accept: (manager: string, operation: string) => boolean): Path[] {
  const out: Path[] = [];
  for (const o of decodeManagedFields(obj)) {
    if (!accept(o.id.manager, o.id.operation)) continue;
    const keys = [...o.set];
    for (const p of sortedPaths(o.set)) {
      const prefix = JSON.stringify(p).slice(0, -1) + ',';
      if (!keys.some((k) => k.startsWith(prefix))) out.push(p);
    }
  }
  return out;
}

function pointerOf(live: unknown, pe: Path): string {
  let ptr = '';
  let cur: unknown = live;
  for (const e of pe) {
    if (e.startsWith('f:')) {
      ptr += `/${escapePointer(e.slice(2))}`;
      cur = isMap(cur) ? cur[e.slice(2)] : undefined;
    } else if (Array.isArray(cur)) {
      const i = findItem(cur, e);
      ptr += `/${i < 0 ? '-' : i}`;
      cur = i < 0 ? undefined : cur[i];
    }
  }
  return ptr;
}

/** Does this ignoreDifferences entry apply to the object? (group "" is the core group; kind is required.) */
export function ignoreApplies(rule: IgnoreDifference, obj: Pick<KubeObject, 'apiVersion' | 'kind' | 'metadata'>): boolean {
  const group = obj.apiVersion.includes('/') ? obj.apiVersion.split('/')[0]! : '';
  if (rule.kind !== obj.kind && rule.kind !== '*') return false;
  if (rule.group !== undefined && rule.group !== '*' && rule.group !== group) return false;
  if (rule.name && rule.name !== obj.metadata.name) return false;
  if (rule.namespace && rule.namespace !== obj.metadata.namespace) return false;
  return true;
}

function pointerCovers(rulePointer: string, pointer: string): boolean {
  const r = rulePointer.replace(/\/+$/, '');
  return pointer === r || pointer.startsWith(`${r}/`);
}

/**
 * The differences between a desired manifest and the live object, after normalization and `ignoreDifferences`.
 * `selfManager` is the field manager Argo CD applies as (its removed fields are reported). Sorted by path.
 */
export function compareObject(desired: KubeObject, live: KubeObject, ignore: readonly IgnoreDifference[] = [], selfManager = 'argocd-controller'): FieldDiff[] {
  const w: Walk = { out: [] };
  walk(desired, live, [], '', w);
  for (const p of ownedLeaves(live, (m, op) => m === selfManager && op === 'Apply')) {
    if (p[0] === 'f:status' || (p[0] === 'f:metadata' && !METADATA_COMPARED.has((p[1] ?? '').slice(2)))) continue;
    if (getAt(desired, p) !== undefined) continue;
    const value = getAt(live, p);
    if (value === undefined) continue;
    w.out.push({ path: dottedPath(p), pointer: pointerOf(live, p), change: 'removed', live: value });
  }
  const rules = ignore.filter((r) => ignoreApplies(r, live));
  const pointers = rules.flatMap((r) => r.jsonPointers ?? []);
  const managers = new Set(rules.flatMap((r) => r.managedFieldsManagers ?? []));
  const ignoredOwned = managers.size ? ownedLeaves(live, (m) => managers.has(m)).map((p) => JSON.stringify(p).slice(0, -1)) : [];
  const kept = w.out.filter((d) => {
    if (pointers.some((p) => pointerCovers(p, d.pointer))) return false;
    if (!ignoredOwned.length) return true;
    const pe = pathElementsOf(d.path, desired, live);
    return !ignoredOwned.some((q) => pe === q || pe.startsWith(`${q},`));
  });
  return kept.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Re-derives the JSON path-element prefix of a diff (for the owned-by-manager check) by walking both objects. */
function pathElementsOf(dotted: string, desired: KubeObject, live: KubeObject): string {
  const found: Path[] = [];
  const visit = (d: unknown, pe: Path): void => {
    if (found.length) return;
    if (dottedPath(pe) === dotted) {
      found.push(pe);
      return;
    }
    if (isMap(d)) for (const k of Object.keys(d)) visit(d[k], [...pe, `f:${k}`]);
    else if (Array.isArray(d)) d.forEach((x, i) => visit(x, [...pe, isMap(x) && typeof x.name === 'string' ? `k:${JSON.stringify({ name: x.name })}` : `i:${i}`]));
  };
  visit(desired, []);
  if (!found.length) visit(live, []);
  return found.length ? JSON.stringify(found[0]).slice(0, -1) : JSON.stringify([dotted]).slice(0, -1);
}

function show(v: unknown): string {
  if (v === undefined) return '(none)';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** One line per difference, Git-first as `argocd app diff` reads: "spec.replicas: git 2, live 5". */
export function formatDiff(diffs: readonly FieldDiff[]): string[] {
  return diffs.map((d) =>
    d.change === 'missing' ? `${d.path}: git ${show(d.desired)}, live (none)` : d.change === 'removed' ? `${d.path}: git (none), live ${show(d.live)}` : `${d.path}: git ${show(d.desired)}, live ${show(d.live)}`,
  );
}

/**
 * A copy of `obj` without the fields named by the pointers (the `RespectIgnoreDifferences=true` sync option: ignored
 * fields are not applied).
 */
export function withoutPointers(obj: KubeObject, pointers: readonly string[]): KubeObject {
  const copy = structuredClone(obj) as unknown as JsonMap;
  for (const p of pointers) {
    const parts = p.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let cur: unknown = copy;
    for (let i = 0; i < parts.length - 1 && cur !== undefined; i++) cur = isMap(cur) ? cur[parts[i]!] : Array.isArray(cur) ? cur[Number(parts[i])] : undefined;
    const last = parts[parts.length - 1];
    if (last === undefined) continue;
    if (isMap(cur)) delete cur[last];
    else if (Array.isArray(cur) && /^\d+$/.test(last)) cur.splice(Number(last), 1);
  }
  return copy as unknown as KubeObject;
}
