/**
 * printPod's READY, STATUS and RESTARTS: the cases of kubernetes `pkg/printers/internalversion/printers_test.go`
 * TestPrintPod (v1.32), with "now" the simulation's virtual clock.
 */
import { describe, expect, test } from 'vitest';
import type { KubeObject } from '../../../sim/api/object.ts';
import { rfc3339 } from '../../../sim/engine/clock.ts';
import { podSummary, podTable } from './pod.ts';

const NOW = 30 * 24 * 3600_000;
const ago = (ms: number): string => rfc3339(NOW - ms);
const S = 1000;
const MIN = 60 * S;
const DAY = 24 * 3600 * S;

function pod(name: string, spec: { containers?: number; initContainers?: number }, status: Record<string, unknown>, meta: Record<string, unknown> = {}): KubeObject {
  const list = (n = 0): object[] => Array.from({ length: n }, () => ({}));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...meta },
    spec: { containers: list(spec.containers), ...(spec.initContainers ? { initContainers: list(spec.initContainers) } : {}) },
    status,
  };
}
const running = { running: {} };
const lastTerminated = (msAgo: number) => ({ terminated: { finishedAt: ago(msAgo) } });

const cases: [KubeObject, string, string, string][] = [
  [pod('test1', { containers: 2 }, { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { restartCount: 3 }] }), '1/2', 'podPhase', '6'],
  [pod('test2', { containers: 2 }, { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { state: { waiting: { reason: 'ContainerWaitingReason' } }, restartCount: 3 }] }), '1/2', 'ContainerWaitingReason', '6'],
  [pod('test3', { containers: 2 }, { phase: 'podPhase', containerStatuses: [{ state: { waiting: { reason: 'ContainerWaitingReason' } }, restartCount: 3 }, { state: { terminated: { reason: 'ContainerTerminatedReason' } }, restartCount: 3 }] }), '0/2', 'ContainerWaitingReason', '6'],
  [pod('test4', { containers: 2 }, { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { ready: true, restartCount: 3 }] }), '1/2', 'podPhase', '6'],
  [pod('test5', { containers: 2 }, { reason: 'podReason', phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { ready: true, restartCount: 3 }] }), '1/2', 'podReason', '6'],
  [pod('test6', { containers: 2 }, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 3, state: { terminated: { reason: 'Completed', exitCode: 0 } } }, { ready: true, restartCount: 3, state: running }] }), '1/2', 'NotReady', '6'],
  [pod('test6', { containers: 2 }, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 3, state: { terminated: { reason: 'Completed', exitCode: 0 } } }, { ready: true, restartCount: 3, state: running }], conditions: [{ type: 'Ready', status: 'True' }] }), '1/2', 'Running', '6'],
  [pod('test7', { initContainers: 1, containers: 1 }, { phase: 'podPhase', initContainerStatuses: [{ ready: false, restartCount: 3, state: running, lastState: lastTerminated(10 * S) }], containerStatuses: [{ ready: false, restartCount: 0, state: { waiting: {} } }] }), '0/1', 'Init:0/1', '3 (10s ago)'],
  [pod('test8', { initContainers: 2, containers: 1 }, { phase: 'podPhase', initContainerStatuses: [{ ready: false, restartCount: 3, state: running, lastState: lastTerminated(10 * S) }, { ready: false, state: { waiting: {} } }], containerStatuses: [{ ready: false, state: { waiting: {} } }] }), '0/1', 'Init:0/2', '3 (10s ago)'],
  [pod('test9', { initContainers: 2, containers: 1 }, { phase: 'podPhase', initContainerStatuses: [{ ready: false, state: { terminated: {} } }, { ready: false, restartCount: 3, state: running, lastState: lastTerminated(10 * S) }], containerStatuses: [{ ready: false, state: { waiting: {} } }] }), '0/1', 'Init:1/2', '3 (10s ago)'],
  [pod('test10', { initContainers: 2, containers: 1 }, { phase: 'podPhase', initContainerStatuses: [{ ready: false, restartCount: 2, state: { terminated: {} }, lastState: lastTerminated(2 * MIN) }, { ready: false, restartCount: 3, state: running, lastState: lastTerminated(10 * S) }], containerStatuses: [{ ready: false, state: { waiting: {} } }] }), '0/1', 'Init:1/2', '5 (10s ago)'],
  [pod('test11', { initContainers: 1, containers: 1 }, { phase: 'Running', initContainerStatuses: [{ ready: false, restartCount: 2, state: { terminated: {} }, lastState: lastTerminated(2 * MIN) }], containerStatuses: [{ ready: false, restartCount: 4, state: running, lastState: lastTerminated(20 * S) }] }), '0/1', 'Running', '4 (20s ago)'],
  [pod('test12', { containers: 1 }, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 3, state: running, lastState: lastTerminated(5 * DAY) }] }), '1/1', 'Running', '3 (5d ago)'],
  [pod('test13', { containers: 2 }, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 0, state: running }, { ready: true, restartCount: 3, state: running, lastState: lastTerminated(10 * DAY) }] }), '2/2', 'Running', '3 (10d ago)'],
  [pod('test14', { containers: 2 }, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 6, state: running, lastState: lastTerminated(5 * DAY) }, { ready: true, restartCount: 3, state: running, lastState: lastTerminated(20 * DAY) }] }), '2/2', 'Running', '9 (5d ago)'],
  [pod('test15', { containers: 2 }, { phase: 'podPhase', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] }), '0/2', 'SchedulingGated', '0'],
  [pod('test16', { containers: 1 }, { phase: 'Succeeded', containerStatuses: [{ ready: false, restartCount: 0, state: { terminated: { reason: 'Completed', exitCode: 0 } } }] }), '0/1', 'Completed', '0'],
  [pod('test17', { containers: 1 }, { phase: 'Failed', containerStatuses: [{ ready: false, restartCount: 0, state: { terminated: { reason: 'Error', exitCode: 1 } } }] }), '0/1', 'Error', '0'],
  [pod('test18', { containers: 1 }, { phase: 'Succeeded', containerStatuses: [{ ready: false, restartCount: 0, state: { terminated: { reason: 'Completed', exitCode: 0 } } }] }, { deletionTimestamp: ago(10 * S) }), '0/1', 'Completed', '0'],
  [pod('test19', { containers: 1 }, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 0, state: running }] }, { deletionTimestamp: ago(10 * S) }), '1/1', 'Terminating', '0'],
  [pod('test20', { containers: 1 }, { phase: 'Running', reason: 'NodeLost', containerStatuses: [{ ready: true, restartCount: 0, state: running }] }, { deletionTimestamp: ago(10 * S) }), '1/1', 'Unknown', '0'],
  [pod('crash', { containers: 1 }, { phase: 'Running', containerStatuses: [{ ready: false, restartCount: 4, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: lastTerminated(90 * S) }] }), '0/1', 'CrashLoopBackOff', '4 (90s ago)'],
  [pod('creating', { containers: 1 }, { phase: 'Pending', containerStatuses: [{ ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }] }), '0/1', 'ContainerCreating', '0'],
  [pod('exit', { containers: 1 }, { phase: 'Running', containerStatuses: [{ state: { terminated: { exitCode: 137 } } }] }), '0/1', 'ExitCode:137', '0'],
  [pod('signal', { containers: 1 }, { phase: 'Running', containerStatuses: [{ state: { terminated: { exitCode: 0, signal: 9 } } }] }), '0/1', 'Signal:9', '0'],
  [pod('initfail', { initContainers: 1, containers: 1 }, { phase: 'Pending', initContainerStatuses: [{ state: { terminated: { exitCode: 2 } } }] }), '0/1', 'Init:ExitCode:2', '0'],
  [pod('initwait', { initContainers: 1, containers: 1 }, { phase: 'Pending', initContainerStatuses: [{ state: { waiting: { reason: 'ImagePullBackOff' } } }] }), '0/1', 'Init:ImagePullBackOff', '0'],
];

