/** Seeded properties of the patch appliers over random pod specs and patches. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyMergePatch } from './json-merge-patch.ts';
import { applyStrategicMergePatch } from './strategic-merge-patch.ts';

const POD = { group: '', version: 'v1', kind: 'Pod' };

const name = fc.constantFrom('web', 'sidecar', 'log', 'init');
const env = fc.uniqueArray(fc.record({ name: fc.constantFrom('A', 'B', 'C'), value: fc.constantFrom('1', '2') }), { selector: (e) => e.name, maxLength: 3 });
const container = fc.record({ name, image: fc.constantFrom('x:1', 'x:2'), env }, { requiredKeys: ['name'] });
const containers = fc.uniqueArray(container, { selector: (c) => c.name, maxLength: 4 });
const labels = fc.dictionary(fc.constantFrom('app', 'tier', 'env'), fc.option(fc.constantFrom('a', 'b'), { nil: null }));
const finalizers = fc.uniqueArray(fc.constantFrom('a/x', 'b/y', 'c/z'), { maxLength: 3 });

const target = fc.record({
  metadata: fc.record({ name: fc.constant('p'), labels: labels.map((l) => Object.fromEntries(Object.entries(l).filter(([, v]) => v !== null))), finalizers }),
  spec: fc.record({ containers }),
});
const patch = fc.record({ metadata: fc.record({ labels, finalizers }, { requiredKeys: [] }), spec: fc.record({ containers }, { requiredKeys: [] }) }, { requiredKeys: [] });

describe('patch properties', () => {
  it('a strategic merge patch applied twice gives what it gave once', () => {
    fc.assert(
      fc.property(target, patch, (t, p) => {
        const once = applyStrategicMergePatch(t, p, POD);
        expect(applyStrategicMergePatch(once, p, POD)).toEqual(once);
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('after a strategic merge patch every patched container has the patch\'s image, and no container is lost', () => {
    fc.assert(
      fc.property(target, patch, (t, p) => {
        const out = applyStrategicMergePatch(t, p, POD) as { spec: { containers: Array<{ name: string; image?: string }> } };
        const byName = new Map(out.spec.containers.map((c) => [c.name, c]));
        for (const c of p.spec?.containers ?? []) if (c.image !== undefined) expect(byName.get(c.name)?.image).toBe(c.image);
        for (const c of t.spec.containers) expect(byName.has(c.name)).toBe(true);
        expect(byName.size).toBe(out.spec.containers.length);
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('a JSON merge patch applied twice gives what it gave once (RFC 7386 is idempotent)', () => {
    fc.assert(
      fc.property(target, patch, (t, p) => {
        const once = applyMergePatch(t, p);
        expect(applyMergePatch(once, p)).toEqual(once);
      }),
      { seed: 13, numRuns: 300 },
    );
  });
});
