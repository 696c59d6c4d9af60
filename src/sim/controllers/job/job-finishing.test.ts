/**
 * How a Job finishes, as upstream with JobPodReplacementPolicy on (job_controller.go delayTerminalCondition): the
 * interim condition (SuccessCriteriaMet, FailureTarget) is written first, the terminal one (Complete, Failed) with
 * the same reason once every pod is counted and none is terminating. The pods' containers do what their commands
 * say (cluster/container-program.ts): no image-behavior fault is set here.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { isStatus } from '../../api/status.ts';
import type { WatchEvent, WatchSink } from '../../apiserver/api-request.ts';
import { parseTime } from '../../engine/clock.ts';
import { Simulation } from '../../simulation.ts';

/** Every version of the Job's status.conditions types, as written. */
class ConditionHistory implements WatchSink {
  readonly versions: string[][] = [];
  onWatchEvent(event: WatchEvent): void {
    if (isStatus(event.object) || event.type === 'DELETED') return;
    const types = ((event.object as KubeObject).status as { conditions?: Array<{ type: string }> } | undefined)?.conditions?.map((c) => c.type) ?? [];
    if (JSON.stringify(types) !== JSON.stringify(this.versions.at(-1) ?? [])) this.versions.push(types);
  }
}

function run(yaml: string, ms: number) {
  const s = Simulation.create({ seed: 3, nodes: 2 });
  const history = new ConditionHistory();
  s.cluster.apiServer.watch({ apiVersion: 'batch/v1', kind: 'Job', resourceVersion: '', user: 'test' }, history);
  s.apply(yaml);
  s.runFor(ms);
  const job = s.getObject('jobs', 'default', 'work') as KubeObject & { status?: { conditions?: Array<Record<string, string>>; completionTime?: string; succeeded?: number; failed?: number; active?: number } };
  const events = (reason: string) => s.listObjects('events', 'default').filter((e) => (e as { reason?: string }).reason === reason).map((e) => (e as { message?: string }).message);
  return { s, job, history: history.versions, events };
}

const jobYaml = (restartPolicy: string, container: string, spec = '') => `apiVersion: batch/v1
kind: Job
metadata: {name: work}
spec:
  backoffLimit: 2${spec}
  template:
    spec:
      restartPolicy: ${restartPolicy}
      containers: [${container}]
`;

describe('a Job that finishes', () => {
  it('a container running `date; echo …` exits 0: SuccessCriteriaMet first, then Complete with its reason, completionTime and the Completed event', () => {
    const { job, history, events } = run(jobYaml('Never', '{name: c, image: "busybox:1.36", command: [/bin/sh, -c, "date; echo Hello from the Kubernetes cluster"]}'), 20_000);
    expect(history).toEqual([['SuccessCriteriaMet'], ['SuccessCriteriaMet', 'Complete']]);
    const [met, complete] = job.status!.conditions!;
    expect(met).toMatchObject({ type: 'SuccessCriteriaMet', status: 'True', reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' });
    expect(complete).toMatchObject({ type: 'Complete', status: 'True', reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' });
    expect(job.status!.completionTime).toBe(complete!.lastTransitionTime);
    expect(job.status!.succeeded).toBe(1);
    expect(job.status!.active).toBeUndefined();
    expect(events('Completed')).toEqual(['Job completed']);
  });

  it('restartPolicy Never: each failed pod is replaced; past backoffLimit FailureTarget, then Failed with the same reason', () => {
    const { job, history, events } = run(jobYaml('Never', '{name: c, image: "busybox:1.36", command: [sh, -c, "sleep 2; exit 3"]}'), 120_000);
    expect(history).toEqual([['FailureTarget'], ['FailureTarget', 'Failed']]);
    expect(job.status!.failed).toBe(3);
    expect(job.status!.conditions![1]).toMatchObject({ type: 'Failed', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' });
    expect(job.status!.completionTime).toBeUndefined();
    expect(events('SuccessfulCreate')).toHaveLength(3);
    expect(events('BackoffLimitExceeded')).toEqual(['Job has reached the specified backoff limit']);
  });

  it('restartPolicy OnFailure: the container restarts in its pod; past backoffLimit the pod is deleted and Failed waits until it is gone', () => {
    const { job, history, events } = run(jobYaml('OnFailure', '{name: c, image: "busybox:1.36", command: [sh, -c, "sleep 2; exit 3"]}'), 90_000);
    expect(history).toEqual([['FailureTarget'], ['FailureTarget', 'Failed']]);
    expect(events('SuccessfulCreate')).toHaveLength(1);
    expect(events('SuccessfulDelete')).toHaveLength(1);
    const [target, failed] = job.status!.conditions!;
    expect(parseTime(failed!.lastTransitionTime!)).toBeGreaterThan(parseTime(target!.lastTransitionTime!));
  });

  it('a container with no command (a server image) keeps running: the Job stays active', () => {
    const { job, history } = run(jobYaml('Never', '{name: c, image: "nginx:1.27"}'), 60_000);
    expect(history).toEqual([]);
    expect(job.status!.active).toBe(1);
  });

  it('activeDeadlineSeconds: a `sleep 600` pod is deleted at the deadline; FailureTarget then Failed (DeadlineExceeded)', () => {
    const { job, history } = run(jobYaml('Never', '{name: c, image: "busybox:1.36", command: [sleep, "600"]}', '\n  activeDeadlineSeconds: 20'), 60_000);
    expect(history).toEqual([['FailureTarget'], ['FailureTarget', 'Failed']]);
    expect(job.status!.conditions![1]).toMatchObject({ type: 'Failed', reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' });
  });
});
