import { describe, expect, it } from 'vitest';
import { SimHost } from './sim-host.ts';
import { deploymentYaml } from '../sim/determinism-case.ts';
import { summarize } from './object-summary.ts';
import type { Simulation } from '../sim/simulation.ts';
import type { Frame, ObjectSummary, WorkerMessage } from './protocol.ts';

const DEPLOYMENT = deploymentYaml('web', 3);

/** What the page holds after applying every frame's delta in order. */
function applyFrames(frames: readonly Frame[]): Map<string, ObjectSummary> {
  const page = new Map<string, ObjectSummary>();
  for (const f of frames) {
    if (f.objects.full) page.clear();
    for (const k of f.objects.deletes) page.delete(k);
    for (const s of f.objects.upserts) page.set(s.key, s);
  }
  return page;
}

function harness() {
  const messages: WorkerMessage[] = [];
  let wall = 0;
  let requestId = 1;
  const host = new SimHost((m) => messages.push(m), () => wall);
  return {
    host,
    frames: () => messages.filter((m): m is Frame => m.type === 'frame'),
    send(cmd: Record<string, unknown>) {
      host.receive({ v: 1, requestId: requestId++, ...cmd });
    },
    advanceWall(ms: number) {
      wall += ms;
      host.tick();
    },
    /** Every drawn object of the simulation now, summarised (what a full listing would send). */
    truth(): Map<string, ObjectSummary> {
      const sim = (host as unknown as { sim: Simulation }).sim;
      const api = sim.cluster.apiServer;
      const out = new Map<string, ObjectSummary>();
      for (const info of api.resourcesInfo()) {
        if (info.kind === 'Event' || info.kind === 'Lease') continue;
        for (const o of api.listObjects(info.group ? `${info.group}/${info.version}` : info.version, info.kind)) out.set(summarize(o).key, summarize(o));
      }
      return out;
    },
  };
}

describe('SimHost object deltas', () => {
  it('frames between commands follow the writes (no full listing) and the page ends with exactly the objects of the api-server', () => {
    const h = harness();
    h.send({ type: 'init', setup: { seed: 1, nodes: 3, manifests: DEPLOYMENT } });
    h.host.tick();
    h.send({ type: 'speed', speed: 20 });
    h.send({ type: 'play' });
    const checked: number[] = [];
    for (let i = 0; i < 120; i++) {
      h.advanceWall(16);
      if (i === 40) h.send({ type: 'act', action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 6 } });
      if (i === 80) h.send({ type: 'act', action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 1 } });
      if (i % 10 === 9) {
        expect(applyFrames(h.frames())).toEqual(h.truth());
        checked.push(i);
      }
    }
    expect(checked.length).toBe(12);
    const frames = h.frames();
    // Pods were created and deleted in frames that did not list everything.
    expect(frames.some((f) => !f.objects.full && f.objects.upserts.some((s) => s.kind === 'Pod'))).toBe(true);
    expect(frames.some((f) => !f.objects.full && f.objects.deletes.some((k) => k.includes('/Pod/')))).toBe(true);
    expect(applyFrames(frames).size).toBeGreaterThan(0);
  });

  it('while playing without commands, frames do not list every object (only a command or a reset does)', () => {
    const h = harness();
    h.send({ type: 'init', setup: { seed: 1, nodes: 3, manifests: DEPLOYMENT } });
    h.host.tick();
    h.send({ type: 'speed', speed: 20 });
    h.send({ type: 'play' });
    h.advanceWall(16);
    const api = (h.host as unknown as { sim: Simulation }).sim.cluster.apiServer;
    const original = api.resourcesInfo.bind(api);
    let listings = 0;
    api.resourcesInfo = () => {
      listings++;
      return original();
    };
    const before = h.frames().length;
    for (let i = 0; i < 30; i++) h.advanceWall(16);
    expect(h.frames().length - before).toBe(30);
    expect(h.frames().slice(before).some((f) => f.objects.upserts.length > 0)).toBe(true);
    expect(listings).toBe(0);
    h.send({ type: 'act', action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 4 } });
    h.advanceWall(16);
    expect(listings).toBeGreaterThan(0);
  });

  it('while playing, the convergence check runs at most every 200 ms of wall time, and a settled cluster is reported converged', () => {
    const h = harness();
    h.send({ type: 'init', setup: { seed: 1, nodes: 2, manifests: DEPLOYMENT } });
    h.host.tick();
    const sim = (h.host as unknown as { sim: Simulation }).sim;
    const original = sim.isConverged.bind(sim);
    let checks = 0;
    sim.isConverged = () => {
      checks++;
      return original();
    };
    h.send({ type: 'speed', speed: 50 });
    h.send({ type: 'play' });
    for (let i = 0; i < 125; i++) h.advanceWall(16); // 2 s of wall time, 100 s of virtual time
    expect(checks).toBeGreaterThanOrEqual(5);
    expect(checks).toBeLessThanOrEqual(12);
    expect(h.frames().at(-1)!.converged).toBe(original().converged);
    expect(h.frames().at(-1)!.converged).toBe(true);
  });

  it('a frame follows only the written objects: a quiet frame sends nothing', () => {
    const h = harness();
    h.send({ type: 'init', setup: { seed: 1, nodes: 2, manifests: DEPLOYMENT } });
    h.send({ type: 'advance', ms: 20_000 });
    h.host.tick();
    const before = h.frames().length;
    h.send({ type: 'pause' });
    h.host.tick();
    h.host.tick();
    const after = h.frames().slice(before);
    expect(after.length).toBeGreaterThan(0);
    for (const f of after.slice(1)) expect(f.objects.upserts).toEqual([]);
  });

  it('a step back resets the page to the earlier objects', () => {
    const h = harness();
    h.send({ type: 'init', setup: { seed: 1, nodes: 2, manifests: DEPLOYMENT } });
    h.send({ type: 'advance', ms: 10_000 });
    h.host.tick();
    h.send({ type: 'stepBack', count: 50 });
    h.host.tick();
    expect(h.frames().at(-1)!.objects.full).toBe(true);
    expect(applyFrames(h.frames())).toEqual(h.truth());
  });
});
