/** The field manager as the api-server drives it: kubectl apply, kubectl edit, apply again. */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { newServer, objectOf, req, statusOf } from '../test-helpers.ts';
import { fieldOwners } from './field-owners.ts';

const D = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' } as const;

function config(replicas: number, image = 'nginx:1'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image, ports: [{ containerPort: 80 }] }] } },
    },
  };
}

const applyReq = (body: KubeObject, force = false) => req({ verb: 'patch', patchType: 'application/apply-patch+yaml', fieldManager: 'kubectl', force, ...D, body });

describe('server-side apply through the api-server', () => {
  it('apply, re-apply (no new revision), edit, conflicting apply, forced apply', () => {
    const { server } = newServer();
    const created = objectOf(server.handle(applyReq(config(3))));
    expect(created.metadata.managedFields?.map((e) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply']);

    const again = objectOf(server.handle(applyReq(config(3))));
    expect(again.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
    expect((again.spec as { template: { spec: { containers: Array<{ ports: unknown[] }> } } }).template.spec.containers[0]!.ports).toHaveLength(1);

    const edited = objectOf(
      server.handle(req({ verb: 'patch', patchType: 'application/merge-patch+json', fieldManager: 'kubectl-edit', ...D, body: { spec: { replicas: 5 } } })),
    );
    expect(fieldOwners(edited).find((r) => r.path === 'spec.replicas')).toMatchObject({ manager: 'kubectl-edit', operation: 'Update' });

    const s = statusOf(server.handle(applyReq(config(3, 'nginx:2'))));
    expect(s).toMatchObject({ code: 409, reason: 'Conflict', message: 'Apply failed with 1 conflict: conflict with "kubectl-edit" using apps/v1: .spec.replicas' });

    const forced = objectOf(server.handle(applyReq(config(3, 'nginx:2'), true)));
    expect((forced.spec as { replicas: number }).replicas).toBe(3);
    expect(fieldOwners(forced).find((r) => r.path === 'spec.replicas')?.manager).toBe('kubectl');
  });
});
