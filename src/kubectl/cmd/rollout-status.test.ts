import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../sim/api/object.ts';
import { Simulation } from '../../sim/simulation.ts';
import { runKubectl } from '../run.ts';
import { targetOf } from '../target.ts';
import { daemonSetStatus, statefulSetStatus } from './rollout-status.ts';

const obj = (kind: string, generation: number, spec: object, status: object): KubeObject => ({ apiVersion: 'apps/v1', kind, metadata: { name: 'web', generation }, spec, status }) as unknown as KubeObject;

describe('rollout status viewers (kubectl polymorphichelpers/rollout_status.go)', () => {
  it('StatefulSet: observed, ready, partitioned, revisions', () => {
    expect(statefulSetStatus(obj('StatefulSet', 2, { replicas: 3 }, { observedGeneration: 1 })).text).toBe('Waiting for statefulset spec update to be observed...\n');
    expect(statefulSetStatus(obj('StatefulSet', 1, { replicas: 3 }, { observedGeneration: 1, readyReplicas: 1 })).text).toBe('Waiting for 2 pods to be ready...\n');
    const partitioned = { replicas: 4, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } };
    expect(statefulSetStatus(obj('StatefulSet', 1, partitioned, { observedGeneration: 1, readyReplicas: 4, updatedReplicas: 1 }))).toEqual({ text: 'Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...\n', done: false });
    expect(statefulSetStatus(obj('StatefulSet', 1, partitioned, { observedGeneration: 1, readyReplicas: 4, updatedReplicas: 2 }))).toEqual({ text: 'partitioned roll out complete: 2 new pods have been updated...\n', done: true });
    const plain = { replicas: 2, updateStrategy: { type: 'RollingUpdate' } };
    expect(statefulSetStatus(obj('StatefulSet', 1, plain, { observedGeneration: 1, readyReplicas: 2, updatedReplicas: 1, updateRevision: 'web-b', currentRevision: 'web-a' })).text).toBe('waiting for statefulset rolling update to complete 1 pods at revision web-b...\n');
    expect(statefulSetStatus(obj('StatefulSet', 1, plain, { observedGeneration: 1, readyReplicas: 2, currentReplicas: 2, updateRevision: 'web-a', currentRevision: 'web-a' }))).toEqual({ text: 'statefulset rolling update complete 2 pods at revision web-a...\n', done: true });
    expect(statefulSetStatus(obj('StatefulSet', 1, { updateStrategy: { type: 'OnDelete' } }, {})).error).toBe('rollout status is only available for RollingUpdate strategy type');
  });

  it('DaemonSet: updated, available, done', () => {
    expect(daemonSetStatus(obj('DaemonSet', 1, {}, { observedGeneration: 1, desiredNumberScheduled: 3, updatedNumberScheduled: 1 })).text).toBe('Waiting for daemon set "web" rollout to finish: 1 out of 3 new pods have been updated...\n');
    expect(daemonSetStatus(obj('DaemonSet', 1, {}, { observedGeneration: 1, desiredNumberScheduled: 3, updatedNumberScheduled: 3, numberAvailable: 2 })).text).toBe('Waiting for daemon set "web" rollout to finish: 2 of 3 updated pods are available...\n');
    expect(daemonSetStatus(obj('DaemonSet', 1, {}, { observedGeneration: 1, desiredNumberScheduled: 3, updatedNumberScheduled: 3, numberAvailable: 3 }))).toEqual({ text: 'daemon set "web" successfully rolled out\n', done: true });
    expect(daemonSetStatus(obj('DaemonSet', 2, {}, { observedGeneration: 1 })).text).toBe('Waiting for daemon set spec update to be observed...\n');
  });

  it('the console watches a StatefulSet\'s rollout to its end, restarts it and undoes the restart', () => {
    const sim = Simulation.create({ seed: 2, nodes: 2 });
    sim.apply('apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: web}\nspec:\n  replicas: 2\n  serviceName: web\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: web, image: "nginx:1.27"}]}\n');
    const first = runKubectl('kubectl rollout status sts web', targetOf(sim), {});
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/^Waiting for /);
    sim.runFor(120_000);
    let printed = first.stdout;
    for (let i = 0; i < 5 && first.watch && !first.watch.done; i++) printed += first.watch.poll(targetOf(sim));
    expect(printed).toMatch(/partitioned roll out complete: 2 new pods have been updated...\n$/);
    const restart = runKubectl('kubectl rollout restart sts web', targetOf(sim), {});
    expect(restart.stdout).toBe('statefulset.apps/web restarted\n');
    // At the instant of the restart the controller has not yet recorded its revision: nothing to go back to.
    expect(runKubectl('kubectl rollout undo sts web', targetOf(sim), {}).stderr).toBe('error: no last revision to roll back to\n');
    sim.runFor(5000);
    const undo = runKubectl('kubectl rollout undo sts web', targetOf(sim), {});
    // Back to the revision before the restart (the ControllerRevision without the restartedAt annotation).
    expect(undo.stdout).toBe('statefulset.apps/web rolled back\n');
  });
});
