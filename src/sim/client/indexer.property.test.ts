// tldraw-style: the incrementally maintained indices always equal indices rebuilt from scratch.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { CONTROLLER_UID_INDEX, NAMESPACE_INDEX, NODE_NAME_INDEX, indexFunc } from './index-funcs.ts';
import { newIndexer } from './indexer.ts';

const INDICES = [NAMESPACE_INDEX, CONTROLLER_UID_INDEX, NODE_NAME_INDEX];

const podArb = fc.record({
  ns: fc.constantFrom('a', 'b'),
  name: fc.constantFrom('p1', 'p2', 'p3', 'p4'),
  node: fc.option(fc.constantFrom('n1', 'n2'), { nil: undefined }),
  owner: fc.option(fc.constantFrom('u1', 'u2'), { nil: undefined }),
});

type PodSpec = { ns: string; name: string; node: string | undefined; owner: string | undefined };

function pod(p: PodSpec, rv: number): KubeObject {
  return Object.freeze({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      namespace: p.ns,
      name: p.name,
      resourceVersion: String(rv),
      ...(p.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: p.owner, controller: true }] } : {}),
    },
    spec: p.node ? { nodeName: p.node } : {},
  });
}

const opArb = fc.oneof(
  fc.record({ t: fc.constantFrom('add' as const, 'update' as const, 'delete' as const), p: podArb }),
  fc.record({ t: fc.constant('replace' as const), ps: fc.array(podArb, { maxLength: 6 }) }),
);

describe('Indexer (property)', () => {
  it('indices kept through any adds, updates, deletes and replaces equal indices rebuilt from the contents', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 80 }), (ops) => {
        const idx = newIndexer(INDICES);
        let rv = 0;
        for (const o of ops) {
          if (o.t === 'replace') idx.replace(o.ps.map((p) => pod(p, ++rv)), String(rv));
          else if (o.t === 'delete') idx.delete(pod(o.p, ++rv));
          else idx[o.t](pod(o.p, ++rv));
        }
        for (const name of INDICES) {
          const rebuilt = new Map<string, string[]>();
          for (const obj of idx.list()) {
            for (const v of indexFunc(name)(obj)) rebuilt.set(v, [...(rebuilt.get(v) ?? []), `${obj.metadata.namespace}/${obj.metadata.name}`]);
          }
          expect(idx.listIndexFuncValues(name)).toEqual([...rebuilt.keys()].sort());
          for (const [v, keys] of rebuilt) expect(idx.indexKeys(name, v).sort()).toEqual(keys.sort());
        }
      }),
      { seed: 4242, numRuns: 300 },
    );
  });
});
