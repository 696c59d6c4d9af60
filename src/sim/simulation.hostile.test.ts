/**
 * Issue 17's regressions at the library's boundary: hostile input is refused with a message naming what and where,
 * never thrown out of `apply`/`act`/`runFor`, and the run goes on (it can still step back across the refusal).
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from './simulation.ts';
import { storeHash } from './testing/store-hash.ts';

describe('hostile input at the library boundary', () => {
  it('apply(object[]) nested 5,000 levels is refused at the boundary, and the timeline can still step back across it', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    sim.runFor(1_000);
    let deep: Record<string, unknown> = { leaf: 'x' };
    for (let i = 0; i < 5_000; i++) deep = { a: deep };
    const before = storeHash(sim);
    const r = sim.apply([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'deep' }, data: deep }]);
    expect(r.ok).toBe(false);
    expect(r.messages[0]).toMatch(/^error: item 1: data\.a\.a.* is nested more than 128 levels deep$/);
    expect(storeHash(sim)).toBe(before);
    sim.runFor(5_000);
    expect(() => sim.stepBack()).not.toThrow();
    expect(() => sim.seekStep(0)).not.toThrow();
    expect(() => sim.seekStep(sim.head)).not.toThrow();
  });
});
