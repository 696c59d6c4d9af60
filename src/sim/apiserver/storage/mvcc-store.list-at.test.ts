import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { MvccStore } from './mvcc-store.ts';

const cm = (name: string, v: number): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: name < 'c' ? 'a' : 'b' }, data: { v: String(v) } });

describe('MvccStore.listAt: a read at a past revision', () => {
  it('is the list as it was after every write, while the history holds the writes since (property)', () => {
    const op = fc.record({ resource: fc.constantFrom('configmaps', 'secrets'), name: fc.constantFrom('a', 'b', 'c', 'd'), remove: fc.boolean() });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.integer({ min: 1, max: 40 }), (ops, capacity) => {
        const s = new MvccStore(capacity);
        const seen = new Map<number, { configmaps: KubeObject[]; secrets: KubeObject[] }>();
        const snapshot = () => seen.set(s.revision, { configmaps: s.list('configmaps'), secrets: s.list('secrets') });
        snapshot();
        ops.forEach((o, i) => {
          if (o.remove) s.remove(o.resource, `${cm(o.name, i).metadata.namespace}/${o.name}`);
          else s.put(o.resource, `${cm(o.name, i).metadata.namespace}/${o.name}`, cm(o.name, i));
          snapshot();
        });
        for (const [revision, lists] of seen) {
          const past = s.listAt('configmaps', revision);
          if (revision < s.compactedRevision) expect(past).toBeUndefined();
          else {
            expect(past).toEqual(lists.configmaps);
            expect(s.listAt('secrets', revision)).toEqual(lists.secrets);
            expect(s.listAt('configmaps', revision, 'b')).toEqual(lists.configmaps.filter((x) => x.metadata.namespace === 'b'));
          }
        }
        expect(s.listAt('configmaps', s.revision + 1)).toBeUndefined();
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
