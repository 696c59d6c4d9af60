import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildObjectsGraph, countByState, drawnNodeFor, groupId, groupText, STANDALONE_PODS, UNSCHEDULED, type GroupVNode, type ObjectsGraph } from './objects-graph.ts';
import { obj, pods } from './test-objects.ts';
import type { ObjectSummary } from '../../worker/protocol.ts';

const d = obj('Deployment', 'web', { replicas: { desired: 3, ready: 3 } });
const rs = obj('ReplicaSet', 'web-abc', { owner: d.key, replicas: { desired: 3, ready: 3 } });
const nodes3 = [obj('Node', 'node-1', { phase: 'Ready' }), obj('Node', 'node-2', { phase: 'Ready' }), obj('Node', 'node-3', { phase: 'Ready' })];

function cluster(n: number): ObjectSummary[] {
  return [d, rs, ...nodes3, ...pods(n, rs.key, 'web-abc')];
}

const ids = (g: ObjectsGraph) => g.nodes.map((n) => n.id);
const groups = (g: ObjectsGraph) => g.nodes.filter((n): n is GroupVNode => n.type === 'group');

describe('buildObjectsGraph, ownership view', () => {
  it('a 3-pod Deployment draws Deployment → ReplicaSet → each pod, and the Nodes as standalone objects with their pod counts', () => {
    const g = buildObjectsGraph(cluster(3), 'ownership', new Set());
    expect(ids(g)).toEqual([d.key, rs.key, 'v1/Node/node-1', 'v1/Node/node-2', 'v1/Node/node-3', 'v1/Pod/default/web-abc-00001', 'v1/Pod/default/web-abc-00002', 'v1/Pod/default/web-abc-00003']);
    expect(g.edges.map((e) => `${e.source} -> ${e.target}`)).toEqual([
      `${d.key} -> ${rs.key}`,
      `${rs.key} -> v1/Pod/default/web-abc-00001`,
      `${rs.key} -> v1/Pod/default/web-abc-00002`,
      `${rs.key} -> v1/Pod/default/web-abc-00003`,
    ]);
    expect(g.nodes.find((n) => n.id === 'v1/Node/node-1')).toMatchObject({ note: '1 pod' });
    expect(g.aggregated).toBe(false);
    expect(g.pods).toBe(3);
  });

  it('Job → Pod, CronJob → Job, Service → EndpointSlice are drawn as edges; Namespaces are not drawn', () => {
    const cj = obj('CronJob', 'nightly');
    const job = obj('Job', 'nightly-1', { owner: cj.key });
    const pod = obj('Pod', 'nightly-1-x', { owner: job.key, phase: 'Succeeded' });
    const svc = obj('Service', 'web');
    const slice = obj('EndpointSlice', 'web-xyz', { owner: svc.key });
    const g = buildObjectsGraph([obj('Namespace', 'default'), slice, pod, svc, job, cj], 'ownership', new Set());
    expect(g.edges.map((e) => e.id).sort()).toEqual([`${cj.key}->${job.key}`, `${job.key}->${pod.key}`, `${svc.key}->${slice.key}`].sort());
    expect(ids(g)).not.toContain('v1/Namespace/default');
  });

  it('more than 30 pods under one owner collapse into one group with counts by state, even in a small cluster', () => {
    const list = cluster(40);
    list[list.length - 1] = { ...list[list.length - 1]!, deleting: true };
    list[list.length - 2] = { ...list[list.length - 2]!, phase: 'Pending', ready: false };
    const g = buildObjectsGraph(list, 'ownership', new Set());
    expect(g.aggregated).toBe(false);
    const [grp] = groups(g);
    expect(grp).toMatchObject({ id: groupId(rs.key), parent: rs.key, total: 40, expanded: false, shown: 0 });
    expect(grp!.counts).toEqual([['ready', 38], ['pending', 1], ['terminating', 1]]);
    expect(g.nodes.filter((n) => n.type === 'object' && n.object.kind === 'Pod')).toHaveLength(0);
    expect(g.edges.map((e) => e.id)).toContain(`${rs.key}->${groupId(rs.key)}`);
  });

  it('above 200 pods in the cluster, every owner’s pods are grouped, even an owner with 5', () => {
    const other = obj('ReplicaSet', 'small', {});
    const list = [...cluster(199), other, ...pods(5, other.key, 'small')];
    const g = buildObjectsGraph(list, 'ownership', new Set());
    expect(g.aggregated).toBe(true);
    expect(groups(g).map((x) => [x.parent, x.total])).toEqual([
      [rs.key, 199],
      [other.key, 5],
    ]);
    const under = buildObjectsGraph([...cluster(195), other, ...pods(5, other.key, 'small')], 'ownership', new Set());
    expect(groups(under).map((x) => x.parent)).toEqual([rs.key]);
  });

  it('an expanded group keeps its group node and hangs its pods from it; collapsing again removes them', () => {
    const list = cluster(40);
    const open = buildObjectsGraph(list, 'ownership', new Set([groupId(rs.key)]));
    expect(groups(open)[0]).toMatchObject({ expanded: true, shown: 40 });
    expect(open.edges.filter((e) => e.source === groupId(rs.key))).toHaveLength(40);
    const closed = buildObjectsGraph(list, 'ownership', new Set());
    expect(closed.nodes).toHaveLength(open.nodes.length - 40);
  });

  it('ownerless pods are grouped under a standalone group with no parent edge when many', () => {
    const g = buildObjectsGraph(pods(31, undefined, 'bare'), 'ownership', new Set());
    expect(groups(g).map((x) => x.id)).toEqual([groupId(STANDALONE_PODS)]);
    expect(g.edges).toEqual([]);
    const few = buildObjectsGraph(pods(3, undefined, 'bare'), 'ownership', new Set());
    expect(few.nodes.map((n) => n.type)).toEqual(['object', 'object', 'object']);
  });

  it('20,000 pods with every group expanded still draw at most 400 nodes, the earlier groups served first', () => {
    const rs2 = obj('ReplicaSet', 'web-def', { owner: d.key });
    const list = [d, rs, rs2, ...nodes3, ...pods(10_000, rs.key, 'a'), ...pods(10_000, rs2.key, 'b')];
    const g = buildObjectsGraph(list, 'ownership', new Set([groupId(rs.key), groupId(rs2.key)]));
    expect(g.nodes.length).toBeLessThanOrEqual(400);
    expect(g.pods).toBe(20_000);
    const [g1, g2] = groups(g);
    expect(g1!.shown).toBe(400 - 6 - 2);
    expect(g2!.shown).toBe(0);
  });
});

