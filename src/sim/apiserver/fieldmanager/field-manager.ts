/**
 * The api-server's field manager: keeps `metadata.managedFields` for every write and implements server-side
 * apply. A port of k8s.io/apimachinery/pkg/util/managedfields/internal (fieldmanager.go, structuredmerge.go,
 * managedfieldsupdater.go, stripmeta.go) over sigs.k8s.io/structured-merge-diff merge/update.go
 * (`Updater.Update`, `Updater.Apply`, `prune`, `update`).
 */
import type { KubeObject, ManagedFieldsEntry } from '../../api/object.ts';
import { parseApiVersion } from '../../api/object.ts';
import { apiVersionOf, type ResourceInfo } from '../../api/resources.ts';
import { badRequest, type Status } from '../../api/status.ts';
import { rootTypeOf } from '../patch/patch-meta.ts';
import { applyConflict, type FieldConflict, type ManagerIdentity } from './conflict.ts';
import { compareIterationOrder, difference, intersection, isMap, sortedPaths, toFieldSet, union, type FieldSet, type Path } from './field-set.ts';
import { ALWAYS_PRESENT, compare, scoped, type PresentPaths } from './field-compare.ts';
import { capUpdateManagers, decodeManagedFields, encodeManagedFields, forgetSuperseded, sameManager, type OwnedFields } from './managed-fields.ts';
import { getAt, removeAt, valuesEqual } from './object-paths.ts';
import { mergeStructured } from './structured-merge.ts';

type JsonMap = Record<string, unknown>;

/** skipnonapplied.go `beforeApplyManagerName`. */
export const BEFORE_FIRST_APPLY = 'before-first-apply';

function typeNameOf(obj: KubeObject): string {
  return rootTypeOf({ group: parseApiVersion(obj.apiVersion).group, kind: obj.kind });
}

/** The fields of `obj` a write through `subresource` can touch. */
function ownableFields(obj: unknown, typeName: string, subresource: string | undefined): FieldSet {
  return scoped(toFieldSet(obj, typeName, { object: true }), subresource);
}

/** A key field of a map-list item (`name` under `k:{"name":...}`): it goes only with its item. */
function isItemKeyField(p: Path): boolean {
  const item = p[p.length - 2];
  const last = p[p.length - 1]!;
  return item !== undefined && item.startsWith('k:') && last.startsWith('f:') && last.slice(2) in (JSON.parse(item.slice(2)) as object);
}

/** Owned paths whose value is gone (e.g. the `"."` of a map that was deleted) are owned no more. */
function dropMissing(set: FieldSet, present: PresentPaths): FieldSet {
  return without(set, present.absentFrom(set));
}

function without(set: FieldSet, absent: Set<string>): FieldSet {
  const out: FieldSet = new Set();
  for (const key of set) if (!absent.has(key)) out.add(key);
  return out;
}

/** `a` without the members of `b`: `a` itself when they share none. */
function minus(a: FieldSet, b: FieldSet): FieldSet {
  if (b.size === 0 || a.size === 0) return a;
  if (b.size <= a.size) {
    let shared = false;
    for (const p of b) {
      if (a.has(p)) {
        shared = true;
        break;
      }
    }
    if (!shared) return a;
  }
  const out = difference(a, b);
  return out.size === a.size ? a : out;
}

/** `a` with the members of `b`: `a` itself when it has them all. */
function plus(a: FieldSet, b: FieldSet): FieldSet {
  for (const p of b) if (!a.has(p)) return union(a, b);
  return a;
}

/**
 * For a field set an update left its managers with: the object that update recorded it for, every member of the
 * set being a path of that object. When that object was stored (frozen, the same object), the next write to it finds
 * the set's members under subtrees it kept (the spec on a /status write) present without walking them. Sets are
 * never edited in place; a pure cache, weakly held.
 */
const recordedFor = new WeakMap<FieldSet, object>();

/**
 * The objects an update recorded managedFields for: every member of every set in their managedFields is a path of
 * the object. So a set decoded from such an object once stored (frozen, the same object) is known present there, even
 * when the set is shared with other objects (a FieldsV1 shared by equal sets decodes to one set) and so cannot name
 * one object in {@link recordedFor}. Weakly held; it keeps no set alive.
 */
const recordedObjects = new WeakSet<object>();

/**
 * {@link dropMissing}, returning `set` itself when every member is present. `fromLive`: `set` is (a subset of) a set
 * of `live`'s own managedFields.
 */
