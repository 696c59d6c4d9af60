/** Cases of k8s.io/apimachinery/pkg/util/managedfields/internal/conflict_test.go (`TestNewConflictError`). */
import { describe, expect, it } from 'vitest';
import { applyConflict, conflictMessage, printManager } from './conflict.ts';

describe('apply conflict messages', () => {
  it('one conflict', () => {
    expect(conflictMessage([{ manager: { manager: 'foo', operation: 'Apply' }, path: ['f:spec', 'f:replicas'] }])).toBe(
      'Apply failed with 1 conflict: conflict with "foo": .spec.replicas',
    );
  });

  it('several conflicts, grouped by manager with managers sorted, an Update manager with version and time', () => {
    const msg = conflictMessage([
      { manager: { manager: 'foo', operation: 'Update', apiVersion: 'v1', time: '2001-02-03T04:05:06Z' }, path: ['f:spec', 'f:replicas'] },
      { manager: { manager: 'bar', operation: 'Apply' }, path: ['f:metadata', 'f:labels', 'f:app'] },
    ]);
    expect(msg).toBe('Apply failed with 2 conflicts: conflicts with "bar":\n- .metadata.labels.app\nconflicts with "foo" using v1 at 2001-02-03T04:05:06Z:\n- .spec.replicas');
  });

  it('the causes keep the order found; only the message sorts the managers (issue 15, item 5)', () => {
    const found = [
      { manager: { manager: 'zeta', operation: 'Apply' }, path: ['f:spec', 'f:replicas'] },
      { manager: { manager: 'alpha', operation: 'Apply' }, path: ['f:metadata', 'f:labels', 'f:b'] },
      { manager: { manager: 'zeta', operation: 'Apply' }, path: ['f:metadata', 'f:labels', 'f:a'] },
    ];
    const s = applyConflict(found);
    expect(s.details?.causes?.map((c) => `${c.message} ${c.field}`)).toEqual(['conflict with "zeta" .spec.replicas', 'conflict with "alpha" .metadata.labels.b', 'conflict with "zeta" .metadata.labels.a']);
    expect(s.message).toBe('Apply failed with 3 conflicts: conflicts with "alpha":\n- .metadata.labels.b\nconflicts with "zeta":\n- .spec.replicas\n- .metadata.labels.a');
  });

  it('names a subresource, and the Status carries one FieldManagerConflict cause per field', () => {
    expect(printManager({ manager: 'ctrl', operation: 'Update', subresource: 'status', apiVersion: 'apps/v1' })).toBe('"ctrl" with subresource "status" using apps/v1');
    const s = applyConflict([{ manager: { manager: 'a', operation: 'Apply' }, path: ['f:spec', 'f:template', 'f:spec', 'f:containers', 'k:{"name":"web"}', 'f:image'] }]);
    expect(s).toMatchObject({ code: 409, reason: 'Conflict', details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "a"', field: '.spec.template.spec.containers[name="web"].image' }] } });
  });
});
