import { describe, expect, it } from 'vitest';
import { addPod, endpointSummary, esEvents, esSimulation, must, serviceYaml, setPodStatus, slicesOf } from './test-helpers.ts';

describe('EndpointSlice controller: content', () => {
  it('a Service selecting two ready pods gets one IPv4 EndpointSlice listing both, owned by the Service', () => {
    const sim = esSimulation();
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    addPod(sim, 'web-b', { ip: '10.0.0.2', ready: true });
    must(sim, sim.apply(serviceYaml({ labels: 'team: blue' })));
    sim.runFor(2000);
    const slices = slicesOf(sim);
    expect(slices).toHaveLength(1);
    const s = slices[0]!;
    const svc = sim.getObject('services', 'default', 'web')!;
    expect(s.metadata.name).toMatch(/^web-[a-z0-9]{5}$/);
    expect(s.metadata.generateName).toBe('web-');
    expect(s.metadata.labels).toEqual({
      team: 'blue',
      'kubernetes.io/service-name': 'web',
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
      'service.kubernetes.io/headless': '',
    });
    expect(s.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: svc.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(s.addressType).toBe('IPv4');
    // The named targetPort "http" is looked up in the pod's containers.
    expect(s.ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
    const a = s.endpoints?.find((e) => e.targetRef?.name === 'web-a');
    expect(a).toEqual({
      addresses: ['10.0.0.1'],
      conditions: { ready: true, serving: true, terminating: false },
      nodeName: 'node-1',
      zone: 'zone-a',
      targetRef: { kind: 'Pod', namespace: 'default', name: 'web-a', uid: sim.getObject('pods', 'default', 'web-a')!.metadata.uid },
    });
    expect(endpointSummary(sim)).toEqual([
      'web-a 10.0.0.1 ready=true serving=true terminating=false',
      'web-b 10.0.0.2 ready=true serving=true terminating=false',
    ]);
    expect(esEvents(sim)).toEqual([]);
    // The change the slice reflects: the Service's creation (a Service seen for the first time).
    expect(s.metadata.annotations?.['endpoints.kubernetes.io/last-change-trigger-time']).toBe(svc.metadata.creationTimestamp);
  });

  it("a pod's readiness change is the next write's trigger time", () => {
    const sim = esSimulation();
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(5000);
    setPodStatus(sim, 'web-a', { ip: '10.0.0.1', ready: false });
    const changed = sim.getObject('pods', 'default', 'web-a')!;
    sim.runFor(2000);
    const readySince = (changed.status as { conditions: Array<{ lastTransitionTime: string }> }).conditions[0]!.lastTransitionTime;
    expect(slicesOf(sim)[0]!.metadata.annotations?.['endpoints.kubernetes.io/last-change-trigger-time']).toBe(readySince);
    expect(readySince).not.toBe(sim.getObject('services', 'default', 'web')!.metadata.creationTimestamp);
  });

  it('a pod on a node the cache does not know is skipped, with a FailedToUpdateEndpointSlices warning', () => {
    const sim = esSimulation();
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    must(sim, sim.act({ type: 'create', manifests: `apiVersion: v1\nkind: Pod\nmetadata: {name: lost, labels: {app: web}}\nspec:\n  nodeName: node-9\n  containers: [{name: web, image: "nginx:1.27"}]\n` }));
    setPodStatus(sim, 'lost', { ip: '10.0.0.9', ready: true });
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(2000);
    expect(endpointSummary(sim).map((e) => e.split(' ')[0])).toEqual(['web-a']);
    expect(esEvents(sim)[0]).toBe(
      'FailedToUpdateEndpointSlices: Error updating Endpoint Slices for Service default/web: skipping Pod lost for Service default/web: Node node-9 Not Found',
    );
  });

  it('a numeric targetPort is used as is', () => {
    const sim = esSimulation();
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    must(sim, sim.apply(serviceYaml({ targetPort: 9090 })));
    sim.runFor(2000);
    expect(slicesOf(sim)[0]?.ports).toEqual([{ name: 'http', port: 9090, protocol: 'TCP' }]);
  });

  it('a pod without an IP is left out, and appears once it has one', () => {
    const sim = esSimulation();
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    addPod(sim, 'web-b');
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(2000);
    expect(endpointSummary(sim)).toEqual(['web-a 10.0.0.1 ready=true serving=true terminating=false']);
    setPodStatus(sim, 'web-b', { ip: '10.0.0.2', ready: false });
    sim.runFor(2000);
    expect(endpointSummary(sim)).toEqual([
      'web-a 10.0.0.1 ready=true serving=true terminating=false',
      'web-b 10.0.0.2 ready=false serving=false terminating=false',
    ]);
    setPodStatus(sim, 'web-b', { ip: '10.0.0.2', ready: true });
    sim.runFor(2000);
    expect(endpointSummary(sim)).toContain('web-b 10.0.0.2 ready=true serving=true terminating=false');
    expect(slicesOf(sim)).toHaveLength(1);
  });

  it('pods not selected by the Service are not listed; a relabelled pod leaves the slice', () => {
    const sim = esSimulation();
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    addPod(sim, 'other', { ip: '10.0.0.9', ready: true }, 'app: other');
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(2000);
    expect(endpointSummary(sim).map((e) => e.split(' ')[0])).toEqual(['web-a']);
    must(sim, sim.act({ type: 'patch', resource: 'pod', name: 'web-a', patch: { metadata: { labels: { app: 'moved' } } } }));
    sim.runFor(2000);
    expect(endpointSummary(sim)).toEqual([]);
  });

  it('a Service with no endpoints gets one empty placeholder slice', () => {
    const sim = esSimulation();
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(2000);
    const slices = slicesOf(sim);
    expect(slices).toHaveLength(1);
    expect(slices[0]?.endpoints ?? []).toEqual([]);
    expect(slices[0]?.ports ?? []).toEqual([]);
    // The placeholder is replaced (recycled: updated in place) once there is an endpoint.
    const name = slices[0]!.metadata.name;
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    sim.runFor(2000);
    expect(slicesOf(sim).map((s) => s.metadata.name)).toEqual([name]);
    expect(endpointSummary(sim)).toEqual(['web-a 10.0.0.1 ready=true serving=true terminating=false']);
  });

  it('a Service without a selector gets no slices from the controller', () => {
    const sim = esSimulation();
    must(sim, sim.apply(`apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  ports: [{port: 80}]\n`));
    sim.runFor(2000);
    expect(slicesOf(sim)).toEqual([]);
  });
});

describe('EndpointSlice controller: updates', () => {
  it('a deleted pod shows as terminating (not ready, still serving), then is gone', () => {
    const sim = esSimulation();
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    addPod(sim, 'web-b', { ip: '10.0.0.2', ready: true });
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(2000);
    // Bound to a node, the pod is deleted gracefully: it terminates for 30 s (no kubelet finishes it here).
    must(sim, sim.act({ type: 'delete', resource: 'pod', name: 'web-a' }));
    sim.runFor(1000);
    expect(endpointSummary(sim)).toEqual([
      'web-a 10.0.0.1 ready=false serving=true terminating=true',
      'web-b 10.0.0.2 ready=true serving=true terminating=false',
    ]);
    must(sim, sim.act({ type: 'delete', resource: 'pod', name: 'web-a', gracePeriodSeconds: 0 }));
    sim.runFor(1000);
    expect(endpointSummary(sim)).toEqual(['web-b 10.0.0.2 ready=true serving=true terminating=false']);
  });

  it('more than 100 endpoints are split into slices of at most 100', () => {
    const sim = esSimulation();
    for (let i = 0; i < 130; i++) addPod(sim, `web-${i}`, { ip: `10.0.${Math.floor(i / 200)}.${(i % 200) + 1}`, ready: true });
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(3000);
    const sizes = slicesOf(sim).map((s) => (s.endpoints ?? []).length).sort((a, b) => b - a);
    expect(sizes).toEqual([100, 30]);
  });

  it('an endpoint removed from a slice by someone else is put back', () => {
    const sim = esSimulation();
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    addPod(sim, 'web-b', { ip: '10.0.0.2', ready: true });
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(2000);
    const s = slicesOf(sim)[0]!;
    const kept = s.endpoints!.find((e) => e.targetRef?.name === 'web-a');
    must(sim, sim.act({ type: 'patch', resource: 'endpointslice', name: s.metadata.name!, patch: { endpoints: [kept] } }));
    sim.runFor(200);
    expect(endpointSummary(sim)).toHaveLength(1);
    sim.runFor(3000);
    expect(endpointSummary(sim)).toHaveLength(2);
  });

  it('a slice deleted by someone else is recreated', () => {
    const sim = esSimulation();
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(2000);
    const s = slicesOf(sim)[0]!;
    must(sim, sim.act({ type: 'delete', resource: 'endpointslice', name: s.metadata.name! }));
    sim.runFor(3000);
    const after = slicesOf(sim);
    expect(after).toHaveLength(1);
    expect(after[0]!.metadata.name).not.toBe(s.metadata.name);
    expect(endpointSummary(sim)).toEqual(['web-a 10.0.0.1 ready=true serving=true terminating=false']);
  });

  it('deleting the Service: the garbage collector removes its slices', () => {
    const sim = esSimulation(['garbage-collector-controller']);
    addPod(sim, 'web-a', { ip: '10.0.0.1', ready: true });
    must(sim, sim.apply(serviceYaml()));
    sim.runFor(2000);
    expect(slicesOf(sim)).toHaveLength(1);
    must(sim, sim.act({ type: 'delete', resource: 'service', name: 'web' }));
    sim.runFor(3000);
    expect(slicesOf(sim)).toEqual([]);
  });
});
