/**
 * The watch cache delivers each write to the watchers of its resource as they were when the delivery started
 * (upstream's cacher: a watcher added meanwhile starts after the write, one stopped meanwhile gets nothing more).
 * Its watcher lists are copy-on-write instead of copied per write; this property compares what every watcher
 * receives with the plain computation (a copy of the list at each write) while sinks stop and open watches, and
 * write, from inside a delivery.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyOf, type KubeObject } from '../../api/object.ts';
import type { WatchEvent } from '../api-request.ts';
import { parseLabelSelector } from '../selectors/label-selector.ts';
import { MvccStore } from './mvcc-store.ts';
import { WatchCache, type KeyedWatchEvent, type Watcher } from './watch-cache.ts';

/** What a watcher's sink does at its n-th event (n from 1). */
interface Reaction {
  at: number;
  action: 'stop-self' | 'stop-other' | 'open' | 'write';
  /** For stop-other: which watcher (modulo the number opened so far). */
  other: number;
}

type Command = { op: 'watch'; reactions: Reaction[] } | { op: 'write'; name: number } | { op: 'stop'; which: number };

const reactionArb: fc.Arbitrary<Reaction> = fc.record({
  at: fc.integer({ min: 1, max: 4 }),
  action: fc.constantFrom('stop-self', 'stop-other', 'open', 'write'),
  other: fc.nat({ max: 20 }),
});

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('watch' as const), reactions: fc.array(reactionArb, { maxLength: 2 }) }),
  fc.record({ op: fc.constant('write' as const), name: fc.nat({ max: 3 }) }),
  fc.record({ op: fc.constant('stop' as const), which: fc.nat({ max: 20 }) }),
);

const cm = (name: number, v: number): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'ns', name: `cm-${name}` }, data: { v: String(v) } });

/** Runs the commands on a real WatchCache; returns each watcher's received revisions, by opening order. */
function runReal(commands: readonly Command[]): string[][] {
  const store = new MvccStore();
  const cache = new WatchCache(store);
  const logs: string[][] = [];
  const watchers: Watcher[] = [];
  let writes = 0;
  const write = (name: number) => cache.dispatch(store.put('configmaps', `ns/cm-${name}`, cm(name, writes++)));
  const open = (reactions: readonly Reaction[]) => {
    const log: string[] = [];
    logs.push(log);
    const sink = {
      onWatchEvent(ev: WatchEvent) {
        log.push(`${ev.type}@${(ev.object as KubeObject).metadata.resourceVersion}`);
        for (const r of reactions) {
          if (r.at !== log.length) continue;
          if (r.action === 'stop-self') self.stop();
          else if (r.action === 'stop-other') watchers[r.other % watchers.length]!.stop();
          else if (r.action === 'open') open([]);
          else write(r.other % 4);
        }
      },
    };
    const self = cache.add({ resource: 'configmaps' }, sink, 'u', store.revision) as Watcher;
    watchers.push(self);
  };
  for (const c of commands) {
    if (c.op === 'watch') open(c.reactions);
    else if (c.op === 'write') write(c.name);
    else if (watchers.length > 0) watchers[c.which % watchers.length]!.stop();
  }
  return logs;
}

/** The plain computation: at each write, a copy of the running watchers, each offered the write in turn. */
function runModel(commands: readonly Command[]): string[][] {
  interface W {
    log: string[];
    reactions: readonly Reaction[];
    stopped: boolean;
    seen: number;
  }
  const all: W[] = [];
  let running: W[] = [];
  let revision = 0;
  const created = new Set<number>();
  const pending: string[] = [];
  let dispatching = false;
  const stop = (w: W) => {
    w.stopped = true;
    running = running.filter((x) => x !== w);
  };
  const open = (reactions: readonly Reaction[]) => {
    const w: W = { log: [], reactions, stopped: false, seen: revision };
    all.push(w);
    running.push(w);
  };
  const write = (name: number) => {
    const rev = ++revision;
    const type = created.has(name) ? 'MODIFIED' : 'ADDED';
    created.add(name);
    if (!dispatching && running.length === 0) return;
    pending.push(`${type}@${rev}`);
    if (dispatching) return;
    dispatching = true;
    for (let i = 0; i < pending.length; i++) {
      const event = pending[i]!;
      const r = Number(event.slice(event.indexOf('@') + 1));
      for (const w of [...running]) {
        if (w.stopped || r <= w.seen) continue;
        w.seen = r;
        w.log.push(event);
        for (const re of w.reactions) {
          if (re.at !== w.log.length) continue;
          if (re.action === 'stop-self') stop(w);
          else if (re.action === 'stop-other') stop(all[re.other % all.length]!);
          else if (re.action === 'open') open([]);
          else write(re.other % 4);
        }
      }
    }
    pending.length = 0;
    dispatching = false;
  };
  for (const c of commands) {
    if (c.op === 'watch') open(c.reactions);
    else if (c.op === 'write') write(c.name);
    else if (all.length > 0) stop(all[c.which % all.length]!);
  }
  return all.map((w) => w.log);
}

describe('WatchCache delivery (copy-on-write watcher lists)', () => {
  it('every watcher receives what a copy of the list at each write would give it', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 30 }), (commands) => {
        expect(runReal(commands)).toEqual(runModel(commands));
      }),
      { seed: 20261122, numRuns: 500 },
    );
  });
});

describe('WatchCache keyed events', () => {
  type Op = { op: 'put'; ns: string; name: number; label: string } | { op: 'remove'; ns: string; name: number } | { op: 'watch'; from: 'now' | 'zero' | 'replay'; selector: string };
  const nsArb = fc.constantFrom('', 'a', 'b');
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('put' as const), ns: nsArb, name: fc.nat({ max: 3 }), label: fc.constantFrom('x', 'y') }),
    fc.record({ op: fc.constant('remove' as const), ns: nsArb, name: fc.nat({ max: 3 }) }),
    fc.record({ op: fc.constant('watch' as const), from: fc.constantFrom('now' as const, 'zero' as const, 'replay' as const), selector: fc.constantFrom('', 'l=x', 'l!=x') }),
  );

  it("every event carries its object's MetaNamespaceKey (keyOf), whatever the watcher's selection and start", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const store = new MvccStore(8);
        const cache = new WatchCache(store);
        const received: WatchEvent[] = [];
        const sink = { onWatchEvent: (e: WatchEvent) => received.push(e) };
        for (const o of ops) {
          const obj = (ns: string, name: number, label = 'x'): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { ...(ns ? { namespace: ns } : {}), name: `p${name}`, labels: { l: label } } });
          if (o.op === 'put') {
            cache.dispatch(store.put('pods', keyOf(obj(o.ns, o.name)), obj(o.ns, o.name, o.label)));
          } else if (o.op === 'remove') {
            const e = store.remove('pods', keyOf(obj(o.ns, o.name)));
            if (e) cache.dispatch(e);
          } else {
            const from = o.from === 'now' ? store.revision : o.from === 'zero' ? undefined : store.compactedRevision;
            cache.add({ resource: 'pods', ...(o.selector ? { labels: parseLabelSelector(o.selector) } : {}) }, sink, 'u', from);
          }
        }
        for (const e of received) expect((e as KeyedWatchEvent).key).toBe(keyOf(e.object as KubeObject));
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });
});
