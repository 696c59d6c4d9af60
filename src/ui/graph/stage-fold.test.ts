import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API_SERVER, USER, graphControllers, type GraphController } from './graph-model.ts';
import { FOLD_AFTER_MS, IDLE_GROUP, STAGE_BOUNDS, STAGE_CENTER_W, STAGE_NODE_H, STAGE_NODE_W, STAGE_SLOTS, foldForStage, groupLabel, spotlightNodes, stageLayout, workingNodes } from './stage-fold.ts';
import type { ControllerSummary, TraceEvent } from '../../worker/protocol.ts';

const summary = (name: string, process = 'kube-controller-manager', over: Partial<ControllerSummary> = {}): ControllerSummary => ({ name, process, alive: true, paused: false, state: 'leading', depth: 0, processing: 0, backoff: 0, requeueAfter: 0, ...over });
const NAMES = ['replicaset-controller', 'deployment-controller', 'node-lifecycle-controller', 'taint-eviction-controller', 'garbage-collector-controller', 'endpointslice-controller', 'job-controller', 'cronjob-controller', 'ttl-after-finished-controller', 'horizontal-pod-autoscaler-controller'];
const cluster = (over: Record<string, Partial<ControllerSummary>> = {}): GraphController[] =>
  graphControllers([...NAMES.map((n) => summary(n, 'kube-controller-manager', over[n])), summary('default-scheduler', 'kube-scheduler', over['default-scheduler']), ...[1, 2, 3].map((i) => summary('kubelet', `kubelet/node-${i}`))]);

const fold = (controllers: GraphController[], lastWorked: Record<string, number> = {}, opts: { now?: number; spotlight?: string[]; previous?: Map<string, number> } = {}) =>
  foldForStage({ controllers, spotlight: opts.spotlight ?? [], lastWorked: new Map(Object.entries(lastWorked)), now: opts.now ?? 10_000, previous: opts.previous ?? new Map() });

describe('foldForStage', () => {
  it('folds every idle loop into the group', () => {
    const f = fold(cluster());
    expect(f.slots.size).toBe(0);
    expect(f.folded).toHaveLength(14);
    expect(groupLabel(f)).toBe('14 idle loops');
  });

  it('unfolds a loop while it works and folds it back a short while after it was last seen working', () => {
    const c = cluster();
    expect([...fold(c, { 'replicaset-controller': 10_000 }).slots.keys()]).toEqual(['replicaset-controller']);
    expect(fold(c, { 'replicaset-controller': 10_000 - FOLD_AFTER_MS + 1 }).slots.has('replicaset-controller')).toBe(true);
    expect(fold(c, { 'replicaset-controller': 10_000 - FOLD_AFTER_MS }).slots.has('replicaset-controller')).toBe(false);
  });

  it('puts what the lesson spotlights first, in the first slot, even idle', () => {
    const c = cluster();
    const previous = new Map([['deployment-controller', 0]]);
    const f = fold(c, { 'deployment-controller': 10_000 }, { spotlight: ['cronjob-controller'], previous });
    expect(f.slots.get('cronjob-controller')).toBe(0);
    expect(f.slots.get('deployment-controller')).toBe(1);
  });

  it('keeps a crashed or paused loop unfolded', () => {
    const f = fold(cluster({ 'job-controller': { alive: false }, 'cronjob-controller': { paused: true } }));
    expect([...f.slots.keys()].sort()).toEqual(['cronjob-controller', 'job-controller']);
  });

  it('keeps each loop in its slot while it stays unfolded', () => {
    const c = cluster();
    const first = fold(c, { 'replicaset-controller': 10_000, 'deployment-controller': 9_999 });
    expect(first.slots).toEqual(new Map([['replicaset-controller', 0], ['deployment-controller', 1]]));
    // The ReplicaSet controller folds; the Deployment controller keeps slot 1 and a newcomer takes the free slot 0.
    const next = fold(c, { 'deployment-controller': 12_000, 'default-scheduler': 12_000, 'replicaset-controller': 9_000 }, { now: 12_000, previous: first.slots });
    expect(next.slots).toEqual(new Map([['deployment-controller', 1], ['default-scheduler', 0]]));
  });

  it('draws no more than the slots; the rest working are counted in the group', () => {
    const c = cluster();
    const all = Object.fromEntries(c.map((x) => [x.id, 10_000]));
    const f = fold(c, all);
    expect(f.slots.size).toBe(STAGE_SLOTS);
    expect(f.foldedWorking).toBe(c.length - STAGE_SLOTS);
    expect(groupLabel(f)).toBe(`${c.length - STAGE_SLOTS} loops · ${c.length - STAGE_SLOTS} busy`);
  });

  it('partitions the loops: each drawn once in a distinct slot or folded, spotlight first, for any history', () => {
    const c = cluster();
    const ids = c.map((x) => x.id);
    fc.assert(
      fc.property(
        fc.array(fc.record({ worked: fc.dictionary(fc.constantFrom(...ids), fc.integer({ min: 0, max: 20_000 })), spot: fc.subarray(ids, { maxLength: 2 }), now: fc.integer({ min: 0, max: 20_000 }) }), { minLength: 1, maxLength: 8 }),
        (frames) => {
          let previous = new Map<string, number>();
          for (const fr of frames) {
            const f = fold(c, fr.worked, { now: fr.now, spotlight: fr.spot, previous });
            const slots = [...f.slots.values()];
            expect(new Set(slots).size).toBe(slots.length);
            expect(slots.every((s) => s >= 0 && s < STAGE_SLOTS)).toBe(true);
            expect(f.slots.size + f.folded.length).toBe(c.length);
            expect(f.folded.every((x) => !f.slots.has(x.id))).toBe(true);
            fr.spot.forEach((id, i) => expect(f.slots.get(id)).toBe(i));
            // A loop that stays unfolded and is not pushed by the spotlight keeps its slot.
            for (const [id, s] of f.slots) if (previous.has(id) && !fr.spot.includes(id) && s !== previous.get(id)) expect(fr.spot.length).toBeGreaterThan(0);
            previous = f.slots;
          }
        },
      ),
      { seed: 14, numRuns: 200 },
    );
  });
});

