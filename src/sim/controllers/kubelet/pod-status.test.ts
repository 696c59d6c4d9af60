import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { containerStatusOf, generateAPIPodStatus, getPodQOS, podStatusEqual } from './pod-status.ts';
import type { RuntimeContainer, RuntimePod } from './runtime-state.ts';

const pod = (extra: Partial<NonNullable<Pod['spec']>> = {}, status?: Pod['status']): Pod => ({
  metadata: { name: 'web', namespace: 'default', uid: 'u1', generation: 2 },
  spec: { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.27' }], ...extra },
  ...(status ? { status } : {}),
});

const running = (over: Partial<RuntimeContainer> = {}): RuntimeContainer => ({
  name: 'web',
  image: 'nginx:1.27',
  attempt: 0,
  state: 'running',
  pulling: false,
  containerID: 'containerd://abc',
  imageID: 'docker.io/library/nginx@sha256:def',
  startedAt: 2000,
  ready: true,
  killing: false,
  ...over,
});

const runtimePod = (containers: RuntimeContainer[]): RuntimePod => ({ uid: 'u1', key: 'default/web', pod: pod(), podIP: '10.244.1.2', startTime: 1000, containers });

describe('generateAPIPodStatus', () => {
  it('a container not created yet waits in ContainerCreating and keeps the pod Pending', () => {
    const s = generateAPIPodStatus(pod(), runtimePod([]), { hostIP: '172.18.0.2', now: 1000, podIsTerminal: false });
    expect(s.phase).toBe('Pending');
    expect(s.containerStatuses![0]).toMatchObject({ state: { waiting: { reason: 'ContainerCreating' } }, ready: false, started: false, restartCount: 0 });
    expect(s.conditions!.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [web]' });
    expect(s).toMatchObject({ observedGeneration: 2, startTime: '2026-01-01T00:00:01Z', podIP: '10.244.1.2', hostIPs: [{ ip: '172.18.0.2' }] });
  });

  it('a ready running container makes the pod Running and Ready, conditions in upstream order', () => {
    const s = generateAPIPodStatus(pod(), runtimePod([running()]), { hostIP: '172.18.0.2', now: 3000, podIsTerminal: false });
    expect(s.phase).toBe('Running');
    expect(s.conditions!.map((c) => `${c.type}=${c.status}`)).toEqual(['PodReadyToStartContainers=True', 'Initialized=True', 'Ready=True', 'ContainersReady=True', 'PodScheduled=True']);
  });

  it('conditions keep their lastTransitionTime while their status holds, and conditions other controllers own are kept', () => {
    const old = generateAPIPodStatus(pod(), runtimePod([running({ ready: false })]), { hostIP: 'h', now: 3000, podIsTerminal: false });
    old.conditions!.push({ type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager' });
    const s = generateAPIPodStatus(pod({}, old), runtimePod([running()]), { hostIP: 'h', now: 9000, podIsTerminal: false });
    expect(s.conditions!.find((c) => c.type === 'Initialized')!.lastTransitionTime).toBe('2026-01-01T00:00:03Z');
    expect(s.conditions!.find((c) => c.type === 'Ready')!.lastTransitionTime).toBe('2026-01-01T00:00:09Z');
    expect(s.conditions![0]).toMatchObject({ type: 'DisruptionTarget', status: 'True' });
  });

  it('a terminal phase already written never goes back', () => {
    const s = generateAPIPodStatus(pod({}, { phase: 'Failed' }), runtimePod([running()]), { hostIP: 'h', now: 3000, podIsTerminal: false });
    expect(s.phase).toBe('Failed');
  });

  it('a container that never ran in a terminated pod is reported as ContainerStatusUnknown (137)', () => {
    const s = generateAPIPodStatus(pod(), runtimePod([]), { hostIP: 'h', now: 3000, podIsTerminal: true });
    expect(s.containerStatuses![0]!.state!.terminated).toMatchObject({ exitCode: 137, reason: 'ContainerStatusUnknown' });
    expect(s.phase).toBe('Failed');
    expect(s.conditions![0]).toMatchObject({ type: 'PodReadyToStartContainers', status: 'False' });
  });
});

describe('containerStatusOf', () => {
  it('an exited container held back shows CrashLoopBackOff with its exit as lastState', () => {
    const rc = running({
      state: 'exited',
      ready: false,
      attempt: 3,
      terminated: { exitCode: 1, reason: 'Error', startedAt: 10_000, finishedAt: 12_000, containerID: 'containerd://abc' },
      waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container=web pod=web_default(u1)' },
    });
    expect(containerStatusOf('web', 'nginx:1.27', rc, false)).toMatchObject({
      restartCount: 3,
      state: { waiting: { reason: 'CrashLoopBackOff' } },
      lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: '2026-01-01T00:00:10Z', finishedAt: '2026-01-01T00:00:12Z' } },
      ready: false,
      started: false,
    });
  });

  it('a running container after restarts shows the previous exit as lastState', () => {
    const rc = running({ attempt: 1, last: { exitCode: 2, reason: 'Error', startedAt: 1000, finishedAt: 3000, containerID: 'containerd://old' } });
    expect(containerStatusOf('web', 'nginx:1.27', rc, false)).toMatchObject({ restartCount: 1, state: { running: { startedAt: '2026-01-01T00:00:02Z' } }, lastState: { terminated: { exitCode: 2, containerID: 'containerd://old' } } });
  });
});

describe('getPodQOS', () => {
  it('no requests or limits is BestEffort; limits equal to requests on every container is Guaranteed; anything else Burstable', () => {
    expect(getPodQOS(pod())).toBe('BestEffort');
    const both = { requests: { cpu: '500m', memory: '128Mi' }, limits: { cpu: '500m', memory: '128Mi' } };
    expect(getPodQOS(pod({ containers: [{ name: 'a', resources: both }] }))).toBe('Guaranteed');
    expect(getPodQOS(pod({ containers: [{ name: 'a', resources: { limits: both.limits } }] }))).toBe('Guaranteed');
    expect(getPodQOS(pod({ containers: [{ name: 'a', resources: { requests: { cpu: '100m' } } }] }))).toBe('Burstable');
    expect(getPodQOS(pod({ containers: [{ name: 'a', resources: both }, { name: 'b' }] }))).toBe('Burstable');
  });
});

describe('podStatusEqual', () => {
  it('ignores key order and undefined fields', () => {
    expect(podStatusEqual({ phase: 'Running', podIP: '1' }, { podIP: '1', phase: 'Running', hostIP: undefined })).toBe(true);
    expect(podStatusEqual({ phase: 'Running' }, { phase: 'Pending' })).toBe(false);
  });
});
