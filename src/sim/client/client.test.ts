// The client's calls build their request in one literal with `user` last; pinned against the request they built
// before: the call's literal copied by `{ ...r, user }`, then the fieldManager default (same keys, same order, same
// values, undefined ones included), for any type, options and object, with or without a fieldManager.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import type { ApiRequest } from '../apiserver/api-request.ts';
import { Client } from './client.ts';

function plainRequest(client: Client, r: Omit<ApiRequest, 'user'>): ApiRequest {
  const req: ApiRequest = { ...r, user: client.user };
  if (client.fieldManager && req.fieldManager === undefined && req.verb !== 'get' && req.verb !== 'list' && req.verb !== 'delete') {
    req.fieldManager = client.fieldManager;
  }
  return req;
}

function target(obj: KubeObject) {
  const t: Pick<ApiRequest, 'apiVersion' | 'kind' | 'namespace' | 'name'> = { apiVersion: obj.apiVersion, kind: obj.kind };
  if (obj.metadata.namespace) t.namespace = obj.metadata.namespace;
  if (obj.metadata.name) t.name = obj.metadata.name;
  return t;
}

/** The first request a call yields. */
function requestOf(op: Generator<unknown>): ApiRequest {
  return (op.next().value as { request: ApiRequest }).request;
}

/** Same keys in the same order and the same values. */
function same(a: ApiRequest, b: ApiRequest): void {
  expect(Object.keys(a)).toEqual(Object.keys(b));
  expect(a).toStrictEqual(b);
}

const value = fc.oneof(fc.constant(undefined), fc.constantFrom('a', 'b', ''), fc.boolean(), fc.integer({ min: 0, max: 3 }));
const KEYS = ['user', 'fieldManager', 'namespace', 'name', 'dryRun', 'force', 'subresource', 'labelSelector', 'gracePeriodSeconds', 'verb', 'kind'];
const optionsArb = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...KEYS), value), { selector: ([k]) => k, maxLength: 5 })
  .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);
const typeArb = fc.oneof(
  fc.record({ apiVersion: fc.constantFrom('v1', 'apps/v1'), kind: fc.constantFrom('Pod', 'ReplicaSet') }),
  fc.tuple(fc.record({ apiVersion: fc.constant('v1'), kind: fc.constant('Pod') }), optionsArb).map(([t, extra]) => ({ ...extra, ...t })),
);
const objArb = fc.record({
  apiVersion: fc.constantFrom('v1', 'apps/v1'),
  kind: fc.constantFrom('Pod', 'ReplicaSet'),
  metadata: fc.record({ namespace: fc.constantFrom(undefined, '', 'ns'), name: fc.constantFrom(undefined, '', 'p') }),
}) as fc.Arbitrary<KubeObject>;

describe('Client requests (property)', () => {
  it('are the request built as a literal, then copied with the user, then given the fieldManager default', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(undefined, 'kube-controller-manager', ''),
        typeArb,
        objArb,
        optionsArb,
        fc.constantFrom(undefined, 'ns'),
        fc.constantFrom(undefined, 'p'),
        (fieldManager, type0, obj, options0, namespace, name) => {
          const c = new Client('replicaset-controller', fieldManager === undefined ? {} : { fieldManager });
          // Loosely typed: the options may carry any key, the client's own included.
          const type = type0 as { apiVersion: string; kind: string };
          const options = options0 as object;
          const body = { count: 2 };
          same(requestOf(c.get(type, namespace, name!)), plainRequest(c, { verb: 'get', ...type, namespace, name }));
          same(requestOf(c.list(type, options)), plainRequest(c, { verb: 'list', ...type, ...options }));
          same(requestOf(c.create(obj, options)), plainRequest(c, { verb: 'create', ...target(obj), body: obj, ...options }));
          same(requestOf(c.update(obj, options)), plainRequest(c, { verb: 'update', ...target(obj), body: obj, ...options }));
          same(
            requestOf(c.updateStatus(obj, options)),
            plainRequest(c, { verb: 'update', ...target(obj), subresource: 'status', body: obj, ...options }),
          );
          same(
            requestOf(c.patch(type, namespace, name!, 'application/merge-patch+json', body, options)),
            plainRequest(c, { verb: 'patch', ...type, namespace, name, patchType: 'application/merge-patch+json', body, ...options }),
          );
          same(
            requestOf(c.apply(obj, { fieldManager: 'm', ...options })),
            plainRequest(c, { verb: 'patch', ...target(obj), patchType: 'application/apply-patch+yaml', body: obj, fieldManager: 'm', ...options }),
          );
          same(requestOf(c.delete(type, namespace, name!, options)), plainRequest(c, { verb: 'delete', ...type, namespace, name, ...options }));
          same(c.request({ verb: 'get', ...type, ...options }), plainRequest(c, { verb: 'get', ...type, ...options }));
        },
      ),
      { seed: 9127, numRuns: 500 },
    );
  });
});
