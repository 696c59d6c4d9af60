import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { invalid, notFound } from '../../api/status.ts';
import type { ApiRequest, ApiResponse } from '../../apiserver/api-request.ts';
import { labelSelectorFromObject } from '../../apiserver/selectors/label-selector.ts';
import { Client } from '../../client/client.ts';
import { claimPods, type ClaimResult } from './controller-ref-manager.ts';
import type { ReplicaSetObject } from './update-status.ts';

const RS: ReplicaSetObject = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web', namespace: 'default', uid: 'rs-uid' }, spec: { selector: { matchLabels: { app: 'web' } }, template: {} } };
const selector = labelSelectorFromObject({ matchLabels: { app: 'web' } });

function pod(name: string, app: string, ownerUID?: string, deleting = false): Pod & KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      labels: { app },
      ...(ownerUID ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'x', uid: ownerUID, controller: true }] } : {}),
      ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
  };
}

function claim(pods: Array<Pod & KubeObject>, answer: (r: ApiRequest) => ApiResponse, rs = RS): { result: ClaimResult; requests: ApiRequest[] } {
  const requests: ApiRequest[] = [];
  const gen = claimPods(new Client('replicaset-controller'), { rs, apiVersion: 'apps/v1', kind: 'ReplicaSet' }, selector, pods);
  let input: ApiResponse | undefined;
  for (;;) {
    const step = gen.next(input as ApiResponse);
    if (step.done) return { result: step.value, requests };
    if (step.value.type !== 'api') throw new Error('unexpected batch');
    requests.push(step.value.request);
    input = answer(step.value.request);
  }
}

const ok = (r: ApiRequest): ApiResponse => (r.verb === 'get' ? { ok: true, code: 200, object: RS } : { ok: true, code: 200, object: pod(r.name!, 'web') });

describe('claimPods', () => {
  it('keeps its own matching pods, ignores other owners, adopts matching orphans after one fresh read', () => {
    const { result, requests } = claim([pod('mine', 'web', 'rs-uid'), pod('theirs', 'web', 'other'), pod('o1', 'web'), pod('o2', 'web'), pod('no', 'api')], ok);
    expect(result.claimed.map((p) => p.metadata?.name)).toEqual(['mine', 'o1', 'o2']);
    expect(result.adopted).toEqual(['o1', 'o2']);
    expect(requests.map((r) => `${r.verb} ${r.kind}/${r.name}`)).toEqual(['get ReplicaSet/web', 'patch Pod/o1', 'patch Pod/o2']);
    expect(requests[1]!.patchType).toBe('application/strategic-merge-patch+json');
  });

  it('does not adopt when the fresh read shows the ReplicaSet being deleted', () => {
    const deleting = { ...RS, metadata: { ...RS.metadata, deletionTimestamp: '2026-01-01T00:01:00Z' } };
    const { result, requests } = claim([pod('o1', 'web')], () => ({ ok: true, code: 200, object: deleting }));
    expect(requests).toHaveLength(1);
    expect(result.claimed).toEqual([]);
    expect(result.error?.message).toBe("can't adopt Pod default/o1 (uid-o1): default/web has just been deleted at 2026-01-01T00:01:00Z");
  });

  it('never adopts or releases for a cached ReplicaSet already being deleted, nor adopts a pod being deleted', () => {
    const deleting = { ...RS, metadata: { ...RS.metadata, deletionTimestamp: '2026-01-01T00:01:00Z' } };
    const { result, requests } = claim([pod('o1', 'web'), pod('mine-relabelled', 'api', 'rs-uid'), pod('mine', 'web', 'rs-uid')], ok, deleting);
    expect(requests).toEqual([]);
    expect(result.claimed.map((p) => p.metadata?.name)).toEqual(['mine']);
    expect(claim([pod('dying', 'web', undefined, true)], ok).requests).toEqual([]);
  });

  it('releases its pods that no longer match; a pod gone or without the reference is not an error', () => {
    const answers: Record<string, ApiResponse> = {
      a: { ok: true, code: 200, object: pod('a', 'api') },
      b: { ok: false, code: 404, status: notFound({ group: '', resource: 'pods' }, 'b') },
      c: { ok: false, code: 422, status: invalid({ group: '', kind: 'Pod' }, 'c', []) },
    };
    const { result, requests } = claim([pod('a', 'api', 'rs-uid'), pod('b', 'api', 'rs-uid'), pod('c', 'api', 'rs-uid')], (r) => answers[r.name!]!);
    expect(requests.map((r) => r.body)).toEqual(['a', 'b', 'c'].map((n) => ({ metadata: { ownerReferences: [{ $patch: 'delete', uid: 'rs-uid' }], uid: `uid-${n}` } })));
    expect(result.released).toEqual(['a']);
    expect(result.claimed).toEqual([]);
    expect(result.error).toBeUndefined();
  });
});
