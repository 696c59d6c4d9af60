/**
 * One copy of a text that is built again and again: `intern(s)` returns the first string equal to `s` it was given
 * (flat, see {@link flattenString}), so the thousands of pods, conditions and Events that carry the same message
 * ("containers with unready status: [app]", "Started container app", an image's digest) share one string instead
 * of each keeping the copy its template literal built.
 *
 * A pure cache: the value returned always equals `s`, only memory changes. The table is bounded: once it holds
 * {@link MAX_INTERNED} strings it starts again empty, so texts that never repeat (a UID, a pod's name) cost a
 * lookup, never memory past the bound.
 */
import { flattenString } from './clone-graph.ts';

/** Strings kept before the table starts again. */
export const MAX_INTERNED = 4096;

let table = new Map<string, string>();

export function intern(s: string): string {
  const known = table.get(s);
  if (known !== undefined) return known;
  if (table.size >= MAX_INTERNED) table = new Map();
  flattenString(s);
  table.set(s, s);
  return s;
}
