import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { elkInput, LAYOUT_OPTIONS, NODE_SIZE, positionsOf, provisionalPositions } from './elk-input.ts';
import { buildObjectsGraph, groupId } from './objects-graph.ts';
import { obj, pods } from './test-objects.ts';

const d = obj('Deployment', 'web');
const rs = obj('ReplicaSet', 'web-abc', { owner: d.key });
const small = buildObjectsGraph([d, rs, obj('Node', 'node-1', { phase: 'Ready' }), ...pods(3, rs.key, 'web-abc', 1)], 'ownership', new Set());

describe('elkInput', () => {
  it('one sized child per drawn node and one edge per drawn edge, layered left to right in model order', () => {
    const g = elkInput(small);
    expect(g.layoutOptions).toMatchObject({ 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES' });
    expect(g.children!.map((c) => c.id)).toEqual(small.nodes.map((n) => n.id));
    expect(g.children![0]).toMatchObject(NODE_SIZE.object);
    expect(g.edges!.map((e) => [e.sources, e.targets])).toEqual(small.edges.map((e) => [[e.source], [e.target]]));
  });

  it('group nodes get the group size', () => {
    const big = buildObjectsGraph([d, rs, ...pods(50, rs.key, 'p')], 'ownership', new Set());
    const child = elkInput(big).children!.find((c) => c.id === groupId(rs.key));
    expect(child).toMatchObject(NODE_SIZE.group);
  });
});

describe('laid out by ELK (layered)', () => {
  it('owners sit left of what they own and no two boxes overlap', async () => {
    const result = await new ELK().layout(elkInput(small));
    const pos = positionsOf(result);
    expect(pos.size).toBe(small.nodes.length);
    expect(pos.get(d.key)!.x).toBeLessThan(pos.get(rs.key)!.x);
    expect(pos.get(rs.key)!.x).toBeLessThan(pos.get('v1/Pod/default/web-abc-00001')!.x);
    const boxes = small.nodes.map((n) => ({ ...pos.get(n.id)!, ...NODE_SIZE[n.type] }));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlap).toBe(false);
      }
  });

  it('keeps LAYOUT_OPTIONS valid for ELK (an unknown algorithm would throw)', async () => {
    await expect(new ELK().layout({ ...elkInput(small), layoutOptions: { ...LAYOUT_OPTIONS } })).resolves.toBeDefined();
  });
});

describe('provisionalPositions', () => {
  it('keeps known positions and puts a new node right of its parent, new siblings stacked', () => {
    const known = new Map([
      [d.key, { x: 0, y: 0 }],
      [rs.key, { x: 300, y: 0 }],
    ]);
    const pos = provisionalPositions(small, known);
    expect(pos.get(d.key)).toEqual({ x: 0, y: 0 });
    const p1 = pos.get('v1/Pod/default/web-abc-00001')!;
    const p2 = pos.get('v1/Pod/default/web-abc-00002')!;
    expect(p1.x).toBeGreaterThan(300);
    expect(p2.x).toBe(p1.x);
    expect(p2.y).toBeGreaterThan(p1.y);
  });

  it('a new node with no placed parent goes below everything', () => {
    const pos = provisionalPositions(small, new Map([[rs.key, { x: 0, y: 500 }]]));
    expect(pos.get('v1/Node/node-1')!.y).toBeGreaterThan(500);
  });
});
