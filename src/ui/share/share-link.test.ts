import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { decodeRecipe, encodeRecipe, linkData, MAX_LINK_CHARS, shareUrl } from './share-link.ts';
import type { SimulationRecipe } from '../../worker/protocol.ts';

const recipe: SimulationRecipe = {
  version: 1,
  options: { seed: 42, nodes: 3 },
  inputs: [{ afterStep: 10, at: 1234, action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 5 } }],
  step: 99,
};

describe('share links', () => {
  it('round-trip a recipe through the address fragment', () => {
    const url = shareUrl({ origin: 'http://127.0.0.1:5173', pathname: '/', search: '?present' }, recipe);
    expect(url.startsWith('http://127.0.0.1:5173/?present#run=')).toBe(true);
    const data = linkData(new URL(url).hash);
    expect(data).not.toBeNull();
    expect(decodeRecipe(data!)).toEqual({ recipe });
  });

  it('say what is wrong with a damaged, foreign or oversized link', () => {
    expect(decodeRecipe('!!!')).toEqual({ error: expect.stringContaining('not base64url') });
    expect(decodeRecipe('AAAA')).toEqual({ error: expect.stringContaining('damaged') });
    expect(decodeRecipe('x'.repeat(MAX_LINK_CHARS + 1))).toEqual({ error: expect.stringContaining('at most') });
    const other = encodeRecipe(recipe).length; // a valid link of another format version:
    expect(other).toBeGreaterThan(0);
    const v2 = Buffer.from(deflateSync(new TextEncoder().encode(JSON.stringify({ v: 2, recipe })))).toString('base64url');
    expect(decodeRecipe(v2)).toEqual({ error: expect.stringContaining('another version') });
  });

  it('refuse a decompression bomb without expanding it', () => {
    const bomb = Buffer.from(deflateSync(new Uint8Array(50 * 1024 * 1024).fill(32))).toString('base64url');
    expect(bomb.length).toBeLessThan(MAX_LINK_CHARS);
    const t0 = performance.now();
    expect(decodeRecipe(bomb)).toEqual({ error: expect.stringContaining('expands to more than') });
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('never throws on any link text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        expect(() => decodeRecipe(s)).not.toThrow();
        expect(() => linkData(`#${s}`)).not.toThrow();
      }),
      { seed: 9, numRuns: 500 },
    );
  });
});
