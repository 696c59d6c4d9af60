/**
 * Decoding and encoding `metadata.managedFields`: a port of k8s.io/apimachinery/pkg/util/managedfields/internal
 * managedfields.go (`DecodeManagedFields`, `BuildManagerIdentifier`, `sortEncodedManagedFields`).
 */
import type { KubeObject, ManagedFieldsEntry } from '../../api/object.ts';
import { deepFreeze } from '../../engine/clone-graph.ts';
import type { ManagerIdentity } from './conflict.ts';
import type { FieldSet, JsonMap } from './field-set.ts';
import { fromFieldsV1, patchedFieldsV1, toFieldsV1 } from './fields-v1.ts';

/** One manager's ownership: its identity (with apiVersion and time) and its field set. */
export interface OwnedFields {
  id: ManagerIdentity;
  set: FieldSet;
  /**
   * The set this entry had when decoded, `set` being derived from it: encoding a changed set may then build its
   * FieldsV1 from that set's ({@link patchedFieldsV1}).
   */
  decoded?: FieldSet;
  /** The entry it was decoded from: encoding gives it back when nothing of it changed ({@link reusable}). */
  entry?: ManagedFieldsEntry;
}

/** `DecodeManagedFields`: the entries of `obj.metadata.managedFields` as identities and field sets. */
export function decodeManagedFields(obj: KubeObject | undefined): OwnedFields[] {
  const entries = obj?.metadata.managedFields ?? [];
  return entries.map((e) => {
    const id: ManagerIdentity = { manager: e.manager ?? '', operation: e.operation ?? 'Update' };
    if (e.subresource) id.subresource = e.subresource;
    if (e.apiVersion) id.apiVersion = e.apiVersion;
    if (e.time) id.time = e.time;
    const set = decodeFieldsV1(e.fieldsV1);
    return { id, set, decoded: set, entry: e };
  });
}

/**
 * The FieldsV1 a decoded set came from, while that set is unchanged (sets are never edited in place: every
 * operation makes a new one). Encoding an unchanged set reuses the stored, frozen FieldsV1 instead of rebuilding it:
 * derived data outside the simulation graph, gone with the set.
 */
const sourceOfSet = new WeakMap<FieldSet, object>();

/**
 * The set decoded from each frozen FieldsV1 of a current object: a stored object's entries are decoded again by every
 * write to it, and most entries are carried over unchanged from version to version (the same frozen FieldsV1), so
 * each is parsed once while it is current ({@link forgetSuperseded} lets go of the rest). Bounded (cleared when
 * full), so a large cluster's idle objects do not each keep their sets. Sound because sets are never edited in place
 * (see {@link sourceOfSet}); a pure cache, outside the graph.
 */
const setOfFrozen = new Map<object, FieldSet>();
const DECODED_CAPACITY = 4096;

function decodeFieldsV1(fieldsV1: unknown): FieldSet {
  const frozen = typeof fieldsV1 === 'object' && fieldsV1 !== null && Object.isFrozen(fieldsV1);
  if (frozen) {
    const known = setOfFrozen.get(fieldsV1);
    if (known) {
      if (!sourceOfSet.has(known)) sourceOfSet.set(known, fieldsV1);
      return known;
    }
  }
  const set = fromFieldsV1(fieldsV1);
  if (frozen) remember(fieldsV1, set);
  return set;
}

/** Records that `set` has the members of the frozen `fieldsV1`, both ways ({@link sourceOfSet}, {@link setOfFrozen}). */
function remember(fieldsV1: object, set: FieldSet): void {
  sourceOfSet.set(set, fieldsV1);
  if (setOfFrozen.size >= DECODED_CAPACITY) setOfFrozen.clear();
  setOfFrozen.set(fieldsV1, set);
}

/**
 * Forgets the decoded sets of `live`'s FieldsV1 that `next` no longer carries: once the write is stored they belong
 * to a superseded version only (the watch history and checkpoints keep those objects, and would keep every set ever
 * decoded with them). Carried-over FieldsV1 stay known. Should the write not be stored after all, the live object's
 * sets are decoded again on its next write.
 */
export function forgetSuperseded(live: KubeObject | undefined, next: readonly ManagedFieldsEntry[]): void {
  const entries = live?.metadata.managedFields;
  if (!entries || !Object.isFrozen(entries)) return;
  for (const e of entries) {
    const f = e.fieldsV1;
    if (typeof f !== 'object' || f === null || !setOfFrozen.has(f)) continue;
    if (!next.some((n) => n.fieldsV1 === f)) setOfFrozen.delete(f);
  }
}