describe('buildObjectsGraph, nodes view', () => {
  it('each Node hangs its pods; pods with no node (or a node that is gone) hang from "unscheduled"', () => {
    const list = [...nodes3, ...pods(3, rs.key, 'p'), obj('Pod', 'waiting', { phase: 'Pending' }), obj('Pod', 'lost', { nodeName: 'node-9', phase: 'Running' }), d, rs];
    const g = buildObjectsGraph(list, 'nodes', new Set());
    expect(ids(g)).not.toContain(d.key);
    expect(g.edges.map((e) => e.id)).toEqual(
      expect.arrayContaining([
        'v1/Node/node-1->v1/Pod/default/p-00001',
        'v1/Node/node-2->v1/Pod/default/p-00002',
        `${UNSCHEDULED}->v1/Pod/default/lost`,
        `${UNSCHEDULED}->v1/Pod/default/waiting`,
      ]),
    );
    expect(g.nodes.find((n) => n.id === UNSCHEDULED)).toMatchObject({ type: 'label', label: 'unscheduled' });
  });

  it('a node with more than 30 pods draws a per-node group', () => {
    const g = buildObjectsGraph([...nodes3, ...pods(93, rs.key, 'p')], 'nodes', new Set());
    expect(groups(g).map((x) => [x.parent, x.total])).toEqual([
      ['v1/Node/node-1', 31],
      ['v1/Node/node-2', 31],
      ['v1/Node/node-3', 31],
    ]);
  });
});

describe('structure (what triggers a re-layout)', () => {
  it('does not change when only status changes, nor when an aggregated group gains pods', () => {
    const a = buildObjectsGraph(cluster(3), 'ownership', new Set());
    const b = buildObjectsGraph(cluster(3).map((o) => (o.kind === 'Pod' ? { ...o, ready: false, resourceVersion: '9' } : o)), 'ownership', new Set());
    expect(b.structure).toBe(a.structure);
    expect(buildObjectsGraph(cluster(300), 'ownership', new Set()).structure).toBe(buildObjectsGraph(cluster(301), 'ownership', new Set()).structure);
  });

  it('changes when a drawn pod appears, when a group expands, and with the mode', () => {
    const a = buildObjectsGraph(cluster(3), 'ownership', new Set());
    expect(buildObjectsGraph(cluster(4), 'ownership', new Set()).structure).not.toBe(a.structure);
    expect(buildObjectsGraph(cluster(3), 'nodes', new Set()).structure).not.toBe(a.structure);
    expect(buildObjectsGraph(cluster(300), 'ownership', new Set([groupId(rs.key)])).structure).not.toBe(buildObjectsGraph(cluster(300), 'ownership', new Set()).structure);
  });
});

