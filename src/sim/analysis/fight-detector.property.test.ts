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

/**
 * The reference, from the definition and backwards over the whole history: the trailing stretch of at most two
 * managers; its switches; of those, the trailing chain with no two consecutive ones more than `quietMs` apart.
 */
function naiveFlips(seq: Array<{ m: string; at: number }>, quietMs: number): number {
  const managers = new Set<string>();
  let start = seq.length - 1;
  for (let i = seq.length - 1; i >= 0; i--) {
    managers.add(seq[i]!.m);
    if (managers.size > 2) break;
    start = i;
  }
  const flipTimes: number[] = [];
  for (let i = start + 1; i < seq.length; i++) if (seq[i]!.m !== seq[i - 1]!.m) flipTimes.push(seq[i]!.at);
  let flips = flipTimes.length > 0 ? 1 : 0;
  for (let k = flipTimes.length - 1; k > 0 && flipTimes[k]! - flipTimes[k - 1]! <= quietMs; k--) flips++;
  return flips;
}

const sequences = fc.array(fc.record({ m: fc.constantFrom('a', 'b', 'c'), dt: fc.integer({ min: 0, max: 120_000 }) }), { minLength: 1, maxLength: 30 });

describe('fight detector properties', () => {
  it('reports the current run as a fight exactly when its chain of switches has at least 3 (as a naive backward scan says)', () => {
    fc.assert(
      fc.property(sequences, (seq) => {
        let t = 0;
        const timed = seq.map(({ m, dt }) => ({ m, at: (t += dt) }));
        const expected = naiveFlips(timed, 60_000);
        // Asked at the last switch, only the current run can be live (ended runs are listed only without `now`).
        const switches = timed.filter((c, i) => i > 0 && c.m !== timed[i - 1]!.m);
        const now = (switches.at(-1) ?? timed.at(-1)!).at;
        const fights = detectFights(writes(seq), {}, now);
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