/**
 * upstream `BuildManagerIdentifier`: entries are the same manager when manager, operation and subresource match,
 * and, for Update, the apiVersion too (appliers keep one entry across versions). Time never counts.
 */
export function sameManager(a: ManagerIdentity, b: ManagerIdentity): boolean {
  return (
    a.manager === b.manager &&
    a.operation === b.operation &&
    (a.subresource ?? '') === (b.subresource ?? '') &&
    (a.operation === 'Apply' || (a.apiVersion ?? '') === (b.apiVersion ?? ''))
  );
}

/**
 * Encodes to managedFields, dropping empty entries, in upstream's order (operation, time, manager, subresource). An
 * entry that comes out as the (stored, frozen) one it was decoded from is that one, and when every entry does and
 * `live` (the stored list) holds just them in the same order, the list is `live` itself: the write then stores, freezes
 * and measures nothing new for them.
 */
export function encodeManagedFields(owned: OwnedFields[], live?: readonly ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  const entries: ManagedFieldsEntry[] = [];
  for (const o of owned) {
    if (o.set.size === 0) continue;
    const fieldsV1 = (sourceOfSet.get(o.set) ?? encodedFieldsV1(o.set, o.decoded)) as ManagedFieldsEntry['fieldsV1'];
    if (o.entry !== undefined && reusable(o.entry, o.id, fieldsV1)) {
      entries.push(o.entry);
      continue;
    }
    const e: ManagedFieldsEntry = { manager: o.id.manager, operation: o.id.operation };
    if (o.id.apiVersion) e.apiVersion = o.id.apiVersion;
    if (o.id.time) e.time = o.id.time;
    e.fieldsType = 'FieldsV1';
    e.fieldsV1 = fieldsV1;
    if (o.id.subresource) e.subresource = o.id.subresource;
    BUILT_ENTRIES.add(e);
    entries.push(e);
  }
  entries.sort(compareEntries);
  if (live !== undefined && Object.isFrozen(live) && live.length === entries.length && entries.every((e, i) => e === live[i])) return live as ManagedFieldsEntry[];
  return entries;
}

/** The entries {@link encodeManagedFields} built: their keys are in its order. */
const BUILT_ENTRIES = new WeakSet<ManagedFieldsEntry>();

/** Whether `entry`, built here and frozen since, is what encoding `id` with `fieldsV1` builds. */
function reusable(entry: ManagedFieldsEntry, id: ManagerIdentity, fieldsV1: ManagedFieldsEntry['fieldsV1']): boolean {
  return (
    BUILT_ENTRIES.has(entry) &&
    Object.isFrozen(entry) &&
    entry.fieldsV1 === fieldsV1 &&
    entry.manager === id.manager &&
    entry.operation === id.operation &&
    entry.apiVersion === (id.apiVersion || undefined) &&
    entry.time === (id.time || undefined) &&
    entry.subresource === (id.subresource || undefined)
  );
}

/**
 * {@link internedFieldsV1}, and the set remembered as that FieldsV1's decoding unless it already has one: the next
 * write to the object decodes the entry it stored, and would otherwise parse back the set it just encoded (a set
 * with the same members: only their order may differ, which no output depends on, FieldsV1 being sorted).
 */
function encodedFieldsV1(set: FieldSet, decoded: FieldSet | undefined): JsonMap {
  const fields = internedFieldsV1(set, decoded);
  if (!setOfFrozen.has(fields)) remember(fields, set);
  return fields;
}

/**
 * The FieldsV1 of `set`, frozen, and the same object for every set with the same members in the same order: every
 * Event a recorder writes, the controller-manager's entry of every pod of a ReplicaSet, own the same fields, and each
 * kept a tree of its own. Looked up along a trie of the members in order ({@link InternNode}): the member strings are
 * the same few thousand memoized keys (path-keys.ts `child`), their hashes known, so a lookup builds nothing (the
 * members joined into one text, the key before, was most of the cost of encoding). A pure cache of immutable data,
 * emptied when it holds {@link INTERN_NODE_CAPACITY} nodes.
 */
