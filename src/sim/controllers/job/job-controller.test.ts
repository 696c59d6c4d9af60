/**
 * End-to-end behaviour of the Job controller through a Simulation with the scheduler and the kubelets: pods whose
 * image exits with a code set by a fault, completions and parallelism, the pod failure back-off, backoffLimit,
 * activeDeadlineSeconds and the tracking finalizer.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { registerControllers } from '../../cluster/controller-registry.ts';
import { parseTime } from '../../engine/clock.ts';
import { Simulation } from '../../simulation.ts';
import { jobControllerDescriptor } from './descriptor.ts';
import { JOB_CONTROLLER } from './job-controller.ts';
import { JOB_TRACKING_FINALIZER } from './job-utils.ts';

registerControllers(jobControllerDescriptor);

function jobYaml(name: string, image: string, spec: string, restartPolicy = 'Never'): string {
  return `apiVersion: batch/v1
kind: Job
metadata: {name: ${name}}
spec:
${spec}
  template:
    spec:
      restartPolicy: ${restartPolicy}
      containers: [{name: work, image: "${image}"}]
`;
}

function sim(seed = 1): Simulation {
  return Simulation.create({ seed, nodes: 2, controllers: [JOB_CONTROLLER, 'default-scheduler', 'kubelet'] });
}

function exitFault(s: Simulation, image: string, exitCode: number): void {
  const r = s.act({ type: 'fault', fault: { type: 'image-behavior', image, behavior: 'exit', exitCode } });
  expect(r.ok).toBe(true);
}

function job(s: Simulation, name: string): KubeObject & { status?: Record<string, unknown> & { conditions?: Array<Record<string, string>> } } {
  return s.getObject('jobs', 'default', name) as never;
}

function events(s: Simulation, reason: string): Array<{ message: string; time: number }> {
  return s
    .listObjects('events', 'default')
    .filter((e) => (e as { reason?: string }).reason === reason)
    .map((e) => ({ message: String((e as { message?: string }).message), time: parseTime(String((e as { eventTime?: string; firstTimestamp?: string }).firstTimestamp ?? (e as { eventTime?: string }).eventTime)) }));
}

describe('Job controller', () => {
  it('completions 5, parallelism 2: at most 2 pods at a time, then Complete with 5 succeeded and the finalizers gone', () => {
    const s = sim();
    exitFault(s, 'busybox:ok', 0);
    s.apply(jobYaml('pi', 'busybox:ok', '  completions: 5\n  parallelism: 2'));
    let maxActive = 0;
    for (let t = 0; t < 60; t++) {
      s.runFor(1000);
      const running = s.listObjects('pods', 'default').filter((p) => !['Succeeded', 'Failed'].includes(String((p.status as { phase?: string })?.phase)));
      maxActive = Math.max(maxActive, running.length);
    }
    const j = job(s, 'pi');
    expect(maxActive).toBe(2);
    expect(j.status?.succeeded).toBe(5);
    expect(j.status?.failed ?? 0).toBe(0);
    expect(j.status?.conditions?.find((c) => c.type === 'Complete')).toMatchObject({ status: 'True', reason: 'CompletionsReached' });
    expect(j.status?.completionTime).toBeDefined();
    expect(events(s, 'Completed').map((e) => e.message)).toEqual(['Job completed']);
    expect(events(s, 'SuccessfulCreate')).toHaveLength(5);
    expect(events(s, 'SuccessfulCreate')[0]!.message).toMatch(/^Created pod: pi-/);
    const pods = s.listObjects('pods', 'default');
    expect(pods).toHaveLength(5);
    for (const p of pods) expect(p.metadata.finalizers ?? []).not.toContain(JOB_TRACKING_FINALIZER);
  });

  it('pods are created with the job-tracking finalizer and counted through uncountedTerminatedPods', () => {
    const s = sim();
    exitFault(s, 'busybox:ok', 0);
    s.apply(jobYaml('one', 'busybox:ok', '  completions: 1'));
    s.runFor(2000);
    const pod = s.listObjects('pods', 'default')[0]!;
    expect(pod.metadata.finalizers).toContain(JOB_TRACKING_FINALIZER);
    expect(pod.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Job', name: 'one', controller: true });
    const uncountedSeen = s.trace
      .slice()
      .some((e) => e.kind === 'reconcile.status' && /uncountedTerminatedPods/.test(String((e as { summary?: string }).summary)));
    s.runFor(20_000);
    expect(s.trace.slice().some((e) => e.kind === 'reconcile.status' && /uncountedTerminatedPods/.test(String((e as { summary?: string }).summary)))).toBe(true);
    expect(uncountedSeen).toBe(false);
    expect(job(s, 'one').status?.succeeded).toBe(1);
    expect(job(s, 'one').status?.uncountedTerminatedPods).toEqual({});
  });

  it('failing pods are replaced after 10 s, 20 s, 40 s of back-off, then the Job fails with BackoffLimitExceeded', () => {
    const s = sim();
    exitFault(s, 'busybox:fail', 1);
    s.apply(jobYaml('bad', 'busybox:fail', '  backoffLimit: 3'));
    s.runFor(200_000);
    const j = job(s, 'bad');
    expect(j.status?.failed).toBe(4);
    expect(j.status?.conditions?.find((c) => c.type === 'Failed')).toMatchObject({
      status: 'True',
      reason: 'BackoffLimitExceeded',
      message: 'Job has reached the specified backoff limit',
    });
    expect(events(s, 'BackoffLimitExceeded').map((e) => e.message)).toEqual(['Job has reached the specified backoff limit']);
    const creates = events(s, 'SuccessfulCreate').map((e) => e.time).sort((a, b) => a - b);
    expect(creates).toHaveLength(4);
    // Each pod runs ~6.8 s (pull, start, 5 s); the next is created the back-off after its failure.
    const pods = s.listObjects('pods', 'default').sort((a, b) => String(a.metadata.creationTimestamp).localeCompare(String(b.metadata.creationTimestamp)));
    const finished = pods.map((p) => parseTime(String((p.status as { containerStatuses?: Array<{ state?: { terminated?: { finishedAt?: string } } }> }).containerStatuses?.[0]?.state?.terminated?.finishedAt)));
    const gaps = [1, 2, 3].map((i) => Math.round((creates[i]! - finished[i - 1]!) / 1000));
    expect(gaps).toEqual([10, 20, 40]);
    for (const p of pods) expect(p.metadata.finalizers ?? []).not.toContain(JOB_TRACKING_FINALIZER);
  });

  it('activeDeadlineSeconds: the running pod is deleted and the Job fails with DeadlineExceeded', () => {
    const s = sim();
    s.apply(jobYaml('slow', 'busybox:forever', '  activeDeadlineSeconds: 20'));
    s.runFor(30_000);
    const j = job(s, 'slow');
    expect(j.status?.conditions?.find((c) => c.type === 'Failed')).toMatchObject({ reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' });
    expect(j.status?.failed).toBe(1);
    expect(j.status?.active).toBeUndefined(); // 0, omitted as Go's omitempty does
  });

  it('restartPolicy OnFailure: container restarts count against backoffLimit', () => {
    const s = sim();
    exitFault(s, 'busybox:fail', 1);
    s.apply(jobYaml('flaky', 'busybox:fail', '  backoffLimit: 2', 'OnFailure'));
    s.runFor(120_000);
    expect(job(s, 'flaky').status?.conditions?.find((c) => c.type === 'Failed')).toMatchObject({ reason: 'BackoffLimitExceeded' });
  });

  it('deleting a Job whose pod still runs leaves no pod stuck on the tracking finalizer', () => {
    const s = Simulation.create({ seed: 1, nodes: 1, controllers: [JOB_CONTROLLER, 'default-scheduler', 'kubelet', 'garbage-collector-controller'] });
    s.apply(jobYaml('gone', 'busybox:forever', '  completions: 1'));
    s.runFor(5000);
    expect(s.listObjects('pods', 'default')).toHaveLength(1);
    s.act({ type: 'delete', resource: 'jobs', namespace: 'default', name: 'gone', propagationPolicy: 'Background' });
    s.runFor(60_000);
    expect(s.listObjects('pods', 'default')).toHaveLength(0);
  });

  it('suspend: no pods and a Suspended condition; resuming creates them and resets startTime; suspending again deletes them', () => {
    const s = sim();
    s.apply(jobYaml('paused', 'busybox:forever', '  suspend: true\n  parallelism: 2\n  completions: 4'));
    s.runFor(5000);
    expect(s.listObjects('pods', 'default')).toHaveLength(0);
    expect(job(s, 'paused').status?.conditions?.find((c) => c.type === 'Suspended')).toMatchObject({ status: 'True', reason: 'JobSuspended', message: 'Job suspended' });
    expect(job(s, 'paused').status?.startTime).toBeUndefined();
    expect(events(s, 'Suspended').map((e) => e.message)).toEqual(['Job suspended']);
    expect(s.act({ type: 'patch', resource: 'jobs', namespace: 'default', name: 'paused', patch: { spec: { suspend: false } } }).ok).toBe(true);
    s.runFor(5000);
    expect(job(s, 'paused').status?.conditions?.find((c) => c.type === 'Suspended')).toMatchObject({ status: 'False', reason: 'JobResumed' });
    expect(events(s, 'Resumed').map((e) => e.message)).toEqual(['Job resumed']);
    expect(parseTime(String(job(s, 'paused').status?.startTime))).toBeGreaterThanOrEqual(5000);
    expect(job(s, 'paused').status?.active).toBe(2);
    expect(s.act({ type: 'patch', resource: 'jobs', namespace: 'default', name: 'paused', patch: { spec: { suspend: true } } }).ok).toBe(true);
    s.runFor(40_000);
    expect(job(s, 'paused').status?.active).toBeUndefined();
    expect(s.listObjects('pods', 'default')).toHaveLength(0);
    expect(job(s, 'paused').status?.conditions?.find((c) => c.type === 'Suspended')).toMatchObject({ status: 'True' });
  });

  it('a controller crash mid-run: the tracking finalizers make the restarted controller count each pod exactly once', () => {
    const s = sim(3);
    exitFault(s, 'busybox:ok', 0);
    s.apply(jobYaml('pi', 'busybox:ok', '  completions: 5\n  parallelism: 2'));
    s.runFor(7500);
    expect(s.act({ type: 'fault', fault: { type: 'crash-controller', controller: JOB_CONTROLLER, restartAfter: 3000 } }).ok).toBe(true);
    s.runFor(60_000);
    expect(job(s, 'pi').status?.succeeded).toBe(5);
    expect(job(s, 'pi').status?.conditions?.find((c) => c.type === 'Complete')?.status).toBe('True');
    expect(s.listObjects('pods', 'default')).toHaveLength(5);
  });

  it('delayed watch events (a stale cache): still exactly 5 pods and 5 succeeded', () => {
    const s = sim(4);
    exitFault(s, 'busybox:ok', 0);
    expect(s.act({ type: 'fault', fault: { type: 'delay-watch-events', controller: JOB_CONTROLLER, delay: 1500, duration: 60_000 } }).ok).toBe(true);
    s.apply(jobYaml('pi', 'busybox:ok', '  completions: 5\n  parallelism: 2'));
    s.runFor(90_000);
    expect(job(s, 'pi').status?.succeeded).toBe(5);
    expect(job(s, 'pi').status?.failed).toBeUndefined();
    expect(s.listObjects('pods', 'default')).toHaveLength(5);
  });
});