function keepPresent(set: FieldSet, present: PresentPaths, live: KubeObject | undefined, fromLive: boolean): FieldSet {
  const known =
    live !== undefined && Object.isFrozen(live) && ((fromLive && recordedObjects.has(live)) || recordedFor.get(set) === live) ? live : undefined;
  const absent = present.absentFrom(set, known);
  return absent.size === 0 ? set : without(set, absent);
}

/**
 * managedFields after a non-apply write (create, update, patch) by `opts.manager`, as upstream's field manager
 * records it: the manager's Update entry gains the fields this write added or changed, every manager loses the
 * fields the write removed, other managers lose the fields whose value changed, empty entries disappear. The
 * entry's time is `opts.time` when this write changed something for it, else unchanged. The writer's own
 * `managedFields` are used when it sent a non-empty list (main resource only), the live object's otherwise; an
 * existing object that tracks no fields gets none (upstream skipnonapplied.go with probability 0).
 */
export function updateManagedFields(
  live: KubeObject | undefined,
  updated: KubeObject,
  opts: { manager: string; operation: 'Update'; subresource?: string; time: string },
): ManagedFieldsEntry[] {
  const typeName = typeNameOf(updated);
  const { added, modified, removed, present } = compare(live ?? {}, updated, typeName, opts.subresource);
  // (Neither is edited after: either stands for the union when the other is empty.)
  const changed = modified.size === 0 ? added : added.size === 0 ? modified : union(added, modified);
  const id: ManagerIdentity = { manager: opts.manager, operation: 'Update', apiVersion: updated.apiVersion };
  if (opts.subresource) id.subresource = opts.subresource;

  // fieldmanager.go Update: the writer's own managedFields are honoured when it sent some (not for subresources);
  // otherwise the live object's are kept, so clients that drop the field do not erase it.
  const sentOwn = !opts.subresource && (updated.metadata.managedFields?.length ?? 0) > 0;
  const owned = decodeManagedFields(sentOwn ? updated : live);
  // skipnonapplied.go: an existing object that tracks no fields keeps tracking none on updates.
  if (owned.length === 0 && live?.metadata.uid) return [];
  // Sets that do not change keep their identity, so encoding reuses their stored FieldsV1.
  for (const o of owned) {
    o.set = keepPresent(minus(o.set, removed), present, live, !sentOwn);
    if (!sameManager(o.id, id)) o.set = minus(o.set, changed);
  }
  if (changed.size > 0) {
    const mine = owned.find((o) => sameManager(o.id, id));
    if (mine) {
      mine.set = plus(mine.set, changed);
      mine.id = { ...mine.id, time: opts.time };
    } else owned.push({ id: { ...id, time: opts.time }, set: changed });
  }
  const capped = capUpdateManagers(owned);
  // Every member of every set is now a path of `updated`: those kept were checked, `changed` are its own paths.
  for (const o of capped) recordedFor.set(o.set, updated);
  recordedObjects.add(updated);
  const next = encodeManagedFields(capped, sentOwn ? undefined : live?.metadata.managedFields);
  forgetSuperseded(live, next);
  return next;
}

/** The part of an applied configuration a write through `subresource` applies (upstream resets the rest). */
function scopeConfig(applied: KubeObject, subresource: string | undefined): JsonMap {
  const config = structuredClone(applied) as JsonMap;
  const meta = { ...(config.metadata as JsonMap) };
  delete meta.managedFields;
  // Generated manifests carry `creationTimestamp: null`; a null never sets server-kept metadata.
  for (const k of Object.keys(meta)) if (meta[k] === null) delete meta[k];
  config.metadata = meta;
  if (subresource === 'status') {
    for (const k of Object.keys(config)) if (!['apiVersion', 'kind', 'metadata', 'status'].includes(k)) delete config[k];
    const identity: JsonMap = {};
    for (const k of ['name', 'namespace']) if (meta[k] !== undefined) identity[k] = meta[k];
    config.metadata = identity;
  } else delete config.status;
  return config;
}

/**
 * Server-side apply of `applied` by `opts.manager` (structured-merge-diff `Updater.Apply`): merges the configuration
 * into `live` (or creates from it), makes the configuration's field set the manager's Apply entry, removes fields the
 * manager applied before and no longer does unless another manager owns them, and refuses with 409 Conflict when it
 * would change a field another manager owns, unless `opts.force` (then that manager loses the field).
 * 400 BadRequest when `applied` is not of the served version or carries `metadata.managedFields`.
 * The returned object carries the updated `metadata.managedFields`; the api-server still sets resourceVersion etc.
 */
