import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../../engine/clone-graph.ts';
import { createErrors } from '../test-fixtures.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import { isDNS1123Subdomain } from './names.ts';

describe('object-meta validation', () => {
  it('requires a name or generateName', () => {
    expect(createErrors('ConfigMap', (o) => delete o.metadata.name)).toBe('metadata.name: Required value: name or generateName is required');
    expect(createErrors('ConfigMap', (o) => {
      delete o.metadata.name;
      o.metadata.generateName = 'cfg-';
    })).toBe('');
  });

  it('uses the exact upstream DNS-1123 subdomain message', () => {
    expect(createErrors('ConfigMap', (o) => (o.metadata.name = '-cfg'))).toBe(
      "metadata.name: Invalid value: \"-cfg\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
  });

  it('reports names over 253 characters', () => {
    expect(createErrors('ConfigMap', (o) => (o.metadata.name = 'a'.repeat(254)))).toBe(`metadata.name: Invalid value: "${'a'.repeat(254)}": must be no more than 253 characters`);
  });

  it('validates label keys and values at metadata.labels', () => {
    expect(createErrors('ConfigMap', (o) => (o.metadata.labels = { 'app.kubernetes.io/name': 'web', tier: 'front end' }))).toBe(
      "metadata.labels: Invalid value: \"front end\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    );
    expect(createErrors('ConfigMap', (o) => (o.metadata.labels = { '-bad': 'x' }))).toBe(
      "metadata.labels: Invalid value: \"-bad\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    );
  });

  it('limits annotations to 256 KiB in total', () => {
    expect(createErrors('ConfigMap', (o) => (o.metadata.annotations = { big: 'x'.repeat(262145) }))).toBe('metadata.annotations: Too long: may not be more than 262144 bytes');
  });

  it('reports a label value of the wrong type by its key path', () => {
    const errs = validateObjectMeta({ name: 'a', namespace: 'b', labels: { n: 1 } }, true, isDNS1123Subdomain);
    expect(errs.map((e) => e.field)).toEqual(['metadata.labels[n]']);
  });

  it('requires owner references to name their owner, and allows only one controller', () => {
    expect(createErrors('ConfigMap', (o) => (o.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }]))).toBe(
      'metadata.ownerReferences.uid: Invalid value: "": uid must not be empty',
    );
    const ref = (name: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name, uid: `u-${name}`, controller: true });
    expect(createErrors('ConfigMap', (o) => (o.metadata.ownerReferences = [ref('a'), ref('b')]))).toMatch(
      /^metadata\.ownerReferences: Invalid value: .*: Only one reference can have Controller set to true\. Found "true" in references for ReplicaSet\/a and ReplicaSet\/b$/,
    );
  });
});

describe('object-meta update validation', () => {
  it('forbids adding finalizers to an object being deleted', () => {
    const old = { name: 'a', namespace: 'b', deletionTimestamp: '2026-01-01T00:00:00Z', finalizers: ['foregroundDeletion'] };
    const next = { ...old, finalizers: ['foregroundDeletion', 'example.com/hold'] };
    expect(validateObjectMetaUpdate(next, old).map((e) => `${e.field}: ${e.body}`)).toEqual([
      'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/hold"}',
    ]);
    expect(validateObjectMetaUpdate({ ...old, finalizers: [] }, old)).toEqual([]);
  });

  it('keeps deletionTimestamp immutable once set, but lets an update leave it out', () => {
    const old = { name: 'a', deletionTimestamp: '2026-01-01T00:00:00Z' };
    expect(validateObjectMetaUpdate({ name: 'a' }, old)).toEqual([]);
    expect(validateObjectMetaUpdate({ name: 'a', deletionTimestamp: '2027-01-01T00:00:00Z' }, old).map((e) => e.field)).toEqual(['metadata.deletionTimestamp']);
  });

  it('a frozen metadata value found valid gives the same answers again, at any path, as a fresh copy (property)', () => {
    const word = fc.constantFrom('app', 'web', 'a/b', 'example.com/x', '-bad', 'Upper', '', 'x'.repeat(70));
    const value = fc.oneof(word, fc.constant(1), fc.constant(null));
    const labels = fc.oneof(fc.dictionary(word, value, { maxKeys: 3 }), fc.constant('not-a-map'));
    const ref = fc.record({ apiVersion: fc.constantFrom('v1', 'apps/v1', '', 'apps/'), kind: word, name: word, uid: word, controller: fc.boolean() }, { requiredKeys: [] });
    const meta = fc.record(
      {
        name: fc.constant('m'),
        namespace: fc.constant('default'),
        labels,
        annotations: labels,
        ownerReferences: fc.oneof(fc.array(fc.oneof(ref, fc.constant(3)), { maxLength: 3 }), fc.constant({})),
        finalizers: fc.oneof(fc.array(fc.oneof(word, fc.constant(2)), { maxLength: 3 }), fc.constant('x')),
      },
      { requiredKeys: ['name', 'namespace'] },
    );
    fc.assert(
      fc.property(fc.array(meta, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(3)), (metas, mixes) => {
        // The same frozen values met again, under other metadata and at other paths.
        const frozen = metas.map((m) => deepFreeze(m));
        const plain = (m: object, path: string) => validateObjectMeta(structuredClone(m), true, isDNS1123Subdomain, path);
        for (let round = 0; round < 2; round++) {
          for (const [i, m] of frozen.entries()) {
            const other = frozen[(mixes[i] ?? 0) % frozen.length]!;
            const mixed = { ...m, labels: other.labels, finalizers: other.finalizers };
            for (const path of ['metadata', 'spec.template.metadata']) {
              expect(validateObjectMeta(m, true, isDNS1123Subdomain, path)).toEqual(plain(m, path));
              expect(validateObjectMeta(mixed, true, isDNS1123Subdomain, path)).toEqual(plain(mixed, path));
            }
          }
        }
      }),
      { seed: 43, numRuns: 300 },
    );
  });
});
