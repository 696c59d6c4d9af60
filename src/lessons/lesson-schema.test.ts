import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { lessonJsonSchema } from './lesson-schema.ts';

const schemaFile = new URL('../../docs/lesson.schema.json', import.meta.url);
const lessonsDir = new URL('../../lessons/', import.meta.url);

describe('docs/lesson.schema.json', () => {
  it('is up to date with the zod schema (regenerate: npx tsx src/cli/write-lesson-schema.ts)', () => {
    expect(JSON.parse(readFileSync(schemaFile, 'utf8'))).toEqual(lessonJsonSchema());
  });

  it('accepts every lesson and the test lesson, and rejects a typo in a key', () => {
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    const files = readdirSync(lessonsDir).filter((f) => f.endsWith('.yaml'));
    for (const f of files) expect(validate(parse(readFileSync(new URL(f, lessonsDir), 'utf8'))), `${f}: ${JSON.stringify(validate.errors)}`).toBe(true);
    const tiny = parse(readFileSync(new URL('./testdata/tiny.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    expect(validate(tiny)).toBe(true);
    expect(validate({ ...tiny, stepz: [] })).toBe(false);
  });
});
