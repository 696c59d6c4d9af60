import { describe, expect, it } from 'vitest';
import { compareIterationOrder, dottedPath, pathString, toFieldSet } from './field-set.ts';
import { toFieldsV1 } from './fields-v1.ts';
import { keyElement } from './path-keys.ts';

describe('field sets', () => {
  it('a map-list item is named by its keys, sorted, as compact JSON (k:{...})', () => {
    expect(keyElement({ protocol: 'TCP', containerPort: 80, name: 'http' }, ['containerPort', 'protocol'])).toBe('k:{"containerPort":80,"protocol":"TCP"}');
  });

  it('an object becomes its leaves, map-list items and set items; identity metadata is left out', () => {
    const obj = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'd', uid: 'u', resourceVersion: '3', finalizers: ['x/y'], labels: { app: 'web' } },
      spec: { tolerations: [{ key: 'a' }], containers: [{ name: 'web', image: 'nginx', resources: {} }] },
    };
    expect(toFieldsV1(toFieldSet(obj, '/Pod', { object: true }))).toEqual({
      'f:metadata': { 'f:finalizers': { 'v:"x/y"': {} }, 'f:labels': { 'f:app': {} } },
      'f:spec': {
        'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:resources': {} } },
        'f:tolerations': {},
      },
    });
  });

  it('atomic maps and lists are owned whole (Service selector, ports keyed by port and protocol)', () => {
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { selector: { app: 'web' }, ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }], clusterIPs: ['10.0.0.1'] } };
    expect(toFieldsV1(toFieldSet(svc, '/Service', { object: true }))).toEqual({
      'f:spec': {
        'f:clusterIPs': {},
        'f:ports': { 'k:{"port":80,"protocol":"TCP"}': { '.': {}, 'f:port': {}, 'f:protocol': {}, 'f:targetPort': {} } },
        'f:selector': {},
      },
    });
  });

  it('renders paths as upstream messages do, and in the UI\'s dotted form', () => {
    const p = ['f:spec', 'f:template', 'f:spec', 'f:containers', 'k:{"name":"web"}', 'f:image'];
    expect(pathString(p)).toBe('.spec.template.spec.containers[name="web"].image');
    expect(dottedPath(p)).toBe('spec.template.spec.containers[name=web].image');
    expect(pathString(['f:metadata', 'f:finalizers', 'v:"a/b"'])).toBe('.metadata.finalizers[="a/b"]');
    expect(dottedPath(['f:metadata', 'f:finalizers', 'v:"a/b"'])).toBe('metadata.finalizers[a/b]');
    expect(pathString(['f:spec', 'f:ports', 'k:{"port":80,"protocol":"TCP"}'])).toBe('.spec.ports[port=80,protocol="TCP"]');
  });
});

describe('compareIterationOrder (structured-merge-diff fieldpath/set.go iteratePrefix)', () => {
  it('visits the members of a level before its children', () => {
    const paths = [['f:spec', 'f:a', 'f:b'], ['f:spec', 'f:z'], ['f:metadata', 'f:name'], ['f:spec', 'f:a', 'f:a']];
    expect([...paths].sort(compareIterationOrder)).toEqual([['f:metadata', 'f:name'], ['f:spec', 'f:z'], ['f:spec', 'f:a', 'f:a'], ['f:spec', 'f:a', 'f:b']]);
  });
});
