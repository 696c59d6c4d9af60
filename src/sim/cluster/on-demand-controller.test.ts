import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';
import { OnDemandLogic } from './on-demand-controller.ts';

const ON_DEMAND = ['job-controller', 'cronjob-controller', 'ttl-after-finished-controller', 'horizontal-pod-autoscaler-controller', 'daemonset-controller', 'statefulset-controller'];

/** Each on-demand controller's shell in the running kube-controller-manager, by name. */
function shells(sim: Simulation): Map<string, OnDemandLogic> {
  const out = new Map<string, OnDemandLogic>();
  for (const name of ON_DEMAND) {
    const controller = sim.cluster.processOf(name)?.controller(name) as unknown as { reconciler: unknown } | undefined;
    if (controller?.reconciler instanceof OnDemandLogic) out.set(name, controller.reconciler);
  }
  return out;
}

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
`;

describe('controllers whose logic is loaded on demand', () => {
  it('make no logic while nothing of their kind exists: a Deployment’s pods, nodes and events pass them by', () => {
    const sim = Simulation.create({ seed: 3, nodes: 2 });
    sim.apply(DEPLOYMENT);
    sim.runFor(60_000);
    const s = shells(sim);
    expect([...s.keys()].sort()).toEqual([...ON_DEMAND].sort());
    for (const [name, shell] of s) expect({ name, made: shell.instance !== undefined }).toEqual({ name, made: false });
  });

  it('make it at the first object of their kind, and only theirs', () => {
    const sim = Simulation.create({ seed: 3, nodes: 2 });
    sim.apply('apiVersion: batch/v1\nkind: Job\nmetadata: {name: once}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox, command: [date]}]\n');
    sim.runFor(30_000);
    const s = shells(sim);
    expect(s.get('job-controller')!.instance).toBeDefined();
    expect(s.get('ttl-after-finished-controller')!.instance).toBeDefined();
    expect(s.get('daemonset-controller')!.instance).toBeUndefined();
    expect(sim.getObject('jobs', 'default', 'once')!.status).toMatchObject({ succeeded: 1 });
  });

  it('seeking back before the logic was made and running again makes it at the same point: the same trace', () => {
    const sim = Simulation.create({ seed: 5, nodes: 2 });
    sim.runFor(5_000);
    sim.apply('apiVersion: batch/v1\nkind: Job\nmetadata: {name: once}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox, command: [date]}]\n');
    sim.runFor(30_000);
    const straight = JSON.stringify(sim.trace.slice(0, sim.trace.length));
    const head = sim.step;
    sim.seekStep(10);
    expect(shells(sim).get('job-controller')!.instance).toBeUndefined();
    sim.seekStep(head);
    expect(JSON.stringify(sim.trace.slice(0, sim.trace.length))).toBe(straight);
    expect(shells(sim).get('job-controller')!.instance).toBeDefined();
  });
});
