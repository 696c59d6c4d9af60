/**
 * The tests' cluster: three nodes and a Deployment "web" of three nginx pods, run until settled, and a helper that
 * runs a command line against it.
 */
import { Simulation } from '../../sim/simulation.ts';
import { runKubectl } from '../run.ts';
import type { KubectlIO, KubectlRun } from '../command.ts';
import { targetOf } from '../target.ts';

export const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: { app: web }
spec:
  replicas: 3
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

export function webCluster(): Simulation {
  const sim = Simulation.create({ seed: 1, nodes: 3 });
  const r = sim.apply(WEB);
  if (!r.ok) throw new Error(r.messages.join('\n'));
  sim.runFor(30_000);
  return sim;
}

export function kubectl(sim: Simulation, line: string, io?: KubectlIO): KubectlRun {
  return runKubectl(line, targetOf(sim), io);
}
