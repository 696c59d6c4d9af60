import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { fromFieldsV1, toFieldsV1 } from './fields-v1.ts';
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

  it('gives back a stored entry, and the stored list, only when it is what it would build (property)', () => {
    const element = fc.constantFrom('f:metadata', 'f:labels', 'f:app', 'f:spec', 'f:replicas', 'k:{"name":"web"}', 'f:image');
    const path = fc.array(element, { minLength: 1, maxLength: 3 }).map((p) => JSON.stringify(p));
    const set = fc.uniqueArray(path, { minLength: 1, maxLength: 6 });
    const entry = fc.record({ manager: fc.constantFrom('a', 'b', 'c'), subresource: fc.constantFrom(undefined, 'status'), time: fc.constantFrom(undefined, 't1', 't2'), apiVersion: fc.constantFrom(undefined, 'v1', 'v2') });
    // A change to one decoded entry before encoding again: none, its time, its set (members dropped or added), or its manager.
    const change = fc.record({ which: fc.nat(), kind: fc.constantFrom('none', 'time', 'drop', 'add', 'manager', 'apiVersion'), frozen: fc.boolean() });
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(entry, set), { minLength: 1, maxLength: 4, selector: ([e]) => `${e.manager}/${e.subresource}/${e.apiVersion}` }), change, (list, c) => {
        const owned: OwnedFields[] = list.map(([e, paths]) => {
          const id: OwnedFields['id'] = { manager: e.manager, operation: 'Update' };
          if (e.apiVersion) id.apiVersion = e.apiVersion;
          if (e.time) id.time = e.time;
          if (e.subresource) id.subresource = e.subresource;
          return { id, set: new Set(paths) };
        });
        const stored = encodeManagedFields(owned);
        if (c.frozen) deepFreeze(stored);
        const decoded = decodeManagedFields({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { managedFields: stored } } as KubeObject);
        const o = decoded[c.which % decoded.length]!;
        if (c.kind === 'time') o.id = { ...o.id, time: o.id.time === 't1' ? 't2' : 't1' };
        if (c.kind === 'drop' && o.set.size > 1) o.set = new Set([...o.set].slice(1));
        if (c.kind === 'add') o.set = new Set([...o.set, '["f:extra"]']);
        if (c.kind === 'manager') o.id = { ...o.id, manager: `${o.id.manager}x` };
        if (c.kind === 'apiVersion') o.id = { ...o.id, apiVersion: o.id.apiVersion ? undefined : 'v1' };
        const plain = encodeManagedFields(decoded.map(({ id, set }) => ({ id, set: new Set(set) })));
        const got = encodeManagedFields(decoded, stored);
        expect(JSON.stringify(got)).toBe(JSON.stringify(plain));
        const same = JSON.stringify(plain) === JSON.stringify(stored);
        // The stored list itself only when frozen and unchanged; a stored entry only where it is unchanged.
        if (got === stored) expect(c.frozen && same).toBe(true);
        if (c.frozen && same) expect(got).toBe(stored);
        for (const e of got) if (stored.includes(e)) expect(c.frozen).toBe(true);
      }),
      { seed: 41, numRuns: 600 },
    );
  });
});
