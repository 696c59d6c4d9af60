import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { fromFieldsV1, toFieldsV1 } from './field-set.ts';
import { decodeManagedFields, encodeManagedFields, type OwnedFields } from './managed-fields.ts';

describe('encodeManagedFields', () => {
  it('writes each set\'s FieldsV1 frozen, equal to toFieldsV1, one shared object for the same members (property)', () => {
    const element = fc.constantFrom('f:metadata', 'f:labels', 'f:app', 'f:spec', 'f:replicas', 'k:{"name":"web"}', 'f:image', 'v:"x"');
    const path = fc.array(element, { minLength: 1, maxLength: 4 }).map((p) => JSON.stringify(p));
    const set = fc.uniqueArray(path, { minLength: 1, maxLength: 10 }).map((paths) => new Set(paths));
    fc.assert(
      fc.property(fc.array(set, { minLength: 1, maxLength: 6 }), (sets) => {
        const owned: OwnedFields[] = sets.map((s, i) => ({ id: { manager: `m${i}`, operation: 'Update', apiVersion: 'v1', time: 't' }, set: s }));
        const entries = encodeManagedFields(owned);
        const again = encodeManagedFields(sets.map((s, i) => ({ id: { manager: `m${i}`, operation: 'Update', apiVersion: 'v1', time: 't' }, set: new Set(s) })));
        for (const e of entries) {
          const i = Number(e.manager!.slice(1));
          expect(JSON.stringify(e.fieldsV1)).toBe(JSON.stringify(toFieldsV1(sets[i]!)));
          expect(Object.isFrozen(e.fieldsV1)).toBe(true);
          // A set with the same members in the same order gets the very same FieldsV1.
          expect(again.find((a) => a.manager === e.manager)!.fieldsV1).toBe(e.fieldsV1);
        }
        // Decoding what was just encoded (remembered, not parsed) gives the members parsing gives.
        const decoded = decodeManagedFields({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { managedFields: entries } } as KubeObject);
        decoded.forEach((d, i) => expect([...d.set].sort()).toEqual([...fromFieldsV1(entries[i]!.fieldsV1)].sort()));
      }),
      { seed: 17, numRuns: 300 },
    );
  });
});
