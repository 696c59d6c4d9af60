// indexValuesUnchanged is a shortcut for comparing two value arrays: whenever it says "unchanged", the index function
// gives both objects the same values, and at most one (so that the plain update, client-go's updateSingleIndex,
// would have changed nothing either: not even the order of the keys under the value).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import {
  CONTROLLER_UID_INDEX,
  NAMESPACE_INDEX,
  NODE_NAME_INDEX,
  POD_CONTROLLER_UID_INDEX,
  indexFunc,
  indexValuesUnchanged,
} from './index-funcs.ts';

const NAMES = [NAMESPACE_INDEX, CONTROLLER_UID_INDEX, POD_CONTROLLER_UID_INDEX, NODE_NAME_INDEX];

const refArb = fc.record({ uid: fc.constantFrom('u1', 'u2'), controller: fc.option(fc.boolean(), { nil: undefined }) });
const refsArb = fc.option(fc.array(refArb, { maxLength: 3 }), { nil: undefined });
const specArb = fc.option(fc.record({ nodeName: fc.option(fc.constantFrom('', 'n1', 'n2'), { nil: undefined }) }), { nil: undefined });
const versionArb = fc.record({ kind: fc.constantFrom('Pod', 'ReplicaSet'), refs: refsArb, spec: specArb });

function objectOf(v: { kind: string; refs: unknown; spec: unknown }, shared?: { refs: unknown; spec: unknown }): KubeObject {
  const refs = shared ? shared.refs : v.refs === undefined ? undefined : (v.refs as { uid: string }[]).map((r) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', ...r }));
  const spec = shared ? shared.spec : v.spec;
  return {
    apiVersion: 'v1',
    kind: v.kind,
    metadata: { namespace: 'a', name: 'p', ...(refs === undefined ? {} : { ownerReferences: refs }) },
    ...(spec === undefined ? {} : { spec }),
  } as unknown as KubeObject;
}

describe('indexValuesUnchanged (property)', () => {
  it('when it says unchanged, the values are the same, and at most one', () => {
    fc.assert(
      fc.property(versionArb, versionArb, fc.boolean(), fc.boolean(), (a, b, shareRefs, shareSpec) => {
        const old = objectOf(a);
        // The next version: its own fields, or the previous version's very subtrees (as the api-server keeps them).
        const obj = objectOf(b, {
          refs: shareRefs ? old.metadata.ownerReferences : objectOf(b).metadata.ownerReferences,
          spec: shareSpec ? old.spec : b.spec,
        });
        for (const name of NAMES) {
          const fn = indexFunc(name);
          if (!indexValuesUnchanged(fn, old, obj)) continue;
          expect(fn(obj)).toEqual(fn(old));
          expect(fn(old).length).toBeLessThanOrEqual(1);
        }
      }),
      { seed: 7341, numRuns: 2000 },
    );
  });

  it('says unchanged for a status write that keeps the owner references and the node', () => {
    const refs = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u1', controller: true }];
    const old = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ownerReferences: refs }, spec: { nodeName: 'n1' } } as unknown as KubeObject;
    const obj = { ...old, metadata: { ...old.metadata, resourceVersion: '2' }, spec: { nodeName: 'n1' } } as KubeObject;
    for (const name of [CONTROLLER_UID_INDEX, POD_CONTROLLER_UID_INDEX, NODE_NAME_INDEX]) expect(indexValuesUnchanged(indexFunc(name), old, obj)).toBe(true);
  });
});
