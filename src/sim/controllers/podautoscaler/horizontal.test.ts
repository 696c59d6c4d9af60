/**
 * End-to-end behaviour of the HPA controller through a Simulation with every controller: the simulated
 * metrics-server splits the load over ready pods, the HPA scales through /scale every 15 s, stabilizes scale-downs
 * for 5 minutes, and reports its conditions and SuccessfulRescale events.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { Simulation } from '../../simulation.ts';

const MIN = 60_000;

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: nginx, resources: {requests: {cpu: 500m, memory: 128Mi}}}]
`;

function hpaYaml(extra = ''): string {
  return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 10
  metrics: [{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}}]
${extra}`;
}

function setup(): Simulation {
  const s = Simulation.create({ seed: 7, nodes: 3 });
  expect(s.apply(deployment).ok).toBe(true);
  s.runFor(20_000);
  return s;
}

const replicas = (s: Simulation): number => (s.getObject('deployments', 'default', 'web')!.spec as { replicas: number }).replicas;
const hpaStatus = (s: Simulation) => (s.getObject('hpa', 'default', 'web')!.status ?? {}) as {
  currentReplicas?: number;
  desiredReplicas?: number;
  lastScaleTime?: string;
  currentMetrics?: Array<{ resource: { current: { averageUtilization?: number } } }>;
  conditions?: Array<{ type: string; status: string; reason: string; message: string }>;
};
function events(s: Simulation, reason: string): string[] {
  return s
    .listObjects('events', 'default')
    .filter((e: KubeObject) => (e as { reason?: string }).reason === reason)
    .map((e) => String((e as { message?: string }).message));
}

describe('HorizontalPodAutoscaler controller', () => {
  it('3 pods at 140% CPU of a 70% target scale to 6', () => {
    const s = setup();
    // 3 × 1.4 × 500m
    expect(s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '2100m' }).ok).toBe(true);
    expect(s.apply(hpaYaml()).ok).toBe(true);
    let t = 0;
    while (hpaStatus(s)?.desiredReplicas !== 6 && t < 40_000) {
      s.runFor(500);
      t += 500;
    }
    expect(replicas(s)).toBe(6);
    expect(events(s, 'SuccessfulRescale')).toEqual(['New size: 6; reason: cpu resource utilization (percentage of request) above target']);
    const st = hpaStatus(s);
    expect(st.desiredReplicas).toBe(6);
    expect(st.currentMetrics?.[0]?.resource.current.averageUtilization).toBe(140);
    expect(st.lastScaleTime).toBeDefined();
    s.runFor(MIN);
    expect(s.listObjects('pods', 'default').length).toBe(6);
    // 2100m over 6 pods: 70% of request, within tolerance: no further change.
    expect(replicas(s)).toBe(6);
    expect(hpaStatus(s).conditions?.find((c) => c.type === 'ScalingActive')?.reason).toBe('ValidMetricFound');
    expect(hpaStatus(s).currentMetrics?.[0]?.resource.current.averageUtilization).toBeGreaterThanOrEqual(69);
  });

  it('a new HPA is first synced one sync period after it is created', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '2100m' });
    s.apply(hpaYaml());
    s.runFor(14_000);
    expect(replicas(s)).toBe(3);
    expect(hpaStatus(s).desiredReplicas).toBeUndefined();
  });

  it('without behavior, a scale-down waits for the 5 minute stabilization window', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '2100m' });
    s.apply(hpaYaml());
    s.runFor(MIN);
    expect(replicas(s)).toBe(6);
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '300m' });
    s.runFor(2 * MIN);
    expect(replicas(s)).toBe(6);
    const able = hpaStatus(s).conditions?.find((c) => c.type === 'AbleToScale');
    expect(able?.reason).toBe('ScaleDownStabilized');
    s.runFor(4 * MIN);
    // 300m over 6 × 500m is 10% of request: ceil(6 × 10/70) = 1 pod.
    expect(replicas(s)).toBe(1);
    expect(events(s, 'SuccessfulRescale')).toContain('New size: 1; reason: All metrics below target');
  });

  it('legacy scale-up is limited to max(2 × current, 4) per sync', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '10000m' });
    s.apply(hpaYaml().replace('maxReplicas: 10', 'maxReplicas: 30'));
    s.runFor(20_000);
    expect(replicas(s)).toBe(6);
    expect(hpaStatus(s).conditions?.find((c) => c.type === 'ScalingLimited')).toMatchObject({ status: 'True', reason: 'ScaleUpLimit' });
  });

  it('behavior policies limit a scale-up to 1 pod per minute', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '2100m' });
    s.apply(hpaYaml(`  behavior:
    scaleUp:
      policies: [{type: Pods, value: 1, periodSeconds: 60}]
`));
    s.runFor(20_000);
    expect(replicas(s)).toBe(4);
    s.runFor(30_000);
    expect(replicas(s)).toBe(4);
    expect(hpaStatus(s).conditions?.find((c) => c.type === 'ScalingLimited')?.reason).toBe('ScaleUpLimit');
    s.runFor(40_000);
    expect(replicas(s)).toBe(5);
  });

  it('a target scaled to zero disables scaling', () => {
    const s = setup();
    s.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 0 });
    s.apply(hpaYaml());
    s.runFor(20_000);
    expect(replicas(s)).toBe(0);
    expect(hpaStatus(s).conditions?.find((c) => c.type === 'ScalingActive')).toMatchObject({ status: 'False', reason: 'ScalingDisabled' });
  });

  it('pods without a CPU request make the metric fail with upstream condition and event', () => {
    const s = Simulation.create({ seed: 7, nodes: 3 });
    s.apply(deployment.replace('resources: {requests: {cpu: 500m, memory: 128Mi}}', 'resources: {}'));
    s.runFor(20_000);
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '2100m' });
    s.apply(hpaYaml());
    s.runFor(20_000);
    const active = hpaStatus(s).conditions?.find((c) => c.type === 'ScalingActive');
    expect(active).toMatchObject({ status: 'False', reason: 'FailedGetResourceMetric' });
    expect(active?.message).toMatch(/^the HPA was unable to compute the replica count: failed to get cpu utilization: missing request for cpu in container app of Pod web-/);
    expect(events(s, 'FailedComputeMetricsReplicas')[0]).toMatch(/^invalid metrics \(1 invalid out of 1\), first error is: failed to get cpu resource metric value/);
    expect(replicas(s)).toBe(3);
  });
});

describe('HorizontalPodAutoscaler controller: memory and restarts', () => {
  it('a memory AverageValue target scales on the average usage per pod', () => {
    const s = setup();
    // 3 pods sharing 600Mi: 200Mi each against a 100Mi target → 6 pods.
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', memory: '600Mi' });
    s.apply(hpaYaml().replace('{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}}', '{type: Resource, resource: {name: memory, target: {type: AverageValue, averageValue: 100Mi}}}'));
    s.runFor(20_000);
    expect(replicas(s)).toBe(6);
    expect(events(s, 'SuccessfulRescale')).toEqual(['New size: 6; reason: memory resource above target']);
  });

  it('a kube-controller-manager restart forgets the recommendations, and the first sync after it starts a new 5 minute window', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '2100m' });
    s.apply(hpaYaml());
    s.runFor(MIN);
    expect(replicas(s)).toBe(6);
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '300m' });
    s.runFor(3 * MIN);
    expect(s.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'horizontal-pod-autoscaler-controller' } }).ok).toBe(true);
    // Without the crash the scale-down would come about 5 minutes after the load dropped (at ~6 min); now it waits
    // for 5 minutes after the restart's first sync.
    s.runFor(3 * MIN);
    expect(replicas(s)).toBe(6);
    s.runFor(3 * MIN);
    expect(replicas(s)).toBe(1);
  });
});

describe('HorizontalPodAutoscaler controller: time travel', () => {
  it('seeking back before a load change and playing forward again replays the same run', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '2100m' });
    s.apply(hpaYaml());
    s.runFor(MIN);
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '300m' });
    s.runFor(7 * MIN);
    const end = s.now;
    const trace = s.trace.slice().map((e) => JSON.stringify(e));
    expect(replicas(s)).toBe(1);
    s.seekTime(MIN);
    expect(replicas(s)).toBe(6);
    // The load model is part of the checkpoint: the later drop is not in it yet.
    expect(s.cluster.loadModel.history()).toEqual([{ workload: 'default/web', steps: [{ at: 20_000, cpuMillis: 2100, memoryBytes: 0 }] }]);
    s.runUntil(end);
    expect(replicas(s)).toBe(1);
    expect(s.trace.slice().map((e) => JSON.stringify(e))).toEqual(trace);
  });
});

describe('HorizontalPodAutoscaler controller: tolerance', () => {
  // 1125m over 3 × 500m is 75% of request: a ratio of 75/70 = 1.07 to the target.
  it('a ratio within the default 10% tolerance keeps the replica count', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '1125m' });
    s.apply(hpaYaml());
    s.runFor(MIN);
    expect(replicas(s)).toBe(3);
    expect(hpaStatus(s).currentMetrics?.[0]?.resource.current.averageUtilization).toBe(75);
  });

  it('behavior.scaleUp.tolerance (HPAConfigurableTolerance) narrows the band for scale-ups', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '1125m' });
    s.apply(hpaYaml(`  behavior:
    scaleUp:
      tolerance: "0.05"
`));
    s.runFor(20_000);
    expect(replicas(s)).toBe(4);
  });
});

describe('HorizontalPodAutoscaler controller: several metrics', () => {
  const twoMetrics = hpaYaml().replace(
    'metrics: [{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}}]',
    'metrics: [{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}}, {type: Pods, pods: {metric: {name: qps}, target: {type: AverageValue, averageValue: "10"}}}]',
  );

  it('a metric that fails does not stop a scale-up proposed by another', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '2100m' });
    expect(s.apply(twoMetrics).ok).toBe(true);
    s.runFor(20_000);
    expect(replicas(s)).toBe(6);
    expect(hpaStatus(s).conditions?.find((c) => c.type === 'ScalingActive')?.reason).toBe('ValidMetricFound');
  });

  it('a metric that fails blocks a scale-down: ScalingActive=False with its reason', () => {
    const s = setup();
    s.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '300m' });
    s.apply(twoMetrics);
    s.runFor(6 * MIN);
    expect(replicas(s)).toBe(3);
    expect(hpaStatus(s).conditions?.find((c) => c.type === 'ScalingActive')).toMatchObject({ status: 'False', reason: 'FailedGetPodsMetric' });
    expect(events(s, 'FailedComputeMetricsReplicas')[0]).toMatch(/^invalid metrics \(1 invalid out of 2\), first error is: failed to get pods metric value/);
  });
});
