import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { objectsInScope } from './compare-cache.ts';

const pod = (namespace: string, name: string, labels: Record<string, string>, nodeName?: string): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { namespace, name, labels }, spec: { containers: [], ...(nodeName ? { nodeName } : {}) } }) as KubeObject;
const names = (objs: readonly KubeObject[]) => objs.map((o) => o.metadata.name);

describe('objectsInScope: the truth an informer is compared with is what its own list returns', () => {
  const pods = [pod('default', 'a', { app: 'web' }, 'node-1'), pod('default', 'b', { app: 'db' }, 'node-2'), pod('other', 'c', { app: 'web' })];

  it("a kubelet's field selector keeps only its node's pods", () => {
    expect(names(objectsInScope({ apiVersion: 'v1', kind: 'Pod', fieldSelector: 'spec.nodeName=node-1' }, pods))).toEqual(['a']);
  });

  it("the scheduler's field selector keeps only the pods without a node", () => {
    expect(names(objectsInScope({ apiVersion: 'v1', kind: 'Pod', fieldSelector: 'spec.nodeName=' }, pods))).toEqual(['c']);
  });

  it('a namespace and a label selector narrow it as the api-server does', () => {
    expect(names(objectsInScope({ apiVersion: 'v1', kind: 'Pod', namespace: 'default' }, pods))).toEqual(['a', 'b']);
    expect(names(objectsInScope({ apiVersion: 'v1', kind: 'Pod', labelSelector: 'app in (web)' }, pods))).toEqual(['a', 'c']);
    expect(names(objectsInScope({ apiVersion: 'v1', kind: 'Pod' }, pods))).toEqual(['a', 'b', 'c']);
  });

  it('a selector the api-server refuses selects nothing, without a throw', () => {
    expect(objectsInScope({ apiVersion: 'v1', kind: 'Pod', fieldSelector: 'spec.foo=bar' }, pods)).toEqual([]);
    expect(objectsInScope({ apiVersion: 'v1', kind: 'Pod', labelSelector: 'a in ()' }, pods)).toEqual([]);
  });
});
