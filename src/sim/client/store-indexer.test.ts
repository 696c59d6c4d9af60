import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { CONTROLLER_UID_INDEX, NAMESPACE_INDEX, NODE_NAME_INDEX, metaNamespaceIndexFunc, registerIndexFunc } from './index-funcs.ts';
import { newIndexer } from './indexer.ts';
import { deletedFinalStateUnknown, newStore } from './store.ts';

function pod(ns: string, name: string, rv: string, extra: { node?: string; owner?: string } = {}): KubeObject {
  return Object.freeze({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      namespace: ns,
      name,
      resourceVersion: rv,
      ...(extra.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: extra.owner, controller: true }] } : {}),
    },
    spec: extra.node ? { nodeName: extra.node, containers: [] } : { containers: [] },
  });
}

describe('Store', () => {
  it('keys objects by namespace/name and keeps the same frozen references', () => {
    const s = newStore();
    const a = pod('default', 'a', '1');
    s.add(a);
    expect(s.getByKey('default/a')).toBe(a);
    expect(s.listKeys()).toEqual(['default/a']);
    const a2 = pod('default', 'a', '2');
    s.update(a2);
    expect(s.get(a)).toBe(a2);
    s.delete(deletedFinalStateUnknown('default/a', a2));
    expect(s.list()).toEqual([]);
  });

  it('replace drops keys missing from the new list', () => {
    const s = newStore();
    s.add(pod('default', 'a', '1'));
    s.add(pod('default', 'b', '2'));
    s.replace([pod('default', 'b', '3'), pod('default', 'c', '4')], '4');
    expect(s.listKeys().sort()).toEqual(['default/b', 'default/c']);
    expect(s.getByKey('default/b')?.metadata.resourceVersion).toBe('3');
  });
});

describe('Indexer', () => {
  it('indexes by the built-in namespace, controller-uid and spec.nodeName functions', () => {
    const idx = newIndexer([NAMESPACE_INDEX, CONTROLLER_UID_INDEX, NODE_NAME_INDEX]);
    idx.add(pod('a', 'p1', '1', { owner: 'u1', node: 'n1' }));
    idx.add(pod('a', 'p2', '2', { owner: 'u2' }));
    idx.add(pod('b', 'p3', '3', { owner: 'u1', node: 'n1' }));
    expect(idx.indexKeys(NAMESPACE_INDEX, 'a').sort()).toEqual(['a/p1', 'a/p2']);
    expect(idx.byIndex(CONTROLLER_UID_INDEX, 'u1').map((p) => p.metadata.name).sort()).toEqual(['p1', 'p3']);
    expect(idx.byIndex(NODE_NAME_INDEX, 'n1')).toHaveLength(2);
    expect(idx.byIndex(NODE_NAME_INDEX, '').map((p) => p.metadata.name)).toEqual(['p2']);
    expect(idx.listIndexFuncValues(NAMESPACE_INDEX)).toEqual(['a', 'b']);
  });

  it('moves an object between index values on update and forgets it on delete', () => {
    const idx = newIndexer([NODE_NAME_INDEX]);
    idx.add(pod('a', 'p', '1'));
    idx.update(pod('a', 'p', '2', { node: 'n1' }));
    expect(idx.indexKeys(NODE_NAME_INDEX, '')).toEqual([]);
    expect(idx.indexKeys(NODE_NAME_INDEX, 'n1')).toEqual(['a/p']);
    idx.delete(pod('a', 'p', '2'));
    expect(idx.listIndexFuncValues(NODE_NAME_INDEX)).toEqual([]);
  });

  it('keeps indices right across replace', () => {
    const idx = newIndexer([NAMESPACE_INDEX]);
    idx.add(pod('a', 'p1', '1'));
    idx.replace([pod('b', 'p2', '2')], '2');
    expect(idx.byIndex(NAMESPACE_INDEX, 'a')).toEqual([]);
    expect(idx.indexKeys(NAMESPACE_INDEX, 'b')).toEqual(['b/p2']);
  });

  it('addIndexers indexes objects already stored, by registered name', () => {
    registerIndexFunc('test/by-rv', (o) => [o.metadata.resourceVersion ?? '']);
    const idx = newIndexer();
    idx.add(pod('a', 'p1', '7'));
    idx.addIndexers(['test/by-rv']);
    expect(idx.indexKeys('test/by-rv', '7')).toEqual(['a/p1']);
    expect(idx.getIndexers()).toEqual(['test/by-rv']);
  });

  it('a replaced namespace index function is used on updates too (the same-namespace shortcut is for the default)', () => {
    registerIndexFunc(NAMESPACE_INDEX, (o) => [o.metadata.resourceVersion ?? '']);
    try {
      const idx = newIndexer([NAMESPACE_INDEX]);
      idx.add(pod('a', 'p1', '1'));
      idx.update(pod('a', 'p1', '2'));
      expect(idx.listIndexFuncValues(NAMESPACE_INDEX)).toEqual(['2']);
    } finally {
      registerIndexFunc(NAMESPACE_INDEX, metaNamespaceIndexFunc);
    }
    const idx = newIndexer([NAMESPACE_INDEX]);
    idx.add(pod('a', 'p1', '1'));
    idx.update(pod('a', 'p1', '2'));
    expect(idx.listIndexFuncValues(NAMESPACE_INDEX)).toEqual(['a']);
  });

  it('rejects an unknown index name', () => {
    expect(() => newIndexer(['no-such-index'])).toThrow(/no index function/);
    expect(() => newIndexer().byIndex('namespace', 'x')).toThrow(/does not exist/);
  });
});
