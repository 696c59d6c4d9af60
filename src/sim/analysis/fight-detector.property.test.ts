import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ObjectRef, TraceEvent } from '../trace/trace-event.ts';
import { detectFights, FightDetector } from './fight-detector.ts';

const web: ObjectRef = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' };

function writes(seq: Array<{ m: string; dt: number }>): TraceEvent[] {
  let t = 0;
  return seq.flatMap(({ m, dt }, i) => {
    t += dt;
    const id = i + 1;
    return [
      { id: id * 2, time: t, actor: m, causeId: null, kind: 'api.request', verb: 'patch', object: web, requestId: id, fieldManager: m },
      { id: id * 2 + 1, time: t, actor: 'api-server', causeId: id * 2, kind: 'api.response', verb: 'patch', object: web, requestId: id, code: 200, changed: ['spec.replicas'] },
    ] as TraceEvent[];
  });
}

/** The reference: switches in the trailing run of at most two managers, all changes within the window. */
function naiveFlips(seq: Array<{ m: string; at: number }>, windowMs: number): number {
  const last = seq[seq.length - 1]!;
  const run = [last];
  const managers = new Set([last.m]);
  for (let i = seq.length - 2; i >= 0; i--) {
    const c = seq[i]!;
    if (last.at - c.at > windowMs) break;
    if (!managers.has(c.m) && managers.size === 2) break;
    managers.add(c.m);
    run.unshift(c);
  }
  let flips = 0;
  for (let i = 1; i < run.length; i++) if (run[i]!.m !== run[i - 1]!.m) flips++;
  return managers.size === 2 ? flips : 0;
}

const sequences = fc.array(fc.record({ m: fc.constantFrom('a', 'b', 'c'), dt: fc.integer({ min: 0, max: 120_000 }) }), { minLength: 1, maxLength: 30 });

describe('fight detector properties', () => {
  it('reports a fight exactly when the trailing two-manager run has at least 3 switches (as a naive scan says)', () => {
    fc.assert(
      fc.property(sequences, (seq) => {
        let t = 0;
        const timed = seq.map(({ m, dt }) => ({ m, at: (t += dt) }));
        const expected = naiveFlips(timed, 600_000);
        const fights = detectFights(writes(seq));
        if (expected >= 3) {
          expect(fights).toHaveLength(1);
          expect(fights[0]!.flips).toBe(expected);
        } else expect(fights).toEqual([]);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('feeding the trace in two parts gives what feeding it at once gives', () => {
    fc.assert(
      fc.property(sequences, fc.nat(), (seq, cut) => {
        const events = writes(seq);
        const at = cut % (events.length + 1);
        const d = new FightDetector();
        d.observeAll(events.slice(0, at));
        d.fights();
        d.observeAll(events.slice(at));
        expect(d.fights()).toEqual(detectFights(events));
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
