import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';
import { toChromeTrace, toJsonLines } from './chrome-trace.ts';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
`;

function run() {
  const sim = Simulation.create({ seed: 4, nodes: 2 });
  sim.apply(DEPLOYMENT);
  sim.runFor(5_000);
  sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 3 });
  sim.runFor(5_000);
  return sim.trace.slice(0, sim.trace.length);
}

describe('Chrome trace export', () => {
  it('is valid trace-event JSON: named tracks, balanced slices per track, paired async slices and flows', () => {
    const events = run();
    const trace = JSON.parse(JSON.stringify(toChromeTrace(events))) as ReturnType<typeof toChromeTrace>;
    const evs = trace.traceEvents;
    const named = new Set(evs.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => e.tid));
    for (const e of evs) if (e.ph !== 'M') expect(named.has(e.tid), `${e.name} on an unnamed track`).toBe(true);
    // B/E balance per track, in order, never below zero.
    const depth = new Map<number, number>();
    for (const e of evs) {
      if (e.ph === 'B') depth.set(e.tid, (depth.get(e.tid) ?? 0) + 1);
      if (e.ph === 'E') {
        depth.set(e.tid, (depth.get(e.tid) ?? 0) - 1);
        expect(depth.get(e.tid)).toBeGreaterThanOrEqual(0);
      }
    }
    for (const d of depth.values()) expect(d).toBe(0);
    const count = (ph: string) => evs.filter((e) => e.ph === ph).length;
    expect(count('b')).toBe(count('e'));
    expect(count('s')).toBe(count('f'));
    // Each controller's reconciles are slices, and watch deliveries are flow arrows.
    expect(evs.some((e) => e.ph === 'B' && e.name.startsWith('reconcile default/web'))).toBe(true);
    expect(count('s')).toBeGreaterThan(10);
    expect(evs.every((e) => Number.isInteger(e.ts) && e.ts >= 0)).toBe(true);
  });

  it('JSON Lines hold every event, one per line, and read back as the trace', () => {
    const events = run();
    const lines = toJsonLines(events).trimEnd().split('\n');
    expect(lines).toHaveLength(events.length);
    expect(JSON.parse(lines[5]!)).toEqual(JSON.parse(JSON.stringify(events[5])));
  });
});
