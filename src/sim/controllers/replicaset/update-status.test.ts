import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../apiserver/api-request.ts';
import { conflict } from '../../api/status.ts';
import { Client } from '../../client/client.ts';
import type { ReplicaSetStatusWithTerminating } from './replica-set-status.ts';
import { statusUpToDate, updateReplicaSetStatus, type ReplicaSetObject } from './update-status.ts';

const status: ReplicaSetStatusWithTerminating = { replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 1, availableReplicas: 1, terminatingReplicas: 0, observedGeneration: 3 };
const rs: ReplicaSetObject = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web', namespace: 'default', generation: 3, resourceVersion: '10' }, status };

function run(newStatus: ReplicaSetStatusWithTerminating, answer: (r: ApiRequest) => ApiResponse): { requests: ApiRequest[]; result?: ReplicaSetObject; error?: Error } {
  const requests: ApiRequest[] = [];
  const gen = updateReplicaSetStatus(new Client('replicaset-controller'), rs, newStatus);
  let input: ApiResponse | undefined;
  try {
    for (;;) {
      const step = gen.next(input as ApiResponse);
      if (step.done) return { requests, result: step.value };
      if (step.value.type !== 'api') throw new Error('unexpected batch');
      requests.push(step.value.request);
      input = answer(step.value.request);
    }
  } catch (e) {
    return { requests, error: e as Error };
  }
}

describe('updateReplicaSetStatus', () => {
  it('writes nothing when the status and the observed generation are current', () => {
    expect(statusUpToDate(rs, status)).toBe(true);
    const r = run(status, () => {
      throw new Error('no request expected');
    });
    expect(r.requests).toEqual([]);
    expect(r.result).toBe(rs);
  });

  it('an absent terminatingReplicas differs from 0, as a nil pointer does', () => {
    const { terminatingReplicas: _t, ...without } = status;
    expect(statusUpToDate({ ...rs, status: without }, status)).toBe(false);
  });

  it('a new generation is written even when the counts are unchanged', () => {
    const bumped = { ...rs, metadata: { ...rs.metadata, generation: 4 } };
    expect(statusUpToDate(bumped, status)).toBe(false);
  });

  it('writes /status with the generation it acted on, retrying once on a fresh read after a conflict', () => {
    const next = { ...status, replicas: 3 };
    let updates = 0;
    const r = run(next, (req) => {
      if (req.verb === 'get') return { ok: true, code: 200, object: { ...rs, metadata: { ...rs.metadata, resourceVersion: '11' } } };
      updates++;
      if (updates === 1) return { ok: false, code: 409, status: conflict({ group: 'apps', resource: 'replicasets' }, 'web') };
      return { ok: true, code: 200, object: req.body as ReplicaSetObject };
    });
    expect(r.requests.map((q) => `${q.verb}${q.subresource ? '/' + q.subresource : ''}`)).toEqual(['update/status', 'get', 'update/status']);
    const body = r.requests[2]!.body as ReplicaSetObject;
    expect(body.metadata.resourceVersion).toBe('11');
    expect(body.status).toMatchObject({ replicas: 3, observedGeneration: 3 });
    expect(r.result?.status).toMatchObject({ replicas: 3 });
  });

  it('gives up after one retry and reports the update error', () => {
    const r = run({ ...status, replicas: 3 }, (req) =>
      req.verb === 'get' ? { ok: true, code: 200, object: rs } : { ok: false, code: 409, status: conflict({ group: 'apps', resource: 'replicasets' }, 'web') },
    );
    expect(r.requests).toHaveLength(3);
    expect(r.error?.message).toMatch(/Operation cannot be fulfilled on replicasets.apps "web"/);
  });
});
