import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../sim/api/object.ts';
import { normalise, stableName, stableText } from './observation.ts';
import { firstDifference } from './oracles.ts';

const cronJob = (over: Partial<KubeObject['metadata']>, schedule = '0 1 * * *'): KubeObject => ({
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name: 'nightly-x2k9p', generateName: 'nightly-', namespace: 'default', uid: 'u-1', resourceVersion: '12', creationTimestamp: '2026-01-01T00:00:01Z', generation: 3, annotations: { a: 'b' }, ...over },
  spec: { schedule },
  status: { lastScheduleTime: '2026-01-01T00:01:00Z', observedGeneration: 3, active: [{ name: 'nightly-x2k9p-28000' }] },
});

describe('normalise', () => {
  it('masks what differs run to run: UIDs, resourceVersions, times, generations, annotations, generated suffixes', () => {
    const a = normalise(cronJob({}));
    const b = normalise(cronJob({ name: 'nightly-7d4bq', uid: 'u-2', resourceVersion: '99', creationTimestamp: '2026-01-01T00:00:09Z', generation: 5, annotations: { c: 'd' } }));
    expect(b).toEqual(a);
    expect(a).toMatchObject({ metadata: { name: 'nightly-*' }, status: { lastScheduleTime: '<time>' } });
  });

  it('keeps what a controller decides: spec, labels, owners, and status where asked', () => {
    expect(normalise(cronJob({}, '0 2 * * *'))).not.toEqual(normalise(cronJob({})));
    expect(normalise(cronJob({ labels: { x: 'y' } }))).not.toEqual(normalise(cronJob({})));
    expect(normalise(cronJob({}), false)).not.toHaveProperty('status');
  });

  it('a name is stable when it was not generated', () => {
    expect(stableName({ metadata: { name: 'web' } })).toBe('web');
    expect(stableName({ metadata: { name: 'web-abcde', generateName: 'web-' } })).toBe('web-*');
    expect(stableText('weekly-645z4')).toBe('weekly-*');
    expect(stableText('weekly-backup')).toBe('weekly-backup');
  });
});

describe('firstDifference', () => {
  it('names the first differing dotted path', () => {
    expect(firstDifference({ spec: { schedule: 'a', x: 1 } }, { spec: { schedule: 'b', x: 1 } })).toBe('spec.schedule');
    expect(firstDifference({ metadata: { labels: { 'app.kubernetes.io/name': 'a' } } }, { metadata: { labels: {} } })).toBe('metadata.labels');
  });
});
