import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';

const BAD = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: -1
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: nginx }] }
`;

describe("the user's kubectl", () => {
  it('a refused apply is in the trace: the user.action, then the failing dry-run request and its 422', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const r = sim.act({ type: 'apply', manifests: BAD, command: 'kubectl apply -f web.yaml' });
    expect(r.ok).toBe(false);
    const events = sim.trace.slice(0, sim.trace.length);
    const action = events.find((e) => e.id === r.eventId)!;
    expect(action).toMatchObject({ kind: 'user.action', detail: 'kubectl apply -f web.yaml' });
    const caused = events.filter((e) => e.causeId === r.eventId || events.some((p) => p.causeId === r.eventId && p.id === e.causeId));
    const request = caused.find((e) => e.kind === 'api.request');
    const response = caused.find((e) => e.kind === 'api.response');
    expect(request).toMatchObject({ verb: 'apply', object: { kind: 'Deployment', name: 'web' } });
    expect(response).toMatchObject({ code: 422, reason: 'Invalid' });
    expect(sim.getObject('deployment', 'default', 'web')).toBeUndefined();
  });

  it('an apply is still all-or-nothing: one bad document writes none of them', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const r = sim.act({ type: 'apply', manifests: `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: ok }\n---\n${BAD}` });
    expect(r.ok).toBe(false);
    expect(sim.getObject('configmap', 'default', 'ok')).toBeUndefined();
  });

  it('a server-side dry run writes nothing and says so', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const r = sim.act({ type: 'apply', manifests: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: ok }\n', dryRun: true });
    expect(r.messages).toEqual(['configmap/ok created (server dry run)']);
    expect(sim.getObject('configmap', 'default', 'ok')).toBeUndefined();
  });

  it('replace PUTs the object as given', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    sim.act({ type: 'apply', manifests: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\ndata: { a: "1" }\n' });
    const r = sim.act({ type: 'apply', replace: true, manifests: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\ndata: { b: "2" }\n' });
    expect(r.messages).toEqual(['configmap/c replaced']);
    expect(sim.getObject('configmap', 'default', 'c')?.data).toEqual({ b: '2' });
  });
});
