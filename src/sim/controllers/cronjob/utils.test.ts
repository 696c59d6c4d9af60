/**
 * Upstream's tables from kubernetes `pkg/controller/cronjob/utils_test.go` (TestMostRecentScheduleTime,
 * TestNextScheduleTimeDuration, TestNextScheduleTime, TestByJobStartTime, TestGetJobFromTemplate2), in virtual ms.
 */
import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import { describe, expect, it } from 'vitest';
import { EPOCH_MS, parseTime, rfc3339 } from '../../engine/clock.ts';
import { parseStandard } from './cron-schedule.ts';
import {
  byJobStartTime,
  CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION,
  getJobFromTemplate2,
  getJobName,
  mostRecentScheduleTime,
  NEXT_SCHEDULE_DELTA_MS,
  nextScheduleTime,
  nextScheduleTimeDuration,
  type CronJobObject,
  type MissedSchedules,
} from './utils.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
/** topOfTheHour(): 2016-05-19T10:00:00Z in virtual ms (before the simulation's epoch: negative). */
const T = parseTime('2016-05-19T10:00:00Z');
const at = (d: number): number => T + d;
const ts = (d: number): string => rfc3339(at(d));

function cronJob(schedule: string, created: number, lastScheduled?: number, sds?: number): CronJob {
  const cj: CronJob = { metadata: { name: 'mycronjob', creationTimestamp: ts(created) }, spec: { schedule, jobTemplate: {} } };
  if (lastScheduled !== undefined) cj.status = { lastScheduleTime: ts(lastScheduled) };
  if (sds !== undefined) cj.spec!.startingDeadlineSeconds = sds;
  return cj;
}

describe('mostRecentScheduleTime (upstream TestMostRecentScheduleTime)', () => {
  const cases: Array<{
    name: string;
    cj: CronJob;
    includeSDS?: boolean;
    now: number;
    earliest?: number;
    recent: number | undefined;
    missed?: MissedSchedules;
    wantErr?: boolean;
  }> = [
    { name: 'now before next schedule', cj: cronJob('0 * * * *', 0), now: 30 * S, recent: undefined, earliest: 0 },
    { name: 'now just after next schedule', cj: cronJob('0 * * * *', 0), now: 61 * M, recent: 60 * M, earliest: 0 },
    { name: 'missed 5 schedules', cj: cronJob('0 * * * *', 10 * S), now: 301 * M, recent: 300 * M, earliest: 10 * S, missed: 'few' },
    { name: 'complex schedule', cj: cronJob('30 6-16/4 * * 1-5', 0, 30 * M), now: 24 * H + 31 * M, recent: 24 * H + 30 * M, earliest: 30 * M, missed: 'few' },
    { name: 'another complex schedule', cj: cronJob('30 10,11,12 * * 1-5', 0, 30 * M), now: 30 * H + 30 * M, recent: undefined, earliest: 30 * M, missed: 'few' },
    { name: 'complex schedule with longer diff between executions', cj: cronJob('30 6-16/4 * * 1-5', 0, 30 * M), now: 96 * H + 31 * M, recent: 96 * H + 30 * M, earliest: 30 * M, missed: 'few' },
    { name: 'complex schedule with shorter diff between executions', cj: cronJob('30 6-16/4 * * 1-5', 0), now: 24 * H + 31 * M, recent: 24 * H + 30 * M, earliest: 0, missed: 'few' },
    { name: '@every schedule', cj: cronJob('@every 1h', -59 * M, 1 * M, 10), now: 7 * 24 * H, recent: 6 * 24 * H + 23 * H + 1 * M, earliest: 1 * M, missed: 'many' },
    { name: 'rogue cronjob', cj: cronJob('59 23 31 2 *', 10 * S), now: 1 * H, recent: undefined, wantErr: true },
    { name: 'earliestTime being CreationTimestamp and LastScheduleTime', cj: cronJob('0 * * * *', 0, 0), now: 30 * S, earliest: 0, recent: undefined },
    { name: 'earliestTime being LastScheduleTime', cj: cronJob('*/5 * * * *', 0, 30 * M), now: 31 * M, earliest: 30 * M, recent: undefined },
    { name: 'earliestTime being LastScheduleTime (within StartingDeadlineSeconds)', cj: cronJob('*/5 * * * *', 0, 30 * M, 60), now: 31 * M, earliest: 30 * M, recent: undefined },
    { name: 'earliestTime being LastScheduleTime (outside StartingDeadlineSeconds)', cj: cronJob('*/5 * * * *', 0, 30 * M, 60), includeSDS: true, now: 32 * M, earliest: 31 * M, recent: undefined },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = mostRecentScheduleTime(c.cj, at(c.now), parseStandard(c.cj.spec!.schedule), c.includeSDS ?? false);
      if (c.wantErr) {
        expect(got.error).toBeDefined();
        return;
      }
      expect(got.error).toBeUndefined();
      expect(got.earliestTime).toBe(at(c.earliest!));
      expect(got.mostRecentTime).toBe(c.recent === undefined ? undefined : at(c.recent));
      expect(got.missedSchedules).toBe(c.missed ?? 'none');
    });
  }
});

