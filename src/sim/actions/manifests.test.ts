import { describe, expect, it } from 'vitest';
import { parseManifests, MAX_MANIFEST_BYTES } from './manifests.ts';

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

  it('rejects a huge input without parsing it', () => {
    const r = parseManifests('a: b\n'.repeat(MAX_MANIFEST_BYTES / 4));
    expect(r.errors[0]!.message).toMatch(/limit is 8 MiB/);
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
