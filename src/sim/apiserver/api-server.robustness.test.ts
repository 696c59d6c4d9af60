import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deployment, newServer, req, statusOf } from './test-helpers.ts';
import type { ApiRequest } from './api-request.ts';

describe('bad input never throws', () => {
  it('a cyclic body or one holding a function is 400', () => {
    const { server } = newServer();
    const cyclic: Record<string, unknown> = { metadata: { name: 'c' } };
    cyclic.self = cyclic;
    expect(statusOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: cyclic }))).code).toBe(400);
    const withFn = { metadata: { name: 'c' }, data: { f: () => 1 } };
    expect(statusOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: withFn }))).code).toBe(400);
  });
  it('any JSON body for any verb and kind gets a response with a code', () => {
    const kinds = [
      ['v1', 'ConfigMap'],
      ['v1', 'Pod'],
      ['apps/v1', 'Deployment'],
      ['v1', 'Namespace'],
      ['example.com/v1', 'Nope'],
    ] as const;
    const verbs = ['get', 'list', 'create', 'update', 'patch', 'delete'] as const;
    const patchTypes = ['application/merge-patch+json', 'application/json-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.constantFrom(...verbs),
        fc.constantFrom(...patchTypes),
        fc.option(fc.constantFrom('status', 'scale'), { nil: undefined }),
        fc.oneof(fc.jsonValue(), fc.record({ metadata: fc.record({ name: fc.constantFrom('web', 'x', 'Bad_Name', '') }), spec: fc.jsonValue() })),
        (kind, verb, patchType, subresource, body) => {
          const { server } = newServer();
          server.handle(req({ verb: 'create', apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', body: deployment('web') }));
          const r: ApiRequest = req({ verb, apiVersion: kind[0], kind: kind[1], namespace: 'default', name: 'web', body, patchType, subresource, fieldManager: 'fm' });
          const res = server.handle(r);
          expect(typeof res.code).toBe('number');
          // A 500 is a bug in the simulation, except the one upstream itself answers: server-side apply of a field
          // the schema does not declare (structuredmerge.go, kubernetes/kubernetes#122480).
          if (!res.ok && !res.status.message.startsWith('failed to create typed patch object (')) expect(res.status.code).not.toBe(500);
        },
      ),
      { seed: 7, numRuns: 400 },
    );
  });
});
