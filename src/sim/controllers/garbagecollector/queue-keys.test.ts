import { describe, expect, it } from 'vitest';
import { QueueKeys } from './queue-keys.ts';

const rs = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', namespace: 'default', uid: '0ce51caa-d55e-4720-872f-cbce0731ef77' };

describe('QueueKeys', () => {
  it('a key names the object and resolves to its UID and queue', () => {
    const k = new QueueKeys();
    expect(k.keyFor(rs, 'attemptToDelete')).toBe('ReplicaSet default/web-1 [0ce51caa]');
    expect(k.keyFor(rs, 'attemptToOrphan')).toBe('orphan ReplicaSet default/web-1 [0ce51caa]');
    expect(k.resolve('ReplicaSet default/web-1 [0ce51caa]')).toEqual({ queue: 'attemptToDelete', uid: rs.uid });
    expect(k.resolve('orphan ReplicaSet default/web-1 [0ce51caa]')).toEqual({ queue: 'attemptToOrphan', uid: rs.uid });
    expect(k.keyFor({ ...rs, kind: 'Node', namespace: '', name: 'node-1' }, 'attemptToDelete')).toBe('Node node-1 [0ce51caa]');
  });

  it('two objects of the same name whose UIDs share a prefix get distinct keys', () => {
    const k = new QueueKeys();
    const other = { ...rs, uid: '0ce51caa-0000-4000-8000-000000000000' };
    const a = k.keyFor(rs, 'attemptToDelete');
    const b = k.keyFor(other, 'attemptToDelete');
    expect(a).not.toBe(b);
    expect(k.resolve(b)?.uid).toBe(other.uid);
  });

  it('a node gone from the graph leaves its keys unresolved', () => {
    const k = new QueueKeys();
    const key = k.keyFor(rs, 'attemptToDelete');
    k.forget(rs.uid);
    expect(k.resolve(key)).toBeUndefined();
  });
});
