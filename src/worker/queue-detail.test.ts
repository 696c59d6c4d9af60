/**
 * The focused controller's queue in the frame: a key added while it is already queued is sent with the number of
 * adds merged into it (client-go's dedup), and a rate-limited key with the time its backoff ends.
 */
import { describe, expect, it } from 'vitest';
import { deploymentYaml, harness } from './testing/sim-host-harness.ts';

function settled(controller = 'replicaset-controller') {
  const h = harness();
  h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 2, manifests: deploymentYaml(3) } });
  h.host.receive({ type: 'speed', speed: 100 });
  h.host.receive({ type: 'play' });
  h.run(400);
  h.host.receive({ type: 'focusController', name: controller });
  return h;
}

describe('the focused controller’s queue in the frame', () => {
  it('carries, per queued key, the adds merged into it since it was queued', () => {
    const h = settled();
    h.host.receive({ type: 'act', requestId: 2, action: { type: 'fault', fault: { type: 'pause-controller', controller: 'replicaset-controller' } } });
    const pods = h.frames().flatMap((f) => f.objects.upserts).filter((o) => o.kind === 'Pod').map((o) => o.name);
    const names = [...new Set(pods)].slice(0, 3);
    expect(names.length).toBe(3);
    names.forEach((name, i) => h.host.receive({ type: 'act', requestId: 10 + i, action: { type: 'delete', resource: 'pod', name } }));
    h.run(200);
    const focus = h.frames().at(-1)!.focus!;
    expect(focus.name).toBe('replicaset-controller');
    expect(focus.queued).toHaveLength(1);
    const key = focus.queued[0]!;
    expect(key).toMatch(/^default\/web-/);
    // Three pods deleted (each an update for its deletionTimestamp and then a delete): one key, the rest merged.
    expect(focus.mergedAdds[key]).toBeGreaterThanOrEqual(2);

    h.host.receive({ type: 'act', requestId: 20, action: { type: 'fault', fault: { type: 'resume-controller', controller: 'replicaset-controller' } } });
    h.run(200);
    const after = h.frames().at(-1)!.focus!;
    expect(after.mergedAdds[key]).toBeUndefined();
  });

  it('carries a rate-limited key with the virtual time its backoff ends', () => {
    // Every write to a ReplicaSet fails with 409: the Deployment controller's scale of its ReplicaSet errors.
    const h = settled('deployment-controller');
    h.host.receive({ type: 'act', requestId: 2, action: { type: 'fault', fault: { type: 'inject-conflicts', resource: 'replicasets', duration: 60_000 } } });
    h.host.receive({ type: 'act', requestId: 3, action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 5 } });
    let backoff;
    for (let i = 0; i < 50 && !backoff; i++) {
      h.run(16);
      backoff = h.frames().at(-1)!.focus?.backoff[0];
    }
    expect(backoff).toMatchObject({ key: 'default/web', reason: 'retry' });
    expect(backoff!.readyAt).toBeGreaterThan(h.frames().at(-1)!.now);
  });
});
