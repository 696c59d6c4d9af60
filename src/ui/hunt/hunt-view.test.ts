import { describe, expect, it } from 'vitest';
import type { HuntProgress, HuntResult } from '../../worker/protocol.ts';
import { huntReducer, IDLE, progressFraction, progressText, resultHeadline, scheduleLines } from './hunt-view.ts';

const progress = (p: Partial<HuntProgress>): HuntProgress => ({ phase: 'exploring', runs: 3, explored: 2, seeds: 10, found: false, ...p });
const result = (r: Partial<HuntResult>): HuntResult => ({ controller: 'c', status: 'passed', runs: 11, explored: 10, seeds: 10, inconclusive: 0, ...r });

describe('the Test my controller view', () => {
  it('runs, shows progress, and ends with the result; a late message after Stop changes nothing', () => {
    let v = huntReducer(IDLE, { type: 'start', seeds: 10 });
    expect(progressText(v)).toBe('starting…');
    v = huntReducer(v, { type: 'message', message: { type: 'progress', progress: progress({ last: 'plan 1: … → ok' }) } });
    expect(progressText(v)).toBe('plan 2 of 10 · 3 run(s) · plan 1: … → ok');
    expect(progressFraction(v)).toBeCloseTo(0.18);
    const stopped = huntReducer(v, { type: 'stop' });
    expect(progressText(stopped)).toBe('stopped after 3 run(s), 2 of 10 plans explored');
    expect(huntReducer(stopped, { type: 'message', message: { type: 'result', result: result({}) } })).toBe(stopped);
    const done = huntReducer(v, { type: 'message', message: { type: 'result', result: result({}) } });
    expect(done).toEqual({ phase: 'done', result: result({}) });
    expect(progressFraction(done)).toBe(1);
    expect(huntReducer(v, { type: 'message', message: { type: 'error', message: 'no workload' } })).toEqual({ phase: 'error', message: 'no workload' });
  });

  it('words a result: passed, or the oracle, its message and the schedule', () => {
    expect(resultHeadline(result({}))).toBe('✓ no bug found in 11 runs (10 plans)');
    const found = result({
      status: 'found',
      finding: {
        oracle: 'leaked-object',
        failures: [{ oracle: 'leaked-object', message: 'leaked: CronJob a has no ownerReference' }],
        plan: { seed: 's', perturbations: [] },
        minimised: [],
        minimal: true,
        schedule: [{ at: 20_005.5, step: 300, class: 'intermediate-state', fault: { type: 'crash-controller', controller: 'c' }, description: 'intermediate-state: crash c right after write #3 of the controller', traceId: 9 }],
        scenario: '',
        replayVerified: true,
        recipe: { version: 1, options: { seed: 1 }, inputs: [], step: 0 },
        causeChain: [],
      },
    });
    expect(resultHeadline(found)).toBe('✗ leaked-object: leaked: CronJob a has no ownerReference');
    expect(scheduleLines(found)).toEqual(['20.006 s  intermediate-state: crash c right after write #3 of the controller']);
  });
});
