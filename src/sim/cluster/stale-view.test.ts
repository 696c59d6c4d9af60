/**
 * The `stale-view` fault: a process's reconnections land on a lagging api-server of an HA control plane. Its relists
 * (a restart's) are answered as the cluster was when the fault began and its new watches are held back, so a controller
 * restarted meanwhile starts from the old state and catches up when the fault lapses; its open watches stay current.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';

const rs = (name: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name, namespace: 'default' }, spec: { replicas: 0, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } } } });

function cachedReplicaSets(sim: Simulation): string[] {
  const informer = sim.cluster.processOf('replicaset-controller')!.informers()!.informerFor('apps/v1', 'ReplicaSet');
  return informer.list().map((o) => o.metadata.name!).sort();
}

describe('stale-view', () => {
  it('a controller restarted under a stale view lists the old state, then catches up when the fault ends', () => {
    const sim = Simulation.create({ seed: 1, nodes: 0, controllers: ['replicaset-controller'] });
    sim.apply([rs('old')]);
    sim.runFor(2_000);
    const r = sim.act({ type: 'fault', fault: { type: 'stale-view', controller: 'replicaset-controller', duration: 40_000 } });
    expect(r.ok).toBe(true);
    sim.apply([rs('new')]);
    sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'replicaset-controller' } });
    sim.runFor(25_000); // kube-controller-manager waits out its old Lease, then lists
    const relist = sim.trace.slice(0).filter((e) => e.kind === 'informer.list' && e.reason === 'restart' && e.resource === 'replicasets');
    expect(relist).toHaveLength(1);
    expect(relist[0]).toMatchObject({ count: 1 });
    expect(cachedReplicaSets(sim)).toEqual(['old']);
    sim.runFor(60_000);
    expect(cachedReplicaSets(sim)).toEqual(['new', 'old']);
    const inject = sim.trace.slice(0).find((e) => e.kind === 'fault.inject' && e.fault === 'stale-view');
    expect(inject).toMatchObject({ target: 'kube-controller-manager', detail: expect.stringMatching(/reconnects to a stale api-server for 40s: its lists are answered as of revision \d+/) });
  });

  it('a process that does not reconnect stays current: its open watches are not held back', () => {
    const sim = Simulation.create({ seed: 2, nodes: 0, controllers: ['replicaset-controller'] });
    sim.apply([rs('old')]);
    sim.runFor(2_000);
    sim.act({ type: 'fault', fault: { type: 'stale-view', controller: 'replicaset-controller', duration: 40_000 } });
    sim.apply([rs('new')]);
    sim.runFor(1_000);
    expect(cachedReplicaSets(sim)).toEqual(['new', 'old']);
  });

  it('replays from its recipe to the same trace', () => {
    const sim = Simulation.create({ seed: 3, nodes: 0, controllers: ['replicaset-controller'] });
    sim.apply([rs('old')]);
    sim.runFor(1_000);
    sim.act({ type: 'fault', fault: { type: 'stale-view', controller: 'replicaset-controller', duration: 30_000 } });
    sim.apply([rs('new')]);
    sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'replicaset-controller' } });
    sim.runFor(50_000);
    const again = Simulation.fromRecipe(sim.recipe());
    expect(JSON.stringify(again.trace.slice(0))).toBe(JSON.stringify(sim.trace.slice(0)));
  });

  it('needs a known controller and a duration', () => {
    const sim = Simulation.create({ seed: 1, nodes: 0, controllers: ['replicaset-controller'] });
    expect(sim.act({ type: 'fault', fault: { type: 'stale-view', controller: 'nope', duration: 1 } }).messages.join('\n')).toMatch(/unknown controller or process "nope"/);
    expect(sim.act({ type: 'fault', fault: { type: 'stale-view', controller: 'replicaset-controller', duration: -1 } }).ok).toBe(false);
  });

  it('a list at an exact past revision is served from the history; one older than the history is 410 Expired', () => {
    const sim = Simulation.create({ seed: 1, nodes: 0, controllers: [], watchHistory: 50 });
    sim.apply([rs('a')]);
    const at = sim.cluster.apiServer.revision;
    sim.apply([rs('b')]);
    const list = (resourceVersion: string) => sim.cluster.apiServer.handle({ verb: 'list', apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', resourceVersion, resourceVersionMatch: 'Exact', user: 't' });
    const past = list(String(at));
    expect(past).toMatchObject({ ok: true, list: { metadata: { resourceVersion: String(at) } } });
    expect(past.ok && 'list' in past ? past.list.items.map((o) => o.metadata.name) : []).toEqual(['a']);
    for (let i = 0; i < 60; i++) sim.apply([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}`, namespace: 'default' } }]);
    expect(list(String(at))).toMatchObject({ ok: false, code: 410, status: { reason: 'Expired' } });
    expect(list('999999')).toMatchObject({ ok: false, code: 400 });
  });
});
