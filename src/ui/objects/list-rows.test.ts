import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildObjectsGraph, groupId, STANDALONE_PODS, UNSCHEDULED, type ObjectsMode } from './objects-graph.ts';
import { kindTag, listRows, type ListRow } from './list-rows.ts';
import { obj, pods } from './test-objects.ts';
import type { ObjectSummary } from '../../worker/protocol.ts';

const d = obj('Deployment', 'web', { replicas: { desired: 3, ready: 3 } });
const rs = obj('ReplicaSet', 'web-abc', { owner: d.key, replicas: { desired: 3, ready: 3 } });
const svc = obj('Service', 'web');
const slice = obj('EndpointSlice', 'web-xyz', { owner: svc.key });
const nodes3 = [obj('Node', 'node-1', { phase: 'Ready' }), obj('Node', 'node-2', { phase: 'Ready' }), obj('Node', 'node-3', { phase: 'Ready' })];

/** "  Kind/name" per row, two spaces per level: the list as a reader sees it. */
const outline = (rows: ListRow[]) =>
  rows.map((r) => `${'  '.repeat(r.depth)}${r.v.type === 'object' ? `${r.v.object.kind}/${r.v.object.name}` : r.v.type === 'group' ? `[${r.v.id}]` : `(${r.v.label})`}`);

describe('listRows, ownership', () => {
  it('the default demo reads as an indented tree: Deployment, its ReplicaSet, its pods; Service, its EndpointSlice; the Nodes', () => {
    const g = buildObjectsGraph([...nodes3, slice, svc, ...pods(3, rs.key, 'web-abc'), rs, d], 'ownership', new Set());
    expect(outline(listRows(g))).toEqual([
      'Deployment/web',
      '  ReplicaSet/web-abc',
      '    Pod/web-abc-00001',
      '    Pod/web-abc-00002',
      '    Pod/web-abc-00003',
      'Service/web',
      '  EndpointSlice/web-xyz',
      'Node/node-1',
      'Node/node-2',
      'Node/node-3',
    ]);
  });

  it('a big ReplicaSet is one group row under it, its pods under the group only when expanded (as many as the node bound lets through)', () => {
    const objects = [d, rs, ...nodes3, ...pods(1000, rs.key, 'web-abc')];
    expect(outline(listRows(buildObjectsGraph(objects, 'ownership', new Set()))).slice(0, 4)).toEqual([
      'Deployment/web',
      '  ReplicaSet/web-abc',
      `    [${groupId(rs.key)}]`,
      'Node/node-1',
    ]);
    const open = listRows(buildObjectsGraph(objects, 'ownership', new Set([groupId(rs.key)])));
    expect(outline(open).slice(2, 5)).toEqual([`    [${groupId(rs.key)}]`, '      Pod/web-abc-00001', '      Pod/web-abc-00002']);
    expect(open.length).toBeLessThanOrEqual(400);
  });

  it('ownerless pods are roots, or one root group when many', () => {
    expect(outline(listRows(buildObjectsGraph([obj('Pod', 'solo')], 'ownership', new Set())))).toEqual(['Pod/solo']);
    const many = listRows(buildObjectsGraph(pods(300, undefined, 'p'), 'ownership', new Set()));
    expect(outline(many)).toEqual([`[${groupId(STANDALONE_PODS)}]`]);
  });
});

