/** Seeded properties of server-side apply over random sequences of applies and edits by several managers. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../api/object.ts';
import { BUILTIN_RESOURCES } from '../../api/resources.ts';
import { serverSideApply, updateManagedFields } from './field-manager.ts';
import { fromFieldsV1 } from './fields-v1.ts';
import { getAt } from './object-paths.ts';

const info = BUILTIN_RESOURCES.find((r) => r.kind === 'Deployment')!;

const config = fc.record(
  {
    replicas: fc.integer({ min: 0, max: 3 }),
    labels: fc.dictionary(fc.constantFrom('app', 'tier', 'env'), fc.constantFrom('a', 'b')),
    containers: fc.uniqueArray(fc.record({ name: fc.constantFrom('web', 'log'), image: fc.constantFrom('x:1', 'x:2') }), { selector: (c) => c.name, maxLength: 2 }),
  },
  { requiredKeys: [] },
);

type Cfg = { replicas?: number; labels?: Record<string, string>; containers?: Array<{ name: string; image: string }> };

function toObject(c: Cfg): KubeObject {
  const spec: Record<string, unknown> = {};
  if (c.replicas !== undefined) spec.replicas = c.replicas;
  if (c.containers) spec.template = { spec: { containers: c.containers } };
  const metadata: KubeObject['metadata'] = { name: 'web', namespace: 'default' };
  if (c.labels) metadata.labels = c.labels;
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec };
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('apply' as const), manager: fc.constantFrom('alice', 'bob'), cfg: config }),
  fc.record({ kind: fc.constant('edit' as const), replicas: fc.integer({ min: 0, max: 3 }) }),
);

describe('server-side apply properties', () => {
  it('after any sequence of forced applies and edits: the last applier\'s values hold, and every owned field exists', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        let live: KubeObject | undefined;
        steps.forEach((s, i) => {
          const time = `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`;
          if (s.kind === 'edit') {
            if (!live) return;
            const next = structuredClone(live) as KubeObject & { spec: Record<string, unknown> };
            next.spec.replicas = s.replicas;
            next.metadata.managedFields = updateManagedFields(live, next, { manager: 'kubectl-edit', operation: 'Update', time });
            live = next;
            return;
          }
          const r = serverSideApply(live, toObject(s.cfg), { manager: s.manager, force: true, time, info });
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          live = r.object;
          const spec = live.spec as { replicas?: number; template?: { spec: { containers: Array<{ name: string; image: string }> } } };
          if (s.cfg.replicas !== undefined) expect(spec.replicas).toBe(s.cfg.replicas);
          for (const [k, v] of Object.entries(s.cfg.labels ?? {})) expect(live.metadata.labels?.[k]).toBe(v);
          for (const c of s.cfg.containers ?? []) expect(spec.template?.spec.containers.find((x) => x.name === c.name)?.image).toBe(c.image);
        });
        for (const e of live?.metadata.managedFields ?? []) {
          for (const key of fromFieldsV1(e.fieldsV1)) expect(getAt(live, JSON.parse(key) as string[]), `${e.manager} owns ${key}`).not.toBeUndefined();
        }
      }),
      { seed: 2026, numRuns: 300 },
    );
  });
});
