import { describe, expect, it } from 'vitest';
import { PRELOAD_AFTER_MS, SimHost } from './sim-host.ts';
import type { Frame, WorkerMessage } from './protocol.ts';
import { deploymentYaml, harness } from './testing/sim-host-harness.ts';

const DEPLOYMENT = deploymentYaml(3);

describe('SimHost', () => {
  it('answers a malformed command with an error instead of dying', () => {
    const h = harness();
    h.host.receive({ type: 'nope' });
    h.host.receive({ type: 'act', requestId: 3 });
    h.host.receive(null);
    expect(h.messages[0]).toMatchObject({ type: 'error' });
    expect(h.messages[1]).toMatchObject({ type: 'reply', requestId: 3, ok: false });
    expect(h.messages[2]).toMatchObject({ type: 'error' });
  });

  it('starts a simulation, plays it at the chosen speed and sends frames with object deltas', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 3, manifests: DEPLOYMENT } });
    expect(h.replies()[0]).toMatchObject({ ok: true, kind: 'init', info: { nodes: ['node-1', 'node-2', 'node-3'] } });
    h.host.tick();
    const first = h.frames().at(-1)!;
    expect(first.reset).toBe(true);
    expect(first.objects.full).toBe(true);
    expect(first.objects.upserts.some((o) => o.kind === 'Deployment' && o.name === 'web')).toBe(true);
    h.host.receive({ type: 'speed', speed: 10 });
    h.host.receive({ type: 'play' });
    for (let i = 0; i < 10; i++) h.advanceWall(16);
    const last = h.frames().at(-1)!;
    expect(last.now).toBeCloseTo(1600, 0);
    expect(last.reset).toBe(false);
    expect(last.objects.full).toBe(false);
  });

  it('steps back and reports a reset frame with the earlier state', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1, manifests: DEPLOYMENT } });
    h.host.receive({ type: 'step', count: 50 });
    h.host.tick();
    const at50 = h.frames().at(-1)!;
    expect(at50.step).toBe(50);
    h.host.receive({ type: 'stepBack', count: 10 });
    h.host.tick();
    const back = h.frames().at(-1)!;
    expect(back.step).toBe(40);
    expect(back.reset).toBe(true);
    expect(back.inPast).toBe(true);
  });

  it('applies user actions and replies with kubectl’s lines and the api-server’s causes', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1 } });
    h.host.receive({ type: 'act', requestId: 2, action: { type: 'apply', manifests: DEPLOYMENT.replace('replicas: 3', 'replicas: -2') } });
    const reply = h.replies().at(-1) as Extract<WorkerMessage, { type: 'reply'; kind: 'act' }>;
    expect(reply.ok).toBe(true);
    expect(reply.result.ok).toBe(false);
    expect(reply.result.results[0]?.status?.details?.causes?.[0]?.field).toBe('spec.replicas');
  });

  it('inspects an object: its fields, owners and history in words', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1, manifests: DEPLOYMENT } });
    h.host.receive({ type: 'inspect', requestId: 2, ref: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' } });
    const reply = h.replies().at(-1) as { result: { owners: Array<{ manager: string; path: string }>; history: Array<{ story: string }> } };
    expect(reply.result.owners.some((o) => o.manager === 'kubectl' && o.path === 'spec.replicas')).toBe(true);
    expect(reply.result.history[0]!.story).toMatch(/because you ran `kubectl apply 1 document`/);
  });
});

