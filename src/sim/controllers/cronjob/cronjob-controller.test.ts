/**
 * End-to-end behaviour of the CronJob controller through a Simulation with the Job controller, the scheduler, the
 * kubelets and the garbage collector: one Job a minute named by the scheduled minute, history limits, Forbid and
 * Replace, suspend, startingDeadlineSeconds, and hours of virtual time with bounded work.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { registerControllers } from '../../cluster/controller-registry.ts';
import { EPOCH_MS, parseTime } from '../../engine/clock.ts';
import { Simulation } from '../../simulation.ts';
import { jobControllerDescriptor } from '../job/descriptor.ts';
import { JOB_CONTROLLER } from '../job/job-controller.ts';
import { CRONJOB_CONTROLLER } from './cronjob-controller.ts';
import { cronJobControllerDescriptor } from './descriptor.ts';

registerControllers(jobControllerDescriptor, cronJobControllerDescriptor);

const MIN = 60_000;

function cronJobYaml(name: string, image: string, extra = ''): string {
  return `apiVersion: batch/v1
kind: CronJob
metadata: {name: ${name}}
spec:
  schedule: "*/1 * * * *"
${extra}  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers: [{name: work, image: "${image}"}]
`;
}

function sim(): Simulation {
  const s = Simulation.create({ seed: 1, nodes: 2, controllers: [CRONJOB_CONTROLLER, JOB_CONTROLLER, 'default-scheduler', 'kubelet', 'garbage-collector-controller'] });
  return s;
}

function exitFault(s: Simulation, image: string, exitCode: number): void {
  expect(s.act({ type: 'fault', fault: { type: 'image-behavior', image, behavior: 'exit', exitCode } }).ok).toBe(true);
}

const minuteOf = (virtualMs: number): number => Math.floor((EPOCH_MS + virtualMs) / 60_000);
const names = (s: Simulation): string[] => s.listObjects('jobs', 'default').map((j) => j.metadata.name!).sort();
function events(s: Simulation, reason: string): string[] {
  return s
    .listObjects('events', 'default')
    .filter((e) => (e as { reason?: string }).reason === reason)
    .map((e) => String((e as { message?: string }).message));
}
/**
 * The events the controller recorded (`k8s.event` trace records), in order. The api-server's Events are fewer: the
 * recorder's EventCorrelator (client-go) combines similar ones from the 10th and skips a CronJob's past a 25 burst.
 */
function recorded(s: Simulation, reason: string): string[] {
  return s
    .trace.slice()
    .filter((e) => e.kind === 'k8s.event' && e.reason === reason)
    .map((e) => (e as { message: string }).message);
}

function eventCount(s: Simulation, reason: string): number {
  return s
    .listObjects('events', 'default')
    .filter((e) => (e as { reason?: string }).reason === reason)
    .reduce((n, e) => n + Number((e as { count?: number }).count ?? 1), 0);
}

describe('CronJob controller', () => {
  it('*/1 * * * *: one Job a minute named <cronjob>-<scheduled minute>, keeping the last 3 successful ones', () => {
    const s = sim();
    exitFault(s, 'busybox:quick', 0);
    s.apply(cronJobYaml('tick', 'busybox:quick'));
    s.runFor(10 * MIN + 30_000);
    const created = recorded(s, 'SuccessfulCreate').filter((m) => m.startsWith('Created job '));
    expect(created).toEqual(Array.from({ length: 10 }, (_, i) => `Created job tick-${minuteOf((i + 1) * MIN)}`));
    // Each Job's pod runs ~7 s: the 3 most recent successful Jobs are kept, the older 7 deleted.
    expect(names(s)).toEqual([8, 9, 10].map((m) => `tick-${minuteOf(m * MIN)}`));
    expect(recorded(s, 'SuccessfulDelete')).toEqual(Array.from({ length: 7 }, (_, i) => `Deleted job tick-${minuteOf((i + 1) * MIN)}`));
    expect(events(s, 'SawCompletedJob').some((m) => /^Saw completed job: tick-\d+, status: Complete$/.test(m))).toBe(true);
    const cj = s.getObject('cronjobs', 'default', 'tick') as KubeObject & { status?: { lastScheduleTime?: string; lastSuccessfulTime?: string } };
    expect(parseTime(cj.status!.lastScheduleTime!)).toBe(10 * MIN);
    expect(cj.status?.lastSuccessfulTime).toBeDefined();
  });

  it('Forbid: a run is skipped with JobAlreadyActive while the last Job still runs', () => {
    const s = sim();
    s.apply(cronJobYaml('lock', 'busybox:forever', '  concurrencyPolicy: Forbid\n'));
    s.runFor(3 * MIN + 30_000);
    expect(names(s)).toEqual([`lock-${minuteOf(MIN)}`]);
    expect(events(s, 'JobAlreadyActive')).toContain('Not starting job because prior execution is running and concurrency policy is Forbid');
    // Minutes 2 and 3 are skipped (the recorder aggregates the repeats into one Event with a count).
    expect(eventCount(s, 'JobAlreadyActive')).toBe(2);
  });

  it('Replace: the running Job is deleted and a new one created', () => {
    const s = sim();
    s.apply(cronJobYaml('swap', 'busybox:forever', '  concurrencyPolicy: Replace\n'));
    s.runFor(2 * MIN + 30_000);
    expect(events(s, 'SuccessfulDelete')).toContain(`Deleted job swap-${minuteOf(MIN)}`);
    expect(names(s)).toEqual([`swap-${minuteOf(2 * MIN)}`]);
  });

  it('suspend: no Job is created', () => {
    const s = sim();
    s.apply(cronJobYaml('off', 'busybox:quick', '  suspend: true\n'));
    s.runFor(3 * MIN);
    expect(names(s)).toEqual([]);
  });

  it('Allow (the default): Jobs overlap', () => {
    const s = sim();
    s.apply(cronJobYaml('many', 'busybox:forever'));
    s.runFor(3 * MIN + 30_000);
    expect(names(s)).toHaveLength(3);
    const cj = s.getObject('cronjobs', 'default', 'many') as KubeObject & { status?: { active?: unknown[] } };
    expect(cj.status?.active).toHaveLength(3);
  });

  it('a lost status write: the Job name for the scheduled minute is a lock, AlreadyExists adopts it back into status.active', () => {
    const s = sim();
    s.apply(cronJobYaml('lock', 'busybox:forever', '  concurrencyPolicy: Forbid\n'));
    s.runFor(MIN + 5000);
    expect(names(s)).toEqual([`lock-${minuteOf(MIN)}`]);
    // As if the controller had crashed after creating the Job but before writing its status.
    const r = s.act({ type: 'patch', resource: 'cronjobs', namespace: 'default', name: 'lock', subresource: 'status', patch: { status: { active: null, lastScheduleTime: null } } });
    expect(r.ok).toBe(true);
    s.runFor(5000);
    expect(events(s, 'UnexpectedJob')).toEqual([`Saw a job that the controller did not create or forgot: lock-${minuteOf(MIN)}`]);
    expect(names(s)).toEqual([`lock-${minuteOf(MIN)}`]);
    expect(events(s, 'SuccessfulCreate').filter((m) => m.startsWith('Created job '))).toHaveLength(1);
    const cj = s.getObject('cronjobs', 'default', 'lock') as KubeObject & { status?: { active?: Array<{ name: string }>; lastScheduleTime?: string } };
    expect(cj.status?.active?.map((a) => a.name)).toEqual([`lock-${minuteOf(MIN)}`]);
    expect(parseTime(cj.status!.lastScheduleTime!)).toBe(MIN);
  });

  it('startingDeadlineSeconds: a start missed by more than the deadline is skipped; the next one runs', () => {
    const s = sim();
    s.apply(cronJobYaml('late', 'busybox:quick', '  startingDeadlineSeconds: 10\n'));
    s.runFor(1000);
    // The controller is paused across the 1-minute mark and resumes 30 s late.
    expect(s.act({ type: 'fault', fault: { type: 'pause-controller', controller: CRONJOB_CONTROLLER } }).ok).toBe(true);
    s.runFor(MIN + 29_000);
    expect(s.act({ type: 'fault', fault: { type: 'resume-controller', controller: CRONJOB_CONTROLLER } }).ok).toBe(true);
    s.runFor(5000);
    expect(names(s)).toEqual([]);
    // mostRecentScheduleTime already starts from now - startingDeadlineSeconds, so the missed minute is not even
    // found: upstream's MissSchedule branch is not reached this way either.
    expect(events(s, 'MissSchedule')).toEqual([]);
    const cj = s.getObject('cronjobs', 'default', 'late') as KubeObject & { status?: { lastScheduleTime?: string } };
    expect(cj.status?.lastScheduleTime).toBeUndefined();
    s.runFor(30_000);
    expect(names(s)).toEqual([`late-${minuteOf(2 * MIN)}`]);
  });

  it('timeZone: the schedule is read in the zone and the scheduled-timestamp annotation carries its offset', () => {
    const s = sim();
    s.apply(cronJobYaml('tz', 'busybox:quick', '  timeZone: Asia/Kolkata\n').replace('"*/1 * * * *"', '"31 5 * * *"'));
    // 05:31 in Kolkata (+05:30) is 00:01 UTC.
    s.runFor(MIN + 5000);
    const job = s.getObject('jobs', 'default', `tz-${minuteOf(MIN)}`);
    expect(job?.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp']).toBe('2026-01-01T05:31:00+05:30');
  });

  it('fast-forwarding an hour: 60 Jobs created, the last 3 kept, with bounded work', () => {
    const s = sim();
    exitFault(s, 'busybox:quick', 0);
    s.apply(cronJobYaml('hourly', 'busybox:quick'));
    const before = s.trace.slice().length;
    s.runFor(3_600_000 + 30_000);
    expect(recorded(s, 'SuccessfulCreate').filter((m) => m.startsWith('Created job ')).length).toBe(60);
    expect(names(s)).toHaveLength(3);
    // The CronJob controller syncs on each of its Jobs' changes (~10 per Job), never continuously.
    const reconciles = s.trace.slice().filter((e) => e.kind === 'queue.get' && (e as { actor?: string }).actor === CRONJOB_CONTROLLER).length;
    expect(reconciles).toBeLessThan(60 * 15);
    expect(s.trace.slice().length - before).toBeGreaterThan(0);
  });

  it('fast-forwarding four hours of an hourly CronJob: a Job at the top of each hour, the controller idle in between', () => {
    const s = sim();
    exitFault(s, 'busybox:quick', 0);
    s.apply(cronJobYaml('hourly', 'busybox:quick').replace('"*/1 * * * *"', '"0 * * * *"'));
    s.runFor(4 * 3_600_000 + 60_000);
    // From the trace: the api-server's Events expire an hour after their last write (--event-ttl), as upstream's do.
    const created = recorded(s, 'SuccessfulCreate').filter((m) => m.startsWith('Created job '));
    expect(created).toEqual([1, 2, 3, 4].map((h) => `Created job hourly-${minuteOf(h * 60 * MIN)}`));
    expect(names(s)).toEqual([2, 3, 4].map((h) => `hourly-${minuteOf(h * 60 * MIN)}`));
    // The controller wakes for its Jobs and once per scheduled time, not in between.
    const syncs = s.trace.slice().filter((e) => e.kind === 'reconcile.observe' && (e as { controller?: string }).controller === CRONJOB_CONTROLLER).length;
    expect(syncs).toBeLessThan(4 * 20);
  });

  it('the same seed replays the same run', () => {
    const run = (): string[] => {
      const s = sim();
      exitFault(s, 'busybox:quick', 0);
      s.apply(cronJobYaml('tick', 'busybox:quick'));
      s.runFor(3 * MIN);
      return s.listObjects('pods', 'default').map((p) => p.metadata.name!).sort();
    };
    expect(run()).toEqual(run());
  });

  it('seeking back in time (checkpoints copy the controllers) and forward again gives the same Jobs', () => {
    const s = sim();
    exitFault(s, 'busybox:quick', 0);
    s.apply(cronJobYaml('tick', 'busybox:quick'));
    s.runFor(4 * MIN);
    const jobsAt4 = names(s);
    s.seekTime(90_000);
    expect(names(s)).toEqual([`tick-${minuteOf(MIN)}`]);
    s.seekTime(4 * MIN);
    expect(names(s)).toEqual(jobsAt4);
  });

  it('more than 100 missed start times: TooManyMissedTimes, and only the most recent one runs (no backfill)', () => {
    const s = sim();
    exitFault(s, 'busybox:quick', 0);
    s.apply(cronJobYaml('wedged', 'busybox:quick'));
    s.runFor(30_000);
    expect(s.act({ type: 'fault', fault: { type: 'pause-controller', controller: CRONJOB_CONTROLLER } }).ok).toBe(true);
    s.runFor(105 * MIN);
    expect(s.act({ type: 'fault', fault: { type: 'resume-controller', controller: CRONJOB_CONTROLLER } }).ok).toBe(true);
    s.runFor(5000);
    expect(events(s, 'TooManyMissedTimes')).toEqual(['too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew']);
    const created = events(s, 'SuccessfulCreate').filter((m) => m.startsWith('Created job '));
    expect(created).toEqual([`Created job wedged-${minuteOf(105 * MIN)}`]);
  });

  it('failedJobsHistoryLimit (default 1): only the most recent failed Job is kept', () => {
    const s = sim();
    exitFault(s, 'busybox:fail', 1);
    s.apply(cronJobYaml('broken', 'busybox:fail').replace('    spec:\n      template:', '    spec:\n      backoffLimit: 0\n      template:'));
    s.runFor(3 * MIN + 30_000);
    expect(names(s)).toEqual([`broken-${minuteOf(3 * MIN)}`]);
    expect(events(s, 'SuccessfulDelete')).toEqual([`Deleted job broken-${minuteOf(MIN)}`, `Deleted job broken-${minuteOf(2 * MIN)}`]);
    expect(events(s, 'SawCompletedJob')).toContain(`Saw completed job: broken-${minuteOf(3 * MIN)}, status: Failed`);
    const cj = s.getObject('cronjobs', 'default', 'broken') as KubeObject & { status?: { lastSuccessfulTime?: string } };
    expect(cj.status?.lastSuccessfulTime).toBeUndefined();
  });
});
