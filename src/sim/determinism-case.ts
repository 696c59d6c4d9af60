/**
 * A generated run for the determinism tests: a seed, a cluster size and timed user actions and faults. `runCase`
 * plays it and returns the trace hash. Shared by the in-process property test and the child process
 * (scripts/trace-hash.ts) that checks the same run gives the same hash in another process.
 */
import type { UserAction } from './actions/user-action.ts';
import { Simulation } from './simulation.ts';
import { traceHash } from './trace/trace-hash.ts';

export interface DeterminismCase {
  seed: number;
  nodes: number;
  actions: Array<{ at: number; action: UserAction }>;
  until: number;
}

export function runCase(c: DeterminismCase): { hash: string; events: number } {
  const sim = Simulation.create({ seed: c.seed, nodes: c.nodes });
  for (const { at, action } of [...c.actions].sort((a, b) => a.at - b.at)) {
    sim.runUntil(at);
    sim.act(action);
  }
  sim.runUntil(c.until);
  return { hash: traceHash(sim.trace.slice()), events: sim.trace.length };
}

export function deploymentYaml(name: string, replicas: number, image = 'nginx:1.27'): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec: {containers: [{name: app, image: "${image}"}]}
`;
}
