import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { lessonManifests } from './lesson-manifests.ts';
import { lessons } from './lessons.ts';

describe('lessonManifests', () => {
  it('gives every bundled lesson that has manifests its text, which parses into objects with a kind', () => {
    const withManifests = lessons().filter((l) => /^manifests:/m.test(l.text));
    expect(withManifests.length).toBeGreaterThan(20);
    for (const l of withManifests) {
      const text = lessonManifests(l.text);
      expect(text, l.id).not.toBeNull();
      const docs = parseAllDocuments(text!).map((d) => d.toJS() as { kind?: string } | null);
      expect(docs.length, l.id).toBeGreaterThan(0);
      for (const d of docs) expect(typeof d?.kind, l.id).toBe('string');
    }
  });

  it('keeps block text as written, and writes objects and lists as YAML documents', () => {
    expect(lessonManifests('manifests: |\n  kind: ConfigMap\n  # a comment\n')).toBe('kind: ConfigMap\n# a comment\n');
    expect(lessonManifests('manifests: {kind: ConfigMap, metadata: {name: a}}')).toBe('kind: ConfigMap\nmetadata:\n  name: a\n');
    expect(lessonManifests('manifests: [{kind: A}, {kind: B}]')).toBe('kind: A\n---\nkind: B\n');
  });

  it('is null without manifests, for empty text and for a file that does not parse', () => {
    expect(lessonManifests('name: x')).toBeNull();
    expect(lessonManifests('manifests: ""')).toBeNull();
    expect(lessonManifests('manifests: [1, 2]')).toBeNull();
    expect(lessonManifests('a: [')).toBeNull();
    expect(lessonManifests('')).toBeNull();
  });
});
