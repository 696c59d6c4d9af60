import { describe, expect, it } from 'vitest';
import { cloneGraph, deepFreeze, shareInCheckpoints, UncloneableError } from './clone-graph.ts';
import { SimContext } from './sim-context.ts';

class Counter {
  n = 0;
  items = new Map<string, { v: number }>();
  inc() {
    this.n++;
  }
}

describe('cloneGraph', () => {
  it('copies objects with their prototypes, keeps shared references shared and cycles intact', () => {
    const a = new Counter();
    const shared = { v: 1 };
    a.items.set('x', shared);
    const root = { a, b: a, shared, self: null as unknown };
    root.self = root;
    const c = cloneGraph(root);
    expect(c.a).toBeInstanceOf(Counter);
    expect(c.a).toBe(c.b);
    expect(c.self).toBe(c);
    expect(c.a.items.get('x')).toBe(c.shared);
    c.a.inc();
    c.shared.v = 2;
    expect(a.n).toBe(0);
    expect(shared.v).toBe(1);
  });

  it('shares frozen objects instead of copying them', () => {
    const pod = deepFreeze({ metadata: { name: 'p' } });
    const c = cloneGraph({ pods: [pod] });
    expect(c.pods[0]).toBe(pod);
  });

  it('shares an object marked shareInCheckpoints (a cache filled in later), copying what holds it', () => {
    const event = shareInCheckpoints({ revision: 7, watchEvent: undefined as object | undefined });
    const ring = [event, { revision: 8 }];
    const copy = cloneGraph({ ring });
    expect(copy.ring).not.toBe(ring);
    expect(copy.ring[0]).toBe(event);
    expect(copy.ring[1]).not.toBe(ring[1]);
  });

  it('counts the slots a copy allocated: objects, elements, properties and entries, not what it shares', () => {
    const stats = { slots: 0 };
    cloneGraph({ list: [1, 2, 3], map: new Map([['a', { x: 1 }]]), frozen: deepFreeze({ big: [1, 2, 3, 4, 5] }) }, stats);
    // root (3 keys) + list (3) + map (1 entry) + { x } (1 key): 4 objects and 8 slots inside them.
    expect(stats.slots).toBe(4 + 3 + 3 + 1 + 1);
  });

  it('refuses closures and suspended generators, naming where they are', () => {
    expect(() => cloneGraph({ handler: { cb: () => 1 } })).toThrow(UncloneableError);
    expect(() => cloneGraph({ handler: { cb: () => 1 } })).toThrow('$.handler.cb');
    function* g() {
      yield 1;
    }
    const it = g();
    it.next();
    expect(() => cloneGraph({ running: it })).toThrow('suspended generator');
  });

  it('a cloned simulation context continues exactly like the original', () => {
    const ctx = new SimContext({ seed: 'x' });
    class Tick {
      constructor(private c: SimContext) {}
      tick(n: number) {
        this.c.trace.emit('t', { kind: 'scenario.note', detail: `${n}:${this.c.rng.int(0, 1000)}` });
        if (n < 50) this.c.scheduler.after(this.c.rng.int(1, 10), this, 'tick', n + 1);
      }
    }
    ctx.scheduler.after(0, new Tick(ctx), 'tick', 0);
    ctx.scheduler.runUntil(40);
    const copy = cloneGraph(ctx);
    ctx.scheduler.runUntil(1000);
    copy.scheduler.runUntil(1000);
    expect(copy.trace.slice().map((e) => JSON.stringify(e))).toEqual(ctx.trace.slice().map((e) => JSON.stringify(e)));
  });
});

describe('cloneGraph and a __proto__ key', () => {
  it('copies it as an own data property, not as the copy\'s prototype', () => {
    const o = JSON.parse('{"data":{"__proto__":{"x":1},"a":2}}') as { data: Record<string, unknown> };
    const c = cloneGraph(o);
    expect(Object.keys(c.data)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(c.data)).toBe(Object.prototype);
    expect(JSON.stringify(c)).toBe(JSON.stringify(o));
  });
});
