/**
 * ControllerRevisions, the history a StatefulSet keeps of its templates: their names and hashes, their order,
 * which are equal, and the writes that create, renumber, adopt and delete them.
 *
 * Ported from kubernetes `pkg/controller/history/controller_history.go` (ControllerRevisionHashLabel,
 * ControllerRevisionName, NewControllerRevision, HashControllerRevision, SortControllerRevisions, EqualRevision,
 * FindEqualRevisions, realHistory.ListControllerRevisions / CreateControllerRevision / UpdateControllerRevision /
 * AdoptControllerRevision / DeleteControllerRevision).
 *
 * @remarks The hash is upstream's (FNV-1 32 over the revision's data as JSON, then the collision count in decimal,
 * safe-encoded), but over our JSON of the data: Go's encoding of a template also writes fields we never store
 * (`creationTimestamp: null`, empty `resources`), so a name differs from a real cluster's for the same template,
 * with the same properties (deterministic, equal data ⇒ equal name, a collision moves it).
 */
import type { ControllerRevision } from 'kubernetes-types/apps/v1';
import type { KubeObject, OwnerReference } from '../../api/object.ts';
import { canonical } from '../../api/canonical-json.ts';
import { StatusError } from '../../api/status.ts';
import type { ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import { matchesLabels } from '../../apiserver/selectors/label-selector.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { Client } from '../../client/client.ts';
import { controllerOf } from '../../api/object.ts';
import { safeEncodeString } from '../deployment/pod-template-hash.ts';
import { newControllerRef } from '../replicaset/pod-control.ts';

export type ControllerRevisionObject = ControllerRevision & KubeObject;

/** `ControllerRevisionHashLabel`. */
export const CONTROLLER_REVISION_HASH_LABEL = 'controller.kubernetes.io/hash';
const CONTROLLER_REVISION = { apiVersion: 'apps/v1', kind: 'ControllerRevision' } as const;

/** Go's `json.Marshal` of a value: sorted map keys, no spaces, `<`, `>`, `&`, U+2028 and U+2029 escaped. */
export function goJson(value: unknown): string {
  return JSON.stringify(canonical(value)).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** FNV-1 (not 1a), 32-bit: multiply, then xor. */
function fnv32(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (const b of bytes) {
    h = Math.imul(h, 0x01000193) >>> 0;
    h = (h ^ b) >>> 0;
  }
  return h >>> 0;
}

/** `HashControllerRevision`: FNV-1 of the data, then of the collision count's decimal text, safe-encoded. */
export function hashControllerRevision(data: unknown, collisionCount: number | undefined): string {
  const encoder = new TextEncoder();
  let h = fnv32(encoder.encode(data === undefined ? '' : goJson(data)));
  if (collisionCount !== undefined) h = fnv32(encoder.encode(String(collisionCount)), h);
  return safeEncodeString(String(h));
}

/** `ControllerRevisionName`: `<prefix>-<hash>`, the prefix cut to 223 characters. */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > 223 ? prefix.slice(0, 223) : prefix}-${hash}`;
}

/**
 * `NewControllerRevision`: a revision of `parent` (its controllerRef), labelled with the template's labels and the
 * hash, named `<parent>-<hash>`, in the parent's namespace.
 */
export function newControllerRevision(
  parent: KubeObject,
  parentApiVersion: string,
  parentKind: string,
  templateLabels: Record<string, string> | undefined,
  data: unknown,
  revision: number,
  collisionCount: number,
): ControllerRevisionObject {
  const hash = hashControllerRevision(data, collisionCount);
  const cr: ControllerRevisionObject = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: controllerRevisionName(parent.metadata.name ?? '', hash),
      labels: { ...(templateLabels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]: hash },
      ownerReferences: [newControllerRef(parent, parentApiVersion, parentKind)],
    },
    data: data as object,
    revision,
  };
  if (parent.metadata.namespace) cr.metadata.namespace = parent.metadata.namespace;
  return cr;
}

/** `SortControllerRevisions`: by revision, then creation time, then name. */
export function sortControllerRevisions<R extends ControllerRevision>(revisions: readonly R[]): R[] {
  return [...revisions].sort((a, b) => {
    if (a.revision !== b.revision) return a.revision - b.revision;
    const ta = a.metadata?.creationTimestamp ?? '';
    const tb = b.metadata?.creationTimestamp ?? '';
    if (ta !== tb) return ta < tb ? -1 : 1;
    const na = a.metadata?.name ?? '';
    const nb = b.metadata?.name ?? '';
    return na < nb ? -1 : na > nb ? 1 : 0;
  });
}

/**
 * `EqualRevision`: the same data. (Upstream first compares the hash labels parsed as integers; a safe-encoded hash
 * never parses, so the data decides.)
 */
export function equalRevision(a: ControllerRevision | undefined, b: ControllerRevision | undefined): boolean {
  if (!a || !b) return a === b;
  return goJson(a.data ?? null) === goJson(b.data ?? null);
}

/** `FindEqualRevisions`: the revisions equal to `needle`, in the given order. */
export function findEqualRevisions<R extends ControllerRevision>(revisions: readonly R[], needle: ControllerRevision): R[] {
  return revisions.filter((r) => equalRevision(r, needle));
}

/**
 * `ListControllerRevisions` (over the informer's cache): the namespace's revisions the selector matches that
 * `parent` controls or that have no controller.
 */
export function listControllerRevisions(all: readonly KubeObject[], parent: KubeObject, selector: ParsedLabelSelector): ControllerRevisionObject[] {
  const out: ControllerRevisionObject[] = [];
  for (const r of all) {
    if ((r.metadata.namespace ?? '') !== (parent.metadata.namespace ?? '')) continue;
    if (!matchesLabels(selector, r.metadata.labels)) continue;
    const ref = controllerOf(r);
    if (!ref || ref.uid === parent.metadata.uid) out.push(r as ControllerRevisionObject);
  }
  return out;
}

/**
 * `CreateControllerRevision`: creates the revision under `<parent>-<hash>`; when that name is taken by other data,
 * bumps the collision count and tries the next name. Returns the stored revision and the collision count.
 */
export function* createControllerRevision(client: Client, parent: KubeObject, revision: ControllerRevisionObject, collisionCount: number): ClientOp<{ revision: ControllerRevisionObject; collisionCount: number }> {
  const clone = structuredClone(revision);
  for (;;) {
    clone.metadata.name = controllerRevisionName(parent.metadata.name ?? '', hashControllerRevision(revision.data, collisionCount));
    try {
      const created = yield* client.create<ControllerRevisionObject>(clone);
      return { revision: created, collisionCount };
    } catch (e) {
      if (!(e instanceof StatusError && e.reason === 'AlreadyExists')) throw e;
    }
    const exists = yield* client.get<ControllerRevisionObject>(CONTROLLER_REVISION, clone.metadata.namespace, clone.metadata.name ?? '');
    if (goJson(exists.data ?? null) === goJson(clone.data ?? null)) return { revision: exists, collisionCount };
    collisionCount++;
  }
}

/** `UpdateControllerRevision`: renumbers a revision (a rollback to it), re-reading it after a conflict. */
export function* updateControllerRevision(client: Client, revision: ControllerRevisionObject, newRevision: number): ClientOp<ControllerRevisionObject> {
  let current = revision;
  for (let attempt = 0; ; attempt++) {
    if (current.revision === newRevision) return current;
    try {
      return yield* client.update<ControllerRevisionObject>({ ...structuredClone(current), revision: newRevision });
    } catch (e) {
      if (!(e instanceof StatusError && e.reason === 'Conflict') || attempt >= 4) throw e;
    }
    current = yield* client.get<ControllerRevisionObject>(CONTROLLER_REVISION, revision.metadata.namespace, revision.metadata.name ?? '');
  }
}

/** `AdoptControllerRevision`: the strategic-merge patch that adds the parent's controllerRef (guarded by the UID). */
export function* adoptControllerRevision(client: Client, parent: KubeObject, parentApiVersion: string, parentKind: string, revision: ControllerRevisionObject): ClientOp<ControllerRevisionObject> {
  const ref: OwnerReference = newControllerRef(parent, parentApiVersion, parentKind);
  const patch = { metadata: { ownerReferences: [ref], uid: revision.metadata.uid } };
  return yield* client.patch<ControllerRevisionObject>(CONTROLLER_REVISION, revision.metadata.namespace, revision.metadata.name ?? '', 'application/strategic-merge-patch+json', patch);
}

/** `DeleteControllerRevision`. */
export function* deleteControllerRevision(client: Client, revision: ControllerRevisionObject): ClientOp<void> {
  yield* client.delete(CONTROLLER_REVISION, revision.metadata.namespace, revision.metadata.name ?? '');
}
