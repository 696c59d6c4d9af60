import { describe, expect, it } from 'vitest';
import { applyDefaults } from './defaults.ts';
import { defaulted, infoOf, FIXTURES } from './test-fixtures.ts';
import type { KubeObject } from '../../api/object.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const spec = (o: KubeObject): any => o.spec;

describe('applyDefaults', () => {
  it('gives a Deployment 1 replica, RollingUpdate 25%/25%, 10 revisions and a 600 s progress deadline', () => {
    const d = spec(defaulted('Deployment'));
    expect(d.replicas).toBe(1);
    expect(d.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
    expect(d.revisionHistoryLimit).toBe(10);
    expect(d.progressDeadlineSeconds).toBe(600);
  });

  it('does not add rollingUpdate to a Recreate Deployment, and keeps values the user set', () => {
    const d = spec(defaulted('Deployment', (o) => (o.spec = { ...o.spec, replicas: 0, strategy: { type: 'Recreate' } })));
    expect(d.replicas).toBe(0);
    expect(d.strategy).toEqual({ type: 'Recreate' });
  });

  it('defaults the pod template of a Deployment like a pod spec', () => {
    const t = spec(defaulted('Deployment')).template.spec;
    expect(t).toMatchObject({ restartPolicy: 'Always', terminationGracePeriodSeconds: 30, dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', securityContext: {} });
    expect(t.containers[0]).toMatchObject({ imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' });
    // Templates are not pods: no default tolerations.
    expect(t.tolerations).toBeUndefined();
  });

  it('gives a ReplicaSet 1 replica', () => {
    expect(spec(defaulted('ReplicaSet')).replicas).toBe(1);
  });

  it.each([
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['registry:5000/team/app', 'Always'],
    ['nginx:1.25', 'IfNotPresent'],
    ['nginx@sha256:abc', 'IfNotPresent'],
  ])('pulls image %s with policy %s', (image, policy) => {
    const p = spec(defaulted('Pod', (o) => (o.spec.containers[0].image = image)));
    expect(p.containers[0].imagePullPolicy).toBe(policy);
  });

  it("defaults container ports' protocol to TCP and probes' timings", () => {
    const p = spec(
      defaulted('Pod', (o) => {
        o.spec.containers[0].ports = [{ containerPort: 80 }];
        o.spec.containers[0].readinessProbe = { httpGet: { port: 80 } };
      }),
    );
    expect(p.containers[0].ports[0].protocol).toBe('TCP');
    expect(p.containers[0].readinessProbe).toEqual({ httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
  });

  it("copies a pod's limits into missing requests, but not a template's", () => {
    const resources = { limits: { cpu: '500m', memory: '1Gi' }, requests: { cpu: '100m' } };
    const p = spec(defaulted('Pod', (o) => (o.spec.containers[0].resources = structuredClone(resources))));
    expect(p.containers[0].resources.requests).toEqual({ cpu: '100m', memory: '1Gi' });
    expect(p.enableServiceLinks).toBe(true);
    const d = spec(defaulted('Deployment', (o) => (o.spec.template.spec.containers[0].resources = structuredClone(resources))));
    expect(d.template.spec.containers[0].resources.requests).toEqual({ cpu: '100m' });
    expect(d.template.spec.enableServiceLinks).toBeUndefined();
  });

  it('gives a Service type ClusterIP, affinity None, TCP ports and targetPort = port', () => {
    const s = spec(defaulted('Service'));
    expect(s.type).toBe('ClusterIP');
    expect(s.sessionAffinity).toBe('None');
    expect(s.ports[0]).toEqual({ port: 80, protocol: 'TCP', targetPort: 80 });
  });

  it('keeps a named targetPort', () => {
    const s = spec(defaulted('Service', (o) => (o.spec.ports[0].targetPort = 'http')));
    expect(s.ports[0].targetPort).toBe('http');
  });

  it('gives a Job completions and parallelism 1, backoffLimit 6 and the other batch defaults', () => {
    expect(spec(defaulted('Job'))).toMatchObject({ completions: 1, parallelism: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false, podReplacementPolicy: 'TerminatingOrFailed', manualSelector: false });
  });

  it('leaves completions unset when only completions is missing, and uses Failed replacement with a podFailurePolicy', () => {
    const j = spec(defaulted('Job', (o) => (o.spec = { ...o.spec, parallelism: 3, podFailurePolicy: { rules: [] } })));
    expect(j.completions).toBeUndefined();
    expect(j.parallelism).toBe(3);
    expect(j.podReplacementPolicy).toBe('Failed');
  });

  it('defaults a Job without restartPolicy to Always, for validation to reject', () => {
    const j = spec(defaulted('Job', (o) => delete o.spec.template.spec.restartPolicy));
    expect(j.template.spec.restartPolicy).toBe('Always');
  });

  it('generates the controller-uid selector and labels for a Job once it has a uid, unless manualSelector', () => {
    const j = defaulted('Job', (o) => (o.metadata.uid = 'u-1'));
    expect(spec(j).selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': 'u-1' } });
    expect(spec(j).template.metadata.labels).toEqual({ 'controller-uid': 'u-1', 'batch.kubernetes.io/controller-uid': 'u-1', 'job-name': 'pi', 'batch.kubernetes.io/job-name': 'pi' });
    expect(j.metadata.labels).toEqual(spec(j).template.metadata.labels);
    const manual = defaulted('Job', (o) => {
      o.metadata.uid = 'u-1';
      o.spec.manualSelector = true;
    });
    expect(spec(manual).selector).toBeUndefined();
  });

  it('gives a CronJob Allow, not suspended, history limits 3 and 1, and Job defaults in its template', () => {
    const c = spec(defaulted('CronJob'));
    expect(c).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    expect(c.jobTemplate.spec.backoffLimit).toBe(6);
  });

  it('gives an HPA minReplicas 1 and an 80% CPU metric, but no behavior unless behavior is set', () => {
    const h = spec(defaulted('HorizontalPodAutoscaler'));
    expect(h.minReplicas).toBe(1);
    expect(h.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
    expect(h.behavior).toBeUndefined();
  });

  it('fills both HPA scaling directions once spec.behavior is set', () => {
    const h = spec(defaulted('HorizontalPodAutoscaler', (o) => (o.spec.behavior = { scaleDown: { stabilizationWindowSeconds: 60 } })));
    expect(h.behavior.scaleUp).toEqual({ stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] });
    expect(h.behavior.scaleDown).toEqual({ stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });
  });

  it('gives a Namespace the kubernetes finalizer and phase Active', () => {
    const ns = defaulted('Namespace');
    expect(ns.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(ns.status).toEqual({ phase: 'Active' });
  });

  it("copies a Node's capacity to allocatable when allocatable is missing", () => {
    expect((defaulted('Node').status as { allocatable: unknown }).allocatable).toEqual({ cpu: '4', memory: '8Gi', pods: '110' });
  });

  it('gives EndpointSlice ports protocol TCP', () => {
    expect((defaulted('EndpointSlice') as unknown as { ports: unknown[] }).ports[0]).toEqual({ name: 'http', port: 80, protocol: 'TCP' });
  });

  it('leaves ConfigMaps, Events and Leases as sent', () => {
    for (const kind of ['ConfigMap', 'Event', 'Lease']) expect(defaulted(kind)).toEqual(FIXTURES[kind]!());
  });

  it('leaves fields of the wrong type for validation instead of throwing', () => {
    const d = FIXTURES['Deployment']!();
    d.spec.strategy = 'fast';
    d.spec.template.spec.containers = 'nginx';
    expect(() => applyDefaults(d, infoOf('Deployment'))).not.toThrow();
    expect(d.spec.strategy).toBe('fast');
  });
});
