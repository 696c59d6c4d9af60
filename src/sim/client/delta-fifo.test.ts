// Ports of client-go tools/cache/delta_fifo_test.go.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { DeltaFIFO, dedupDeltas, type Delta, type DeltaProcessor, type KnownObjects } from './delta-fifo.ts';
import { deletedFinalStateUnknown } from './store.ts';

function obj(name: string, rv: number): KubeObject {
  return Object.freeze({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, resourceVersion: String(rv) } });
}

function known(...objs: KubeObject[]): KnownObjects {
  const m = new Map(objs.map((o) => [o.metadata.name!, o]));
  return { listKeys: () => [...m.keys()], getByKey: (k) => m.get(k) };
}

class Recorder implements DeltaProcessor {
  popped: Array<{ deltas: readonly Delta[]; initial: boolean }> = [];
  handleDeltas(deltas: readonly Delta[], isInInitialList: boolean): void {
    this.popped.push({ deltas, initial: isInInitialList });
  }
}

function popAll(f: DeltaFIFO): Array<readonly Delta[]> {
  const r = new Recorder();
  while (f.pop(r));
  return r.popped.map((p) => p.deltas);
}

describe('DeltaFIFO', () => {
  it('TestDeltaFIFO_basic: pops keys in order with their deltas', () => {
    const f = new DeltaFIFO();
    f.add(obj('a', 1));
    f.update(obj('b', 2));
    expect(popAll(f)).toEqual([[{ type: 'Added', object: obj('a', 1) }], [{ type: 'Updated', object: obj('b', 2) }]]);
  });

  it('TestDeltaFIFO_DetectLineJumpers: a re-added key keeps its first position', () => {
    const f = new DeltaFIFO();
    f.add(obj('foo', 10));
    f.add(obj('bar', 1));
    f.add(obj('foo', 11));
    f.add(obj('foo', 13));
    f.add(obj('zab', 30));
    const popped = popAll(f);
    expect(popped.map((d) => d[d.length - 1]!.object)).toEqual([obj('foo', 13), obj('bar', 1), obj('zab', 30)]);
    expect(popped[0]).toHaveLength(3);
  });

  it('TestDeltaFIFO_ReplaceMakesDeletions: vanished keys become DeletedFinalStateUnknown', () => {
    const f = new DeltaFIFO({ knownObjects: known(obj('foo', 5), obj('bar', 6), obj('baz', 7)) });
    f.delete(obj('baz', 10));
    f.replace([obj('foo', 5)], '0');
    expect(popAll(f)).toEqual([
      [{ type: 'Deleted', object: obj('baz', 10) }],
      [{ type: 'Replaced', object: obj('foo', 5) }],
      [{ type: 'Deleted', object: deletedFinalStateUnknown('bar', obj('bar', 6)) }],
    ]);
  });

  it('TestDeltaFIFO_ReplaceMakesDeletions: a queued key missing from the list is deleted with its newest state', () => {
    const f = new DeltaFIFO({ knownObjects: known() });
    f.add(obj('q', 1));
    f.update(obj('q', 2));
    f.replace([], '3');
    const [q] = popAll(f);
    expect(q![q!.length - 1]).toEqual({ type: 'Deleted', object: deletedFinalStateUnknown('q', obj('q', 2)) });
  });

  it('TestDeltaFIFO_replaceWithDeleteDeltaIn: a re-listed object after a queued delete is not lost', () => {
    const f = new DeltaFIFO({ knownObjects: known(obj('foo', 1)) });
    f.delete(obj('foo', 1));
    f.replace([obj('foo', 2)], '');
    expect(popAll(f)).toEqual([
      [
        { type: 'Deleted', object: obj('foo', 1) },
        { type: 'Replaced', object: obj('foo', 2) },
      ],
    ]);
  });

  describe('TestDeltaFIFOW_ReplaceMakesDeletionsForObjectsOnlyInQueue', () => {
    const o = obj('foo', 2);
    const o2 = obj('foo', 3);
    const tomb = (x: KubeObject) => ({ type: 'Deleted', object: deletedFinalStateUnknown('foo', x) });
    const table: Array<{ name: string; ops: (f: DeltaFIFO) => void; expected: unknown[] }> = [
      { name: 'added object should be deleted on Replace', ops: (f) => (f.add(o), f.replace([], '0')), expected: [{ type: 'Added', object: o }, tomb(o)] },
      { name: 'replaced object should have only a single Delete', ops: (f) => (f.add(o), f.replace([o], '0'), f.replace([], '0')), expected: [{ type: 'Added', object: o }, { type: 'Replaced', object: o }, tomb(o)] },
      { name: 'deleted object should have only a single Delete', ops: (f) => (f.add(o), f.delete(o), f.replace([], '0')), expected: [{ type: 'Added', object: o }, { type: 'Deleted', object: o }] },
      { name: 'added objects should have a single delete on multiple Replaces', ops: (f) => (f.add(o), f.replace([], '0'), f.replace([], '1')), expected: [{ type: 'Added', object: o }, tomb(o)] },
      {
        name: 'added and deleted and added object should be deleted',
        ops: (f) => (f.add(o), f.delete(o), f.add(o2), f.replace([], '0')),
        expected: [{ type: 'Added', object: o }, { type: 'Deleted', object: o }, { type: 'Added', object: o2 }, tomb(o2)],
      },
    ];
    for (const t of table) {
      it(`${t.name} (with and without knownObjects)`, () => {
        for (const f of [new DeltaFIFO({ knownObjects: known() }), new DeltaFIFO()]) {
          t.ops(f);
          expect(popAll(f)).toEqual([t.expected]);
          expect(f.length).toBe(0);
        }
      });
    }
  });

  it('TestDeltaFIFO_enqueueingNoLister: deleting an unknown key enqueues nothing', () => {
    const f = new DeltaFIFO();
    f.add(obj('foo', 10));
    f.update(obj('bar', 15));
    f.add(obj('qux', 17));
    f.delete(obj('qux', 18));
    f.delete(obj('baz', 20));
    expect(popAll(f).map((d) => (d[d.length - 1]!.object as KubeObject).metadata.resourceVersion)).toEqual(['10', '15', '18']);
  });

  it('TestDeltaFIFO_dedupDeltas: only consecutive deletes collapse, a real delete beats a tombstone', () => {
    const d1: Delta = { type: 'Deleted', object: obj('a', 1) };
    const tomb: Delta = { type: 'Deleted', object: deletedFinalStateUnknown('a', obj('a', 1)) };
    const upd: Delta = { type: 'Updated', object: obj('a', 1) };
    expect(dedupDeltas([upd, d1, tomb])).toEqual([upd, d1]);
    expect(dedupDeltas([tomb, d1])).toEqual([d1]);
    expect(dedupDeltas([d1, upd])).toEqual([d1, upd]);
    expect(dedupDeltas([upd, upd])).toEqual([upd, upd]);
  });

  it('deleting an object neither known nor queued is a no-op', () => {
    const f = new DeltaFIFO({ knownObjects: known() });
    f.delete(obj('ghost', 1));
    expect(f.length).toBe(0);
  });

  it('TestDeltaFIFO_HasSynced: synced once every item of the first replace is popped', () => {
    const f = new DeltaFIFO();
    expect(f.hasSynced()).toBe(false);
    f.replace([obj('a', 1), obj('b', 2)], '2');
    const r = new Recorder();
    f.pop(r);
    expect(f.hasSynced()).toBe(false);
    f.pop(r);
    expect(f.hasSynced()).toBe(true);
    expect(r.popped.map((p) => p.initial)).toEqual([true, true]);
    f.add(obj('c', 3));
    f.pop(r);
    expect(r.popped[2]!.initial).toBe(false);
  });

  it('TestDeltaFIFO_ResyncNonExisting-style: resync queues Sync only for keys without pending deltas', () => {
    const f = new DeltaFIFO({ knownObjects: known(obj('a', 1), obj('b', 2)) });
    f.update(obj('a', 3));
    expect(f.resync()).toBe(1);
    expect(popAll(f)).toEqual([[{ type: 'Updated', object: obj('a', 3) }], [{ type: 'Sync', object: obj('b', 2) }]]);
  });

  it('with a processor, every operation is popped synchronously', () => {
    const r = new Recorder();
    const f = new DeltaFIFO({ processor: r });
    f.add(obj('a', 1));
    expect(r.popped).toHaveLength(1);
    f.replace([obj('a', 2), obj('b', 3)], '3');
    expect(r.popped).toHaveLength(3);
    expect(f.length).toBe(0);
  });
});
