/**
 * The namespace controller, after kubernetes `pkg/controller/namespace/deletion/namespaced_resources_deleter_test.go`
 * (TestFinalized, TestSyncNamespaceThatIsTerminating: content deleted, then the namespace finalized; the estimate
 * for pods) and `namespace_controller_test.go`, played on the simulation.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { Simulation } from '../../simulation.ts';
import { estimateGracefulTermination, estimateGracefulTerminationForPods, finalized } from './namespaced-resources-deleter.ts';

const TEAM = `apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: team}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: "nginx:1.27"}]
`;
const HELD = `apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: team, finalizers: [example.com/hold]}
`;

function teamCluster(extra = ''): Simulation {
  const sim = Simulation.create({ seed: 5, nodes: 1 });
  const r = sim.apply(TEAM + (extra ? `---\n${extra}` : ''));
  if (!r.ok) throw new Error(r.messages.join('\n'));
  sim.runFor(10_000);
  return sim;
}

function namespaceOf(sim: Simulation): (KubeObject & { status?: { phase?: string; conditions?: Array<{ type: string; status: string; message: string }> } }) | undefined {
  return sim.getObject('namespaces', undefined, 'team') as never;
}

describe('namespaced resources deleter', () => {
  it.each<[string, string[] | undefined, boolean]>([
    ['with the kubernetes finalizer', ['kubernetes', 'other'], false],
    ['without it', ['other'], true],
    ['with none', undefined, true],
  ])('finalized: %s', (_, finalizers, want) => {
    expect(finalized({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' }, spec: finalizers ? { finalizers } : {} })).toBe(want);
  });

  it('estimates the longest grace period of the non-terminal pods, and 0 once that long has passed', () => {
    const pod = (phase: string, grace?: number): Pod => ({ spec: { containers: [], ...(grace !== undefined ? { terminationGracePeriodSeconds: grace } : {}) }, status: { phase } });
    expect(estimateGracefulTerminationForPods([pod('Running', 30), pod('Pending', 45), pod('Succeeded', 100), pod('Failed', 90), pod('Running')])).toBe(45);
    expect(estimateGracefulTermination(45, 10_000, 20_000)).toBe(45);
    expect(estimateGracefulTermination(45, 10_000, 55_000)).toBe(0);
  });
});

describe('namespace controller', () => {
  it('deletes everything in a terminating namespace, then finalizes it and the api-server removes it', () => {
    const sim = teamCluster();
    expect(sim.listObjects('pods', 'team')).toHaveLength(2);
    sim.act({ type: 'delete', resource: 'namespace', name: 'team' });
    sim.runFor(1_000);
    // The controller waits namespaceDeletionGracePeriod (5 s) before it acts: the content is untouched until then.
    expect(namespaceOf(sim)?.status?.phase).toBe('Terminating');
    expect(sim.listObjects('deployments', 'team')).toHaveLength(1);
    sim.runFor(60_000);
    expect(namespaceOf(sim)).toBeUndefined();
    expect(sim.listObjects('pods', 'team')).toHaveLength(0);
    const finalize = sim.trace.slice().filter((e) => e.kind === 'api.response' && e.subresource === 'finalize');
    expect(finalize.map((e) => e.kind === 'api.response' && e.code)).toEqual([200]);
  });

  it('a namespace held by a finalizer stays Terminating with the conditions saying why, and goes once it is removed', () => {
    const sim = teamCluster(HELD);
    sim.act({ type: 'delete', resource: 'namespace', name: 'team' });
    sim.runFor(60_000);
    const ns = namespaceOf(sim);
    expect(ns?.status?.phase).toBe('Terminating');
    expect(ns?.spec).toEqual({ finalizers: ['kubernetes'] });
    const condition = (type: string) => ns?.status?.conditions?.find((c) => c.type === type);
    expect(condition('NamespaceContentRemaining')).toMatchObject({ status: 'True', message: 'Some resources are remaining: configmaps. has 1 resource instances' });
    expect(condition('NamespaceFinalizersRemaining')).toMatchObject({ status: 'True', message: 'Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances' });
    expect(condition('NamespaceDeletionDiscoveryFailure')).toMatchObject({ status: 'False' });
    sim.act({ type: 'patch', resource: 'configmap', namespace: 'team', name: 'settings', patchType: 'merge', patch: { metadata: { finalizers: null } } });
    sim.runFor(20_000);
    expect(namespaceOf(sim)).toBeUndefined();
  });

  it('finalizing removes only its own token: another spec finalizer keeps the namespace Terminating (TestFinalize)', () => {
    const sim = Simulation.create({ seed: 5, nodes: 1 });
    sim.apply([{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' }, spec: { finalizers: ['example.com/other'] } }]);
    sim.runFor(2_000);
    expect(namespaceOf(sim)?.spec).toEqual({ finalizers: ['example.com/other', 'kubernetes'] });
    sim.act({ type: 'delete', resource: 'namespace', name: 'team' });
    sim.runFor(20_000);
    expect(namespaceOf(sim)?.spec).toEqual({ finalizers: ['example.com/other'] });
    expect(namespaceOf(sim)?.status?.phase).toBe('Terminating');
  });
});