describe('SimHost HPA frames', () => {
  const HPA_WEB = `${DEPLOYMENT.replace('spec: {containers: [{name: web, image: "nginx:1.27"}]}', 'spec: {containers: [{name: web, image: "nginx:1.27", resources: {requests: {cpu: 500m}}}]}')}---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 10
  metrics: [{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}}]
`;

  it('sends each HPA with its target, the load steps and a replica series that grows when the load rises', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 3, manifests: HPA_WEB } });
    h.host.receive({ type: 'act', requestId: 2, action: { type: 'set-load', resource: 'deployment', name: 'web', cpu: '4200m' } });
    h.host.tick();
    const first = h.frames().at(-1)!.hpa!;
    expect(first.hpas[0]).toMatchObject({ key: 'default/web', target: { kind: 'Deployment', name: 'web' }, maxReplicas: 10, targetCpuUtilization: 70, cpuRequestMillis: 500 });
    expect(first.loads).toEqual([{ workload: 'default/web', cpuMillis: 4200, memoryBytes: 0 }]);
    for (let i = 0; i < 60; i++) {
      h.host.receive({ type: 'advance', ms: 1000 });
      h.host.tick();
    }
    const latest = h.frames().filter((f) => f.hpa).at(-1)!.hpa!.hpas[0]!;
    expect(latest.desiredReplicas).toBeGreaterThan(3);
    expect(latest.series.length).toBeGreaterThan(1);
    expect(latest.series.at(-1)!.loadCpu).toBe(4200);
    expect(latest.load[0]).toMatchObject({ at: 0, cpuMillis: 4200 });
  });

  it('drops samples from the future after stepping back', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 3, manifests: HPA_WEB } });
    h.host.receive({ type: 'act', requestId: 2, action: { type: 'set-load', resource: 'deployment', name: 'web', cpu: '4200m' } });
    for (let i = 0; i < 40; i++) {
      h.host.receive({ type: 'advance', ms: 1000 });
      h.host.tick();
    }
    h.host.receive({ type: 'seek', time: 5000 });
    h.host.tick();
    const back = h.frames().at(-1)!;
    expect(back.reset).toBe(true);
    expect(back.hpa!.hpas[0]!.series.every((s) => s.t <= back.now)).toBe(true);
  });
});

describe('SimHost time travel bounds', () => {
  it('a seek far past the head stops at the head instead of running forever', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1 } });
    h.host.receive({ type: 'step', count: 20 });
    h.host.receive({ type: 'seek', step: 1e12 });
    h.host.tick();
    expect(h.frames().at(-1)!.step).toBe(20);
  });

  it('advancing an hour happens over several ticks within the work budget, not in one call', () => {
    // A wall clock that moves 1 ms each time it is read, as work takes time.
    const messages: WorkerMessage[] = [];
    let wall = 0;
    const host = new SimHost((m) => messages.push(m), () => (wall += 1));
    const last = () => messages.filter((m): m is Frame => m.type === 'frame').at(-1);
    host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1 } });
    host.receive({ type: 'advance', ms: 3_600_000 });
    let ticks = 0;
    while (last()?.now !== 3_600_000 && ticks < 100_000) {
      host.tick();
      ticks++;
    }
    expect(last()!.now).toBe(3_600_000);
    expect(ticks).toBeGreaterThan(1);
  });
});

