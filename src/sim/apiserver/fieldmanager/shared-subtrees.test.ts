import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../api/object.ts';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { updateManagedFields } from './field-manager.ts';
import { T0, T1 } from './test-fixtures.ts';

/**
 * The field manager does not walk again the subtrees a write kept from the live object (the same objects: the spec
 * of a /status write, the status of a main-resource write). These tests pin that the result is exactly the one of a
 * write that copied everything.
 */
describe('updateManagedFields with subtrees shared with the live object', () => {
  const live = (): KubeObject => {
    const created: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default', uid: 'u', resourceVersion: '1', labels: { app: 'web' } },
      spec: { nodeName: 'n1', containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80, protocol: 'TCP' }] }], tolerations: [{ key: 'a', operator: 'Exists' }] },
      status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True' }] },
    };
    created.metadata.managedFields = updateManagedFields(undefined, created, { manager: 'kcm', operation: 'Update', time: T0 });
    return deepFreeze(created);
  };

  const both = (old: KubeObject, next: KubeObject, manager: string, subresource?: string) => {
    const opts = { manager, operation: 'Update' as const, time: T1, ...(subresource ? { subresource } : {}) };
    const shared = updateManagedFields(old, next, opts);
    const copied = updateManagedFields(old, structuredClone(next), opts);
    return { shared, copied };
  };

  it('a /status write that keeps the spec object records what a fully copied write records', () => {
    const old = live();
    const next = { ...old, metadata: { ...old.metadata }, status: { phase: 'Running', conditions: [{ type: 'PodScheduled', status: 'True' }, { type: 'Ready', status: 'True' }] } } as KubeObject;
    expect(next.spec).toBe(old.spec);
    const { shared, copied } = both(old, next, 'kubelet', 'status');
    expect(shared).toEqual(copied);
    expect(shared.map((e) => e.manager)).toEqual(['kcm', 'kubelet']);
  });

  it('a main write that keeps the status object and removes a spec field records what a copied write records', () => {
    const old = live();
    const spec = structuredClone(old.spec) as { tolerations?: unknown };
    delete spec.tolerations;
    const next = { ...old, metadata: { ...old.metadata }, spec } as KubeObject;
    expect(next.status).toBe(old.status);
    const { shared, copied } = both(old, next, 'editor');
    expect(shared).toEqual(copied);
    const kcm = shared.find((e) => e.manager === 'kcm')!;
    expect(JSON.stringify(kcm.fieldsV1)).not.toContain('tolerations');
  });

  it('any mix of kept and replaced subtrees gives the managedFields of a fully copied write (seeded property)', () => {
    const old = live();
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.constantFrom('web', 'other'), fc.constantFrom('Pending', 'Running'), (keepSpec, keepStatus, keepLabels, image, phase) => {
        const spec = keepSpec ? old.spec : { ...(structuredClone(old.spec) as object), containers: [{ name: 'web', image }] };
        const status = keepStatus ? old.status : { phase };
        const labels = keepLabels ? old.metadata.labels : { app: image };
        const next = { ...old, metadata: { ...old.metadata, labels }, spec, status } as KubeObject;
        const { shared, copied } = both(old, next, 'writer');
        expect(shared).toEqual(copied);
      }),
      { seed: 7, numRuns: 64 },
    );
  });

  it('a stored object\'s own sets, known present, give what a copy of it gives over any sequence of writes (seeded property)', () => {
    const write = fc.record({
      manager: fc.constantFrom('kcm', 'kubelet', 'kubectl'),
      status: fc.boolean(),
      image: fc.constantFrom('nginx', 'httpd'),
      tolerations: fc.boolean(),
      labels: fc.constantFrom<Record<string, string> | undefined>(undefined, { app: 'web' }, { app: 'web', tier: 'a' }),
      phase: fc.constantFrom('Pending', 'Running'),
      ready: fc.constantFrom<string | undefined>(undefined, 'True', 'False'),
      // A main write whose client sends managedFields of its own, claiming a status field the object lacks.
      foreign: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(write, { minLength: 1, maxLength: 8 }), (writes) => {
        let stored = live();
        for (const w of writes) {
          const next = { ...stored, metadata: { ...stored.metadata } } as KubeObject;
          if (w.status) {
            const conditions = w.ready ? [{ type: 'Ready', status: w.ready }] : [];
            next.status = { phase: w.phase, conditions };
          } else {
            next.spec = { ...(stored.spec as object), containers: [{ name: 'web', image: w.image }], ...(w.tolerations ? {} : { tolerations: [] }) };
            if (w.labels) next.metadata.labels = w.labels;
            else delete next.metadata.labels;
            if (w.foreign) {
              const claim = { manager: 'other', operation: 'Update' as const, apiVersion: 'v1', time: T0, fieldsType: 'FieldsV1', fieldsV1: { 'f:status': { 'f:hostIP': {} } } };
              next.metadata.managedFields = [...(stored.metadata.managedFields ?? []), claim];
            }
          }
          const opts = { manager: w.manager, operation: 'Update' as const, time: T1, ...(w.status ? { subresource: 'status' } : {}) };
          // A deep-frozen copy of the stored object: not the object an update recorded, so nothing is known present.
          const plain = updateManagedFields(deepFreeze(structuredClone(stored)), structuredClone(next), opts);
          next.metadata.managedFields = updateManagedFields(stored, next, opts);
          expect(next.metadata.managedFields).toEqual(plain);
          stored = deepFreeze(next);
        }
      }),
      { seed: 31, numRuns: 200 },
    );
  });
});
