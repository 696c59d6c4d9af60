import { describe, expect, it } from 'vitest';
import { cloneGraph } from '../engine/clone-graph.ts';
import { configMap, deployment, newServer, objectOf, RecordingSink, req, statusOf } from './test-helpers.ts';
import type { KubeObject } from '../api/object.ts';
import type { Status } from '../api/status.ts';
import { forbidden } from '../api/status.ts';
import type { AdmissionAttributes, AdmissionPlugin } from './api-server.ts';
import { changedPaths } from './api-server.ts';

const crd: KubeObject = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', shortNames: ['wd'] },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', properties: { replicas: { type: 'integer', minimum: 0 }, size: { type: 'string' } } },
              status: { type: 'object', properties: { replicas: { type: 'integer' }, selector: { type: 'string' } } },
            },
          },
        },
      },
    ],
  },
};
const CRD = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' } as const;
const WD = { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default' } as const;
const widget = (name: string, replicas = 1): KubeObject => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name }, spec: { replicas, size: 'm' } });

describe('custom resources', () => {
  it('creating a CRD serves its kind; deleting it removes the kind and its objects', () => {
    const { server } = newServer();
    expect(statusOf(server.handle(req({ verb: 'create', ...WD, body: widget('w') }))).code).toBe(404);
    objectOf(server.handle(req({ verb: 'create', ...CRD, body: crd })));
    expect(server.resolve('wd')?.kind).toBe('Widget');
    const w = objectOf(server.handle(req({ verb: 'create', ...WD, body: widget('w') })));
    expect(w.metadata.generation).toBe(1);
    const sink = new RecordingSink();
    server.watch({ apiVersion: 'example.com/v1', kind: 'Widget', user: 'u', resourceVersion: String(server.revision) }, sink);
    server.handle(req({ verb: 'delete', ...CRD, name: 'widgets.example.com' }));
    expect(server.resolve('wd')).toBeUndefined();
    expect(sink.summary()).toEqual(['DELETED w']);
    expect(statusOf(server.handle(req({ verb: 'get', ...WD, name: 'w' }))).message).toBe('the server could not find the requested resource');
  });
  it('custom resources need a resourceVersion on update and refuse strategic merge patch', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CRD, body: crd }));
    const w = objectOf(server.handle(req({ verb: 'create', ...WD, body: widget('w') })));
    const s = statusOf(server.handle(req({ verb: 'update', ...WD, name: 'w', body: { ...w, metadata: { ...w.metadata, resourceVersion: '' } } })));
    expect(s.message).toBe('Widget.example.com "w" is invalid: metadata.resourceVersion: Invalid value: 0x0: must be specified for an update');
    const smp = statusOf(server.handle(req({ verb: 'patch', ...WD, name: 'w', patchType: 'application/strategic-merge-patch+json', body: { spec: { size: 'l' } } })));
    expect(smp.code).toBe(415);
    const bumped = objectOf(server.handle(req({ verb: 'patch', ...WD, name: 'w', patchType: 'application/merge-patch+json', body: { spec: { size: 'l' } } })));
    expect(bumped.metadata.generation).toBe(2);
  });
  it('/status of a custom resource keeps spec, labels and annotations of the stored object', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CRD, body: crd }));
    const w = objectOf(server.handle(req({ verb: 'create', ...WD, body: widget('w', 2) })));
    const res = objectOf(
      server.handle(req({ verb: 'update', ...WD, name: 'w', subresource: 'status', body: { ...w, metadata: { ...w.metadata, labels: { x: 'y' }, annotations: { a: 'b' } }, spec: { replicas: 9 }, status: { replicas: 1 } } })),
    );
    expect(res.metadata.labels).toBeUndefined();
    expect(res.metadata.annotations).toBeUndefined();
    expect((res.spec as { replicas: number }).replicas).toBe(2);
    expect(res.status).toEqual({ replicas: 1 });
    expect(res.metadata.generation).toBe(1);
  });
  it('the scale subresource of a CRD reads and writes its paths', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CRD, body: crd }));
    const w = objectOf(server.handle(req({ verb: 'create', ...WD, body: widget('w', 2) })));
    server.handle(req({ verb: 'update', ...WD, name: 'w', subresource: 'status', body: { ...w, status: { replicas: 2, selector: 'app=w' } } }));
    const scale = objectOf(server.handle(req({ verb: 'get', ...WD, name: 'w', subresource: 'scale' })));
    expect(scale).toMatchObject({ spec: { replicas: 2 }, status: { replicas: 2, selector: 'app=w' } });
    server.handle(req({ verb: 'update', ...WD, name: 'w', subresource: 'scale', body: { spec: { replicas: 6 } } }));
    expect((server.getObject('example.com/v1', 'Widget', 'default', 'w')!.spec as { replicas: number }).replicas).toBe(6);
  });
});

class DenyConfigMaps implements AdmissionPlugin {
  admit(attrs: AdmissionAttributes): Status | undefined {
    if (attrs.info.kind === 'ConfigMap' && attrs.operation === 'CREATE') return forbidden({ group: '', resource: 'configmaps' }, attrs.name, 'denied by policy');
    return undefined;
  }
}

describe('hooks, reads and checkpoints', () => {
  it('an admission plugin can reject a create', () => {
    const { server } = newServer();
    server.addAdmissionPlugin(new DenyConfigMaps());
    expect(statusOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: configMap('c') }))).message).toBe(
      'configmaps "c" is forbidden: denied by policy',
    );
  });
  it('resolves kubectl names and lists the served kinds', () => {
    const { server } = newServer();
    expect(server.resolve('deployments.apps')?.kind).toBe('Deployment');
    expect(server.resourcesInfo().map((i) => i.kind)).toContain('Pod');
  });
  it('a checkpoint copy of the server (cloneGraph) works on its own', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', body: deployment('web') }));
    server.watch({ apiVersion: 'apps/v1', kind: 'Deployment', user: 'u', resourceVersion: '0' }, new RecordingSink());
    const copy = cloneGraph(server);
    copy.handle(req({ verb: 'delete', apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' }));
    expect(copy.getObject('apps/v1', 'Deployment', 'default', 'web')).toBeUndefined();
    expect(server.getObject('apps/v1', 'Deployment', 'default', 'web')).toBeDefined();
    expect(copy.revision).toBe(server.revision + 1);
  });
  it('changedPaths lists the top differing paths, arrays whole', () => {
    expect(changedPaths({ spec: { a: 1, b: [1] }, metadata: { resourceVersion: '1' } }, { spec: { a: 2, b: [2] }, metadata: { resourceVersion: '2' } })).toEqual(['spec.a', 'spec.b']);
    expect(changedPaths(undefined, { a: 1 })).toEqual([]);
  });
});
