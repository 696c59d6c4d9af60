/**
 * `kubernetes-types` marks server-owned metadata fields (uid, resourceVersion, generation, creationTimestamp,
 * deletionTimestamp...) readonly, which is right for clients. The api-server is the one writer of those fields:
 * it edits them on its private drafts through this view.
 */
import type { KubeObject, ObjectMeta } from '../api/object.ts';

export type MutableObjectMeta = { -readonly [K in keyof ObjectMeta]: ObjectMeta[K] };

/** The metadata of a private, not yet frozen draft, writable. */
export function metaOf(draft: KubeObject): MutableObjectMeta {
  return draft.metadata as MutableObjectMeta;
}
