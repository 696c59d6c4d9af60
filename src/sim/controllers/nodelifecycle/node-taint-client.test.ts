import { describe, expect, it } from 'vitest';
import { addOrUpdateTaints, deleteTaints } from './node-taint-client.ts';

describe('taint helpers (pkg/util/taints)', () => {
  const ns = { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' };
  const ne = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-01-01T00:01:00Z' };
  it('AddOrUpdateTaint appends a new taint, replaces one with the same key and effect, and is a no-op for an identical one', () => {
    expect(addOrUpdateTaints([ns], [ne])).toEqual({ taints: [ns, ne], updated: true });
    const later = { ...ne, timeAdded: '2026-01-01T00:02:00Z' };
    expect(addOrUpdateTaints([ns, ne], [later])).toEqual({ taints: [ns, later], updated: true });
    expect(addOrUpdateTaints([ns, ne], [ne]).updated).toBe(false);
  });
  it('DeleteTaint matches on key and effect only', () => {
    expect(deleteTaints([ns, ne], [{ key: ne.key, effect: 'NoExecute' }])).toEqual({ taints: [ns], deleted: true });
    expect(deleteTaints([ns], [{ key: 'x', effect: 'NoSchedule' }]).deleted).toBe(false);
  });
});
