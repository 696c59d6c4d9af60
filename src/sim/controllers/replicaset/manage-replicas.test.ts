import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { conflict, forbidden, internalError, notFound } from '../../api/status.ts';
import type { ApiRequest, ApiResponse } from '../../apiserver/api-request.ts';
import type { ClientOp } from '../../client/api-call.ts';
import { Client } from '../../client/client.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import { UIDTrackingControllerExpectations } from './expectations.ts';
import { manageReplicas, NAMESPACE_TERMINATING_CAUSE, type ManageReplicasDeps } from './manage-replicas.ts';
import type { ReplicaSetObject } from './update-status.ts';

const RS: ReplicaSetObject = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'web', namespace: 'default', uid: 'rs-uid', generation: 1 },
  spec: {
    replicas: 10,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
  },
};

function pod(name: string, phase = 'Running'): Pod & KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, labels: { app: 'web' }, creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { containers: [{ name: 'web', image: 'nginx' }] },
    status: { phase },
  };
}

/** Runs a client operation to the end, answering every request with `answer`; returns the result and the request waves. */
function drive<T>(op: ClientOp<T>, answer: (req: ApiRequest, n: number) => ApiResponse): { result: T; waves: ApiRequest[][] } {
  const waves: ApiRequest[][] = [];
  let n = 0;
  let input: ApiResponse | ApiResponse[] | undefined;
  for (;;) {
    const step = op.next(input as ApiResponse);
    if (step.done) return { result: step.value, waves };
    const reqs = step.value.type === 'api' ? [step.value.request] : [...step.value.requests];
    waves.push(reqs);
    const answers = reqs.map((r) => answer(r, n++));
    input = step.value.type === 'api' ? answers[0] : answers;
  }
}

function created(req: ApiRequest, n: number): ApiResponse {
  const body = req.body as KubeObject;
  return { ok: true, code: 201, object: { ...body, metadata: { ...body.metadata, name: `web-${n}` } } };
}

function harness(): { deps: ManageReplicasDeps; ctx: ReconcileContext; events: string[]; acts: string[] } {
  const events: string[] = [];
  const acts: string[] = [];
  const noInformer = { byIndex: () => [], list: () => [] } as unknown as SharedIndexInformer;
  const deps: ManageReplicasDeps = {
    rsInformer: noInformer,
    podInformer: noInformer,
    expectations: new UIDTrackingControllerExpectations(),
    recorder: { event: (_o, type, reason, message) => events.push(`${type} ${reason}: ${message}`) },
  };
  const ctx: ReconcileContext = {
    client: new Client('replicaset-controller', { fieldManager: 'kube-controller-manager' }),
    now: 0,
    worker: 0,
    observe: () => {},
    diff: () => {},
    act: (s) => acts.push(s),
    status: () => {},
  };
  return { deps, ctx, events, acts };
}

