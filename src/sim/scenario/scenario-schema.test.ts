import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from './scenario-schema.ts';

const schemaFile = new URL('../../../docs/scenario.schema.json', import.meta.url);
const testdata = (name: string): unknown => parse(readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8'));

describe('docs/scenario.schema.json', () => {
  it('is up to date with the zod schema (regenerate: npx tsx src/cli/write-scenario-schema.ts)', () => {
    expect(JSON.parse(readFileSync(schemaFile, 'utf8'))).toEqual(scenarioJsonSchema());
  });

  it('accepts the example scenarios and rejects a typo in a key', () => {
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    expect(validate(testdata('scale-web.yaml')), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(testdata('failing.yaml')), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ apiVersion: 'loopscope/v1', kind: 'Scenario', metadata: { name: 'x' }, untill: '1m' })).toBe(false);
  });
});