describe('listRows, nodes', () => {
  it('each Node, then its pods; unscheduled pods under their label, last', () => {
    const objects = [...nodes3, d, rs, ...pods(2, rs.key, 'web-abc', 2), obj('Pod', 'waiting', { owner: rs.key })];
    expect(outline(listRows(buildObjectsGraph(objects, 'nodes', new Set())))).toEqual([
      'Node/node-1',
      '  Pod/web-abc-00001',
      'Node/node-2',
      '  Pod/web-abc-00002',
      'Node/node-3',
      '(unscheduled)',
      '  Pod/waiting',
    ]);
    const rows = listRows(buildObjectsGraph(objects, 'nodes', new Set()));
    expect(rows.at(-2)!.v.id).toBe(UNSCHEDULED);
    // Pods under a Node or the label need not repeat where they are; Nodes and the label are not under one.
    expect(rows.map((r) => r.underNode)).toEqual([false, true, false, true, false, false, true]);
    expect(listRows(buildObjectsGraph(objects, 'ownership', new Set())).some((r) => r.underNode)).toBe(false);
  });

  it('Nodes are in natural order (node-2 before node-10), so the first rows of a 200-node cluster are node-1, node-2, …', () => {
    const nodes = Array.from({ length: 12 }, (_, i) => obj('Node', `node-${i + 1}`, { phase: 'Ready' }));
    const names = listRows(buildObjectsGraph(nodes.reverse(), 'nodes', new Set())).map((r) => (r.v.type === 'object' ? r.v.object.name : ''));
    expect(names).toEqual(Array.from({ length: 12 }, (_, i) => `node-${i + 1}`));
  });
});

describe('listRows, any cluster (seeded property)', () => {
  const arbCluster = fc.record({
      deployments: fc.integer({ min: 0, max: 3 }),
      podsPer: fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 3, maxLength: 3 }),
      loose: fc.integer({ min: 0, max: 40 }),
      nodes: fc.integer({ min: 0, max: 5 }),
      unscheduled: fc.integer({ min: 0, max: 5 }),
      expandAll: fc.boolean(),
      mode: fc.constantFrom<ObjectsMode>('ownership', 'nodes'),
    });

  it('lists every drawn node exactly once, each child right under its parent subtree, one level deeper', () => {
    fc.assert(
      fc.property(arbCluster, (c) => {
        const objects: ObjectSummary[] = [];
        for (let i = 0; i < c.nodes; i++) objects.push(obj('Node', `node-${i + 1}`, { phase: 'Ready' }));
        for (let i = 0; i < c.deployments; i++) {
          const dep = obj('Deployment', `d${i}`);
          const r = obj('ReplicaSet', `d${i}-rs`, { owner: dep.key });
          objects.push(dep, r, ...pods(c.podsPer[i]!, r.key, `d${i}-rs`, Math.max(1, c.nodes)));
        }
        objects.push(...pods(c.loose, undefined, 'loose', Math.max(1, c.nodes)));
        for (let i = 0; i < c.unscheduled; i++) objects.push(obj('Pod', `wait-${i}`, { phase: 'Pending' }));
        const closed = buildObjectsGraph(objects, c.mode, new Set());
        const expanded = new Set(c.expandAll ? closed.nodes.filter((n) => n.type === 'group').map((n) => n.id) : []);
        const g = buildObjectsGraph(objects, c.mode, expanded);
        const rows = listRows(g);
        expect(rows.map((r) => r.v.id).sort()).toEqual(g.nodes.map((n) => n.id).sort());
        const index = new Map(rows.map((r, i) => [r.v.id, i]));
        for (const e of g.edges) {
          const p = index.get(e.source)!;
          const k = index.get(e.target)!;
          expect(k).toBeGreaterThan(p);
          expect(rows[k]!.depth).toBe(rows[p]!.depth + 1);
          // Everything between the parent and the child is deeper than the parent (the child is in its subtree).
          for (let i = p + 1; i < k; i++) expect(rows[i]!.depth).toBeGreaterThan(rows[p]!.depth);
        }
        for (const r of rows) if (r.depth === 0) expect(g.edges.some((e) => e.target === r.v.id)).toBe(false);
      }),
      { seed: 4242, numRuns: 60 },
    );
  });
});

describe('kindTag', () => {
  it('shortens only the long kinds', () => {
    expect(kindTag('HorizontalPodAutoscaler')).toBe('HPA');
    expect(kindTag('CustomResourceDefinition')).toBe('CRD');
    expect(kindTag('ReplicaSet')).toBe('ReplicaSet');
  });
});