export function serverSideApply(
  live: KubeObject | undefined,
  applied: KubeObject,
  opts: { manager: string; force: boolean; subresource?: string; time: string; info: ResourceInfo },
): { ok: true; object: KubeObject } | { ok: false; status: Status } {
  // structuredmerge.go Apply: the patch must be of the served version and must not carry managedFields.
  const expected = apiVersionOf(opts.info);
  if (applied.apiVersion !== expected) {
    return { ok: false, status: badRequest(`Incorrect version specified in apply patch. Specified patch version: ${applied.apiVersion}, expected: ${expected}`) };
  }
  if (applied.metadata?.managedFields != null) return { ok: false, status: badRequest('metadata.managedFields must be nil') };
  const typeName = rootTypeOf(opts.info);
  const sub = opts.subresource;
  const base = structuredClone(live ?? { apiVersion: applied.apiVersion, kind: applied.kind, metadata: {} }) as KubeObject;
  delete base.metadata.managedFields;
  const config = scopeConfig(applied, sub);
  // A private copy: pruning edits it in place, and the merge shares untouched subtrees with `base`.
  const merged = structuredClone(mergeStructured(base, config, typeName)) as KubeObject;

  const id: ManagerIdentity = { manager: opts.manager, operation: 'Apply', apiVersion: applied.apiVersion };
  if (sub) id.subresource = sub;
  const owned = decodeManagedFields(live);
  // skipnonapplied.go: the first apply to an object that tracks no fields first records everything it has as
  // owned by "before-first-apply" (an Update from the empty object), so the apply can conflict with it.
  if (live && owned.length === 0) {
    const { added, modified } = compare({}, base, typeName, sub);
    const set = union(added, modified);
    if (set.size > 0) owned.push({ id: { manager: BEFORE_FIRST_APPLY, operation: 'Update', apiVersion: live.apiVersion, time: opts.time }, set });
  }
  const previous = owned.find((o) => sameManager(o.id, id));
  const others = owned.filter((o) => o !== previous);
  const configSet = ownableFields(config, typeName, sub);

  // prune: fields this manager applied last time, now omitted and owned by no one, are removed (kept if anyone
  // owns something beneath them: upstream addBackOwnedItems).
  const ownedNow = union(configSet, ...others.map((o) => o.set));
  const ownedKeys = [...ownedNow];
  for (const p of sortedPaths(difference(previous?.set ?? new Set(), ownedNow))) {
    const prefix = JSON.stringify(p).slice(0, -1) + ',';
    if (ownedKeys.some((k) => k.startsWith(prefix)) || isItemKeyField(p)) continue;
    if (!removeAt(merged, p)) continue;
    // typed/remove.go: a map or list emptied by the removal becomes null, i.e. the field goes (unless someone owns
    // it, e.g. an applied `labels: {}`; Go's non-pointer structs serialize as {} and stay).
    const parent = p.slice(0, -1);
    const last = parent[parent.length - 1];
    const left = getAt(merged, parent);
    const emptied = (Array.isArray(left) && left.length === 0) || (isMap(left) && Object.keys(left).length === 0);
    const keep = ownedNow.has(JSON.stringify(parent)) || (last?.startsWith('f:') && ALWAYS_PRESENT.has(last.slice(2)));
    if (emptied && last !== undefined && !keep) removeAt(merged, parent);
  }

  const { added, modified, removed, present } = compare(base, merged, typeName, sub);
  for (const o of others) o.set = dropMissing(o.set, present);
  const changed = union(added, modified);
  const conflicts: FieldConflict[] = [];
  for (const o of others) {
    // The conflict names the manager by its identifier (managedfields.go BuildManagerIdentifier), which has no
    // time: the real message reads `conflict with "kubectl-edit" using apps/v1: .spec.replicas`.
    const { time: _time, ...identifier } = o.id;
    // Found in managedFields order, each manager's paths as its set iterates them (merge/update.go update →
    // ConflictsFromManagers: `set.Leaves().Iterate`); upstream ranges over a Go map of managers, we keep the list's order.
    const paths = [...intersection(o.set, changed)].map((p) => JSON.parse(p) as Path).sort(compareIterationOrder);
    for (const p of paths) conflicts.push({ manager: identifier, path: p });
  }
  if (conflicts.length > 0 && !opts.force) return { ok: false, status: applyConflict(conflicts) };
  for (const o of others) o.set = difference(difference(o.set, changed), removed);

  // managedfieldsupdater.go Apply: the applier's time moves only when the object changed.
  const mine: ManagerIdentity = { ...id };
  const time = !valuesEqual(base, merged) ? opts.time : previous?.id.time;
  if (time !== undefined) mine.time = time;
  const next: OwnedFields[] = [...others, { id: mine, set: configSet }];
  merged.metadata = { ...merged.metadata, managedFields: encodeManagedFields(next) };
  return { ok: true, object: merged };
}
