import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { DEFAULT_MANIFESTS, DEFAULT_OBJECTS } from './default-demo.ts';

describe('the default demo', () => {
  it('sends the worker exactly the manifests the editor shows, parsed', () => {
    const parsed = parseAllDocuments(DEFAULT_MANIFESTS).map((d) => d.toJS());
    expect(JSON.parse(JSON.stringify(DEFAULT_OBJECTS))).toEqual(parsed);
    expect(JSON.stringify(DEFAULT_OBJECTS)).toBe(JSON.stringify(parsed));
  });
});
