import { describe, expect, it } from 'vitest';
import { SAFE_ENCODE_ALPHANUMS, computeHash, fnv32a, replicaSetName, safeEncodeString } from './pod-template-hash';
import { newDeployment } from './test-fixtures';

describe('pod-template-hash', () => {
  it('fnv32a matches the published FNV-1a test vectors', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(fnv32a(enc(''))).toBe(0x811c9dc5);
    expect(fnv32a(enc('a'))).toBe(0xe40c292c);
    expect(fnv32a(enc('foobar'))).toBe(0xbf9cf968);
  });
  it('safeEncodeString maps each character through the 27-letter alphabet by code modulo 27', () => {
    // '0' is code 48 → 48 % 27 = 21 → '4'; '9' is 57 → 3 → 'f'.
    expect(safeEncodeString('09')).toBe(`${SAFE_ENCODE_ALPHANUMS[21]}${SAFE_ENCODE_ALPHANUMS[3]}`);
    expect(safeEncodeString('09')).toBe('4f');
  });
  it('the same template hashes the same whatever its key order; a changed template or collisionCount changes it', () => {
    const t1 = { metadata: { labels: { a: '1', b: '2' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    const t2 = { spec: { containers: [{ image: 'nginx', name: 'c' }] }, metadata: { labels: { b: '2', a: '1' } } };
    const h = computeHash(t1);
    expect(computeHash(t2)).toBe(h);
    expect(h).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
    expect(computeHash({ ...t1, spec: { containers: [{ name: 'c', image: 'nginx:2' }] } })).not.toBe(h);
    expect(computeHash(t1, 1)).not.toBe(h);
    expect(computeHash(t1, 1)).not.toBe(computeHash(t1, 2));
  });
  it('names the replica set <deployment>-<hash>', () => {
    expect(replicaSetName(newDeployment('web', 1), 'abc')).toBe('web-abc');
  });
});
