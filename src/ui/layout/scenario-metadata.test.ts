import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { metadataBlock, scenarioMetadata } from './scenario-metadata.ts';

/** The plain computation: the whole file parsed. */
const wholeFile = (text: string) => (parse(text, { maxAliasCount: 10 }) as { metadata?: unknown } | null)?.metadata;

describe('scenarioMetadata', () => {
  it('gives what the whole file gives, for every scenario in the repository', () => {
    const dir = new URL('../../../scenarios/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      expect(metadataBlock(text), f).toBeDefined();
      expect(scenarioMetadata(text), f).toEqual(wholeFile(text));
    }
  });

  it('gives what the whole file gives, on generated files in every string style', () => {
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: fc.constantFrom('a', ' ', '\n', '#', ':', '-', '"', "'", '\\', '|', '>', 'é'), maxLength: 60 }));
    const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), text, { maxKeys: 3 }));
    const topKey = fc.stringMatching(/^[a-z]{1,8}$/).filter((k) => k !== 'metadata');
    const metadata = fc.record({ name: value, description: value, labels: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), text, { maxKeys: 2 }) }, { requiredKeys: [] });
    const options = fc.record({
      indent: fc.integer({ min: 1, max: 4 }),
      lineWidth: fc.constantFrom(0, 20, 80),
      defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_FOLDED', 'BLOCK_LITERAL'),
      blockQuote: fc.constantFrom<boolean | 'folded' | 'literal'>(true, false, 'folded', 'literal'),
      collectionStyle: fc.constantFrom('any', 'block', 'flow'),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(topKey, value), { maxLength: 3 }), metadata, fc.array(fc.tuple(topKey, value), { maxLength: 3 }), options, fc.boolean(), fc.boolean(), (before, meta, after, opts, comment, crlf) => {
        const doc = Object.fromEntries([...before, ['metadata', meta], ...after]);
        let file = stringify(doc, opts);
        if (comment) file = `# yaml-language-server: $schema=../docs/scenario.schema.json\n${file}`;
        if (crlf) file = file.replace(/\n/g, '\r\n');
        let whole: unknown;
        try {
          whole = wholeFile(file);
        } catch {
          fc.pre(false); // yaml's stringify can write what it does not read back (seen at indent 1): not a scenario file
        }
        expect(scenarioMetadata(file)).toEqual(whole);
      }),
      { seed: 4, numRuns: 1000 },
    );
  });

  it('reads the whole file when the block cannot be read alone', () => {
    const alias = 'base: &m {name: shared}\nmetadata: *m\n';
    expect(metadataBlock(alias)).toBe('metadata: *m\n');
    expect(scenarioMetadata(alias)).toEqual({ name: 'shared' });
    const twoDocuments = 'metadata: {name: a}\n---\nmetadata: {name: b}\n';
    expect(metadataBlock(twoDocuments)).toBeUndefined();
    expect(() => scenarioMetadata(twoDocuments)).toThrow();
    const twice = 'metadata: {name: a}\nseed: 1\nmetadata: {name: b}\n';
    expect(metadataBlock(twice)).toBeUndefined();
    expect(() => scenarioMetadata(twice)).toThrow();
    expect(scenarioMetadata('seed: 1\n')).toBeUndefined();
    expect(scenarioMetadata('')).toBeUndefined();
  });

  it('takes the block up to the next top-level line, comments and blank lines included', () => {
    const text = '# header\nkind: Scenario\nmetadata:\n  name: x\n\n# a comment\n  description: >-\n    one\n    two\nseed: 1\n';
    expect(metadataBlock(text)).toBe('metadata:\n  name: x\n\n# a comment\n  description: >-\n    one\n    two\n');
    expect(scenarioMetadata(text)).toEqual({ name: 'x', description: 'one two' });
  });
});
