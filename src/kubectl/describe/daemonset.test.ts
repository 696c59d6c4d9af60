import { describe, expect, it } from 'vitest';
import { Simulation } from '../../sim/simulation.ts';
import { kubectl } from '../testing/fixture.ts';

const AGENT = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, labels: {app: agent}}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      nodeSelector: {disk: ssd}
      containers: [{name: agent, image: "fluent-bit:3.0"}]
`;

function agentCluster(): Simulation {
  const sim = Simulation.create({ seed: 3, nodes: [{ name: 'node-1', labels: { disk: 'ssd' } }, { name: 'node-2', labels: { disk: 'ssd' } }, { name: 'node-3' }] });
  const r = sim.apply(AGENT);
  if (!r.ok) throw new Error(r.messages.join('\n'));
  sim.runFor(30_000);
  return sim;
}

describe('kubectl and DaemonSets', () => {
  it('get ds: printDaemonSet’s columns, -o wide adds CONTAINERS IMAGES SELECTOR', () => {
    const sim = agentCluster();
    expect(kubectl(sim, 'get ds').stdout).toBe(
      'NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE\nagent   2         2         2       2            2           disk=ssd        30s\n',
    );
    expect(kubectl(sim, 'get daemonsets -o wide').stdout).toBe(
      'NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE   CONTAINERS   IMAGES           SELECTOR\n' +
        'agent   2         2         2       2            2           disk=ssd        30s   agent        fluent-bit:3.0   app=agent\n',
    );
  });

  it('get controllerrevisions: the DaemonSet as CONTROLLER, revision 1', () => {
    const sim = agentCluster();
    const lines = kubectl(sim, 'get controllerrevisions').stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('NAME               CONTROLLER             REVISION   AGE');
    expect(lines[1]).toMatch(/^agent-[a-z0-9]{10} {3}daemonset\.apps\/agent {3}1 {10}30s$/);
  });

  it('describe ds: the node counts, the pods’ phases, the template and the events', () => {
    const sim = agentCluster();
    const out = kubectl(sim, 'describe ds agent').stdout;
    expect(out).toContain('Name:           agent\n');
    expect(out).toContain('Selector:       app=agent\n');
    expect(out).toContain('Node-Selector:  disk=ssd\n');
    expect(out).toContain('Annotations:    deprecated.daemonset.template.generation: 1\n');
    expect(out).toContain(
      'Desired Number of Nodes Scheduled: 2\nCurrent Number of Nodes Scheduled: 2\nNumber of Nodes Scheduled with Up-to-date Pods: 2\nNumber of Nodes Scheduled with Available Pods: 2\nNumber of Nodes Misscheduled: 0\n',
    );
    // The count lines have no tab: the tabwriter aligns Pods Status with what follows, as kubectl prints it.
    expect(out).toContain('Pods Status:  2 Running / 0 Waiting / 0 Succeeded / 0 Failed\n');
    expect(out).toMatch(/Normal {2}SuccessfulCreate {2}30s {3}daemonset-controller {2}Created pod: agent-[a-z0-9]{5}\n/);
  });
});
