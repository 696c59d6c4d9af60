import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { labelSelectorFromObject } from '../../apiserver/selectors/label-selector.ts';
import { deleteOwnerRefStrategicMergePatch, getPodFromTemplate, getPodsPrefix, newControllerRef, ownerRefControllerPatch, terminatingPodsOf } from './pod-control.ts';

const rs = { metadata: { name: 'web', namespace: 'shop', uid: 'u1' } };

describe('pod control', () => {
  it('a pod from a template carries copies of its labels, annotations, finalizers and spec, and nothing else of its metadata', () => {
    const template = {
      metadata: { name: 'ignored', labels: { app: 'web' }, annotations: { a: 'b' }, finalizers: ['x/y'] },
      spec: { containers: [{ name: 'c', image: 'nginx' }], restartPolicy: 'Always' },
    };
    const pod = getPodFromTemplate(template, rs, newControllerRef(rs, 'apps/v1', 'ReplicaSet'));
    expect(pod).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        generateName: 'web-',
        namespace: 'shop',
        labels: { app: 'web' },
        annotations: { a: 'b' },
        finalizers: ['x/y'],
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'u1', controller: true, blockOwnerDeletion: true }],
      },
      spec: template.spec,
    });
    pod.metadata.labels!['app'] = 'changed';
    pod.spec!.containers[0]!.image = 'changed';
    expect(template.metadata.labels.app).toBe('web');
    expect(template.spec.containers[0]!.image).toBe('nginx');
  });

  it('the generateName drops the dash when it would be too long', () => {
    expect(getPodsPrefix('web')).toBe('web-');
    const long = 'a'.repeat(253);
    expect(getPodsPrefix(long)).toBe(long);
  });

  it('adoption and release patches carry the pod UID as a guard against a re-created pod', () => {
    expect(ownerRefControllerPatch(rs, 'apps/v1', 'ReplicaSet', 'pod-uid')).toEqual({
      metadata: {
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'u1', controller: true, blockOwnerDeletion: true }],
        uid: 'pod-uid',
      },
    });
    expect(deleteOwnerRefStrategicMergePatch('pod-uid', ['u1'])).toEqual({ metadata: { ownerReferences: [{ $patch: 'delete', uid: 'u1' }], uid: 'pod-uid' } });
  });

  it('terminating replicas are the deleted, not yet finished pods the ReplicaSet controls and selects', () => {
    const owner = { kind: 'ReplicaSet', apiVersion: 'apps/v1', name: 'web', uid: 'u1', controller: true };
    const mk = (name: string, extra: Partial<Pod['metadata']> = {}, phase = 'Running'): Pod => ({
      metadata: { name, labels: { app: 'web' }, ownerReferences: [owner], deletionTimestamp: '2026-01-01T00:00:00Z', ...extra },
      status: { phase },
    });
    const pods = [
      mk('counted'),
      mk('running', { deletionTimestamp: undefined }),
      mk('finished', {}, 'Succeeded'),
      mk('someone-elses', { ownerReferences: [{ ...owner, uid: 'u2' }] }),
      mk('relabelled', { labels: { app: 'debug' } }),
    ];
    const set = { metadata: { uid: 'u1' } } as ReplicaSet;
    expect(terminatingPodsOf(set, labelSelectorFromObject({ matchLabels: { app: 'web' } }), pods).map((p) => p.metadata?.name)).toEqual(['counted']);
  });
});
