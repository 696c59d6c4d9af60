/**
 * The run both rollout-history tests look at (the unit test against texts real kubectl printed, the real test
 * against the binary): a DaemonSet and a StatefulSet, each rolled at 20 s (with a change-cause) and at 40 s, seen
 * from 80 s.
 */
import { expect } from 'vitest';
import { Simulation } from '../../sim/simulation.ts';

export const MANIFESTS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
        - name: agent
          image: fluent-bit:3.0
          env: [{name: MODE, value: fast}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  replicas: 2
  serviceName: db
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
        - name: db
          image: postgres:16
          ports: [{containerPort: 5432}]
`;

/** The served run: both rolled at 20 s (with a change-cause) and at 40 s, looked at from 80 s. */
export function rolledTwice(): Simulation {
  const sim = Simulation.create({ seed: 11, nodes: 2 });
  expect(sim.apply(MANIFESTS).ok).toBe(true);
  sim.runUntil(20_000);
  sim.act({ type: 'patch', resource: 'daemonset', name: 'agent', patch: { metadata: { annotations: { 'kubernetes.io/change-cause': 'image 3.1' } }, spec: { template: { spec: { containers: [{ name: 'agent', image: 'fluent-bit:3.1' }] } } } } });
  sim.act({ type: 'patch', resource: 'statefulset', name: 'db', patch: { metadata: { annotations: { 'kubernetes.io/change-cause': 'pg 16.1' } }, spec: { template: { spec: { containers: [{ name: 'db', image: 'postgres:16.1' }] } } } } });
  sim.runUntil(40_000);
  sim.act({ type: 'patch', resource: 'daemonset', name: 'agent', patch: { spec: { template: { metadata: { annotations: { note: 'three' } }, spec: { containers: [{ name: 'agent', image: 'fluent-bit:3.2' }] } } } } });
  sim.act({ type: 'patch', resource: 'statefulset', name: 'db', patch: { spec: { template: { spec: { containers: [{ name: 'db', image: 'postgres:16.2' }] } } } } });
  sim.runUntil(80_000);
  return sim;
}