describe('SimHost on-demand libraries', () => {
  function withLoader() {
    const messages: WorkerMessage[] = [];
    let wall = 0;
    let loaded = false;
    let settle: { resolve: () => void; reject: (e: Error) => void } | undefined;
    let loads = 0;
    const host = new SimHost((m) => messages.push(m), () => wall, {
      loaded: () => loaded,
      load: () => {
        loads++;
        return new Promise<void>((resolve, reject) => {
          settle = { resolve: () => ((loaded = true), resolve()), reject };
        });
      },
    });
    return {
      host,
      messages,
      loads: () => loads,
      finish: () => settle!.resolve(),
      fail: (message: string) => settle!.reject(new Error(message)),
      advanceWall(ms: number) {
        wall += ms;
        host.tick();
      },
      frames: () => messages.filter((m): m is Frame => m.type === 'frame'),
    };
  }
  const objects = [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } },
    },
  ];

  it('obeys at once what needs no library: the default demo sent as objects plays without loading them', () => {
    const h = withLoader();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1, manifests: objects } });
    h.host.receive({ type: 'play' });
    h.advanceWall(16);
    expect(h.loads()).toBe(0);
    expect(h.messages[0]).toMatchObject({ type: 'reply', requestId: 1, ok: true });
    expect(h.frames().at(-1)!.now).toBeGreaterThan(0);
  });

  it('holds text and everything after it, with virtual time standing still, until the libraries are in; then obeys in order', async () => {
    const h = withLoader();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1, manifests: objects } });
    h.host.receive({ type: 'play' });
    h.advanceWall(16);
    const before = h.frames().at(-1)!.now;
    h.host.receive({ type: 'act', requestId: 2, action: { type: 'apply', manifests: DEPLOYMENT.replace('name: web', 'name: api') } });
    h.host.receive({ type: 'inspect', requestId: 3, ref: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'api' } });
    h.advanceWall(500);
    expect(h.messages.filter((m) => m.type === 'reply')).toHaveLength(1);
    expect(h.frames().at(-1)!.now).toBe(before);
    h.finish();
    await Promise.resolve();
    await Promise.resolve();
    const replies = h.messages.filter((m) => m.type === 'reply');
    expect(replies.map((r) => r.requestId)).toEqual([1, 2, 3]);
    expect(replies[1]).toMatchObject({ ok: true, kind: 'act', result: { ok: true } });
    expect(replies[2]).toMatchObject({ ok: true, kind: 'inspect' });
    expect(h.loads()).toBe(1);
    // Time resumes from where it stood, not from the wall time spent loading.
    h.advanceWall(16);
    expect(h.frames().at(-1)!.now).toBeLessThanOrEqual(before + 16);
  });

  it('fetches them anyway once the simulation has been moving for a while, so a first Apply does not wait for them', () => {
    const h = withLoader();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1, manifests: objects } });
    h.advanceWall(500); // paused: virtual time has not moved, so no preload however long the page waits
    expect(h.loads()).toBe(0);
    h.host.receive({ type: 'play' });
    for (let t = 0; t < PRELOAD_AFTER_MS - 50; t += 50) h.advanceWall(50);
    expect(h.loads()).toBe(0);
    for (let t = 0; t < 200; t += 50) h.advanceWall(50);
    expect(h.loads()).toBe(1);
    for (let t = 0; t < 2000; t += 50) h.advanceWall(50);
    expect(h.loads()).toBe(1);
  });

  it('a failed load answers what needed the libraries with a clear error, obeys the rest, and tries again next time', async () => {
    const h = withLoader();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, scenario: 'name: x' } });
    h.host.receive({ type: 'init', v: 1, requestId: 2, setup: { seed: 1, nodes: 1, manifests: objects } });
    h.fail('Failed to fetch dynamically imported module');
    await Promise.resolve();
    await Promise.resolve();
    const replies = h.messages.filter((m) => m.type === 'reply');
    expect(replies[0]).toMatchObject({ requestId: 1, ok: false });
    expect((replies[0] as { error: string }).error).toMatch(/could not load the libraries .*Failed to fetch/);
    expect(replies[1]).toMatchObject({ requestId: 2, ok: true });
    h.host.receive({ type: 'act', requestId: 3, action: { type: 'apply', manifests: DEPLOYMENT } });
    expect(h.loads()).toBe(2);
  });
});

describe('SimHost: undoing a fork', () => {
  it('says what a fork dropped, and Undo brings the old future back once', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 2, manifests: DEPLOYMENT } });
    h.host.receive({ type: 'speed', speed: 20 });
    h.host.receive({ type: 'play' });
    for (let i = 0; i < 20; i++) h.advanceWall(16);
    h.host.receive({ type: 'pause' });
    h.host.tick();
    const head = h.frames().at(-1)!.step;
    h.host.receive({ type: 'stepBack', count: 10 });
    h.host.receive({ type: 'act', requestId: 2, action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 1 } });
    h.host.tick();
    expect(h.frames().at(-1)!.fork).toEqual({ step: head - 10, discardedSteps: 10, discardedInputs: 0 });
    h.host.receive({ type: 'undoFork' });
    h.host.tick();
    const after = h.frames().at(-1)!;
    expect(after.fork).toBeUndefined();
    expect(after.head).toBe(head);
    expect(after.step).toBe(head - 10);
  });
});