describe('printPod (upstream TestPrintPod, plus CrashLoopBackOff, ContainerCreating, exit codes and init failures)', () => {
  test.each(cases)('%#: $metadata.name', (p, ready, status, restarts) => {
    expect(podSummary(p, NOW)).toEqual({ ready, status, restarts });
    expect(podTable.row(p, NOW).slice(0, 5)).toEqual([p.metadata.name, ready, status, restarts, '<unknown>']);
  });

  test('sidecars (restartable init containers) count in READY once started, and their restarts are kept', () => {
    const p: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'sidecar' },
      spec: { initContainers: [{ name: 'proxy', restartPolicy: 'Always' }], containers: [{ name: 'app' }] },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [{ name: 'proxy', ready: true, started: true, restartCount: 2, state: running, lastState: lastTerminated(3 * MIN) }],
        containerStatuses: [{ name: 'app', ready: true, restartCount: 1, state: running, lastState: lastTerminated(MIN) }],
      },
    };
    expect(podSummary(p, NOW)).toEqual({ ready: '2/2', status: 'Running', restarts: '3 (60s ago)' });
  });

  test('wide columns: IP from podIPs, NODE, NOMINATED NODE, READINESS GATES counted from conditions', () => {
    const p: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'w', creationTimestamp: ago(150 * S) },
      spec: { nodeName: 'node-1', containers: [{}], readinessGates: [{ conditionType: 'example.com/a' }, { conditionType: 'example.com/b' }] },
      status: { phase: 'Running', podIPs: [{ ip: '10.0.0.5' }], conditions: [{ type: 'example.com/a', status: 'True' }] },
    };
    expect(podTable.row(p, NOW)).toEqual(['w', '0/1', 'Running', '0', '2m30s', '10.0.0.5', 'node-1', '<none>', '1/2']);
  });
});
