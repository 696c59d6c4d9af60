/**
 * The StatefulSet controller on the whole simulation: the simpler cases of kubernetes
 * `pkg/controller/statefulset/stateful_set_control_test.go` (CreatesPods, ScalesUp, ScalesDown, ReplacesPods,
 * RecreatesFailedPod, CreatePodFailure, Parallel bursts, OnDelete, history truncation, rollback), the claims and their
 * retention, and the garbage collector deleting the pods with the set.
 */
import type { StatefulSet } from 'kubernetes-types/apps/v1';
import type { PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { Simulation } from '../../simulation.ts';
import type { TraceEventOf } from '../../trace/trace-event.ts';
import { STATEFULSET_CONTROLLER } from './statefulset-controller.ts';

function setYaml(opts: { replicas: number; policy?: 'OrderedReady' | 'Parallel'; image?: string; strategy?: string; claims?: boolean; retention?: string; history?: number }): string {
  return `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: web
  replicas: ${opts.replicas}
  podManagementPolicy: ${opts.policy ?? 'OrderedReady'}
${opts.strategy ? `  updateStrategy: ${opts.strategy}\n` : ''}${opts.history !== undefined ? `  revisionHistoryLimit: ${opts.history}\n` : ''}${opts.retention ? `  persistentVolumeClaimRetentionPolicy: ${opts.retention}\n` : ''}  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      terminationGracePeriodSeconds: 1
      containers: [{name: app, image: "${opts.image ?? 'nginx:1.0'}"}]
${opts.claims ? '  volumeClaimTemplates: [{metadata: {name: data}, spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}}]\n' : ''}`;
}

function sim(seed = 1): Simulation {
  return Simulation.create({ seed, nodes: 2 });
}

function pods(s: Simulation): Array<Pod & KubeObject> {
  return (s.listObjects('pods', 'default', 'app=web') as Array<Pod & KubeObject>).sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
}

function events(s: Simulation): string[] {
  return s.trace
    .slice()
    .filter((e): e is TraceEventOf<'k8s.event'> => e.kind === 'k8s.event' && e.reportingController === STATEFULSET_CONTROLLER)
    .map((e) => `${e.reason}: ${e.message}`);
}

function set(s: Simulation): StatefulSet & KubeObject {
  return s.getObject('sts', 'default', 'web') as StatefulSet & KubeObject;
}

describe('StatefulSet controller (stateful_set_control_test.go, simple cases)', () => {
  it('CreatesPods: web-0…web-2 in order, each SuccessfulCreate with upstream text, status counts them', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 3 }));
    s.runFor(30_000);
    expect(pods(s).map((p) => p.metadata.name)).toEqual(['web-0', 'web-1', 'web-2']);
    expect(events(s).filter((e) => e.startsWith('SuccessfulCreate'))).toEqual([
      'SuccessfulCreate: create Pod web-0 in StatefulSet web successful',
      'SuccessfulCreate: create Pod web-1 in StatefulSet web successful',
      'SuccessfulCreate: create Pod web-2 in StatefulSet web successful',
    ]);
    const st = set(s).status!;
    expect(st).toMatchObject({ replicas: 3, readyReplicas: 3, availableReplicas: 3, currentReplicas: 3, updatedReplicas: 3, observedGeneration: 1, collisionCount: 0 });
    expect(st.currentRevision).toBe(st.updateRevision);
    expect(pods(s).every((p) => p.metadata.labels?.['controller-revision-hash'] === st.updateRevision)).toBe(true);
    const revisions = s.listObjects('controllerrevisions', 'default');
    expect(revisions.map((r) => r.metadata.name)).toEqual([st.updateRevision]);
    expect(revisions[0]).toMatchObject({ revision: 1, metadata: { ownerReferences: [{ kind: 'StatefulSet', name: 'web', controller: true }] } });
  });

  it('ScalesDown: from the highest ordinal, one at a time; ScalesUp again from the lowest missing', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 3 }));
    s.runFor(30_000);
    s.act({ type: 'scale', resource: 'sts', name: 'web', replicas: 0 });
    s.runFor(30_000);
    expect(pods(s)).toEqual([]);
    expect(events(s).filter((e) => e.startsWith('SuccessfulDelete'))).toEqual([
      'SuccessfulDelete: delete Pod web-2 in StatefulSet web successful',
      'SuccessfulDelete: delete Pod web-1 in StatefulSet web successful',
      'SuccessfulDelete: delete Pod web-0 in StatefulSet web successful',
    ]);
    expect(set(s).status).toMatchObject({ replicas: 0, availableReplicas: 0 });
    s.act({ type: 'scale', resource: 'sts', name: 'web', replicas: 2 });
    s.runFor(30_000);
    expect(pods(s).map((p) => p.metadata.name)).toEqual(['web-0', 'web-1']);
  });

  it('ReplacesPods: a deleted pod comes back under its name', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 2 }));
    s.runFor(30_000);
    const uid = pods(s)[0]!.metadata.uid;
    s.act({ type: 'delete', resource: 'pod', name: 'web-0' });
    s.runFor(30_000);
    expect(pods(s).map((p) => p.metadata.name)).toEqual(['web-0', 'web-1']);
    expect(pods(s)[0]!.metadata.uid).not.toBe(uid);
  });

  it('RecreatesFailedPod: a Failed pod is deleted with RecreatingFailedPod, then created again', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 1 }));
    s.runFor(20_000);
    const uid = pods(s)[0]!.metadata.uid;
    s.act({ type: 'patch', resource: 'pod', name: 'web-0', subresource: 'status', patchType: 'merge', patch: { status: { phase: 'Failed' } } });
    s.runFor(30_000);
    expect(events(s)).toContain('RecreatingFailedPod: StatefulSet default/web is recreating failed Pod web-0');
    expect(pods(s)).toHaveLength(1);
    expect(pods(s)[0]!.metadata.uid).not.toBe(uid);
    expect(pods(s)[0]!.status?.phase).toBe('Running');
  });

  it('CreatePodFailure: a pod the api-server refuses is a FailedCreate with upstream text, retried', () => {
    const s = sim();
    // A container name Go's validation refuses: the set is valid (its pod spec is not validated), its pods are not.
    s.apply(setYaml({ replicas: 1 }).replace('name: app,', 'name: Bad_Name,'));
    s.runFor(10_000);
    expect(pods(s)).toEqual([]);
    const failed = events(s).filter((e) => e.startsWith('FailedCreate'));
    expect(failed[0]).toMatch(/^FailedCreate: create Pod web-0 in StatefulSet web failed error: Pod "web-0" is invalid: spec\.containers\[0\]\.name: /);
  });

  it('Parallel creates every missing pod in one pass, without waiting for readiness', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 4, policy: 'Parallel' }));
    s.runFor(1000);
    expect(pods(s).map((p) => p.metadata.name)).toEqual(['web-0', 'web-1', 'web-2', 'web-3']);
    expect(pods(s).some((p) => p.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True')).toBe(false);
  });

  it('OnDelete: a new template moves no pod; a deleted pod comes back at the update revision', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 2, strategy: '{type: OnDelete}' }));
    s.runFor(30_000);
    s.apply(setYaml({ replicas: 2, strategy: '{type: OnDelete}', image: 'nginx:2.0' }));
    s.runFor(30_000);
    expect(pods(s).map((p) => p.spec!.containers[0]!.image)).toEqual(['nginx:1.0', 'nginx:1.0']);
    const st = set(s).status!;
    expect(st.currentRevision).not.toBe(st.updateRevision);
    expect(st).toMatchObject({ currentReplicas: 2 });
    s.act({ type: 'delete', resource: 'pod', name: 'web-1' });
    s.runFor(30_000);
    expect(pods(s).map((p) => p.spec!.containers[0]!.image)).toEqual(['nginx:1.0', 'nginx:2.0']);
    expect(set(s).status).toMatchObject({ currentReplicas: 1, updatedReplicas: 1 });
  });

  it('history: revisionHistoryLimit keeps the newest non-live revisions; a rollback renumbers the old revision', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 1, history: 1 }));
    s.runFor(20_000);
    const first = set(s).status!.updateRevision;
    for (const image of ['nginx:2.0', 'nginx:3.0']) {
      s.apply(setYaml({ replicas: 1, history: 1, image }));
      s.runFor(20_000);
    }
    let revisions = s.listObjects('controllerrevisions', 'default') as Array<KubeObject & { revision: number }>;
    // Live: the current (= update) revision; one more kept by the limit (nginx:2.0); nginx:1.0's is gone.
    expect(revisions.map((r) => r.revision).sort()).toEqual([2, 3]);
    expect(revisions.some((r) => r.metadata.name === first)).toBe(false);
    s.apply(setYaml({ replicas: 1, history: 1, image: 'nginx:2.0' }));
    s.runFor(20_000);
    revisions = s.listObjects('controllerrevisions', 'default') as Array<KubeObject & { revision: number }>;
    const current = revisions.find((r) => r.metadata.name === set(s).status!.updateRevision)!;
    expect(current.revision).toBe(4); // nginx:2.0's revision, renumbered: no new object
    expect(revisions).toHaveLength(2);
    expect(pods(s)[0]!.spec!.containers[0]!.image).toBe('nginx:2.0');
  });

  it('claims: data-web-N created before each pod, mounted by it, Pending, kept on scale down (Retain: no owner)', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 2, claims: true }));
    s.runFor(30_000);
    const claims = s.listObjects('pvc', 'default') as Array<PersistentVolumeClaim & KubeObject>;
    expect(claims.map((c) => c.metadata.name).sort()).toEqual(['data-web-0', 'data-web-1']);
    expect(claims.every((c) => c.status?.phase === 'Pending' && c.metadata.ownerReferences === undefined && c.metadata.labels?.['app'] === 'web')).toBe(true);
    expect(pods(s)[0]!.spec!.volumes).toContainEqual({ name: 'data', persistentVolumeClaim: { claimName: 'data-web-0' } });
    expect(events(s)).toContain('SuccessfulCreate: create Claim data-web-0 Pod web-0 in StatefulSet web success');
    s.act({ type: 'scale', resource: 'sts', name: 'web', replicas: 0 });
    s.runFor(30_000);
    expect(s.listObjects('pvc', 'default')).toHaveLength(2);
  });

  it('claims with whenScaled Delete: a scaled-down pod owns its claim, and the garbage collector deletes it', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 2, claims: true, retention: '{whenScaled: Delete, whenDeleted: Retain}' }));
    s.runFor(30_000);
    s.act({ type: 'scale', resource: 'sts', name: 'web', replicas: 1 });
    s.runFor(30_000);
    expect(s.listObjects('pvc', 'default').map((c) => c.metadata.name)).toEqual(['data-web-0']);
  });

  it('the garbage collector deletes the pods (and, with whenDeleted Delete, the claims) with the set', () => {
    const s = sim();
    s.apply(setYaml({ replicas: 2, claims: true, retention: '{whenScaled: Retain, whenDeleted: Delete}' }));
    s.runFor(30_000);
    const claims = s.listObjects('pvc', 'default');
    expect(claims.every((c) => c.metadata.ownerReferences?.[0]?.kind === 'StatefulSet')).toBe(true);
    s.act({ type: 'delete', resource: 'sts', name: 'web' });
    s.runFor(30_000);
    expect(pods(s)).toEqual([]);
    expect(s.listObjects('pvc', 'default')).toEqual([]);
    expect(s.listObjects('controllerrevisions', 'default')).toEqual([]);
  });
});