function internedFieldsV1(set: FieldSet, decoded: FieldSet | undefined): JsonMap {
  if (internNodes >= INTERN_NODE_CAPACITY) {
    internRoot = {};
    internNodes = 0;
  }
  let node = internRoot;
  for (const member of set) {
    let next = node.next;
    if (next === undefined) node.next = next = new Map();
    let child = next.get(member);
    if (child === undefined) {
      child = {};
      next.set(member, child);
      internNodes++;
    }
    node = child;
  }
  if (node.fields === undefined) node.fields = patchedFromDecoded(set, decoded) ?? deepFreeze(toFieldsV1(set));
  return node.fields;
}

/**
 * `toFieldsV1(set)` patched from the FieldsV1 of `decoded`, the set it was derived from ({@link patchedFieldsV1}:
 * when that one was built by toFieldsV1, not sent by a client), if they differ in at most half as many members as
 * `set` has; else undefined.
 */
function patchedFromDecoded(set: FieldSet, decoded: FieldSet | undefined): JsonMap | undefined {
  const base = decoded === undefined ? undefined : sourceOfSet.get(decoded);
  return base === undefined ? undefined : patchedFieldsV1(base as JsonMap, decoded!, set, set.size >> 1);
}

/** A node of the intern trie: reached by the members of a set in order; `fields` is that set's FieldsV1. */
interface InternNode {
  fields?: JsonMap;
  next?: Map<string, InternNode>;
}

let internRoot: InternNode = {};
let internNodes = 0;
const INTERN_NODE_CAPACITY = 16_384;

function cmp(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareEntries(p: ManagedFieldsEntry, q: ManagedFieldsEntry): number {
  return (
    cmp(p.operation ?? '', q.operation ?? '') ||
    cmp(p.time ?? '', q.time ?? '') ||
    cmp(p.manager ?? '', q.manager ?? '') ||
    cmp(p.subresource ?? '', q.subresource ?? '')
  );
}

/** upstream `DefaultMaxUpdateManagers` (managedfields/internal/fieldmanager.go). */
export const DEFAULT_MAX_UPDATE_MANAGERS = 10;
const ANCIENT_CHANGES = 'ancient-changes';

/**
 * upstream capmanagers.go `capUpdateManagers`: when more than `max` Update entries exist, the oldest are merged,
 * per apiVersion, into an `ancient-changes` entry (the first oldest of a version is renamed to it). Apply entries are
 * never capped. Returns a new list.
 */
export function capUpdateManagers(owned: OwnedFields[], max = DEFAULT_MAX_UPDATE_MANAGERS): OwnedFields[] {
  let count = 0;
  for (const o of owned) if (o.id.operation === 'Update') count++;
  if (count <= max) return [...owned];
  const seconds = (t: string | undefined): string => (t ?? '').replace(/\.\d+Z$/, 'Z');
  const idKey = (o: OwnedFields): string => JSON.stringify([o.id.manager, o.id.operation, o.id.apiVersion ?? '', o.id.subresource ?? '']);
  const updaters = owned
    .filter((o) => o.id.operation === 'Update')
    .sort((a, b) => {
      const ta = seconds(a.id.time);
      const tb = seconds(b.id.time);
      if (ta !== tb) return ta < tb ? -1 : 1;
      return idKey(a) < idKey(b) ? -1 : idKey(a) > idKey(b) ? 1 : 0;
    });
  let result = [...owned];
  let length = updaters.length;
  const firstOfVersion = new Map<string, OwnedFields>();
  for (const u of updaters) {
    if (length <= max) break;
    const version = u.id.apiVersion ?? '';
    const first = firstOfVersion.get(version);
    if (!first) {
      firstOfVersion.set(version, u);
      continue;
    }
    let bucket = result.find((o) => o.id.manager === ANCIENT_CHANGES && o.id.operation === 'Update' && (o.id.apiVersion ?? '') === version && !o.id.subresource);
    if (!bucket) {
      bucket = { id: { manager: ANCIENT_CHANGES, operation: 'Update', apiVersion: version }, set: first.set };
      result = result.filter((o) => o !== first);
      result.push(bucket);
    }
    bucket.set = new Set([...u.set, ...bucket.set]);
    // The merged update's time, being the more recent.
    if (u.id.time) bucket.id = { ...bucket.id, time: u.id.time };
    else {
      const { time: _time, ...rest } = bucket.id;
      bucket.id = rest;
    }
    result = result.filter((o) => o !== u);
    length--;
  }
  return result;
}
