import { describe, expect, it } from 'vitest';
import { alreadyExists, conflict, forbidden, invalid, methodNotSupported, notFound, resourceNotServed, serviceUnavailable } from './status.ts';

describe('Status details follow Go omitempty (apimachinery meta/v1 types.go StatusDetails, StatusCause)', () => {
  it('a core-group resource has no details.group (issue 15, item 3)', () => {
    const core = { group: '', resource: 'pods' };
    for (const s of [notFound(core, 'p'), alreadyExists(core, 'p'), conflict(core, 'p'), forbidden(core, 'p', 'no'), methodNotSupported(core, 'delete'), resourceNotServed(core)]) {
      expect(s.details).toBeDefined();
      expect('group' in s.details!, s.message).toBe(false);
    }
    expect(JSON.stringify(notFound(core, 'p').details)).toBe('{"name":"p","kind":"pods"}');
    expect(notFound({ group: 'apps', resource: 'deployments' }, 'web').details).toEqual({ name: 'web', group: 'apps', kind: 'deployments' });
  });
  it('an Invalid of a core kind has no group; an object without a name has no details.name; a cause without a field has no field', () => {
    const s = invalid({ group: '', kind: 'Pod' }, '', [{ type: 'FieldValueRequired', field: '', body: 'Required value' }]);
    expect(s.details).toEqual({ kind: 'Pod', causes: [{ reason: 'FieldValueRequired', message: 'Required value' }] });
  });
  it('details with nothing but retryAfterSeconds keep it alone', () => {
    expect(serviceUnavailable('down').details).toEqual({ retryAfterSeconds: 1 });
  });
});
