/**
 * The metrics API's read helpers (metrics-api.ts): pods' usage is the sampler's, split over containers; a node is
 * the system baseline plus its pods' samples; shapes are metrics-server's v1beta1.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../engine/clock.ts';
import { LoadModel } from './load-model.ts';
import { NODE_SYSTEM_BASELINE, nodeMetricsObject, nodeUsages, podMetricsObject, podTotal, podUsages } from './metrics-api.ts';
import { samplePodMetrics } from './pod-metrics.ts';

const ready = (name: string, node: string, containers: string[], namespace = 'default'): Pod => ({
  metadata: { name, namespace, labels: { app: 'web', 'pod-template-hash': 'abc' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-abc', uid: 'u', controller: true }] },
  spec: { nodeName: node, containers: containers.map((c) => ({ name: c, image: 'x' })) },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(0) }] },
});
const node = (name: string, created = 0): Node => ({ metadata: { name, labels: { 'kubernetes.io/hostname': name }, creationTimestamp: rfc3339(created) } });

describe('metrics API reads', () => {
  const model = new LoadModel();
  model.seedJitter(() => 12345);
  model.set('default', 'web', 0, { cpuMillis: 1001, memoryBytes: 3 * 1024 * 1024 + 1 });
  const pods = [ready('web-abc-1', 'n1', ['app', 'proxy', 'log']), ready('web-abc-2', 'n2', ['app']), ready('web-abc-3', 'n1', ['app'], 'other')];

  it("pods: the sampler's numbers, split evenly over the containers (the first take the remainder)", () => {
    const u = podUsages(model, pods, 20_000);
    const s = samplePodMetrics(model, pods.slice(0, 2), 20_000, model.salt());
    expect(podTotal(u.get('default/web-abc-1')!)).toEqual({ cpuMillis: s.get('web-abc-1')!.cpuMillis, memoryBytes: s.get('web-abc-1')!.memoryBytes });
    const cs = u.get('default/web-abc-1')!.containers;
    expect(cs.map((c) => c.name)).toEqual(['app', 'proxy', 'log']);
    expect(Math.max(...cs.map((c) => c.cpuMillis)) - Math.min(...cs.map((c) => c.cpuMillis))).toBeLessThanOrEqual(1);
    expect(cs[0]!.cpuMillis).toBeGreaterThanOrEqual(cs[2]!.cpuMillis);
    // Another namespace's "web" has no load.
    expect(podTotal(u.get('other/web-abc-3')!)).toEqual({ cpuMillis: 0, memoryBytes: 0 });
    expect(u.get('default/web-abc-1')!.timestamp).toBe(15_000);
  });

  it('nodes: the baseline plus the samples of the pods bound to them; none before the node existed', () => {
    const pu = podUsages(model, pods, 20_000);
    const nu = nodeUsages(model, [node('n1'), node('n2'), node('n3'), node('late', 16_000)], pods, 20_000);
    expect([...nu.keys()]).toEqual(['n1', 'n2', 'n3']);
    expect(nu.get('n1')!.cpuMillis).toBe(NODE_SYSTEM_BASELINE.cpuMillis + podTotal(pu.get('default/web-abc-1')!).cpuMillis);
    expect(nu.get('n2')!.memoryBytes).toBe(NODE_SYSTEM_BASELINE.memoryBytes + podTotal(pu.get('default/web-abc-2')!).memoryBytes);
    expect(nu.get('n3')).toMatchObject({ cpuMillis: 100, memoryBytes: 512 * 1024 * 1024, timestamp: 15_000, window: 15_000 });
    expect([...nodeUsages(model, [node('late', 16_000)], pods, 30_000).keys()]).toEqual(['late']);
  });

  it("objects: metrics-server's v1beta1 shapes and quantities", () => {
    const p = podMetricsObject({ namespace: 'd', name: 'p', labels: { a: 'b' }, timestamp: 15_000, window: 15_000, containers: [{ name: 'c', cpuMillis: 250, memoryBytes: 2048 }, { name: 'z', cpuMillis: 0, memoryBytes: 1000 }] }, 20_000);
    expect(p).toEqual({
      kind: 'PodMetrics',
      apiVersion: 'metrics.k8s.io/v1beta1',
      metadata: { name: 'p', namespace: 'd', creationTimestamp: rfc3339(20_000), labels: { a: 'b' } },
      timestamp: rfc3339(15_000),
      window: '15s',
      containers: [{ name: 'c', usage: { cpu: '250000000n', memory: '2Ki' } }, { name: 'z', usage: { cpu: '0', memory: '1000' } }],
    });
    expect(nodeMetricsObject({ name: 'n', labels: {}, timestamp: 0, window: 15_000, cpuMillis: 100, memoryBytes: 0 }, 0)).toEqual({
      kind: 'NodeMetrics',
      apiVersion: 'metrics.k8s.io/v1beta1',
      metadata: { name: 'n', creationTimestamp: rfc3339(0) },
      timestamp: rfc3339(0),
      window: '15s',
      usage: { cpu: '100000000n', memory: '0' },
    });
  });
});
