import { describe, expect, it } from 'vitest';
import { eventsFor, kubeletSim, podOf, podYaml, watch } from './test-helpers.ts';

/** Network latency is a few ms per hop: virtual times are checked within this slack. */
const SLACK = 40;

describe('kubelet pod workers', () => {
  it('a pod goes Pending/ContainerCreating → Running → Ready, with Pulling, Pulled, Created, Started at the runtime’s times', () => {
    const sim = kubeletSim();
    const t0 = sim.now;
    expect(sim.apply(podYaml('web', 'nginx:1.27')).ok).toBe(true);
    const seen: string[] = [];
    watch(sim, 5000, 10, () => {
      const s = podOf(sim, 'web')?.status;
      const cs = s?.containerStatuses?.[0];
      const label = `${s?.phase ?? 'none'}/${cs?.state?.waiting?.reason ?? (cs?.state?.running ? 'running' : 'none')}/${cs?.ready ? 'ready' : 'unready'}`;
      if (seen[seen.length - 1] !== label) seen.push(label);
    });
    expect(seen).toEqual(['Pending/ContainerCreating/unready', 'Running/running/unready', 'Running/running/ready']);

    const events = eventsFor(sim, 'web');
    expect(events.map((e) => e.reason)).toEqual(['Pulling', 'Pulled', 'Created', 'Started']);
    expect(events.map((e) => e.message)).toEqual([
      'Pulling image "nginx:1.27"',
      expect.stringMatching(/^Successfully pulled image "nginx:1\.27" in 1\.5s \(1\.5s including waiting\)\. Image size: \d+ bytes\.$/),
      'Created container: web',
      'Started container web',
    ]);
    const at = (reason: string) => events.find((e) => e.reason === reason)!.time - t0;
    expect(at('Pulling')).toBeLessThan(SLACK);
    expect(at('Pulled') - at('Pulling')).toBe(1500);
    expect(at('Created')).toBe(at('Pulled'));
    expect(at('Started') - at('Created')).toBe(300);

    const pod = podOf(sim, 'web')!;
    const status = pod.status!;
    expect(status.conditions!.map((c) => `${c.type}=${c.status}`)).toEqual([
      'PodReadyToStartContainers=True',
      'Initialized=True',
      'Ready=True',
      'ContainersReady=True',
      'PodScheduled=True',
    ]);
    expect(status).toMatchObject({ hostIP: '172.18.0.2', podIP: '10.244.1.2', qosClass: 'BestEffort', observedGeneration: 1 });
    expect(status.containerStatuses![0]).toMatchObject({
      name: 'web',
      image: 'nginx:1.27',
      imageID: expect.stringMatching(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/),
      containerID: expect.stringMatching(/^containerd:\/\/[0-9a-f]{64}$/),
      restartCount: 0,
      started: true,
      ready: true,
    });
    expect(pod.metadata!.managedFields!.some((m) => m.manager === 'kubelet' && m.subresource === 'status')).toBe(true);
  });

  it('a crash-looping container restarts at once, then after 10 s, 20 s, 40 s; the pod stays Running and not Ready', () => {
    const sim = kubeletSim({ 'crasher:1': { behavior: 'crash', runFor: 2000 } });
    sim.apply(podYaml('web', 'crasher:1'));
    sim.runFor(120_000);
    const started = eventsFor(sim, 'web').filter((e) => e.reason === 'Started').map((e) => e.time);
    expect(started.length).toBeGreaterThanOrEqual(5);
    // Exit = start + 2 s; the next start = exit + back-off + 300 ms to start.
    const gaps = started.slice(1).map((s, i) => s - (started[i]! + 2000) - 300);
    expect(gaps.slice(0, 4).map((g) => Math.round(g / 100) * 100)).toEqual([0, 10_000, 20_000, 40_000]);

    const pod = podOf(sim, 'web')!;
    expect(pod.status!.phase).toBe('Running');
    expect(pod.status!.conditions!.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [web]' });
    const cs = pod.status!.containerStatuses![0]!;
    expect(cs.restartCount).toBe(started.length - 1);
    const backOff = eventsFor(sim, 'web').filter((e) => e.reason === 'BackOff');
    expect(backOff.length).toBeGreaterThanOrEqual(3);
    expect(backOff[0]).toMatchObject({ type: 'Warning', message: `Back-off restarting failed container web in pod web_default(${pod.metadata!.uid})` });
    // During the 40 s back-off the pod worker retries every 10 s, recording BackOff each time (at exit, +10, +20, +30 s).
    expect(backOff.filter((e) => e.time > started[3]! && e.time < started[4]!)).toHaveLength(4);
  });

  it('the waiting reason is CrashLoopBackOff with the back-off in its message, and lastState holds the exit', () => {
    const sim = kubeletSim({ 'crasher:1': { behavior: 'crash', runFor: 2000, exitCode: 2 } });
    sim.apply(podYaml('web', 'crasher:1'));
    sim.runFor(8000); // started ~2.8 s, exit 4.8 s, restart, exit ~7.1 s: back-off 10 s
    const cs = podOf(sim, 'web')!.status!.containerStatuses![0]!;
    expect(cs.state!.waiting).toMatchObject({ reason: 'CrashLoopBackOff', message: expect.stringMatching(/^back-off 10s restarting failed container=web pod=web_default\(/) });
    expect(cs.lastState!.terminated).toMatchObject({ exitCode: 2, reason: 'Error' });
    expect(cs.restartCount).toBe(1);
  });

  it.each([
    { policy: 'Never', image: 'job:fail', phase: 'Failed', exitCode: 1, reason: 'Error', restarts: 0 },
    { policy: 'Never', image: 'job:ok', phase: 'Succeeded', exitCode: 0, reason: 'Completed', restarts: 0 },
    { policy: 'OnFailure', image: 'job:ok', phase: 'Succeeded', exitCode: 0, reason: 'Completed', restarts: 0 },
  ])('restartPolicy $policy, exit code $exitCode: the pod ends $phase and is not restarted', ({ policy, image, phase, exitCode, reason, restarts }) => {
    const sim = kubeletSim({ 'job:ok': { behavior: 'exit', exitCode: 0, runFor: 1000 }, 'job:fail': { behavior: 'exit', exitCode: 1, runFor: 1000 } });
    sim.apply(podYaml('job', image, { restartPolicy: policy }));
    sim.runFor(60_000);
    const status = podOf(sim, 'job')!.status!;
    expect(status.phase).toBe(phase);
    expect(status.containerStatuses![0]).toMatchObject({ restartCount: restarts, ready: false, state: { terminated: { exitCode, reason } } });
    expect(status.conditions!.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: phase === 'Succeeded' ? 'PodCompleted' : 'PodFailed' });
    expect(eventsFor(sim, 'job').filter((e) => e.reason === 'Started')).toHaveLength(1);
  });

  it.each([
    { policy: 'OnFailure', image: 'job:fail' },
    { policy: 'Always', image: 'job:ok' },
  ])('restartPolicy $policy restarts a container that exited with $image and keeps the pod Running', ({ policy, image }) => {
    const sim = kubeletSim({ 'job:ok': { behavior: 'exit', exitCode: 0, runFor: 1000 }, 'job:fail': { behavior: 'exit', exitCode: 1, runFor: 1000 } });
    sim.apply(podYaml('job', image, { restartPolicy: policy }));
    sim.runFor(30_000);
    const status = podOf(sim, 'job')!.status!;
    expect(status.phase).toBe('Running');
    expect(status.containerStatuses![0]!.restartCount).toBeGreaterThanOrEqual(2);
  });

  it('readiness waits for the first readiness probe at or after initialDelaySeconds', () => {
    const sim = kubeletSim();
    sim.apply(podYaml('web', 'nginx:1.27', { containerExtra: '    readinessProbe: {httpGet: {path: /, port: 80}, initialDelaySeconds: 5, periodSeconds: 10}\n' }));
    let readyAt = -1;
    watch(sim, 20_000, 10, () => {
      if (readyAt < 0 && podOf(sim, 'web')?.status?.containerStatuses?.[0]?.ready) readyAt = sim.now;
    });
    const started = eventsFor(sim, 'web').find((e) => e.reason === 'Started')!.time;
    expect(readyAt - started).toBeGreaterThanOrEqual(10_000);
    expect(readyAt - started).toBeLessThan(10_000 + SLACK);
  });

  it('a never-ready container runs but never becomes Ready; a failing readiness probe records Unhealthy', () => {
    const sim = kubeletSim({ 'stuck:1': { behavior: 'never-ready' } });
    sim.apply(podYaml('web', 'stuck:1', { containerExtra: '    readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 5}\n' }));
    sim.runFor(30_000);
    const status = podOf(sim, 'web')!.status!;
    expect(status.phase).toBe('Running');
    expect(status.containerStatuses![0]).toMatchObject({ ready: false, started: true, state: { running: {} } });
    const unhealthy = eventsFor(sim, 'web').filter((e) => e.reason === 'Unhealthy');
    expect(unhealthy.length).toBeGreaterThanOrEqual(4);
    expect(unhealthy[0]).toMatchObject({ type: 'Warning', message: 'Readiness probe failed: HTTP probe failed with statuscode: 503' });
  });

  it('deleting a pod stops its containers (Killing) and the kubelet removes the object about 1 s later', () => {
    const sim = kubeletSim();
    sim.apply(podYaml('web', 'nginx:1.27'));
    sim.runFor(5000);
    const deletedAt = sim.now;
    expect(sim.act({ type: 'delete', resource: 'pod', name: 'web' }).ok).toBe(true);
    expect(podOf(sim, 'web')!.metadata!.deletionTimestamp).toBeDefined();
    let terminalPhase: string | undefined;
    let goneAt = -1;
    while (sim.now < deletedAt + 5000 && goneAt < 0 && sim.stepOnce()) {
      const p = podOf(sim, 'web');
      if (p?.status?.phase === 'Succeeded' || p?.status?.phase === 'Failed') terminalPhase = p.status.phase;
      if (!p) goneAt = sim.now;
    }
    const killing = eventsFor(sim, 'web').filter((e) => e.reason === 'Killing');
    expect(killing).toHaveLength(1);
    expect(killing[0]!.message).toBe('Stopping container web');
    expect(killing[0]!.time - deletedAt).toBeLessThan(SLACK);
    expect(terminalPhase).toBe('Succeeded');
    expect(goneAt - deletedAt).toBeGreaterThanOrEqual(1000);
    expect(goneAt - deletedAt).toBeLessThan(1000 + 2 * SLACK);
    const deletes = sim.trace.slice().filter((e) => e.kind === 'api.request' && e.verb === 'delete' && e.object.kind === 'Pod');
    expect(deletes.map((e) => e.actor)).toEqual(['kubectl', 'kubelet/node-1']);
  });

  it('a pod on a dead node stays terminating until the node comes back, then the kubelet finishes the deletion', () => {
    const sim = kubeletSim();
    sim.apply(podYaml('web', 'nginx:1.27'));
    sim.runFor(5000);
    sim.act({ type: 'fault', fault: { type: 'kill-node', node: 'node-1' } });
    sim.act({ type: 'delete', resource: 'pod', name: 'web' });
    sim.runFor(120_000);
    expect(podOf(sim, 'web')!.metadata!.deletionTimestamp).toBeDefined();
    expect(podOf(sim, 'web')!.status!.phase).toBe('Running');
    sim.act({ type: 'fault', fault: { type: 'restore-node', node: 'node-1' } });
    sim.runFor(5000);
    expect(podOf(sim, 'web')).toBeUndefined();
  });

  it('a restarted kubelet finds its containers still running: no restart, same container ID, no new events', () => {
    const sim = kubeletSim();
    sim.apply(podYaml('web', 'nginx:1.27'));
    sim.runFor(5000);
    const before = podOf(sim, 'web')!.status!.containerStatuses![0]!;
    const eventsBefore = eventsFor(sim, 'web').length;
    sim.act({ type: 'fault', fault: { type: 'kill-node', node: 'node-1' } });
    sim.runFor(30_000);
    sim.act({ type: 'fault', fault: { type: 'restore-node', node: 'node-1' } });
    sim.runFor(10_000);
    const status = podOf(sim, 'web')!.status!;
    expect(status.phase).toBe('Running');
    expect(status.containerStatuses![0]).toMatchObject({ restartCount: 0, ready: true, containerID: before.containerID });
    expect(eventsFor(sim, 'web')).toHaveLength(eventsBefore);
  });

  it('while the kubelet is down an exited container is not restarted; the restarted kubelet reports and restarts it', () => {
    const sim = kubeletSim({ 'crasher:1': { behavior: 'crash', runFor: 2000 } });
    sim.apply(podYaml('web', 'crasher:1'));
    sim.runFor(3000); // running since ~2.8 s
    expect(sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'kubelet/node-1', restartAfter: 20_000 } }).ok).toBe(true);
    sim.runFor(15_000);
    // Exited at ~4.8 s, with nobody to restart it or to report it.
    expect(podOf(sim, 'web')!.status!.containerStatuses![0]).toMatchObject({ restartCount: 0, state: { running: {} } });
    sim.runFor(6000); // the kubelet is back at 23 s; its back-off memory is gone, so the restart is immediate
    const cs = podOf(sim, 'web')!.status!.containerStatuses![0]!;
    expect(cs.restartCount).toBe(1);
    expect(cs.state!.running).toBeDefined();
    expect(cs.lastState!.terminated).toMatchObject({ exitCode: 1, finishedAt: '2026-01-01T00:00:04Z' });
  });

  it('changing a running container’s image kills it (“definition changed, will be restarted”) and starts the new image', () => {
    const sim = kubeletSim();
    sim.apply(podYaml('web', 'nginx:1.27', { restartPolicy: 'Never' }));
    sim.runFor(5000);
    const r = sim.act({ type: 'patch', resource: 'pod', name: 'web', patchType: 'strategic', patch: { spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } } });
    expect(r.ok).toBe(true);
    sim.runFor(5000);
    const events = eventsFor(sim, 'web').map((e) => `${e.reason}: ${e.message}`);
    expect(events.slice(4, 6)).toEqual(['Killing: Container web definition changed, will be restarted', 'Pulling: Pulling image "nginx:1.28"']);
    const cs = podOf(sim, 'web')!.status!.containerStatuses![0]!;
    expect(cs).toMatchObject({ image: 'nginx:1.28', restartCount: 1, ready: true, lastState: { terminated: { exitCode: 0, reason: 'Completed' } } });
    expect(podOf(sim, 'web')!.status!.phase).toBe('Running');
  });

  it('seeking back into a crash loop and replaying gives the same events (the runtime is checkpointed with the cluster)', () => {
    const sim = kubeletSim({ 'crasher:1': { behavior: 'crash', runFor: 2000 } });
    sim.apply(podYaml('web', 'crasher:1'));
    sim.runFor(60_000);
    const first = eventsFor(sim, 'web').map((e) => `${e.time} ${e.reason} ${e.message}`);
    const end = sim.now;
    sim.seekTime(12_000);
    expect(eventsFor(sim, 'web').length).toBeLessThan(first.length);
    sim.runUntil(end);
    expect(eventsFor(sim, 'web').map((e) => `${e.time} ${e.reason} ${e.message}`)).toEqual(first);
  });

  it('pods are not synced again for the kubelet’s own status writes', () => {
    const sim = kubeletSim();
    sim.apply(podYaml('web', 'nginx:1.27'));
    sim.runFor(60_000);
    const gets = sim.trace.slice().filter((e) => e.kind === 'queue.get' && e.queue === 'kubelet/node-1' && e.key === 'default/web');
    // add, started, ready: three syncs.
    expect(gets).toHaveLength(3);
  });
});
