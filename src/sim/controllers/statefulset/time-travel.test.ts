/**
 * The StatefulSet controller's state survives the timeline's checkpoints: seeking back into the middle of an ordered
 * scale-up and a rolling update, then forward again, replays the same trace (nothing it holds is a closure or
 * depends on when it was built).
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation.ts';
import { traceHash } from '../../trace/trace-hash.ts';

const SET = `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: web
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: app, image: "nginx:1.0"}]}
  volumeClaimTemplates: [{metadata: {name: data}, spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}}]
`;

describe('StatefulSet and the timeline', () => {
  it('seeking back mid-rollout and running forward again gives the same trace', () => {
    const sim = Simulation.create({ seed: 5, nodes: 2 });
    sim.apply(SET);
    sim.runUntil(4_000);
    sim.act({ type: 'patch', resource: 'sts', name: 'web', patchType: 'strategic', patch: { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:2.0' }] } } } } });
    sim.runUntil(40_000);
    const first = traceHash(sim.trace.slice());
    const pods = sim.listObjects('pods', 'default', 'app=web').map((p) => `${p.metadata.name} ${p.metadata.uid}`);
    for (const t of [2_500, 6_000, 12_000]) {
      const back = sim.seekTime(t);
      expect(back.ok, back.ok ? '' : back.error).toBe(true);
      sim.runUntil(40_000);
      expect(traceHash(sim.trace.slice())).toBe(first);
      expect(sim.listObjects('pods', 'default', 'app=web').map((p) => `${p.metadata.name} ${p.metadata.uid}`)).toEqual(pods);
    }
  });
});
