import { describe, expect, it } from 'vitest';
import { API_SERVER, NODE_H, NODE_W, USER, graphControllers, layout, shortLabel } from './graph-model.ts';
import type { ControllerSummary } from '../../worker/protocol.ts';

const summary = (name: string, process = 'kube-controller-manager'): ControllerSummary => ({ name, process, alive: true, paused: false, state: 'leading', depth: 0, processing: 0, backoff: 0, requeueAfter: 0 });
const CONTROLLERS = ['replicaset-controller', 'deployment-controller', 'node-lifecycle-controller', 'taint-eviction-controller', 'garbage-collector-controller', 'endpointslice-controller', 'job-controller', 'cronjob-controller', 'ttl-after-finished-controller', 'horizontal-pod-autoscaler-controller'];

function cluster(kubelets: number) {
  return graphControllers([
    ...CONTROLLERS.map((n) => summary(n)),
    summary('default-scheduler', 'kube-scheduler'),
    ...Array.from({ length: kubelets }, (_, i) => summary('kubelet', `kubelet/node-${i + 1}`)),
  ]);
}

describe('layout', () => {
  for (const kubelets of [0, 1, 3, 8, 40]) {
    it(`places every node, none overlapping, in a compact box (${kubelets} kubelets)`, () => {
      const controllers = cluster(kubelets);
      const pos = layout(controllers);
      const ids = [API_SERVER, USER, ...controllers.map((c) => c.id)];
      expect(ids.every((id) => pos.has(id))).toBe(true);
      const boxes = ids.map((id) => pos.get(id)!);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          const overlap = Math.abs(a.x - b.x) < NODE_W && Math.abs(a.y - b.y) < NODE_H;
          expect(overlap, `${ids[i]} and ${ids[j]} overlap`).toBe(false);
        }
      // Three columns wide: drawn at a readable zoom in a panel about 540×390 px (1280×720).
      const width = Math.max(...boxes.map((b) => b.x)) - Math.min(...boxes.map((b) => b.x)) + NODE_W;
      expect(width).toBeLessThanOrEqual(3 * NODE_W + 2 * 70);
    });
  }

  it('puts the api-server in the middle column, below you', () => {
    const pos = layout(cluster(3));
    expect(pos.get(API_SERVER)!.x).toBe(0);
    expect(pos.get(USER)!.x).toBe(0);
    expect(pos.get(USER)!.y).toBeLessThan(pos.get(API_SERVER)!.y);
  });
});

describe('shortLabel', () => {
  it('drops the -controller suffix only', () => {
    expect(shortLabel('replicaset-controller')).toBe('replicaset');
    expect(shortLabel('default-scheduler')).toBe('default-scheduler');
    expect(shortLabel('kubelet/node-1')).toBe('kubelet/node-1');
  });
});
