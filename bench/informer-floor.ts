/**
 * Benchmark (issue 2): the floor under `bench/apiserver-watch.ts`'s goal. How much more than the bare baseline (a
 * Map store handing the same frozen object to 10 watcher Maps) does the least that client-go's informers must do
 * cost, before any api-server, validation, managedFields, network or trace?
 *
 *   npx tsx bench/informer-floor.ts [--writes 1000000] [--runs 5]
 *
 * The floor does the baseline's work (build and freeze the object, store it) and then, for each of the 10
 * informers, what an informer cannot skip: queue a delta in a DeltaFIFO (one entry per key holding its pending
 * deltas, keys in FIFO order), pop it, and apply it to an Indexer (items by key and the namespace index), the
 * handler counting it. Deltas are popped every 1,000 writes, the cadence at which apiserver-watch lets the network
 * deliver. The structures are the leanest this machine runs (no wrapper object per delta, no Go-style slices): a
 * lower bound for any implementation of the same semantics, not a model of ours.
 *
 * Prints CPU time per write and the ratio to the baseline, medians over --runs measured in the same process.
 */
import { baseline, cpuSeconds, makeObject, KEYS, WATCHERS } from './map-baseline.ts';
import { flag } from './flags.ts';

const WRITES = flag('writes', 1_000_000);
const RUNS = flag('runs', 5);

type Obj = ReturnType<typeof makeObject>;

/** DeltaFIFO's least: per key its pending deltas as [type, object, type, object, …]; keys in FIFO order. */
class LeanDeltaFIFO {
  private readonly items = new Map<string, unknown[]>();
  private readonly queue: string[] = [];

  add(key: string, type: string, obj: Obj): void {
    const deltas = this.items.get(key);
    if (deltas === undefined) {
      this.items.set(key, [type, obj]);
      this.queue.push(key);
    } else deltas.push(type, obj);
  }

  popAll(process: (key: string, deltas: unknown[]) => void): void {
    const q = this.queue;
    for (let i = 0; i < q.length; i++) {
      const key = q[i]!;
      const deltas = this.items.get(key)!;
      this.items.delete(key);
      process(key, deltas);
    }
    q.length = 0;
  }
}

/** Indexer's least: items by key and the namespace index (the one index every informer has). */
class LeanIndexer {
  private readonly items = new Map<string, Obj>();
  private readonly byNamespace = new Map<string, Set<string>>();

  update(key: string, obj: Obj): void {
    const old = this.items.get(key);
    this.items.set(key, obj);
    const ns = obj.metadata.namespace;
    if (old !== undefined && old.metadata.namespace === ns) return;
    let keys = this.byNamespace.get(ns);
    if (!keys) this.byNamespace.set(ns, (keys = new Set()));
    keys.add(key);
  }

  get size(): number {
    return this.items.size;
  }
}

function floor(): { cpu: number; handled: number } {
  const store = new Map<string, Obj>();
  const informers = Array.from({ length: WATCHERS }, () => ({ fifo: new LeanDeltaFIFO(), indexer: new LeanIndexer(), handled: 0 }));
  const c0 = cpuSeconds();
  for (let i = 0; i < WRITES; i++) {
    const k = i % KEYS;
    const obj = makeObject(i);
    const key = `default/cm-${k}`;
    store.set(key, obj);
    for (const inf of informers) inf.fifo.add(key, 'Updated', obj);
    if (k === KEYS - 1) {
      for (const inf of informers) {
        inf.fifo.popAll((key, deltas) => {
          for (let d = 0; d < deltas.length; d += 2) {
            inf.indexer.update(key, deltas[d + 1] as Obj);
            inf.handled++;
          }
        });
      }
    }
  }
  const cpu = cpuSeconds() - c0;
  return { cpu, handled: informers.reduce((n, inf) => n + inf.handled, 0) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const baseCpu: number[] = [];
const floorCpu: number[] = [];
const ratios: number[] = [];
let handled = 0;
for (let r = 0; r < RUNS; r++) {
  const b = baseline(WRITES);
  const f = floor();
  baseCpu.push(b.cpu);
  floorCpu.push(f.cpu);
  ratios.push(f.cpu / b.cpu);
  handled = f.handled;
}
const us = (s: number) => ((s / WRITES) * 1e6).toFixed(2);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`the least ${WATCHERS} informers must do, ${fmt(WRITES)} writes, median of ${RUNS} runs (CPU time)`);
console.log(`  baseline (Map + ${WATCHERS} watcher Maps):           ${us(median(baseCpu))} µs per write`);
console.log(`  floor (baseline + DeltaFIFO + Indexer each): ${us(median(floorCpu))} µs per write  (${fmt(handled)} deltas handled)`);
console.log(`  floor / baseline: median ${median(ratios).toFixed(1)}x, lowest ${Math.min(...ratios).toFixed(1)}x   (apiserver-watch's goal: the whole api-server + informers within 3x)`);
