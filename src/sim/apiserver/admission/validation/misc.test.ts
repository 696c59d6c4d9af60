import { describe, expect, it } from 'vitest';
import { createErrors, defaulted, infoOf } from '../test-fixtures.ts';
import { validateUpdate } from '../validation.ts';

describe('ConfigMap validation', () => {
  it('rejects a key with a slash, with the config-key message', () => {
    expect(createErrors('ConfigMap', (o) => (o.data = { 'a/b': 'x' }))).toBe(
      "data[a/b]: Invalid value: \"a/b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    );
  });

  it('rejects a key present in both data and binaryData', () => {
    expect(createErrors('ConfigMap', (o) => (o.binaryData = { 'app.properties': 'YQ==' }))).toBe('data[app.properties]: Invalid value: "app.properties": duplicate of key present in binaryData');
  });

  it('rejects a non-string value by path', () => {
    expect(createErrors('ConfigMap', (o) => (o.data = { port: 8080 }))).toBe('data[port]: Invalid value: 8080: data[port] in body must be of type string: "integer"');
  });
});

describe('Lease validation', () => {
  it('rejects a zero lease duration and negative transitions', () => {
    expect(createErrors('Lease', (o) => Object.assign(o.spec, { leaseDurationSeconds: 0, leaseTransitions: -1 }))).toBe(
      '[spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0, spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0]',
    );
  });
});

describe('Event validation', () => {
  it('lets an event about a cluster-scoped object live in default only', () => {
    expect(createErrors('Event', (o) => (o.involvedObject = { kind: 'Node', name: 'node-1' }))).toBe('');
    expect(createErrors('Event', (o) => {
      o.metadata.namespace = 'team-a';
      o.involvedObject = { kind: 'Node', name: 'node-1' };
    })).toBe('involvedObject.namespace: Invalid value: "": does not match event.namespace');
  });

  it("rejects an involved object in another namespace", () => {
    expect(createErrors('Event', (o) => (o.involvedObject.namespace = 'kube-system'))).toBe('involvedObject.namespace: Invalid value: "kube-system": does not match event.namespace');
  });
});

describe('EndpointSlice validation', () => {
  it('requires an address type and at least one address per endpoint', () => {
    expect(createErrors('EndpointSlice', (o) => delete o.addressType)).toBe('addressType: Required value');
    expect(createErrors('EndpointSlice', (o) => (o.endpoints = [{ addresses: [] }]))).toBe('endpoints[0].addresses: Required value: must contain at least 1 address');
  });

  it('keeps addressType immutable on update', () => {
    const next = defaulted('EndpointSlice', (o) => (o.addressType = 'IPv6'));
    expect(validateUpdate(next, defaulted('EndpointSlice'), infoOf('EndpointSlice')).map((e) => `${e.field}: ${e.body}`)).toEqual(['addressType: Invalid value: "IPv6": field is immutable']);
  });
});