describe('nextScheduleTimeDuration (upstream TestNextScheduleTimeDuration)', () => {
  const cases = [
    { name: 'complex schedule skipping weekend', cj: cronJob('30 6-16/4 * * 1-5', 0, 30 * M), now: 24 * H + 31 * M, want: 3 * H + 59 * M },
    { name: 'another complex schedule skipping weekend', cj: cronJob('30 10,11,12 * * 1-5', 0, 30 * M), now: 30 * H + 30 * M, want: 66 * H },
    { name: 'once a week cronjob, missed two runs', cj: cronJob('0 12 * * 4', 0, 2 * H), now: 19 * 24 * H + 1 * H + 30 * M, want: 48 * H + 30 * M },
    { name: 'no previous run of a cronjob', cj: cronJob('0 12 * * 5', 0), now: 6 * H, want: 20 * H },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = nextScheduleTimeDuration(c.cj, at(c.now), parseStandard(c.cj.spec!.schedule));
      expect(got).toBeGreaterThanOrEqual(0);
      expect(got).toBe(c.want + NEXT_SCHEDULE_DELTA_MS);
    });
  }
});

describe('nextScheduleTime (upstream TestNextScheduleTime)', () => {
  const hourly = parseStandard('0 * * * ?');
  const T1 = 0;
  const T2 = 1 * H;
  it('case 1: no known start times, and none needed yet', () => {
    expect(nextScheduleTime(cronJob('0 * * * ?', T1 - 10 * M), at(T1 - 7 * M), hourly).scheduledTime).toBeUndefined();
  });
  it('case 2: no known start times, and one needed', () => {
    expect(nextScheduleTime(cronJob('0 * * * ?', T1 - 10 * M), at(T1 + 2 * S), hourly).scheduledTime).toBe(at(T1));
  });
  it('case 3: known LastScheduleTime, no start needed', () => {
    expect(nextScheduleTime(cronJob('0 * * * ?', T1 - 10 * M, T1), at(T1 + 2 * M), hourly).scheduledTime).toBeUndefined();
  });
  it('case 4: known LastScheduleTime, a start needed', () => {
    expect(nextScheduleTime(cronJob('0 * * * ?', T1 - 10 * M, T1), at(T2 + 5 * M), hourly).scheduledTime).toBe(at(T2));
  });
  it('case 5: known LastScheduleTime, two starts needed: only the most recent', () => {
    expect(nextScheduleTime(cronJob('0 * * * ?', T1 - 2 * H, T1 - 1 * H), at(T2 + 5 * M), hourly).scheduledTime).toBe(at(T2));
  });
  it('case 6: now is way ahead of the last start time and there is no deadline: too many missed', () => {
    const got = nextScheduleTime(cronJob('0 * * * ?', T1 - 2 * H, T1 - 1 * H), at(T2 + 10 * 24 * H), hourly);
    expect(got.scheduledTime).toBeDefined();
    expect(got.tooManyMissed).toBe(true);
  });
  it('case 7: now is way ahead of the last start time but there is a short deadline', () => {
    const got = nextScheduleTime(cronJob('0 * * * ?', T1 - 2 * H, T1 - 1 * H, 2 * 60 * 60), at(T2 + 10 * 24 * H), hourly);
    expect(got.scheduledTime).toBeDefined();
    expect(got.tooManyMissed).toBe(false);
  });
  it('case 8: the error of a schedule that never fires comes up', () => {
    const got = nextScheduleTime(cronJob('59 23 31 2 *', T1 + 10 * S), at(1 * H), parseStandard('59 23 31 2 *'));
    expect(got.scheduledTime).toBeUndefined();
    expect(got.error).toBeDefined();
  });
});

