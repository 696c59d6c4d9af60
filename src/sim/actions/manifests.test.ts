import { describe, expect, it } from 'vitest';
import { parseManifests, MAX_MANIFEST_BYTES, MAX_MANIFEST_DOCUMENTS, MAX_OBJECT_DEPTH } from './manifests.ts';

describe('parseManifests', () => {
  it('reads several documents with their line ranges', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n';
    const r = parseManifests(text);
    expect(r.errors).toEqual([]);
    expect(r.documents.map((d) => [d.index, (d.object.metadata as { name: string }).name, d.startLine])).toEqual([
      [0, 'a', 1],
      [1, 'b', 5],
    ]);
  });

  it('reports a syntax error with its line and column', () => {
    const r = parseManifests('apiVersion: v1\nkind: Pod\nmetadata:\n  name: [unclosed\n');
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.errors[0]!.line).toBeGreaterThanOrEqual(4);
  });

  // The time bounds below only catch exponential or quadratic blow-ups (minutes); the machine may be busy.
  it('rejects an alias bomb instead of expanding it', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++) bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)},*${String.fromCharCode(96 + i)}]`);
    const started = performance.now();
    const r = parseManifests(bomb.join('\n'));
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(r.documents).toEqual([]);
    expect(r.errors[0]!.message).toMatch(/alias/i);
  });

  it('refuses text over the api-server\'s 3 MiB request limit with its 413, before parsing, counting UTF-8 bytes', () => {
    const started = performance.now();
    const r = parseManifests('a: b\n'.repeat(2 * 1024 * 1024)); // 10 MiB
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(r.errors).toEqual([expect.objectContaining({ line: 0, message: 'Request entity too large: limit is 3145728' })]);
    expect(r.errors[0]!.status).toMatchObject({ code: 413, reason: 'RequestEntityTooLarge' });
    // 1.1 M characters of three bytes each: 3.3 MB of UTF-8.
    expect(parseManifests(`a: "${'€'.repeat(1_100_000)}"`).errors[0]!.status?.code).toBe(413);
    expect(MAX_MANIFEST_BYTES).toBe(3145728);
  });

  it('refuses a stream of more documents than one apply takes, naming the bound, before parsing', () => {
    const started = performance.now();
    const r = parseManifests('---\na: 1\n'.repeat(142_990));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(r.documents).toEqual([]);
    expect(r.errors[0]!.message).toBe(`too many documents (at least 142990); one apply takes at most ${MAX_MANIFEST_DOCUMENTS}`);
    const objects = Array.from({ length: MAX_MANIFEST_DOCUMENTS + 1 }, () => ({ apiVersion: 'v1', kind: 'ConfigMap' }));
    expect(parseManifests(objects).errors[0]!.message).toBe(`too many objects (10001); one apply takes at most ${MAX_MANIFEST_DOCUMENTS}`);
  });

  it('refuses objects nested past the bound, cycles and non-JSON values, naming where, without recursing into them', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 5_000; i++) deep = { a: deep };
    const r = parseManifests([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: deep }]);
    expect(r.documents).toEqual([]);
    expect(r.errors[0]!.message).toMatch(new RegExp(`^item 1: data(\\.a)+\\.…(\\.a)+ is nested more than ${MAX_OBJECT_DEPTH} levels deep$`));
    const cyclic: Record<string, unknown> = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } };
    (cyclic.metadata as Record<string, unknown>).self = cyclic;
    expect(parseManifests([cyclic]).errors[0]!.message).toBe('item 1: metadata.self refers to an object that contains it (a cycle)');
    expect(parseManifests([{ apiVersion: 'v1', kind: 'Pod', spec: { x: Number.NaN } }]).errors[0]!.message).toBe('item 1: spec.x is NaN, which JSON cannot carry');
    expect(parseManifests([{ apiVersion: 'v1', kind: 'Pod', spec: { f: () => 1 } }]).errors[0]!.message).toBe('item 1: spec.f is a function, not JSON data');
    expect(parseManifests([{ apiVersion: 'v1', kind: 'Pod', spec: new Map() }]).errors[0]!.message).toBe('item 1: spec is a Map, not a plain object');
    expect(parseManifests(42 as unknown as object[]).errors[0]!.message).toBe('manifests must be YAML text or a list of objects, not number');
  });

  it('keeps a __proto__ key as data, from text and from objects', () => {
    const fromText = parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n  __proto__: "1"\n');
    const given = JSON.parse('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"},"data":{"__proto__":"1"}}') as object;
    for (const r of [fromText, parseManifests([given])]) {
      const data = r.documents[0]!.object.data as Record<string, unknown>;
      expect(Object.keys(data)).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('requires apiVersion and kind, and an object per document', () => {
    expect(parseManifests('metadata: {name: x}\n').errors[0]!.message).toMatch(/'kind' is missing/);
    expect(parseManifests('- 1\n- 2\n').errors[0]!.message).toMatch(/not an object/);
  });

  it('skips empty documents', () => {
    expect(parseManifests('---\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n').documents).toHaveLength(1);
  });

  it('refuses absurd nesting quickly instead of overflowing the parser', () => {
    for (const text of ['- '.repeat(20_000) + 'x', '['.repeat(50_000), 'a:\n' + Array.from({ length: 3000 }, (_, i) => ' '.repeat(i + 1) + 'b:').join('\n')]) {
      const started = performance.now();
      const r = parseManifests(text);
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(r.documents).toEqual([]);
      expect(r.errors.length).toBeGreaterThan(0);
    }
  });

  it('finds duplicate keys in linear time and names their line', () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `  k${i}: v`).join('\n');
    const started = performance.now();
    const r = parseManifests(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n${keys}\n  k7: again\n`);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(r.errors[0]!.message).toMatch(/duplicate key "k7"/);
    expect(r.errors[0]!.line).toBe(50_005);
  });
});
