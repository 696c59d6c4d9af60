/**
 * The `kubectl top` tests' cluster: the tests' three nodes and Deployment "web" (three pods) under a set load of
 * 900m CPU and 300Mi memory, a two-container Deployment "api" under 250m/64Mi, a pod "slow" still starting (its
 * readiness probe waits a minute: no sample yet) and an empty namespace, run to an instant between two scrapes.
 */
import type { Simulation } from '../../sim/simulation.ts';
import { webCluster } from '../testing/fixture.ts';

const API = `apiVersion: apps/v1
kind: Deployment
metadata: { name: api, labels: { app: api } }
spec:
  replicas: 2
  selector: { matchLabels: { app: api } }
  template:
    metadata: { labels: { app: api } }
    spec:
      containers:
      - { name: app, image: "api:1" }
      - { name: sidecar, image: "envoy:1" }
---
apiVersion: v1
kind: Pod
metadata: { name: slow, labels: { app: slow } }
spec:
  containers:
  - name: slow
    image: "slow:1"
    readinessProbe: { httpGet: { path: /, port: 80 }, initialDelaySeconds: 600 }
---
apiVersion: v1
kind: Namespace
metadata: { name: empty }
`;

export function loadedCluster(): Simulation {
  const sim = webCluster();
  const r = sim.apply(API);
  if (!r.ok) throw new Error(r.messages.join('\n'));
  for (const [name, cpu, memory] of [['web', '900m', '300Mi'], ['api', '250m', '64Mi']] as const) {
    const set = sim.act({ type: 'set-load', resource: 'deployment', name, cpu, memory });
    if (!set.ok) throw new Error(JSON.stringify(set));
  }
  sim.runFor(37_000);
  return sim;
}
