/** The set-load action through a Simulation: the load model records it, bad input is refused with a message. */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';

describe('set-load', () => {
  it('records the demand at the current virtual time', () => {
    const s = Simulation.create({ seed: 1, nodes: 1, controllers: [] });
    s.runFor(5_000);
    const r = s.act({ type: 'set-load', resource: 'deploy', name: 'web', cpu: '4200m', memory: '1Gi' });
    expect(r.ok).toBe(true);
    expect(r.messages).toEqual(['deployment.apps/web load set: cpu 4200m, memory 1073741824 bytes']);
    const model = s.cluster.loadModel;
    expect(model.demandAt('default', 'web', 4_999)).toEqual({ cpuMillis: 0, memoryBytes: 0 });
    expect(model.demandAt('default', 'web', 5_000)).toEqual({ cpuMillis: 4200, memoryBytes: 1073741824 });
  });

  it('refuses a resource other than a Deployment, an invalid quantity, or no quantity at all', () => {
    const s = Simulation.create({ seed: 1, nodes: 1, controllers: [] });
    expect(s.act({ type: 'set-load', resource: 'pod', name: 'web', cpu: '1' }).ok).toBe(false);
    const bad = s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: 'lots' });
    expect(bad.ok).toBe(false);
    expect(bad.messages[0]).toBe('error: set-load: invalid cpu quantity "lots"');
    expect(s.act({ type: 'set-load', resource: 'deployment', name: 'web' }).ok).toBe(false);
    expect(s.cluster.loadModel.history()).toEqual([]);
  });
});
