import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { k8sEvents, podsOf, replicaSetYaml, rsOnlySimulation } from './test-helpers.ts';

type Step = { kind: 'scale'; replicas: number } | { kind: 'delete-pod'; index: number } | { kind: 'crash' } | { kind: 'wait'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('scale' as const), replicas: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ kind: fc.constant('delete-pod' as const), index: fc.nat(10) }),
  fc.record({ kind: fc.constant('crash' as const) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 300 }) }),
);

describe('ReplicaSet controller (property)', () => {
  it('whatever the user does in between, it settles on exactly spec.replicas owned pods and a status that says so', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(step, { maxLength: 8 }), (seed, steps) => {
        const sim = rsOnlySimulation(seed);
        sim.apply(replicaSetYaml({ replicas: 2 }));
        sim.runFor(200);
        let replicas = 2;
        for (const s of steps) {
          if (s.kind === 'scale') {
            replicas = s.replicas;
            sim.act({ type: 'scale', resource: 'rs', name: 'web', replicas });
          } else if (s.kind === 'delete-pod') {
            const pods = podsOf(sim);
            if (pods.length) sim.act({ type: 'delete', resource: 'pod', name: pods[s.index % pods.length]!.metadata.name! });
          } else if (s.kind === 'crash') {
            sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'replicaset-controller', restartAfter: 500 } });
          } else sim.runFor(s.ms);
        }
        sim.runFor(30_000);
        const rs = sim.getObject('rs', 'default', 'web') as ReplicaSet & KubeObject;
        const pods = podsOf(sim);
        expect(pods).toHaveLength(replicas);
        expect(pods.every((p) => p.metadata.ownerReferences?.[0]?.uid === rs.metadata.uid)).toBe(true);
        expect(rs.status).toMatchObject({ replicas, fullyLabeledReplicas: replicas, observedGeneration: rs.metadata.generation });
        // Every pod that exists was announced by a SuccessfulCreate.
        const created = new Set(k8sEvents(sim).filter((e) => e.startsWith('SuccessfulCreate')).map((e) => e.slice('SuccessfulCreate: Created pod: '.length)));
        expect(pods.every((p) => created.has(p.metadata.name!))).toBe(true);
      }),
      { seed: 20261122, numRuns: 25 },
    );
  });
});
