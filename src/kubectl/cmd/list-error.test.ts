import { describe, expect, it } from 'vitest';
import { kubectl, webCluster } from '../testing/fixture.ts';

describe('a failed list, as kubectl’s resource builder words it', () => {
  it('names the resource and the selectors (as real kubectl 1.32 prints it against loopscope serve)', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'kubectl get pods --field-selector=spec.foo=bar').stderr).toBe(
      'Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "spec.foo=bar": field label not supported: spec.foo\n',
    );
    expect(kubectl(sim, 'kubectl delete deploy -l app=web --field-selector=spec.x=1').stderr).toMatch(/^Error from server \(BadRequest\): Unable to find "apps\/v1, Resource=deployments" that match label selector "app=web", field selector "spec\.x=1": /);
  });
});
