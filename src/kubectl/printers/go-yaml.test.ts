import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { goYamlMarshal, yamlKeyLess } from './go-yaml.ts';

const testdata = (name: string): string => readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8');

describe('goYamlMarshal: what kubectl -o yaml prints (golden texts from kubectl 1.32 --dry-run=client -o yaml)', () => {
  test('a Deployment: sorted keys, indentless sequences, {} for empty maps, null', () => {
    const obj = JSON.parse(testdata('kubectl-create-deployment.json'));
    expect(goYamlMarshal(obj)).toBe(testdata('kubectl-create-deployment.yaml'));
  });

  test('a CronJob: a schedule that must be quoted, a command list', () => {
    const obj = JSON.parse(testdata('kubectl-create-cronjob.json'));
    expect(goYamlMarshal(obj)).toBe(testdata('kubectl-create-cronjob.yaml'));
  });

  test('94 strings: quoting (YAML 1.1 bools, numbers, timestamps), literal blocks, escapes, folding after column 80, key order', () => {
    const golden = JSON.parse(testdata('kubectl-create-configmap-yaml.json')) as { data: Record<string, string>; yaml: string };
    const cm = { apiVersion: 'v1', data: golden.data, kind: 'ConfigMap', metadata: { creationTimestamp: null, name: 'golden' } };
    const got = goYamlMarshal(cm).split('\n');
    const want = golden.yaml.split('\n');
    for (let i = 0; i < Math.max(got.length, want.length); i++) expect(got[i], `line ${i + 1}`).toBe(want[i]);
  });
});

describe('goYamlMarshal: shapes', () => {
  test('sequences of sequences and of maps, empty collections, numbers', () => {
    expect(goYamlMarshal({ a: [[1, 2], [], [{}], { b: [] }], c: 0.5, d: 1500000.5, e: 1e-7, f: -3, g: true })).toBe(
      'a:\n- - 1\n  - 2\n- []\n- - {}\n- b: []\nc: 0.5\nd: 1.5000005e+06\ne: 1e-07\nf: -3\ng: true\n',
    );
  });
  test('a literal block in a sequence item map continues at the item map\'s indent + 2', () => {
    expect(goYamlMarshal({ items: [{ script: 'a\nb\n', x: 1 }] })).toBe('items:\n- script: |\n    a\n    b\n  x: 1\n');
  });
  test('keys over 128 bytes take the complex form, as kubectl prints them', () => {
    const k130 = 'k'.repeat(130);
    const a128 = 'a'.repeat(128);
    expect(goYamlMarshal({ data: { [k130]: 'value', [a128]: 'v2', short: 'x' } })).toBe(`data:\n  ${a128}: v2\n  ? ${k130}\n  : value\n  short: x\n`);
    expect(goYamlMarshal({ [k130]: { a: 1, b: [1] }, z: [] })).toBe(`? ${k130}\n: a: 1\n  b:\n  - 1\nz: []\n`);
    expect(goYamlMarshal({ [k130]: ['x', 'y'] })).toBe(`? ${k130}\n: - x\n  - "y"\n`);
  });
  test('top-level values', () => {
    expect(goYamlMarshal([])).toBe('[]\n');
    expect(goYamlMarshal({})).toBe('{}\n');
    expect(goYamlMarshal(['yes', 'no'])).toBe('- "yes"\n- "no"\n');
  });
  test('go-yaml key order: digits by value, non-letters before letters', () => {
    const keys = ['b', 'a10', 'a9', '_x', 'A', 'a.b', 'a-b', 'a09'];
    expect([...keys].sort((x, y) => (yamlKeyLess(x, y) ? -1 : yamlKeyLess(y, x) ? 1 : 0))).toEqual(['_x', 'A', 'a-b', 'a.b', 'a9', 'a09', 'a10', 'b']);
  });
  test('never throws on JSON-shaped values (seeded)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(typeof goYamlMarshal(v)).toBe('string');
      }),
      { seed: 4242, numRuns: 300 },
    );
  });
  // The npm yaml package's YAML 1.1 reader takes a float without mantissa digits (".", "e5", "-E0", "+.e1") for a
  // number where go-yaml (and the 1.1 spec's float pattern) read a string: those shapes are left out.
  const npmYamlReadsAsFloat = (s: string): boolean => /^[-+]?\.?(?:[eE][-+]?[0-9]*)?$/.test(s);
  test('strings round-trip through a YAML 1.1 reader as strings (seeded)', async () => {
    const { parse } = await import('yaml');
    const text = fc.string({ unit: 'grapheme-ascii', maxLength: 200 }).filter((s) => !npmYamlReadsAsFloat(s));
    fc.assert(
      fc.property(fc.dictionary(text, text), (m) => {
        const text = goYamlMarshal({ m });
        expect(parse(text, { version: '1.1' }).m ?? {}).toEqual(m);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
