import { describe, expect, it } from 'vitest';
import { podConditionUpdate, responsibleForPod, truncateMessage } from './schedule-one';
import { makePod } from './test-fixtures';

describe('updatePod decisions (UpdatePodCondition)', () => {
  const unschedulable = { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/3 nodes are available: 3 Insufficient cpu.' };
  it('a new condition takes now as its lastTransitionTime', () => {
    expect(podConditionUpdate(undefined, unschedulable, 1_000)).toEqual({ ...unschedulable, lastTransitionTime: '2026-01-01T00:00:01Z' });
  });
  it('the same condition again is no update (no status patch on every retry)', () => {
    const current = [{ ...unschedulable, lastTransitionTime: '2026-01-01T00:00:01Z' }];
    expect(podConditionUpdate(current, unschedulable, 9_000)).toBeUndefined();
  });
  it('a new message keeps the lastTransitionTime while the status stays False', () => {
    const current = [{ ...unschedulable, lastTransitionTime: '2026-01-01T00:00:01Z' }];
    expect(podConditionUpdate(current, { ...unschedulable, message: 'other' }, 9_000)).toEqual({ ...unschedulable, message: 'other', lastTransitionTime: '2026-01-01T00:00:01Z' });
  });
});

describe('truncateMessage', () => {
  it('keeps 1024 characters, ending in " ..."', () => {
    expect(truncateMessage('x'.repeat(1024))).toHaveLength(1024);
    const long = truncateMessage('y'.repeat(2000));
    expect(long).toHaveLength(1024);
    expect(long.endsWith('y ...')).toBe(true);
  });
});

describe('responsibleForPod', () => {
  it('only pods naming default-scheduler', () => {
    expect(responsibleForPod(makePod('p'))).toBe(true);
    const other = makePod('q');
    other.spec!.schedulerName = 'my-scheduler';
    expect(responsibleForPod(other)).toBe(false);
  });
});
