import { describe, expect, it } from 'vitest';
import { createErrors } from '../test-fixtures.ts';
import { validateObjectMeta } from './object-meta.ts';
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
});
