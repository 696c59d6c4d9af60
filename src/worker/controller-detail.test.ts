import { describe, expect, it } from 'vitest';
import { deploymentYaml } from '../sim/determinism-case.ts';
import { Simulation } from '../sim/simulation.ts';
import { controllerDetail } from './controller-detail.ts';

describe('controllerDetail: the informer cache next to the api-server', () => {
  // The page's default demo: a 3-replica Deployment on 3 nodes, settled.
  const sim = Simulation.create({ seed: 42, nodes: 3 });
  sim.apply(deploymentYaml('web', 3));
  sim.runFor(60_000);

  it("a kubelet's cache misses none of the pods (it watches only its node's, spec.nodeName=<node>)", () => {
    for (const node of ['node-1', 'node-2', 'node-3']) {
      const detail = controllerDetail(sim, `kubelet/${node}`)!;
      expect(detail.informers.find((i) => i.resource === 'pods')?.synced).toBe(true);
      expect(detail.cacheDiff).toEqual([]);
    }
  });

  it("the scheduler's and the controller manager's caches show no difference once settled", () => {
    expect(controllerDetail(sim, 'default-scheduler')!.cacheDiff).toEqual([]);
    expect(controllerDetail(sim, 'kube-controller-manager')!.cacheDiff).toEqual([]);
  });

  it('a pod its informer never heard of is still shown missing', () => {
    const copy = Simulation.create({ seed: 42, nodes: 3 });
    copy.apply(deploymentYaml('web', 3));
    copy.runFor(60_000);
    copy.act({ type: 'fault', fault: { type: 'drop-watch-events', controller: 'replicaset-controller' } });
    copy.apply('apiVersion: v1\nkind: Pod\nmetadata: {name: lone}\nspec: {containers: [{name: c, image: nginx:1.27}]}\n');
    copy.runFor(2_000);
    const diff = controllerDetail(copy, 'replicaset-controller')!.cacheDiff;
    expect(diff).toContainEqual(expect.objectContaining({ resource: 'pods', key: 'default/lone', state: 'missing' }));
  });
});
