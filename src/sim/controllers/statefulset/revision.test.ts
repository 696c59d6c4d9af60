/** Ported from kubernetes `pkg/controller/statefulset/stateful_set_utils_test.go` (TestCreateApplyRevision,
 * TestRollingUpdateApplyRevision) and `pkg/controller/history/controller_history_test.go` (TestSortControllerRevisions,
 * TestEqualRevision, TestFindEqualRevisions, TestControllerRevisionName, TestNewControllerRevision). */
import { describe, expect, it } from 'vitest';
import { controllerRevisionName, equalRevision, findEqualRevisions, hashControllerRevision, sortControllerRevisions, type ControllerRevisionObject } from './controller-history.ts';
import { applyRevision, getPatch, newRevision, nextRevision } from './revision.ts';
import { newStatefulSet } from './test-fixtures.ts';

function rev(name: string, revision: number, data: unknown = { spec: {} }, creationTimestamp?: string): ControllerRevisionObject {
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name, ...(creationTimestamp ? { creationTimestamp } : {}) }, data: data as object, revision };
}

describe('StatefulSet revisions (stateful_set_utils_test.go, history)', () => {
  it('TestCreateApplyRevision: a revision restores the template it recorded, whatever the set became', () => {
    const set = newStatefulSet(1);
    set.metadata.annotations = { foo: 'bar' };
    const revision = newRevision(set, 1, 0);
    expect(revision.metadata.annotations).toEqual({ foo: 'bar' });
    expect(revision.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'StatefulSet', name: 'foo', uid: 'test', controller: true });
    expect(revision.metadata.labels).toMatchObject({ foo: 'bar', 'controller.kubernetes.io/hash': expect.any(String) });
    const key = 'foo';
    const expectedValue = 'bar';
    set.spec!.template!.spec!.containers[0]!.name = 'foo';
    set.metadata.annotations = { [key]: expectedValue };
    const restoredSet = applyRevision(set, revision);
    const restoredRevision = newRevision(restoredSet, 2, 0);
    expect(equalRevision(revision, restoredRevision)).toBe(true);
    expect(restoredSet.spec!.template!.spec!.containers[0]!.name).toBe('nginx');
    expect(restoredSet.metadata.annotations).toEqual({ foo: 'bar' });
  });

  it('TestRollingUpdateApplyRevision: the current and the update revision give their own templates', () => {
    const set = newStatefulSet(1);
    const currentRevision = newRevision(set, 1, 0);
    set.spec!.template!.spec!.containers[0]!.env = [{ name: 'foo', value: 'bar' }];
    const updateRevision = newRevision(set, 2, 0);
    expect(equalRevision(currentRevision, updateRevision)).toBe(false);
    expect(currentRevision.metadata.name).not.toBe(updateRevision.metadata.name);
    expect(applyRevision(set, currentRevision).spec!.template!.spec!.containers[0]!.env).toBeUndefined();
    expect(applyRevision(set, updateRevision).spec!.template!.spec!.containers[0]!.env).toEqual([{ name: 'foo', value: 'bar' }]);
  });

  it('getPatch records only the template, replaced whole', () => {
    const set = newStatefulSet(3);
    const template = set.spec!.template!;
    expect(getPatch(set)).toEqual({ spec: { template: { ...template, metadata: { creationTimestamp: null, ...template.metadata }, $patch: 'replace' } } });
  });

  it('TestControllerRevisionName and the hash: <parent>-<hash>, the prefix cut to 223, a collision moves the hash', () => {
    expect(controllerRevisionName('web', 'abc')).toBe('web-abc');
    expect(controllerRevisionName('x'.repeat(300), 'abc')).toBe(`${'x'.repeat(223)}-abc`);
    const data = { spec: { template: { $patch: 'replace' } } };
    expect(hashControllerRevision(data, 0)).toBe(hashControllerRevision(structuredClone(data), 0));
    expect(hashControllerRevision(data, 0)).not.toBe(hashControllerRevision(data, 1));
    expect(hashControllerRevision(data, 0)).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/);
  });

  it('TestSortControllerRevisions: by revision, then creation time, then name', () => {
    const sorted = sortControllerRevisions([rev('c', 2), rev('b', 1, {}, '2026-01-02T00:00:00Z'), rev('a', 1, {}, '2026-01-02T00:00:00Z'), rev('z', 1, {}, '2026-01-01T00:00:00Z')]);
    expect(sorted.map((r) => r.metadata.name)).toEqual(['z', 'a', 'b', 'c']);
  });

  it('TestFindEqualRevisions and nextRevision', () => {
    const revisions = [rev('a', 1, { x: 1 }), rev('b', 2, { x: 2 }), rev('c', 3, { x: 1 })];
    expect(findEqualRevisions(revisions, rev('n', 9, { x: 1 })).map((r) => r.metadata.name)).toEqual(['a', 'c']);
    expect(equalRevision(undefined, undefined)).toBe(true);
    expect(equalRevision(revisions[0], undefined)).toBe(false);
    expect(nextRevision([])).toBe(1);
    expect(nextRevision(revisions)).toBe(4);
  });
});