describe('invariants over random clusters', () => {
  it('every edge joins drawn nodes, ids are unique, every pod is drawn or counted in exactly one group, and the bound holds', () => {
    const arb = fc.record({
      owners: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 0, maxLength: 6 }),
      bare: fc.integer({ min: 0, max: 50 }),
      unscheduled: fc.integer({ min: 0, max: 40 }),
      mode: fc.constantFrom('ownership' as const, 'nodes' as const),
      expandMask: fc.integer({ min: 0, max: 255 }),
    });
    fc.assert(
      fc.property(arb, ({ owners, bare, unscheduled, mode, expandMask }) => {
        const list: ObjectSummary[] = [...nodes3];
        owners.forEach((n, i) => {
          const o = obj('ReplicaSet', `rs-${i}`);
          list.push(o, ...pods(n, o.key, `rs-${i}`));
        });
        list.push(...pods(bare, undefined, 'bare'), ...pods(unscheduled, undefined, 'wait', 3, { nodeName: undefined, phase: 'Pending' }));
        const parents = [...owners.map((_, i) => `apps/v1/ReplicaSet/default/rs-${i}`), ...nodes3.map((n) => n.key), STANDALONE_PODS, UNSCHEDULED];
        const expanded = new Set(parents.filter((_, i) => (expandMask >> i) & 1).map(groupId));
        const g = buildObjectsGraph(list, mode, expanded);
        const idSet = new Set(ids(g));
        expect(idSet.size).toBe(g.nodes.length);
        for (const e of g.edges) expect(idSet.has(e.source) && idSet.has(e.target)).toBe(true);
        const drawnPods = g.nodes.filter((n) => n.type === 'object' && n.object.kind === 'Pod').length;
        const grouped = groups(g).reduce((s, x) => s + x.total - x.shown, 0);
        expect(drawnPods + grouped).toBe(g.pods);
        expect(g.nodes.length).toBeLessThanOrEqual(400);
        for (const x of groups(g)) expect(x.counts.reduce((s, [, c]) => s + c, 0)).toBe(x.total);
      }),
      { seed: 4242, numRuns: 150 },
    );
  });
});

describe('group text', () => {
  it('reads "1,000 pods: 990 ready, 8 pending, 2 terminating"', () => {
    const list = [...pods(990, undefined, 'r'), ...pods(8, undefined, 'p', 3, { phase: 'Pending', ready: false }), ...pods(2, undefined, 't', 3, { deleting: true })];
    expect(groupText({ total: 1000, counts: countByState(list) })).toBe('1,000 pods: 990 ready, 8 pending, 2 terminating');
    expect(groupText({ total: 1, counts: [['ready', 1]] })).toBe('1 pod: 1 ready');
  });
});

describe('drawnNodeFor (a selection made elsewhere)', () => {
  const nodeKey = (n: string) => `v1/Node/${n}`;
  it('is the object itself when drawn, else the group its pod is counted in', () => {
    const list = cluster(40);
    const pod = list[list.length - 1]!;
    const g = buildObjectsGraph(list, 'ownership', new Set());
    const drawn = new Set(ids(g));
    expect(drawnNodeFor(rs, 'ownership', drawn, nodeKey)).toBe(rs.key);
    expect(drawnNodeFor(pod, 'ownership', drawn, nodeKey)).toBe(groupId(rs.key));
    const byNode = buildObjectsGraph([...nodes3, ...pods(93, rs.key, 'p')], 'nodes', new Set());
    const p = obj('Pod', 'p-00001', { owner: rs.key, nodeName: 'node-1' });
    expect(drawnNodeFor(p, 'nodes', new Set(ids(byNode)), nodeKey)).toBe(groupId('v1/Node/node-1'));
  });

  it('is nothing for an object the view does not draw', () => {
    const g = buildObjectsGraph(cluster(3), 'nodes', new Set());
    expect(drawnNodeFor(d, 'nodes', new Set(ids(g)), nodeKey)).toBeUndefined();
  });
});
