import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { deployment, newServer, objectOf, req, statusOf } from '../test-helpers.ts';
import { goValue } from './field-validation.ts';

const D = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default' } as const;

/** A Deployment body with extra fields merged in where `extra` says. */
function withTypos(): KubeObject {
  const d = deployment('web', 2) as KubeObject & { spec: Record<string, unknown> & { template: { spec: { containers: Array<Record<string, unknown>> } } } };
  return {
    ...d,
    spec: { ...d.spec, replicaz: 3, template: { ...d.spec.template, spec: { ...d.spec.template.spec, containers: d.spec.template.spec.containers.map((c) => ({ ...c, imagez: 'x' })) } } },
  } as KubeObject;
}

describe('fieldValidation (kube-apiserver handlers/create.go, update.go, patch.go)', () => {
  it('Strict create: 400 BadRequest naming every unknown field, in the order the body holds them', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', ...D, body: withTypos(), fieldValidation: 'Strict' })));
    expect(s.code).toBe(400);
    expect(s.reason).toBe('BadRequest');
    expect(s.message).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.containers[0].imagez", unknown field "spec.replicaz"',
    );
    expect(server.getObject('apps/v1', 'Deployment', 'default', 'web')).toBeUndefined();
  });

  it('Warn create: succeeds with one warning per unknown field, and the fields are not stored', () => {
    const { server } = newServer();
    const res = server.handle(req({ verb: 'create', ...D, body: withTypos(), fieldValidation: 'Warn' }));
    expect(res.ok).toBe(true);
    expect(res.ok && 'object' in res ? res.warnings : undefined).toEqual(['unknown field "spec.template.spec.containers[0].imagez"', 'unknown field "spec.replicaz"']);
    const stored = objectOf(res) as KubeObject & { spec: Record<string, unknown> };
    expect('replicaz' in stored.spec).toBe(false);
  });

  it('Ignore, or no directive: succeeds without warnings and drops the unknown fields', () => {
    for (const fieldValidation of ['Ignore', undefined] as const) {
      const { server } = newServer();
      const res = server.handle(req({ verb: 'create', ...D, body: withTypos(), ...(fieldValidation ? { fieldValidation } : {}) }));
      expect(res.ok && 'object' in res && res.warnings).toBeFalsy();
      const stored = objectOf(res) as KubeObject & { spec: { replicaz?: number; template: { spec: { containers: Array<{ imagez?: string }> } } } };
      expect(stored.spec.replicaz).toBeUndefined();
      expect(stored.spec.template.spec.containers[0]!.imagez).toBeUndefined();
    }
  });

  it('Strict update (PUT): the same 400', () => {
    const { server } = newServer();
    const live = objectOf(server.handle(req({ verb: 'create', ...D, body: deployment('web', 2) })));
    const body = { ...live, spec: { ...(live.spec as object), replicaz: 1 } };
    const s = statusOf(server.handle(req({ verb: 'update', ...D, name: 'web', body, fieldValidation: 'Strict' })));
    expect(s.message).toBe('Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicaz"');
  });

  it('Strict strategic merge patch: 422 with the patch as Go prints the decoded map', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web', 2) }));
    const s = statusOf(
      server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/strategic-merge-patch+json', body: { spec: { replicaz: 3, paused: true } }, fieldValidation: 'Strict' })),
    );
    expect(s.code).toBe(422);
    expect(s.message).toBe(' "" is invalid: patch: Invalid value: "map[spec:map[paused:true replicaz:3]]": strict decoding error: unknown field "spec.replicaz"');
    expect(s.details?.causes).toEqual([{ reason: 'FieldValueInvalid', message: 'Invalid value: "map[spec:map[paused:true replicaz:3]]": strict decoding error: unknown field "spec.replicaz"', field: 'patch' }]);
  });

  it('Warn merge patch: succeeds with the warning', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web', 2) }));
    const res = server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/merge-patch+json', body: { spec: { replicaz: 3 } }, fieldValidation: 'Warn' }));
    expect(res.ok && 'object' in res ? res.warnings : undefined).toEqual(['unknown field "spec.replicaz"']);
  });

  it('server-side apply types the applied object whatever the directive: 500 "field not declared in schema"', () => {
    const { server } = newServer();
    const one = statusOf(
      server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/apply-patch+yaml', fieldManager: 'kubectl', body: { ...deployment('web', 2), spec: { ...(deployment('web', 2).spec as object), replicaz: 3 } } })),
    );
    expect(one.code).toBe(500);
    expect(one.reason).toBeUndefined();
    expect(one.message).toBe('failed to create typed patch object (default/web; apps/v1, Kind=Deployment): .spec.replicaz: field not declared in schema');
    const two = statusOf(server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/apply-patch+yaml', fieldManager: 'kubectl', body: withTypos() })));
    expect(two.message).toBe(
      'failed to create typed patch object (default/web; apps/v1, Kind=Deployment): errors:\n  .spec.template.spec.containers[name="c"].imagez: field not declared in schema\n  .spec.replicaz: field not declared in schema',
    );
    expect(server.getObject('apps/v1', 'Deployment', 'default', 'web')).toBeUndefined();
  });

  it('objects the simulation writes keep the fields it models from later releases (status.terminatingReplicas)', () => {
    const { server } = newServer();
    const live = objectOf(server.handle(req({ verb: 'create', ...D, body: deployment('web', 2) })));
    const res = server.handle(req({ verb: 'update', ...D, name: 'web', subresource: 'status', body: { ...live, status: { replicas: 0, terminatingReplicas: 1 } }, fieldValidation: 'Strict' }));
    expect((objectOf(res).status as { terminatingReplicas?: number }).terminatingReplicas).toBe(1);
  });
});

describe('goValue (fmt %+v of decoded JSON)', () => {
  it('prints maps with sorted keys, lists with spaces, nil, floats as Go does', () => {
    expect(goValue({ b: [1, 'x'], a: { c: null, d: 1.5, e: 1e-7, f: true } })).toBe('map[a:map[c:<nil> d:1.5 e:1e-07 f:true] b:[1 x]]');
  });
});

describe('a schema-invalid object reports every cause (rest.BeforeCreate: one strategy.Validate)', () => {
  it('an invalid name comes with the other invalid fields, not alone', () => {
    const { server } = newServer();
    const body = deployment('Bad_Name', -1) as KubeObject & { spec: Record<string, unknown> };
    const s = statusOf(server.handle(req({ verb: 'create', ...D, body: { ...body, spec: { ...body.spec, minReadySeconds: -1 } } })));
    expect(s.code).toBe(422);
    expect(s.details?.causes?.map((c) => c.field)).toEqual(['metadata.name', 'spec.replicas', 'spec.minReadySeconds']);
    expect(s.message).toMatch(/^Deployment\.apps "Bad_Name" is invalid: \[metadata\.name: Invalid value: "Bad_Name": .*, spec\.replicas: Invalid value: -1: must be greater than or equal to 0, spec\.minReadySeconds: /);
  });
});
