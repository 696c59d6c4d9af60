/**
 * JSON Merge Patch (RFC 7386), as `application/merge-patch+json` is applied by the api-server
 * (k8s.io/apiserver/pkg/endpoints/handlers/patch.go, via github.com/evanphx/json-patch `MergePatch`).
 */
import { getOwn, setOwn } from '../../api/own-property.ts';

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * RFC 7386 `MergePatch(Target, Patch)`: an object patch merges key by key (`null` deletes a key), anything else
 * (arrays included) replaces the target. Pure: neither argument is modified; the result shares no structure with
 * `patch` (it may share unchanged subtrees with `target`, which callers treat as immutable).
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) delete result[key];
    else setOwn(result, key, applyMergePatch(getOwn(result, key), value));
  }
  return result;
}
