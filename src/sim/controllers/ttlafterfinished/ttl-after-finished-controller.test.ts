import { describe, expect, it } from 'vitest';
import { registerControllers } from '../../cluster/controller-registry.ts';
import { rfc3339 } from '../../engine/clock.ts';
import { Simulation } from '../../simulation.ts';
import { jobControllerDescriptor } from '../job/descriptor.ts';
import { JOB_CONTROLLER } from '../job/job-controller.ts';
import { ttlAfterFinishedControllerDescriptor } from './descriptor.ts';
import { needsCleanup, timeLeft, TTL_AFTER_FINISHED_CONTROLLER } from './ttl-after-finished-controller.ts';

registerControllers(jobControllerDescriptor, ttlAfterFinishedControllerDescriptor);

const finished = (type: string, at: number, ttl?: number) => ({
  metadata: { name: 'j' },
  spec: { template: {}, ...(ttl !== undefined ? { ttlSecondsAfterFinished: ttl } : {}) },
  status: { conditions: [{ type, status: 'True', lastTransitionTime: rfc3339(at) }] },
});

describe('ttlafterfinished arithmetic (timeLeft, needsCleanup)', () => {
  it('a finished Job with a TTL needs cleanup; an unfinished one or one without a TTL does not', () => {
    expect(needsCleanup(finished('Complete', 0, 10))).toBe(true);
    expect(needsCleanup(finished('Failed', 0, 0))).toBe(true);
    expect(needsCleanup(finished('Complete', 0))).toBe(false);
    expect(needsCleanup(finished('Suspended', 0, 10))).toBe(false);
  });
  it('time left is finish + TTL - now; a finish time in the future is clock skew', () => {
    expect(timeLeft(finished('Complete', 5000, 10), 7000)).toEqual({ remaining: 8000, finishedInFuture: false });
    expect(timeLeft(finished('Complete', 5000, 10), 20_000)!.remaining).toBe(-5000);
    expect(timeLeft(finished('Complete', 5000, 10), 1000)!.finishedInFuture).toBe(true);
  });
});

describe('TTL-after-finished controller', () => {
  it('deletes a Job ttlSecondsAfterFinished after it completes, its pods with it (foreground)', () => {
    const s = Simulation.create({ seed: 1, nodes: 1, controllers: [JOB_CONTROLLER, TTL_AFTER_FINISHED_CONTROLLER, 'default-scheduler', 'kubelet', 'garbage-collector-controller'] });
    expect(s.act({ type: 'fault', fault: { type: 'image-behavior', image: 'busybox:quick', behavior: 'exit', exitCode: 0 } }).ok).toBe(true);
    s.apply(`apiVersion: batch/v1
kind: Job
metadata: {name: short}
spec:
  ttlSecondsAfterFinished: 30
  template:
    spec:
      restartPolicy: Never
      containers: [{name: c, image: "busybox:quick"}]
`);
    s.runFor(15_000);
    const job = s.getObject('jobs', 'default', 'short') as { status?: { conditions?: Array<{ type: string; lastTransitionTime: string }> } } | undefined;
    // SuccessCriteriaMet first, then Complete (job_controller.go delayTerminalCondition).
    expect(job?.status?.conditions?.map((c) => c.type)).toEqual(['SuccessCriteriaMet', 'Complete']);
    s.runFor(20_000);
    // Finished at ~8 s: still there before 38 s...
    expect(s.getObject('jobs', 'default', 'short')).toBeDefined();
    s.runFor(10_000);
    expect(s.getObject('jobs', 'default', 'short')).toBeUndefined();
    expect(s.listObjects('pods', 'default')).toHaveLength(0);
    const del = s.trace.slice().find((e) => e.kind === 'reconcile.act' && /propagationPolicy Foreground/.test(String((e as { summary?: string }).summary)));
    expect(del).toBeDefined();
  });
});
