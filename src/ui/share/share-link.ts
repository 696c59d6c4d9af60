/**
 * Share links: the address `#run=<data>` holds a run's recipe (the cluster's options, every user action and fault
 * with its step, and the viewed step: what replays it, not its state), as versioned JSON compressed with DEFLATE
 * (fflate) and written in base64url. Opening the link re-executes the recipe in the worker, which validates it
 * (src/worker/recipe-schema.ts): a link is data, never code.
 *
 * Reading is bounded before anything is parsed: the link text, and the decompressed size (fflate inflates into a
 * buffer of our size, so a small hostile link cannot expand into gigabytes).
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import type { SimulationRecipe } from '../../worker/protocol.ts';

export const SHARE_PARAM = 'run';
/** Longest link data read (characters): browsers and chat tools keep addresses well under this. */
export const MAX_LINK_CHARS = 200_000;
/** Largest recipe JSON a link may expand to. */
export const MAX_RECIPE_BYTES = 4 * 1024 * 1024;
const VERSION = 1;

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** The link data for a recipe. */
export function encodeRecipe(recipe: SimulationRecipe): string {
  return toBase64Url(deflateSync(strToU8(JSON.stringify({ v: VERSION, recipe })), { level: 9 }));
}

/** The recipe a link's data holds (not yet validated: the worker does that), or why it cannot be read. */
export function decodeRecipe(data: string): { recipe: unknown } | { error: string } {
  if (data.length > MAX_LINK_CHARS) return { error: `this link is ${data.length} characters long; a Loopscope link holds at most ${MAX_LINK_CHARS}` };
  const bytes = fromBase64Url(data);
  if (!bytes || bytes.length === 0) return { error: 'this link is damaged (its data is not base64url): copy it again' };
  let json: string;
  try {
    const out = inflateSync(bytes, { out: new Uint8Array(MAX_RECIPE_BYTES + 1) });
    if (out.length > MAX_RECIPE_BYTES) return { error: `this link expands to more than ${MAX_RECIPE_BYTES / (1024 * 1024)} MiB; it is not one Loopscope makes` };
    json = strFromU8(out);
  } catch {
    return { error: 'this link is damaged (its data does not decompress): copy it again' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return { error: 'this link is damaged (its data is not JSON): copy it again' };
  }
  const v = (payload as { v?: unknown } | null)?.v;
  if (v !== VERSION) return { error: `this link was made by another version of Loopscope (format ${JSON.stringify(v) ?? 'unknown'}; this page reads ${VERSION})` };
  return { recipe: (payload as { recipe?: unknown }).recipe };
}

/** The link data in an address's fragment (`#run=…`), if any. */
export function linkData(hash: string): string | null {
  const m = /^#(?:.*&)?run=([^&]*)/.exec(hash);
  return m ? m[1]! : null;
}

/** The full address of a recipe: this page, its query (e.g. `?present`) kept, the recipe in the fragment. */
export function shareUrl(location: Pick<Location, 'origin' | 'pathname' | 'search'>, recipe: SimulationRecipe): string {
  return `${location.origin}${location.pathname}${location.search}#${SHARE_PARAM}=${encodeRecipe(recipe)}`;
}
