import { describe, expect, it } from 'vitest';
import { MvccStore } from './mvcc-store.ts';
import type { KubeObject } from '../../api/object.ts';

const cm = (name: string, v = '0'): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data: { v } });

describe('MvccStore', () => {
  it('every write bumps the one global revision and stamps it as resourceVersion', () => {
    const s = new MvccStore();
    const a = s.put('configmaps', 'ns/a', cm('a'));
    const b = s.put('pods', 'ns/b', { ...cm('b'), kind: 'Pod' });
    expect([a.revision, b.revision]).toEqual([1, 2]);
    expect(s.get('configmaps', 'ns/a')!.metadata.resourceVersion).toBe('1');
    expect(Object.isFrozen(s.get('configmaps', 'ns/a')!.data)).toBe(true);
  });
  it('a second put is MODIFIED with the previous object; remove is DELETED with the deletion revision', () => {
    const s = new MvccStore();
    const first = s.put('configmaps', 'ns/a', cm('a')).object;
    const mod = s.put('configmaps', 'ns/a', cm('a', '1'));
    expect(mod.type).toBe('MODIFIED');
    expect(mod.prev).toBe(first);
    const del = s.remove('configmaps', 'ns/a')!;
    expect(del.type).toBe('DELETED');
    expect(del.object.metadata.resourceVersion).toBe('3');
    expect(del.object.data).toEqual({ v: '1' });
    expect(s.remove('configmaps', 'ns/a')).toBeUndefined();
  });
  it('lists in key order, optionally by namespace', () => {
    const s = new MvccStore();
    s.put('configmaps', 'ns/b', cm('b'));
    s.put('configmaps', 'other/a', { ...cm('a'), metadata: { name: 'a', namespace: 'other' } });
    s.put('configmaps', 'ns/a', cm('a'));
    expect(s.list('configmaps').map((o) => `${o.metadata.namespace}/${o.metadata.name}`)).toEqual(['ns/a', 'ns/b', 'other/a']);
    expect(s.list('configmaps', 'ns')).toHaveLength(2);
    expect(s.count('configmaps')).toBe(3);
  });
  it('the bounded history keeps the last N events; older revisions cannot be replayed', () => {
    const s = new MvccStore(3);
    for (let i = 0; i < 5; i++) s.put('configmaps', `ns/c${i}`, cm(`c${i}`));
    expect(s.compactedRevision).toBe(2);
    expect(s.canReplayFrom(1)).toBe(false);
    expect(s.canReplayFrom(2)).toBe(true);
    expect(s.eventsAfter(2).map((e) => e.revision)).toEqual([3, 4, 5]);
    expect(s.eventsAfter(4).map((e) => e.revision)).toEqual([5]);
    expect(s.eventsAfter(5)).toEqual([]);
  });
  it('compact forgets the history up to a revision', () => {
    const s = new MvccStore();
    for (let i = 0; i < 4; i++) s.put('configmaps', `ns/c${i}`, cm(`c${i}`));
    s.compact(3);
    expect(s.canReplayFrom(2)).toBe(false);
    expect(s.eventsAfter(3).map((e) => e.revision)).toEqual([4]);
    s.put('configmaps', 'ns/x', cm('x'));
    expect(s.eventsAfter(3).map((e) => e.revision)).toEqual([4, 5]);
  });
});
