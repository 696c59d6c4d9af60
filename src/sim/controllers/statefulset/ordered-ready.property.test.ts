/**
 * OrderedReady on the whole simulation: over random scales, template updates and partitions, with random readiness
 * timings, a pod of the set is only ever created when every pod below it is Running and Ready (so never two are being
 * created at once), and the set settles on `replicas` pods, all at the update revision once the partition is 0.
 * Pods are watched at the api-server, so no transient state escapes.
 */
import type { StatefulSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { isStatus } from '../../api/status.ts';
import type { WatchEvent, WatchSink } from '../../apiserver/api-request.ts';
import { Simulation } from '../../simulation.ts';
import { isRunningAndReady } from './pod-state.ts';

/** Watches the set's pods; records each creation whose lower ordinals were not all Running and Ready. */
class CreationOrder implements WatchSink {
  readonly pods = new Map<number, Pod>();
  readonly violations: string[] = [];
  readonly notReadyAtOnce: string[] = [];

  onWatchEvent(event: WatchEvent): void {
    if (isStatus(event.object)) return;
    const pod = event.object as Pod & KubeObject;
    const m = /^web-(\d+)$/.exec(pod.metadata.name ?? '');
    if (!m) return;
    const ordinal = Number(m[1]);
    if (event.type === 'DELETED') {
      this.pods.delete(ordinal);
      return;
    }
    if (event.type === 'ADDED') {
      for (let j = 0; j < ordinal; j++) {
        const below = this.pods.get(j);
        if (!below || below.metadata?.deletionTimestamp || !isRunningAndReady(below)) this.violations.push(`web-${ordinal} created while web-${j} was ${below ? (below.metadata?.deletionTimestamp ? 'terminating' : (below.status?.phase ?? 'new')) : 'missing'}`);
      }
    }
    this.pods.set(ordinal, pod);
    const starting = [...this.pods.entries()].filter(([, p]) => !p.metadata?.deletionTimestamp && !isRunningAndReady(p)).map(([o]) => o);
    if (starting.length > 1) this.notReadyAtOnce.push(`web-${starting.join(', web-')} being created at once`);
  }
}

function statefulSet(replicas: number, image: string, partition: number): string {
  return `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: web
  replicas: ${replicas}
  updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: ${partition}}}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      terminationGracePeriodSeconds: 1
      containers: [{name: app, image: "${image}"}]
`;
}

type Step = { kind: 'scale'; replicas: number } | { kind: 'image' } | { kind: 'partition'; partition: number } | { kind: 'wait'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('scale' as const), replicas: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('image' as const) }),
  fc.record({ kind: fc.constant('partition' as const), partition: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 6000 }) }),
);

const plan = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  replicas: fc.integer({ min: 1, max: 4 }),
  readyAfter: fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 4, maxLength: 4 }),
  steps: fc.array(step, { maxLength: 8 }),
});

describe('StatefulSet OrderedReady (property)', () => {
  it('creates a pod only once every pod below it is Running and Ready, and settles on replicas pods at the update revision', () => {
    fc.assert(
      fc.property(plan, ({ seed, replicas, readyAfter, steps }) => {
        const sim = Simulation.create({ seed, nodes: 2 });
        const order = new CreationOrder();
        const watch = sim.cluster.apiServer.watch({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', resourceVersion: '', user: 'property-test' }, order);
        expect(isStatus(watch)).toBe(false);
        readyAfter.forEach((ms, i) => sim.act({ type: 'fault', fault: { type: 'image-behavior', image: `nginx:1.${i}`, behavior: 'ok', readyAfter: ms } }));
        sim.apply(statefulSet(replicas, 'nginx:1.0', 0));
        let version = 0;
        let partition = 0;
        for (const s of steps) {
          if (s.kind === 'scale') {
            replicas = s.replicas;
            sim.act({ type: 'scale', resource: 'sts', name: 'web', replicas });
          } else if (s.kind === 'image') {
            version = Math.min(3, version + 1);
            sim.act({ type: 'patch', resource: 'sts', name: 'web', patchType: 'strategic', patch: { spec: { template: { spec: { containers: [{ name: 'app', image: `nginx:1.${version}` }] } } } } });
          } else if (s.kind === 'partition') {
            partition = s.partition;
            sim.act({ type: 'patch', resource: 'sts', name: 'web', patchType: 'merge', patch: { spec: { updateStrategy: { rollingUpdate: { partition } } } } });
          } else sim.runFor(s.ms);
        }
        sim.act({ type: 'patch', resource: 'sts', name: 'web', patchType: 'merge', patch: { spec: { updateStrategy: { rollingUpdate: { partition: 0 } } } } });
        sim.runFor(90_000);
        expect(order.violations, `seed ${seed}`).toEqual([]);
        expect(order.notReadyAtOnce, `seed ${seed}`).toEqual([]);
        const set = sim.getObject('sts', 'default', 'web') as StatefulSet & KubeObject;
        const pods = sim.listObjects('pods', 'default', 'app=web') as Array<Pod & KubeObject>;
        expect(pods.map((p) => p.metadata.name).sort()).toEqual(Array.from({ length: replicas }, (_, i) => `web-${i}`).sort());
        const updateRevision = set.status?.updateRevision;
        expect(pods.every((p) => p.metadata.labels?.['controller-revision-hash'] === updateRevision && p.spec?.containers[0]?.image === `nginx:1.${version}`)).toBe(true);
        expect(set.status).toMatchObject({ replicas, currentRevision: updateRevision, observedGeneration: set.metadata.generation });
        // Go's omitempty: zero counts are absent.
        expect(set.status?.readyReplicas ?? 0).toBe(replicas);
        expect(set.status?.updatedReplicas ?? 0).toBe(replicas);
      }),
      { seed: 15_015, numRuns: 20, endOnFailure: true },
    );
  }, 300_000);
});
