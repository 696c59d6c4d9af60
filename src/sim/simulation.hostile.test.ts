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
    expect(r.messages[0]).toMatch(/^error: apply: manifests\[0\]\.data\.a\.a.* is nested more than 128 levels deep$/);
    expect(storeHash(sim)).toBe(before);
    sim.runFor(5_000);
    expect(() => sim.stepBack()).not.toThrow();
    expect(() => sim.seekStep(0)).not.toThrow();
    expect(() => sim.seekStep(sim.head)).not.toThrow();
  });
});

describe('absurd numbers never break the run loop (issue 17)', () => {
  const pod = (spec: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n${spec}  containers: [{name: c, image: nginx}]\n`;

  it('a Pod at the largest valid deadlines and grace period runs and is deleted, and the run goes on', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const extremes = '  activeDeadlineSeconds: 4294967295\n  terminationGracePeriodSeconds: 9000000000000000000\n';
    expect(sim.apply(pod(extremes)).messages).toEqual(['pod/p created']);
    expect(() => sim.runFor(60_000)).not.toThrow();
    expect((sim.getObject('pod', 'default', 'p')?.status as { phase?: string }).phase).toBe('Running');
    expect(sim.act({ type: 'delete', resource: 'pod', name: 'p' }).ok).toBe(true);
    expect(() => sim.runFor(60_000)).not.toThrow();
    expect(sim.getObject('pod', 'default', 'p')).toBeUndefined(); // its container stopped, the kubelet finished it
  });

  it('deleting with gracePeriodSeconds 1e308 is the decoder\'s error as upstream answers it, and a huge valid grace period does not throw', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    sim.apply(pod(''));
    sim.runFor(10_000);
    const r = sim.act({ type: 'delete', resource: 'pod', name: 'p', gracePeriodSeconds: 1e308 });
    // handlers/delete.go hands the decoder's error to ErrorToAPIStatus unwrapped: a 500 without a reason.
    expect(r.results[0]?.status).toMatchObject({ code: 500, message: 'json: cannot unmarshal number 1e+308 into Go struct field DeleteOptions.gracePeriodSeconds of type int64' });
    expect(r.results[0]?.status?.reason).toBeUndefined();
    expect(r.messages).toEqual(['Error from server: json: cannot unmarshal number 1e+308 into Go struct field DeleteOptions.gracePeriodSeconds of type int64']);
    const ok = sim.act({ type: 'delete', resource: 'pod', name: 'p', gracePeriodSeconds: 9e15 });
    expect(ok.ok).toBe(true);
    expect(sim.getObject('pod', 'default', 'p')?.metadata.deletionTimestamp).toBe('9999-12-31T23:59:59Z');
    expect(() => sim.runFor(60_000)).not.toThrow();
    expect(() => sim.stepBack()).not.toThrow();
  });
});

describe('a __proto__ key is data end to end (issue 17)', () => {
  it('kept in data, labels and annotations through apply, merge and strategic patches, time travel and a recipe; nothing polluted', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const r = sim.apply('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: {__proto__: a}\n  annotations: {__proto__: b}\ndata:\n  __proto__: "1"\n  constructor: "2"\n');
    expect(r.messages).toEqual(['configmap/x created']);
    const view = () => {
      const o = sim.getObject('configmap', 'default', 'x')!;
      return JSON.stringify({ data: o.data, labels: o.metadata.labels, annotations: o.metadata.annotations });
    };
    expect(view()).toBe('{"data":{"__proto__":"1","constructor":"2"},"labels":{"__proto__":"a"},"annotations":{"__proto__":"b"}}');
    sim.runFor(5_000);
    sim.seekStep(1);
    sim.seekStep(sim.head);
    expect(view()).toContain('"data":{"__proto__":"1"');
    const again = Simulation.fromRecipe(JSON.parse(JSON.stringify(sim.recipe())));
    expect(JSON.stringify(again.getObject('configmap', 'default', 'x')!.data)).toBe('{"__proto__":"1","constructor":"2"}');
    expect(sim.act({ type: 'patch', resource: 'configmap', name: 'x', patchType: 'merge', patch: JSON.parse('{"data":{"__proto__":"3"}}') as object }).ok).toBe(true);
    expect(view()).toContain('"data":{"__proto__":"3"');
    expect(sim.act({ type: 'patch', resource: 'configmap', name: 'x', patchType: 'strategic', patch: JSON.parse('{"data":{"__proto__":{"polluted":1}}}') as object }).ok).toBe(false);
    expect(sim.act({ type: 'patch', resource: 'configmap', name: 'x', patchType: 'strategic', patch: JSON.parse('{"data":{"__proto__":"4"}}') as object }).ok).toBe(true);
    expect(view()).toContain('"data":{"__proto__":"4"');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(sim.getObject('configmap', 'default', 'x')!.data)).toBe(Object.prototype);
  });
});

describe('a recipe that asks for an absurd replay (issue 17)', () => {
  it('is refused at once, naming the input and the bound', () => {
    const recipe = (afterStep: number, at: number, step = 0) => ({ version: 1 as const, options: { seed: 1, nodes: 1 }, inputs: [{ afterStep, at, action: { type: 'cordon' as const, node: 'node-1' } }], step });
    const started = performance.now();
    expect(() => Simulation.fromRecipe(recipe(2 ** 53, 0))).toThrow('recipe input 1: the step must be an integer from 0 to 1000000 (got 9007199254740992)');
    expect(() => Simulation.fromRecipe(recipe(0, 1e308))).toThrow('recipe input 1: the time must be from 0 to 604800000 ms, 7 days (got 1e+308)');
    expect(() => Simulation.fromRecipe(recipe(0, 0, 1e12))).toThrow('recipe: the step must be an integer from 0 to 1000000 (got 1000000000000)');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(Simulation.fromRecipe(recipe(5, 0, 10)).step).toBe(10);
  });
});
