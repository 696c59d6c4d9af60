import { describe, expect, it } from 'vitest';
import { Simulation } from './simulation.ts';
import { libraries } from './libraries.ts';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

describe('Simulation', () => {
  it('applies manifests as kubectl would and answers with kubectl’s lines', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const r = sim.apply(DEPLOYMENT);
    expect(r.ok).toBe(true);
    expect(r.messages).toEqual(['deployment.apps/web created']);
    expect(sim.getObject('deploy', 'default', 'web')?.spec).toMatchObject({ replicas: 3, strategy: { type: 'RollingUpdate' } });
    expect(sim.apply(DEPLOYMENT).messages).toEqual(['deployment.apps/web unchanged']);
    expect(sim.apply(DEPLOYMENT.replace('replicas: 3', 'replicas: 5')).messages).toEqual(['deployment.apps/web configured']);
  });

  it('applying YAML text and applying the same manifests as objects give the same run, byte for byte', () => {
    const run = (manifests: string | object[]) => {
      const sim = Simulation.create({ seed: 7, nodes: 2 });
      expect(sim.apply(manifests).ok).toBe(true);
      sim.runUntil(20_000);
      return JSON.stringify(sim.trace.slice());
    };
    const objects = [JSON.parse(JSON.stringify(libraries().yaml.parse(DEPLOYMENT)))];
    const fromText = run(DEPLOYMENT);
    expect(run(objects)).toBe(fromText);
    expect(fromText.length).toBeGreaterThan(10_000);
  });

  it('applies nothing when one document is invalid, and says which field is wrong', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\ndata: {a: "1"}\n';
    const r = sim.apply(`${cm}---\n${DEPLOYMENT.replace('replicas: 3', 'replicas: -1')}`);
    expect(r.ok).toBe(false);
    expect(r.results[0]!.index).toBe(1);
    expect(r.results[0]!.status?.reason).toBe('Invalid');
    expect(r.results[0]!.status?.details?.causes?.[0]?.field).toBe('spec.replicas');
    expect(sim.getObject('configmap', 'default', 'settings')).toBeUndefined();
  });

  it('reports YAML errors with their line and unknown kinds by name, without applying anything', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const bad = sim.apply('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [oops\n');
    expect(bad.ok).toBe(false);
    expect(bad.errors[0]!.line).toBeGreaterThan(0);
    const unknown = sim.apply('apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n');
    expect(unknown.ok).toBe(false);
    expect(unknown.messages[0]).toMatch(/no matches for kind "Widget" in version "example.com\/v1"/);
  });

  it('a namespace and an object in it can be applied together', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const r = sim.apply('apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\n');
    expect(r.messages).toEqual(['namespace/shop created', 'configmap/c created']);
  });

  it('traces every request of an action back to the user action', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const r = sim.apply(DEPLOYMENT);
    const response = sim.trace.slice().find((e) => e.kind === 'api.response' && e.verb === 'apply');
    expect(response).toBeDefined();
    const chain = sim.trace.causeChain(response!.id);
    expect(chain.at(-1)!.id).toBe(r.eventId);
    expect(chain.at(-1)!.kind).toBe('user.action');
  });

  it('rejects bad actions and faults with a message and keeps running', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    expect(sim.act({ type: 'delete', resource: 'widgets', name: 'x' }).messages[0]).toBe('error: the server doesn\'t have a resource type "widgets"');
    expect(sim.act({ type: 'delete', resource: 'pod', name: 'nope' }).messages[0]).toBe('Error from server (NotFound): pods "nope" not found');
    expect(sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'nope' } }).ok).toBe(false);
    expect(sim.act({ type: 'fault', fault: { type: 'apiserver-unavailable', duration: -5 } }).ok).toBe(false);
    expect(sim.act({ type: 'scale', resource: 'deploy', name: 'web', replicas: -1 }).ok).toBe(false);
    sim.runFor(1000);
    expect(sim.now).toBe(1000);
  });

  it('steps back to the exact earlier state and replays forward to the same trace', () => {
    const sim = Simulation.create({ seed: 5, nodes: 2 });
    sim.apply(DEPLOYMENT);
    sim.runFor(20_000);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 1 });
    sim.runFor(20_000);
    const full = sim.trace.slice().map((e) => JSON.stringify(e));
    const head = sim.step;
    sim.seekStep(Math.floor(head / 3));
    expect(sim.getObject('deploy', 'default', 'web')?.spec).toMatchObject({ replicas: 3 });
    sim.seekStep(head);
    expect(sim.trace.slice().map((e) => JSON.stringify(e))).toEqual(full);
  });

  it('a recipe rebuilds the same run', () => {
    const sim = Simulation.create({ seed: 9, nodes: 2 });
    sim.apply(DEPLOYMENT);
    sim.runFor(10_000);
    sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'kube-controller-manager' } });
    sim.runFor(10_000);
    const again = Simulation.fromRecipe(JSON.parse(JSON.stringify(sim.recipe())));
    expect(again.trace.slice().map((e) => JSON.stringify(e))).toEqual(sim.trace.slice().map((e) => JSON.stringify(e)));
  });

  it("a recipe keeps the viewer's clock, which playing moves past the last event while nothing happens", () => {
    const sim = Simulation.create({ seed: 9, nodes: 2 });
    sim.apply(DEPLOYMENT);
    sim.runFor(60_000);
    sim.runUntil(sim.now + 0.5);
    const again = Simulation.fromRecipe(JSON.parse(JSON.stringify(sim.recipe())));
    expect(again.step).toBe(sim.step);
    expect(again.now).toBe(sim.now);
    // An older recipe without the time opens at its step's time.
    const { time: _time, ...old } = sim.recipe();
    expect(Simulation.fromRecipe(old).now).toBeLessThanOrEqual(sim.now);
  });
});

describe('Simulation.follow', () => {
  const cm = (name: string) => ({ type: 'apply' as const, manifests: `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\n` });

  it('applies another run\'s inputs at their positions and reaches the same trace', () => {
    const served = Simulation.create({ seed: 3, nodes: 1 });
    served.runFor(2000);
    const copy = Simulation.fromRecipe(served.recipe());
    served.act(cm('a'));
    served.runFor(1500);
    served.act(cm('b'));
    served.runFor(700);
    expect(copy.follow(served.inputs.slice(copy.inputs.length), served.step, served.now)).toBeNull();
    expect(copy.step).toBe(served.step);
    expect(copy.now).toBe(served.now);
    expect(JSON.stringify(copy.trace.slice())).toBe(JSON.stringify(served.trace.slice()));
  });

  it('refuses, changing nothing, an input logged before its present or a malformed one', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1 });
    sim.runFor(2000);
    const step = sim.step;
    expect(sim.follow([{ afterStep: 1, at: 0, action: cm('x') }], step + 5, sim.now)).toMatch(/before step/);
    expect(sim.follow([{ afterStep: step, at: sim.now, action: { type: 'nope' } as never }], step + 5, sim.now)).toMatch(/input 1/);
    expect(sim.step).toBe(step);
    expect(sim.inputs).toHaveLength(0);
  });
});
