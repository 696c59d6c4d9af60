import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { locateField, parseFieldPath, splitDocuments, statusMarkers, syntaxMarkers } from './markers.ts';

const deployment = [
  'apiVersion: apps/v1', // 1
  'kind: Deployment', // 2
  'metadata:', // 3
  '  name: web', // 4
  '  labels:', // 5
  '    app: web', // 6
  '    example.com/owner: me', // 7
  'spec:', // 8
  '  replicas: -1', // 9
  '  template:', // 10
  '    spec:', // 11
  '      containers:', // 12
  '      - name: c', // 13
  '        image: ""', // 14
  '      - name: d', // 15
  '        image: nginx', // 16
  '',
].join('\n');

const pod = ['---', '# the second object', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: p}', ''].join('\n');

function invalid(...causes: { field: string; message: string }[]) {
  return { message: 'Deployment.apps "web" is invalid', reason: 'Invalid', code: 422, details: { causes: causes.map((c) => ({ reason: 'FieldValueInvalid', ...c })) } };
}

describe('parseFieldPath', () => {
  it('reads dotted names, list indexes and bracketed map keys as the api-server writes them', () => {
    expect(parseFieldPath('spec.template.spec.containers[0].image')).toEqual(['spec', 'template', 'spec', 'containers', 0, 'image']);
    expect(parseFieldPath('metadata.labels[app]')).toEqual(['metadata', 'labels', 'app']);
    expect(parseFieldPath('metadata.annotations[example.com/owner]')).toEqual(['metadata', 'annotations', 'example.com/owner']);
    expect(parseFieldPath('spec.ports[1].targetPort')).toEqual(['spec', 'ports', 1, 'targetPort']);
  });

  it('round-trips any path built from names, indexes and keys', () => {
    const name = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,8}$/);
    const key = fc.stringMatching(/^[a-z][a-z0-9./-]{0,10}$/);
    const step = fc.oneof(
      name.map((n) => ({ text: `.${n}`, seg: n as string | number })),
      fc.nat(50).map((i) => ({ text: `[${i}]`, seg: i as string | number })),
      key.map((k) => ({ text: `[${k}]`, seg: k as string | number })),
    );
    fc.assert(
      fc.property(name, fc.array(step, { maxLength: 6 }), (first, steps) => {
        const text = first + steps.map((s) => s.text).join('');
        expect(parseFieldPath(text)).toEqual([first, ...steps.map((s) => s.seg)]);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('splitDocuments', () => {
  it('gives each document its parsed object and its line range', () => {
    const docs = splitDocuments(deployment + pod);
    expect(docs.map((d) => [d.index, d.startLine, d.endLine])).toEqual([
      [0, 1, 16],
      [1, 19, 21],
    ]);
    expect(docs[1]!.value).toEqual({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } });
    expect((docs[0]!.value as { spec: { replicas: number } }).spec.replicas).toBe(-1);
  });

  it('skips empty documents so indexes count only what an apply sends', () => {
    const docs = splitDocuments('---\n# nothing here\n---\nkind: A\n---\n---\n~\n---\nkind: B\n');
    expect(docs.map((d) => (d.value as { kind: string }).kind)).toEqual(['A', 'B']);
    expect(docs.map((d) => d.index)).toEqual([0, 1]);
  });

  it('keeps a document with a syntax error, without a value, with its errors', () => {
    const docs = splitDocuments('kind: A\n---\nkind: [B\nx: 1\n');
    expect(docs).toHaveLength(2);
    expect(docs[1]!.value).toBeUndefined();
    expect(docs[1]!.errors.length).toBeGreaterThan(0);
    expect(docs[0]!.errors).toEqual([]);
  });
});

describe('syntaxMarkers', () => {
  it('puts a YAML syntax error on its line and column, without the pretty-printed excerpt', () => {
    const markers = syntaxMarkers('a: 1\nb: 2\n  c: 3\n');
    expect(markers.length).toBeGreaterThan(0);
    const first = markers[0]!;
    expect(first.severity).toBe('error');
    expect(first.source).toBe('yaml');
    expect(first.startLineNumber).toBeGreaterThanOrEqual(2);
    expect(first.startLineNumber).toBeLessThanOrEqual(3);
    expect(first.message).not.toMatch(/\n/);
    expect(first.message).not.toMatch(/at line \d+/);
  });

  it('reports a duplicate key on the second key', () => {
    const [m] = syntaxMarkers('a: 1\nb: 2\na: 3\n');
    expect(m).toMatchObject({ startLineNumber: 3, startColumn: 1, message: expect.stringMatching(/unique/i) });
  });

  it('finds nothing wrong in valid YAML', () => {
    expect(syntaxMarkers(deployment + pod)).toEqual([]);
  });
});

describe('statusMarkers', () => {
  it('puts a cause on the key and value of the scalar field it names', () => {
    const [m] = statusMarkers(deployment, [{ documentIndex: 0, status: invalid({ field: 'spec.replicas', message: 'Invalid value: -1: must be greater than or equal to 0' }) }]);
    expect(m).toEqual({
      startLineNumber: 9,
      startColumn: 3,
      endLineNumber: 9,
      endColumn: 15,
      message: 'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      severity: 'error',
      source: 'api-server',
    });
  });

  it('follows list indexes into the right container', () => {
    const [m] = statusMarkers(deployment, [{ documentIndex: 0, status: invalid({ field: 'spec.template.spec.containers[1].image', message: 'Invalid value' }) }]);
    expect(m).toMatchObject({ startLineNumber: 16, startColumn: 9, endColumn: 21 });
  });

  it('reads map keys in brackets, dots and slashes included', () => {
    const markers = statusMarkers(deployment, [
      { documentIndex: 0, status: invalid({ field: 'metadata.labels[app]', message: 'a' }, { field: 'metadata.labels[example.com/owner]', message: 'b' }) },
    ]);
    expect(markers.map((m) => m.startLineNumber)).toEqual([6, 7]);
  });

  it('marks the nearest existing parent key for a missing required field', () => {
    const [m] = statusMarkers(deployment, [{ documentIndex: 0, status: invalid({ field: 'spec.selector', message: 'Required value' }) }]);
    expect(m).toMatchObject({ startLineNumber: 8, startColumn: 1, endColumn: 5, message: 'spec.selector: Required value' });
  });

  it('marks only the key of a field whose value is a collection', () => {
    const [m] = statusMarkers(deployment, [{ documentIndex: 0, status: invalid({ field: 'spec.template', message: 'x' }) }]);
    expect(m).toMatchObject({ startLineNumber: 10, endLineNumber: 10, startColumn: 3, endColumn: 11 });
  });

  it('maps each Status of a multi-document apply onto its own document', () => {
    const markers = statusMarkers(deployment + pod, [
      { documentIndex: 1, status: { message: 'pods "p" already exists', reason: 'AlreadyExists', code: 409 } },
      { documentIndex: 0, status: invalid({ field: 'metadata.name', message: 'Invalid value' }) },
    ]);
    expect(markers.map((m) => [m.startLineNumber, m.message])).toEqual([
      [21, 'pods "p" already exists'],
      [4, 'metadata.name: Invalid value'],
    ]);
  });

  it('puts a Status without causes on the first line when the document has no name', () => {
    const [m] = statusMarkers('# x\nkind: Pod\nspec: {}\n', [{ documentIndex: 0, status: { message: 'BadRequest' } }]);
    expect(m).toMatchObject({ startLineNumber: 2, startColumn: 1, message: 'BadRequest' });
  });

  it('puts a cause without a field beside the field causes, on metadata.name', () => {
    const status = { message: 'x', details: { causes: [{ message: 'quota exceeded' }, { field: 'spec.replicas', message: 'Invalid value' }] } };
    const markers = statusMarkers(deployment, [{ documentIndex: 0, status }]);
    expect(markers.map((m) => [m.startLineNumber, m.message])).toEqual([
      [4, 'quota exceeded'],
      [9, 'spec.replicas: Invalid value'],
    ]);
  });

  it('ignores a Status for a document that does not exist', () => {
    expect(statusMarkers(deployment, [{ documentIndex: 3, status: { message: 'x' } }])).toEqual([]);
  });

  it('says whether the field was found or only a parent', () => {
    const [doc] = splitDocuments(deployment);
    expect(locateField(doc!, ['spec', 'replicas']).exact).toBe(true);
    expect(locateField(doc!, ['spec', 'template', 'spec', 'containers', 5, 'image'])).toMatchObject({ exact: false, startLineNumber: 12 });
  });
});

describe('unknown fields named in a message', () => {
  it('finds server-side apply’s and strict decoding’s paths, and marks each on its line', async () => {
    const { unknownFieldPaths, statusMarkers } = await import('./markers.ts');
    expect(unknownFieldPaths('failed to create typed patch object (default/web; apps/v1, Kind=Deployment): .spec.replicaz: field not declared in schema')).toEqual(['spec.replicaz']);
    expect(unknownFieldPaths('errors:\n  .spec.a: field not declared in schema\n  .spec.template.spec.containers[name="web"].imagez: field not declared in schema')).toEqual(['spec.a', 'spec.template.spec.containers[name="web"].imagez']);
    expect(unknownFieldPaths('Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicaz", unknown field "spec.b"')).toEqual(['spec.replicaz', 'spec.b']);
    const text = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicaz: 4\n  template:\n    spec:\n      containers:\n      - name: side\n      - name: web\n        imagez: x\n';
    const markers = statusMarkers(text, [{ documentIndex: 0, status: { message: 'failed to create typed patch object (default/web; apps/v1, Kind=Deployment): errors:\n  .spec.replicaz: field not declared in schema\n  .spec.template.spec.containers[name="web"].imagez: field not declared in schema' } }]);
    expect(markers.map((m) => m.startLineNumber)).toEqual([5, 11]);
  });
});