describe('workingNodes and spotlightNodes', () => {
  it('counts a loop with a queue, an item in hand, or a reconcile in the latest events', () => {
    const c = cluster({ 'job-controller': { depth: 2 }, 'cronjob-controller': { processing: 1 } });
    const recent = [{ id: 1, time: 0, kind: 'reconcile.act', actor: 'replicaset-controller' }, { id: 2, time: 0, kind: 'api.request', actor: 'deployment-controller' }] as unknown as TraceEvent[];
    expect([...workingNodes(c, recent)].sort()).toEqual(['cronjob-controller', 'job-controller', 'replicaset-controller']);
  });

  it('maps a controller or queue spotlight to its node, and ignores objects and events', () => {
    const c = cluster();
    expect(spotlightNodes({ controller: 'cronjob-controller' }, c)).toEqual(['cronjob-controller']);
    expect(spotlightNodes({ queue: 'kubelet/node-2' }, c)).toEqual(['kubelet/node-2']);
    expect(spotlightNodes({ object: 'deployment/web' }, c)).toEqual([]);
    expect(spotlightNodes({ controller: 'no-such-controller' }, c)).toEqual([]);
    expect(spotlightNodes(undefined, c)).toEqual([]);
  });
});

describe('stageLayout', () => {
  it('keeps every node inside the fixed stage box, none overlapping', () => {
    const slots = new Map(Array.from({ length: STAGE_SLOTS }, (_, i) => [`c${i}`, i]));
    const pos = stageLayout(slots);
    const boxes = [...pos].map(([id, p]) => ({ id, ...p, w: id === USER || id === API_SERVER || id === IDLE_GROUP ? STAGE_CENTER_W : STAGE_NODE_W }));
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(STAGE_BOUNDS.x);
      expect(b.x + b.w).toBeLessThanOrEqual(STAGE_BOUNDS.x + STAGE_BOUNDS.width);
      expect(b.y + STAGE_NODE_H).toBeLessThanOrEqual(STAGE_BOUNDS.y + STAGE_BOUNDS.height);
    }
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const overlap = a.x < b.x + b.w && b.x < a.x + a.w && Math.abs(a.y - b.y) < STAGE_NODE_H;
        expect(overlap, `${a.id} and ${b.id} overlap`).toBe(false);
      }
  });
});
