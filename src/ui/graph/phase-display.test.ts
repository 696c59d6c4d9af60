import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { advancePhases, MAX_QUEUED, MIN_PHASE_MS, phasesPending, shownPhases, trackPhases, type PhaseTracks } from './phase-display.ts';
import type { GraphController } from './graph-model.ts';
import type { TraceEvent } from '../../worker/protocol.ts';

const controllers = [{ id: 'replicaset-controller', name: 'replicaset-controller', process: 'kube-controller-manager' }] as unknown as GraphController[];
let id = 0;
const ev = (kind: string, worker = 0, key = 'default/web'): TraceEvent =>
  ({ id: ++id, time: 0, actor: 'replicaset-controller', causeId: null, kind, controller: 'replicaset-controller', key, worker, summary: '', observed: [], inSync: false, result: 'success' }) as unknown as TraceEvent;
const reconcile = (worker = 0, key = 'default/web') => ['reconcile.observe', 'reconcile.diff', 'reconcile.act', 'reconcile.status', 'reconcile.done'].map((k) => ev(k, worker, key));

/** What the node shows at each tick of `ms` wall ms, until nothing is pending. */
function play(tracks: PhaseTracks, start: number, ms: number): string[] {
  const seen: string[] = [];
  let t = tracks;
  for (let now = start; phasesPending(t) && now < start + 100 * ms; now += ms) {
    t = advancePhases(t, now);
    seen.push(shownPhases(t).get('replicaset-controller')!);
  }
  return seen.filter((p, i) => i === 0 || p !== seen[i - 1]);
}

describe('phase display', () => {
  it('a reconcile that happened within one frame still shows each of its phases, in order, then idle', () => {
    const t = trackPhases(new Map(), reconcile(), controllers);
    expect(play(t, 0, 16)).toEqual(['observe', 'diff', 'act', 'status', 'idle']);
  });

  it('each phase stays at least the minimum time', () => {
    let t = trackPhases(new Map(), reconcile(), controllers);
    t = advancePhases(t, 0);
    expect(shownPhases(t).get('replicaset-controller')).toBe('observe');
    t = advancePhases(t, MIN_PHASE_MS - 1);
    expect(shownPhases(t).get('replicaset-controller')).toBe('observe');
    t = advancePhases(t, MIN_PHASE_MS);
    expect(shownPhases(t).get('replicaset-controller')).toBe('diff');
  });

  it('stays busy while another worker is mid-reconcile, and goes idle when none is', () => {
    let t = trackPhases(new Map(), [ev('reconcile.observe', 1, 'default/a'), ...reconcile(0)], controllers);
    const seen = play(t, 0, 50);
    expect(seen.at(-1)).not.toBe('idle');
    t = trackPhases(t, [ev('reconcile.done', 1, 'default/a')], controllers);
    expect(play(t, 10_000, 50).at(-1)).toBe('idle');
  });

  it('never lags more than a few phases behind, and always ends idle (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b')), { maxLength: 30 }), (runs) => {
        let t: PhaseTracks = new Map();
        for (const [worker, key] of runs) t = trackPhases(t, reconcile(worker, key), controllers);
        for (const tr of t.values()) expect(tr.queue.length).toBeLessThanOrEqual(MAX_QUEUED);
        if (runs.length) expect(play(t, 0, 20).at(-1)).toBe('idle');
      }),
      { seed: 8, numRuns: 200 },
    );
  });
});
