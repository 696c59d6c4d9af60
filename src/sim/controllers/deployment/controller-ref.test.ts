import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { labelSelectorFromObject } from '../../apiserver/selectors/label-selector.ts';
import { claimDecision, getPodMapForDeployment, getPodMapForDeploymentByOwner, type DeploymentObject, type PodObject, type ReplicaSetObject } from './controller-ref.ts';
import { deploymentOnlySim, deploymentYaml, eventMessages, replicaSets, runWithAvailableReplicaSets } from './controller-test-helpers.ts';

const d = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', uid: 'd-uid' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: {} },
} as DeploymentObject;
const selector = labelSelectorFromObject({ matchLabels: { app: 'web' } });
const rsWith = (labels: Record<string, string>, ownerUid?: string, extra: Record<string, unknown> = {}): ReplicaSetObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: 'rs',
      namespace: 'default',
      uid: 'rs-uid',
      labels,
      ...(ownerUid ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'x', uid: ownerUid, controller: true }] } : {}),
      ...extra,
    },
  }) as ReplicaSetObject;

describe('ClaimObject decisions', () => {
  it('claims its own matching ReplicaSets, ignores those of other controllers', () => {
    expect(claimDecision(d, selector, rsWith({ app: 'web' }, 'd-uid'))).toBe('claim');
    expect(claimDecision(d, selector, rsWith({ app: 'web' }, 'other'))).toBe('ignore');
  });

  it('releases an owned ReplicaSet that no longer matches, unless the Deployment is being deleted', () => {
    expect(claimDecision(d, selector, rsWith({ app: 'db' }, 'd-uid'))).toBe('release');
    const deleting = { ...d, metadata: { ...d.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } } as DeploymentObject;
    expect(claimDecision(deleting, selector, rsWith({ app: 'db' }, 'd-uid'))).toBe('ignore');
  });

  it('adopts a matching orphan, but not one being deleted, not one of another namespace, not when the Deployment is being deleted', () => {
    expect(claimDecision(d, selector, rsWith({ app: 'web' }))).toBe('adopt');
    expect(claimDecision(d, selector, rsWith({ app: 'db' }))).toBe('ignore');
    expect(claimDecision(d, selector, rsWith({ app: 'web' }, undefined, { deletionTimestamp: '2026-01-01T00:00:00Z' }))).toBe('ignore');
    expect(claimDecision(d, selector, rsWith({ app: 'web' }, undefined, { namespace: 'other' }))).toBe('ignore');
    const deleting = { ...d, metadata: { ...d.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } } as DeploymentObject;
    expect(claimDecision(deleting, selector, rsWith({ app: 'web' }))).toBe('ignore');
  });
});

describe('getPodMapForDeployment', () => {
  it('groups matching pods by the UID of their controlling ReplicaSet; every claimed RS has an entry; other owners are left out', () => {
    const rs = rsWith({ app: 'web' }, 'd-uid');
    const pod = (name: string, ownerUid: string | undefined, labels = { app: 'web' }): PodObject =>
      ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'default', labels, ...(ownerUid ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: ownerUid, controller: true }] } : {}) },
      }) as PodObject;
    const other = { ...rs, metadata: { ...rs.metadata, uid: 'rs2-uid', name: 'rs2' } } as ReplicaSetObject;
    const map = getPodMapForDeployment(d, [rs, other], [pod('a', 'rs-uid'), pod('b', 'someone-else'), pod('c', undefined), pod('d', 'rs-uid', { app: 'db' })]);
    expect([...map.keys()]).toEqual(['rs-uid', 'rs2-uid']);
    expect(map.get('rs-uid')!.map((p) => p.metadata.name)).toEqual(['a']);
    expect(map.get('rs2-uid')).toEqual([]);
  });
});

