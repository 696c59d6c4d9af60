import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getField, jsonEqual, parseFieldPath, parseObjectRef, resourceNamesKind, testField } from './matchers.ts';

const deployment = {
  metadata: { name: 'web', labels: { 'app.kubernetes.io/name': 'web' } },
  spec: { replicas: 3, template: { spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } } },
  status: {
    readyReplicas: 3,
    conditions: [
      { type: 'Progressing', status: 'True' },
      { type: 'Available', status: 'False' },
    ],
  },
};

describe('field paths', () => {
  it('reads dotted keys, indexes, [key=value] selectors and quoted keys', () => {
    expect(getField(deployment, 'status.readyReplicas')).toEqual({ found: true, value: 3 });
    expect(getField(deployment, 'spec.template.spec.containers[0].image')).toEqual({ found: true, value: 'nginx:1.27' });
    expect(getField(deployment, 'status.conditions[type=Available].status')).toEqual({ found: true, value: 'False' });
    expect(getField(deployment, 'metadata.labels["app.kubernetes.io/name"]')).toEqual({ found: true, value: 'web' });
  });

  it('says absent for a missing key, an index out of range or no matching element', () => {
    expect(getField(deployment, 'status.updatedReplicas').found).toBe(false);
    expect(getField(deployment, 'spec.template.spec.containers[1]').found).toBe(false);
    expect(getField(deployment, 'status.conditions[type=Ready].status').found).toBe(false);
    expect(getField(deployment, 'spec.replicas.x').found).toBe(false);
  });

  it('rejects malformed paths', () => {
    for (const p of ['', '.a', 'a..b', 'a[', 'a["x]']) expect(parseFieldPath(p), p).toBeUndefined();
  });

  it('finds every leaf of any JSON object by the path built from its keys', () => {
    const key = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_-]{0,8}$/);
    fc.assert(
      fc.property(fc.dictionary(key, fc.dictionary(key, fc.oneof(fc.integer(), fc.string(), fc.boolean()))), (obj) => {
        for (const [a, inner] of Object.entries(obj)) {
          for (const [b, v] of Object.entries(inner)) expect(getField(obj, `${a}.${b}`)).toEqual({ found: true, value: v });
        }
      }),
      { seed: 6, numRuns: 200 },
    );
  });
});

describe('testField', () => {
  it('equals is deep and strict about types', () => {
    expect(testField(deployment, 'spec.replicas', { equals: 3 }).ok).toBe(true);
    expect(testField(deployment, 'spec.replicas', { equals: '3' }).ok).toBe(false);
    expect(testField(deployment, 'status.conditions[0]', { equals: { type: 'Progressing', status: 'True' } }).ok).toBe(true);
  });

  it('matches tests strings as they are and other values as JSON', () => {
    expect(testField(deployment, 'spec.template.spec.containers[0].image', { matches: '^nginx:1\\.' }).ok).toBe(true);
    expect(testField(deployment, 'spec.replicas', { matches: '^3$' }).ok).toBe(true);
  });

  it('says what it saw', () => {
    expect(testField(deployment, 'spec.replicas', { equals: 4 })).toEqual({ ok: false, actual: 'it is 3' });
    expect(testField(undefined, 'spec.replicas', { exists: false })).toEqual({ ok: true, actual: 'the object does not exist' });
  });
});

describe('names', () => {
  it('kubectl resource names, plurals and short names name their kind', () => {
    for (const r of ['deployment', 'deployments', 'deploy', 'Deployment', 'deployments.apps']) expect(resourceNamesKind(r, 'Deployment'), r).toBe(true);
    expect(resourceNamesKind('rs', 'ReplicaSet')).toBe(true);
    expect(resourceNamesKind('po', 'Pod')).toBe(true);
    expect(resourceNamesKind('rs', 'Deployment')).toBe(false);
    expect(resourceNamesKind('widgets', 'Widget')).toBe(true);
  });

  it('parses "<resource>/<name>" and nothing else', () => {
    expect(parseObjectRef('deployment/web')).toEqual({ resource: 'deployment', name: 'web' });
    for (const bad of ['web', '/web', 'deployment/', 'a/b/c']) expect(parseObjectRef(bad), bad).toBeUndefined();
  });

  it('jsonEqual ignores undefined members and key order', () => {
    expect(jsonEqual({ a: 1, b: undefined, c: [1, { d: 2 }] }, { c: [1, { d: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });
});