describe('manageReplicas', () => {
  it('sends creates in batches of 1, 2, 4, 3 for 10 missing pods, each batch in parallel', () => {
    const { deps, ctx, events } = harness();
    const { result, waves } = drive(manageReplicas(deps, ctx, [], RS), created);
    expect(result).toBeUndefined();
    expect(waves.map((w) => w.length)).toEqual([1, 2, 4, 3]);
    expect(waves.flat().every((r) => r.verb === 'create' && r.kind === 'Pod' && r.fieldManager === 'kube-controller-manager')).toBe(true);
    expect(events).toHaveLength(10);
    expect(events[0]).toBe('Normal SuccessfulCreate: Created pod: web-0');
    expect(deps.expectations.getExpectations('default/web')).toMatchObject({ add: 10, del: 0 });
  });

  it('creates at most burstReplicas pods in one sync', () => {
    const { deps, ctx } = harness();
    deps.burstReplicas = 3;
    const { waves } = drive(manageReplicas(deps, ctx, [], RS), created);
    expect(waves.map((w) => w.length)).toEqual([1, 2]);
  });

  it('a failing batch ends the slow start; only the successful creates stay expected', () => {
    const { deps, ctx, events } = harness();
    const quota = forbidden({ group: '', resource: 'pods' }, 'web-x', 'exceeded quota: compute');
    const { result, waves } = drive(manageReplicas(deps, ctx, [], RS), (req, n) => (n === 2 ? { ok: false, code: 403, status: quota } : created(req, n)));
    expect(waves.map((w) => w.length)).toEqual([1, 2]);
    expect(result?.message).toBe(quota.message);
    expect(events).toEqual([
      'Normal SuccessfulCreate: Created pod: web-0',
      'Normal SuccessfulCreate: Created pod: web-1',
      `Warning FailedCreate: Error creating: ${quota.message}`,
    ]);
    // 10 expected, 8 will never be seen (7 skipped, 1 failed): 2 remain, the two pods the informer will deliver.
    expect(deps.expectations.getExpectations('default/web')).toMatchObject({ add: 2 });
  });

  it('a create refused because the namespace is terminating is neither an error nor an event', () => {
    const { deps, ctx, events } = harness();
    const terminating = forbidden({ group: '', resource: 'pods' }, '', 'unable to create new content in namespace default because it is being terminated');
    terminating.details!.causes = [{ reason: NAMESPACE_TERMINATING_CAUSE, message: 'namespace default is being terminated', field: 'metadata.namespace' }];
    const { result, waves } = drive(manageReplicas(deps, ctx, [], { ...RS, spec: { ...RS.spec!, replicas: 3 } }), () => ({ ok: false, code: 403, status: terminating }));
    expect(result).toBeUndefined();
    expect(waves.map((w) => w.length)).toEqual([1, 2]);
    expect(events).toEqual([]);
  });

  it('deletes the surplus in one parallel wave and expects exactly those pods to go', () => {
    const { deps, ctx, events, acts } = harness();
    const pods = [pod('a'), pod('b', 'Pending'), pod('c')];
    const rs = { ...RS, spec: { ...RS.spec!, replicas: 1 } };
    const { result, waves } = drive(manageReplicas(deps, ctx, pods, rs), (req) => ({ ok: true, code: 200, object: pod(req.name!) }));
    expect(result).toBeUndefined();
    expect(waves).toHaveLength(1);
    expect(waves[0]!.map((r) => `${r.verb} ${r.name}`)).toHaveLength(2);
    expect(waves[0]![0]!.name).toBe('b'); // Pending goes first
    expect(acts[0]).toMatch(/^delete 2 pods: b, /);
    expect(events.every((e) => e.startsWith('Normal SuccessfulDelete: Deleted pod: '))).toBe(true);
    expect(deps.expectations.getUIDs('default/web')).toHaveLength(2);
    expect(deps.expectations.getExpectations('default/web')).toMatchObject({ add: 0, del: 2 });
  });

  it('a failed delete is no longer expected; NotFound is not an error, anything else is FailedDelete', () => {
    const { deps, ctx, events } = harness();
    const pods = [pod('a'), pod('b'), pod('c')];
    const rs = { ...RS, spec: { ...RS.spec!, replicas: 0 } };
    const answers: Record<string, ApiResponse> = {
      a: { ok: false, code: 404, status: notFound({ group: '', resource: 'pods' }, 'a') },
      b: { ok: false, code: 500, status: internalError('etcd is sad') },
      c: { ok: false, code: 409, status: conflict({ group: '', resource: 'pods' }, 'c') },
    };
    const { result } = drive(manageReplicas(deps, ctx, pods, rs), (req) => answers[req.name!]!);
    expect(result?.message).toBe('unable to delete pods: Internal error occurred: etcd is sad');
    expect(events).toEqual([
      'Warning FailedDelete: Error deleting: Internal error occurred: etcd is sad',
      `Warning FailedDelete: Error deleting: ${answers.c!.ok ? '' : answers.c!.status.message}`,
    ]);
    expect(deps.expectations.getExpectations('default/web')).toMatchObject({ del: 0 });
    expect(deps.expectations.satisfiedExpectations('default/web', 0)).toBe(true);
  });

  it('does nothing when the owned pods number spec.replicas', () => {
    const { deps, ctx } = harness();
    const rs = { ...RS, spec: { ...RS.spec!, replicas: 2 } };
    const { result, waves } = drive(manageReplicas(deps, ctx, [pod('a'), pod('b')], rs), created);
    expect(result).toBeUndefined();
    expect(waves).toEqual([]);
    expect(deps.expectations.getExpectations('default/web')).toBeUndefined();
  });
});
