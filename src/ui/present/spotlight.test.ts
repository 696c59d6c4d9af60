import { describe, expect, it } from 'vitest';
import { spotlightObject, spotlightObjectRule } from './spotlight.ts';

describe('the object spotlight', () => {
  it('reads the object of an object or field spotlight', () => {
    expect(spotlightObject({ object: 'deployment/web' })).toEqual({ kind: 'deployment', name: 'web' });
    expect(spotlightObject({ field: { object: 'deployment/web', path: 'spec.replicas' } })).toEqual({ kind: 'deployment', name: 'web' });
    expect(spotlightObject({ controller: 'cronjob-controller' })).toBeNull();
    expect(spotlightObject(undefined)).toBeNull();
  });

  it('rings the row by its test id, ignoring case', () => {
    expect(spotlightObjectRule({ object: 'deployment/web' })).toContain('[data-testid="obj-deployment-web" i]');
  });

  it('makes no rule of a name that could break out of the selector', () => {
    for (const object of ['deployment/we"b] * {x:y} [a="', 'deployment', 'a/b/c', 'deployment/', '/web', 'pod/a\\"b'])
      expect(spotlightObjectRule({ object }), object).toBeNull();
  });
});