describe('byJobStartTime (upstream TestByJobStartTime)', () => {
  const job = (name: string, start?: string): Job => ({ metadata: { name }, status: start ? { startTime: start } : {} });
  const now = '2018-01-01T02:03:04Z';
  const later = '2019-01-01T02:03:04Z';
  const names = (js: Job[]): string[] => js.map((j) => `${j.metadata!.name}:${j.status?.startTime ?? 'nil'}`);
  const cases: Array<[string, Job[], Job[]]> = [
    ['both have nil start times', [job('b'), job('a')], [job('a'), job('b')]],
    ['only the first has a nil start time', [job('a'), job('b', now)], [job('b', now), job('a')]],
    ['only the second has a nil start time', [job('a', now), job('b')], [job('a', now), job('b')]],
    ['both have non-nil, equal start time', [job('b', now), job('a', now)], [job('a', now), job('b', now)]],
    ['both have non-nil, different start time', [job('a', later), job('b', now)], [job('b', now), job('a', later)]],
  ];
  for (const [name, input, want] of cases) it(name, () => expect(names([...input].sort(byJobStartTime))).toEqual(names(want)));
});

describe('getJobFromTemplate2 (upstream TestGetJobFromTemplate2)', () => {
  const cj = (timeZone: string | undefined, annotations: Record<string, string>): CronJobObject => ({
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'mycronjob', namespace: 'snazzycats', uid: '1a2b3c' },
    spec: {
      schedule: '* * * * ?',
      concurrencyPolicy: 'Allow',
      ...(timeZone ? { timeZone } : {}),
      jobTemplate: {
        metadata: { labels: { a: 'b' }, annotations },
        spec: { activeDeadlineSeconds: 1, manualSelector: false, template: { metadata: { labels: { foo: 'bar' } }, spec: { containers: [{ name: 'c', image: 'foo/bar' }] } } },
      },
    },
  });
  const cases: Array<[string, string | undefined, Record<string, string>, string, number]> = [
    ['UTC timezone and one annotation', 'UTC', { x: 'y' }, '2016-05-19T10:00:00Z', 2],
    ['nil timezone and one annotation', undefined, { x: 'y' }, '2016-05-19T10:00:00Z', 2],
    ['correct timezone and multiple annotation', 'Europe/Rome', { x: 'y', z: 'x' }, '2016-05-19T12:00:00+02:00', 3],
  ];
  for (const [name, tz, annotations, wantStamp, wantAnnotations] of cases) {
    it(name, () => {
      const job = getJobFromTemplate2(cj(tz, annotations), T);
      expect(job.metadata.name).toMatch(/^mycronjob-/);
      expect(Object.keys(job.metadata.labels ?? {})).toHaveLength(1);
      expect(Object.keys(job.metadata.annotations ?? {})).toHaveLength(wantAnnotations);
      expect(job.metadata.annotations?.[CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION]).toBe(wantStamp);
      expect(job.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'CronJob', name: 'mycronjob', uid: '1a2b3c', controller: true });
      expect(job.spec?.activeDeadlineSeconds).toBe(1);
    });
  }
  it('the Job name is the scheduled time in minutes since the Unix epoch', () => {
    const unixMinutes = Math.floor((EPOCH_MS + T) / 60_000);
    expect(getJobName({ metadata: { name: 'mycronjob' } }, T)).toBe(`mycronjob-${unixMinutes}`);
    expect(getJobName({ metadata: { name: 'mycronjob' } }, T + 59_999)).toBe(`mycronjob-${unixMinutes}`);
    expect(unixMinutes).toBe(24394200); // 1463652000 s / 60
  });
});
