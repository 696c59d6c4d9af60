import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { Simulation } from '../simulation.ts';
import type { TraceEventOf } from '../trace/trace-event.ts';
import { explain } from '../trace/explain.ts';

const INJECTOR = `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata: {name: injector}
webhooks:
  - name: sidecar-injector.istio.io
    clientConfig: {service: {namespace: webhooks, name: sidecar-injector, path: /inject}}
    rules: [{operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods]}]
    objectSelector: {matchLabels: {mesh: "on"}}
    sideEffects: None
    admissionReviewVersions: [v1]
`;

const FORCE = `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata: {name: pin}
webhooks:
  - name: force-replicas.platform.example.com
    clientConfig: {service: {namespace: webhooks, name: force-replicas, path: "/?replicas=2"}}
    rules: [{operations: [CREATE, UPDATE], apiGroups: [apps], apiVersions: [v1], resources: [deployments, deployments/scale]}]
    sideEffects: None
    admissionReviewVersions: [v1]
`;

function deployment(name: string, replicas: number, labels: Record<string, string> = {}): string {
  return `
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: ${JSON.stringify({ app: name, ...labels })}}
    spec:
      containers: [{name: app, image: nginx:1.27}]
`;
}

function containerNames(pod: KubeObject): string[] {
  return (pod.spec as { containers: { name: string }[] }).containers.map((c) => c.name);
}

function webhookCalls(sim: Simulation): TraceEventOf<'admission.webhook'>[] {
  return sim.trace.slice().filter((e): e is TraceEventOf<'admission.webhook'> => e.kind === 'admission.webhook');
}

describe('admission webhooks in a running cluster', () => {
  it("pods the ReplicaSet controller creates get the sidecar; the Deployment's template is left alone and nothing fights", () => {
    const sim = Simulation.create({ seed: 4, nodes: 2 });
    expect(sim.apply(INJECTOR).ok).toBe(true);
    expect(sim.apply(deployment('web', 3, { mesh: 'on' })).ok).toBe(true);
    sim.runFor(30_000);
    const pods = sim.listObjects('pods', 'default', 'app=web');
    expect(pods).toHaveLength(3);
    for (const p of pods) expect(containerNames(p)).toEqual(['app', 'istio-proxy']);
    expect(containerNames({ spec: (sim.getObject('deployments', 'default', 'web')!.spec as { template: { spec: unknown } }).template.spec } as KubeObject)).toEqual(['app']);
    // Exactly one call per pod: the controller does not see a difference to repair.
    const calls = webhookCalls(sim);
    expect(calls.filter((c) => c.outcome === 'patched')).toHaveLength(3);
    expect(calls.every((c) => c.actor === 'api-server' && c.causeId !== null)).toBe(true);
    expect(sim.getObject('deployments', 'default', 'web')!.status).toMatchObject({ readyReplicas: 3 });
  });

  it('a webhook call is caused by the request it admits (the trace links it to the controller that wrote)', () => {
    const sim = Simulation.create({ seed: 4, nodes: 1 });
    sim.apply(INJECTOR);
    sim.apply(deployment('web', 1, { mesh: 'on' }));
    sim.runFor(10_000);
    const call = webhookCalls(sim).find((c) => c.outcome === 'patched')!;
    const cause = sim.trace.get(call.causeId!)!;
    // The pod create the ReplicaSet controller sent (with its own client, as in kube-controller-manager).
    expect(cause).toMatchObject({ kind: 'api.request', verb: 'create', actor: 'replicaset-controller', object: { kind: 'Pod' } });
  });

  it('force-replicas against kubectl scale: the scale answers 200 and spec.replicas stays at the forced value', () => {
    const sim = Simulation.create({ seed: 2, nodes: 1 });
    sim.apply(FORCE);
    sim.apply(deployment('web', 4));
    sim.runFor(1_000);
    expect((sim.getObject('deployments', 'default', 'web')!.spec as { replicas: number }).replicas).toBe(2);
    const r = sim.act({ type: 'scale', resource: 'deployment', name: 'web', namespace: 'default', replicas: 6 });
    expect(r.ok).toBe(true);
    sim.runFor(20_000);
    const d = sim.getObject('deployments', 'default', 'web')!;
    expect((d.spec as { replicas: number }).replicas).toBe(2);
    expect(sim.listObjects('pods', 'default', 'app=web')).toHaveLength(2);
    expect(JSON.stringify(d.metadata.managedFields)).not.toContain('force-replicas');
  });

  it('removing the configuration stops the mutation: the next scale sticks', () => {
    const sim = Simulation.create({ seed: 2, nodes: 1 });
    sim.apply(FORCE);
    sim.apply(deployment('web', 4));
    sim.runFor(1_000);
    expect(sim.act({ type: 'delete', resource: 'mutatingwebhookconfiguration', name: 'pin' }).ok).toBe(true);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', namespace: 'default', replicas: 3 });
    sim.runFor(1_000);
    expect((sim.getObject('deployments', 'default', 'web')!.spec as { replicas: number }).replicas).toBe(3);
  });
});

describe('explaining a webhook call', () => {
  it('the cause chain of a patched call names the webhook, the patch and the loop that wrote', () => {
    const sim = Simulation.create({ seed: 4, nodes: 1 });
    sim.apply(INJECTOR);
    sim.apply(deployment('web', 1, { mesh: 'on' }));
    sim.runFor(10_000);
    const call = webhookCalls(sim).find((c) => c.outcome === 'patched')!;
    const text = explain(sim.trace, call.id);
    expect(text).toMatch(/^admission webhook sidecar-injector\.istio\.io patched CREATE of pod default\/web-[a-z0-9-]+ \(add \/spec\/containers\/- \(istio-proxy\); add \/metadata\/annotations\)/);
    expect(text).toContain('while reconciling default/web-');
  });
});

describe('checkpoints', () => {
  it('seeking back and replaying gives the same webhook calls (the plugins survive cloneGraph)', () => {
    const sim = Simulation.create({ seed: 9, nodes: 1 });
    sim.apply(INJECTOR);
    sim.apply(deployment('web', 2, { mesh: 'on' }));
    sim.runFor(15_000);
    const first = webhookCalls(sim).map((c) => `${c.id} ${c.time} ${c.outcome} ${c.object.name}`);
    const end = sim.step;
    sim.seekTime(1);
    sim.seekStep(end);
    expect(webhookCalls(sim).map((c) => `${c.id} ${c.time} ${c.outcome} ${c.object.name}`)).toEqual(first);
    expect(first.length).toBeGreaterThanOrEqual(2);
  });
});
