import { describe, expect, it } from 'vitest';
import { Simulation } from '../../sim/simulation.ts';
import { complete } from '../complete.ts';
import { targetOf } from '../target.ts';
import { kubectl } from '../testing/fixture.ts';

const WEB = `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: web
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: nginx, image: "nginx:1.27"}]
  volumeClaimTemplates:
    - metadata: {name: data}
      spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
`;

function webCluster(): Simulation {
  const sim = Simulation.create({ seed: 3, nodes: 2 });
  const r = sim.apply(WEB);
  if (!r.ok) throw new Error(r.messages.join('\n'));
  sim.runFor(30_000);
  return sim;
}

describe('kubectl and StatefulSets', () => {
  it('get sts: printStatefulSet’s NAME READY AGE, -o wide adds CONTAINERS IMAGES', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'get sts').stdout).toBe('NAME   READY   AGE\nweb    2/2     30s\n');
    expect(kubectl(sim, 'get statefulsets -o wide').stdout).toBe('NAME   READY   AGE   CONTAINERS   IMAGES\nweb    2/2     30s   nginx        nginx:1.27\n');
  });

  it('get pvc: Pending, unbound (no volume, capacity or modes), no class', () => {
    const sim = webCluster();
    const lines = kubectl(sim, 'get pvc').stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('NAME         STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE');
    expect(lines[1]).toBe(`data-web-0   Pending${" ".repeat(53)}<unset>                 30s`);
  });

  it('get controllerrevisions: the StatefulSet as CONTROLLER', () => {
    const sim = webCluster();
    const lines = kubectl(sim, 'get controllerrevisions').stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^web-[a-z0-9]{10} {3}statefulset\.apps\/web {3}1 {10}30s$/);
  });

  it('describe sts: replicas, strategy and partition, pods’ phases, template, claim templates, events', () => {
    const sim = webCluster();
    const out = kubectl(sim, 'describe statefulset web').stdout;
    expect(out).toContain('Name:               web\n');
    expect(out).toContain('Selector:           app=web\n');
    expect(out).toContain('Replicas:           2 desired | 2 total\n');
    expect(out).toContain('Update Strategy:    RollingUpdate\n  Partition:        0\n');
    expect(out).toContain('Pods Status:        2 Running / 0 Waiting / 0 Succeeded / 0 Failed\n');
    expect(out).toContain('Volume Claims:\n  Name:          data\n  StorageClass:  \n  Labels:        <none>\n  Annotations:   <none>\n  Capacity:      1Gi\n  Access Modes:  [ReadWriteOnce]\n');
    expect(out).toMatch(/Normal {2}SuccessfulCreate {2}30s {3}statefulset-controller {2}create Pod web-0 in StatefulSet web successful\n/);
    expect(out).toMatch(/Normal {2}SuccessfulCreate {2}30s {3}statefulset-controller {2}create Claim data-web-0 Pod web-0 in StatefulSet web success\n/);
  });

  it('scale sts: through the scale subresource', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'scale sts web --replicas=3').stdout).toBe('statefulset.apps/web scaled\n');
    sim.runFor(30_000);
    expect(kubectl(sim, 'get sts web').stdout).toBe('NAME   READY   AGE\nweb    3/3     60s\n');
  });

  it('completes the kind (statefulsets, sts) and a set’s name', () => {
    const target = targetOf(webCluster());
    expect(complete('kubectl get statef', 18, target).candidates).toEqual(['statefulsets']);
    expect(complete('kubectl get st', 14, target).candidates).toContain('sts');
    expect(complete('kubectl describe sts w', 22, target)).toEqual({ from: 21, candidates: ['web'] });
  });

  it('describe pvc: unbound, Pending, the pod that mounts it', () => {
    const out = kubectl(webCluster(), 'describe pvc data-web-1').stdout;
    expect(out).toBe(
      'Name:          data-web-1\nNamespace:     default\nStorageClass:  \nStatus:        Pending\nVolume:        \nLabels:        app=web\nAnnotations:   <none>\n' +
        'Finalizers:    []\nCapacity:      \nAccess Modes:  \nVolumeMode:    Filesystem\nUsed By:       web-1\nEvents:        <none>\n',
    );
  });
});
