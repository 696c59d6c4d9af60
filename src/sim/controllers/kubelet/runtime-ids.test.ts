import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv32a } from '../deployment/pod-template-hash.ts';
import { containerIDOf, hash32, hex64, imageIDOf, imageSizeOf, nodeIndexOf, podIPOf } from './runtime-ids.ts';

describe('runtime ids', () => {
  it('image IDs are repository digests, qualified as the runtime reports them', () => {
    expect(imageIDOf('nginx:1.27')).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
    expect(imageIDOf('bitnami/redis:7')).toMatch(/^docker\.io\/bitnami\/redis@sha256:/);
    expect(imageIDOf('registry.k8s.io/pause:3.10')).toMatch(/^registry\.k8s\.io\/pause@sha256:/);
    expect(imageIDOf('localhost:5000/app:1')).toMatch(/^localhost:5000\/app@sha256:/);
  });

  it('container IDs differ per attempt and are stable per input', () => {
    expect(containerIDOf('u', 'web', 0)).toBe(containerIDOf('u', 'web', 0));
    expect(containerIDOf('u', 'web', 0)).not.toBe(containerIDOf('u', 'web', 1));
    expect(containerIDOf('u', 'web', 0)).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
  });

  it('node addresses come from a trailing number in the name, else a hash in 1..250', () => {
    expect(nodeIndexOf('node-7')).toBe(7);
    const h = nodeIndexOf('gpu-a');
    expect(h).toBeGreaterThanOrEqual(1);
    expect(h).toBeLessThanOrEqual(250);
    expect(podIPOf('node-7', 0)).toBe('10.244.7.2');
  });

  it('image sizes are fixed per image', () => {
    expect(imageSizeOf('nginx:1.27')).toBe(imageSizeOf('nginx:1.27'));
    expect(imageSizeOf('nginx:1.27')).toBeGreaterThanOrEqual(20_000_000);
  });
});

describe('runtime ids: hashing from the string', () => {
  const encoder = new TextEncoder();
  /** The plain computation: fnv-32a over the UTF-8 bytes, each round over the whole "i:" + s. */
  const plainHex64 = (s: string): string => {
    let out = '';
    let h = 0x811c9dc5;
    for (let i = 0; i < 8; i++) {
      h = fnv32a(encoder.encode(`${i}:${s}`), h);
      out += h.toString(16).padStart(8, '0');
    }
    return out;
  };
  const mixed = fc.array(fc.constantFrom('a', '/', '\u007f', '\u0080', 'é', 'ß', '\u07ff', '\u0800', '中', '😀', '\ud800')).map((cs) => cs.join(''));
  const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), mixed, fc.constantFrom('nginx:1.27', 'u1/web/0', 'node-1', ''));

  it('hash32 and hex64 are fnv-32a of the UTF-8 bytes, as TextEncoder gives them (ASCII or not)', () => {
    fc.assert(
      fc.property(text, fc.option(fc.nat(), { nil: undefined }), (s, seed) => {
        expect(hash32(s, seed)).toBe(fnv32a(encoder.encode(s), seed));
        expect(hex64(s)).toBe(plainHex64(s));
      }),
      { seed: 4247, numRuns: 1000 },
    );
  });
});
