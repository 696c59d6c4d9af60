import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_REQUEST_BYTES, overRequestLimit, utf8Bytes } from './request-limit.ts';

describe('the 3 MiB request limit', () => {
  it('counts UTF-8 bytes as TextEncoder does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => {
        expect(utf8Bytes(s)).toBe(new TextEncoder().encode(s).length);
      }),
      { seed: 21, numRuns: 300 },
    );
  });

  it('refuses more than 3 MiB with kubectl’s words, and lets the limit itself through', () => {
    expect(overRequestLimit('a'.repeat(MAX_REQUEST_BYTES))).toBeNull();
    expect(overRequestLimit('a'.repeat(MAX_REQUEST_BYTES + 1))).toMatch(/^Error from server \(RequestEntityTooLarge\): Request entity too large: limit is 3145728\n\(the text is 3\.0 MiB; nothing was sent\)$/);
    expect(overRequestLimit('é'.repeat(MAX_REQUEST_BYTES / 2 + 1))).not.toBeNull();
    expect(overRequestLimit('x'.repeat(50 * 1024 * 1024))).toContain('nothing was sent');
  });
});