describe('ClaimReplicaSets through the api-server', () => {
  it('an orphan ReplicaSet with the Deployment’s template is adopted (controllerRef patched) and used as the new ReplicaSet', () => {
    const probe = deploymentOnlySim();
    probe.apply(deploymentYaml());
    probe.runFor(2000);
    const template = replicaSets(probe)[0]!;
    const orphan = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'web-orphan', labels: template.metadata.labels },
      spec: { replicas: 3, selector: template.spec!.selector, template: template.spec!.template },
    };
    const sim = deploymentOnlySim();
    expect(sim.act({ type: 'create', manifests: [orphan] }).ok).toBe(true);
    sim.runFor(500);
    sim.apply(deploymentYaml());
    sim.runFor(3000);
    const rss = replicaSets(sim);
    expect(rss.map((rs) => rs.metadata.name)).toEqual(['web-orphan']);
    const uid = sim.getObject('deployment', 'default', 'web')!.metadata.uid;
    expect(rss[0]!.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid, controller: true, blockOwnerDeletion: true }]);
    expect(rss[0]!.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    expect(eventMessages(sim)).toEqual([]);
  });

  it('an owned ReplicaSet whose labels stop matching the selector is released (its controllerRef removed)', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    runWithAvailableReplicaSets(sim, 3000);
    const name = replicaSets(sim)[0]!.metadata.name!;
    expect(sim.act({ type: 'patch', resource: 'replicaset', name, patch: { metadata: { labels: { app: 'moved' } } } }).ok).toBe(true);
    sim.runFor(3000);
    const released = sim.getObject('replicaset', 'default', name)!;
    expect(released.metadata.ownerReferences ?? []).toEqual([]);
    // The Deployment no longer has a ReplicaSet with its template: it creates one again (same hash, so it is a
    // collision with the released one, and collisionCount moves).
    expect((sim.getObject('deployment', 'default', 'web')!.status as { collisionCount?: number }).collisionCount).toBe(1);
  });
});

describe('getPodMapForDeploymentByOwner', () => {
  it('gives the same pods per ReplicaSet as listing the namespace\'s pods, for any mix of owners, labels and namespaces', () => {
    const rsA = { ...rsWith({ app: 'web' }, 'd-uid'), metadata: { ...rsWith({ app: 'web' }, 'd-uid').metadata, name: 'a', uid: 'a-uid' } } as ReplicaSetObject;
    const rsB = { ...rsA, metadata: { ...rsA.metadata, name: 'b', uid: 'b-uid' } } as ReplicaSetObject;
    const arbPod = fc.record({
      name: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'),
      namespace: fc.constantFrom('default', 'other'),
      app: fc.constantFrom('web', 'db'),
      owner: fc.constantFrom('a-uid', 'b-uid', 'c-uid', undefined),
    });
    fc.assert(
      fc.property(fc.uniqueArray(arbPod, { selector: (p) => `${p.namespace}/${p.name}` }), (specs) => {
        const pods = specs.map(
          (p) =>
            ({
              apiVersion: 'v1',
              kind: 'Pod',
              metadata: {
                name: p.name,
                namespace: p.namespace,
                labels: { app: p.app },
                ...(p.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'x', uid: p.owner, controller: true }] } : {}),
              },
            }) as PodObject,
        );
        const byOwner = (uid: string) => pods.filter((p) => p.metadata.ownerReferences?.[0]?.uid === uid);
        const listed = pods.filter((p) => p.metadata.namespace === 'default').sort((x, y) => (x.metadata.name! < y.metadata.name! ? -1 : 1));
        const want = getPodMapForDeployment(d, [rsA, rsB], listed);
        const got = getPodMapForDeploymentByOwner(d, [rsA, rsB], byOwner);
        const byName = (list: readonly PodObject[]) => list.map((p) => p.metadata.name).sort();
        expect([...got.keys()]).toEqual([...want.keys()]);
        for (const [uid, list] of want) expect(byName(got.get(uid)!)).toEqual(byName(list));
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});
