/**
 * The pod-template-hash label value and the names of a Deployment's ReplicaSets.
 *
 * Ported from kubernetes `pkg/controller/controller_utils.go` (ComputeHash), apimachinery
 * `pkg/util/rand/rand.go` (SafeEncodeString) and `pkg/controller/deployment/sync.go` (the new RS name).
 */
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { canonicalJson } from '../../api/canonical-json.ts';

/** apimachinery's alphabet without vowels and confusable characters, so a hash never spells a word. */
export const SAFE_ENCODE_ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

/** FNV-1a, 32-bit, over bytes. */
export function fnv32a(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (const b of bytes) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** apimachinery's `rand.SafeEncodeString`: each character maps to `alphanums[charCode % 27]`. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += SAFE_ENCODE_ALPHANUMS[s.charCodeAt(i) % SAFE_ENCODE_ALPHANUMS.length];
  return out;
}

/**
 * `controller.ComputeHash`: fnv-32a of the template, then (when set) the collision count as 8 little-endian bytes,
 * written in decimal and encoded with {@link safeEncodeString}.
 * @remarks upstream hashes Go's `%#v` dump of the PodTemplateSpec (hashutil.DeepHashObject), which cannot be
 * reproduced outside Go. We hash a canonical JSON (sorted keys) of the template instead, so our values differ from
 * a real cluster's but keep the properties that matter: deterministic, same template ⇒ same hash, collisionCount
 * changes it, and the same alphabet and length range.
 */
export function computeHash(template: PodTemplateSpec | undefined, collisionCount?: number): string {
  const data = new TextEncoder().encode(canonicalJson(template ?? {}));
  let h = fnv32a(data);
  if (collisionCount !== undefined) {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv32a(bytes, h);
  }
  return safeEncodeString(String(h));
}

/** The name of the Deployment's ReplicaSet for a template hash: `<deployment>-<pod-template-hash>`. */
export function replicaSetName(d: Deployment, podTemplateHash: string): string {
  return `${d.metadata?.name ?? ''}-${podTemplateHash}`;
}
