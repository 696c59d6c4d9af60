import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { rfc3339 } from '../../engine/clock';
import { POD_DELETION_COST_ANNOTATION, activePodsWithRanksLess, getPodsToDelete } from './pod-ranking';

const HOUR = 3_600_000;
const now = 400 * 24 * HOUR; // well after the epoch, so "a month ago" is still a positive virtual time
const then1Month = now - 30 * 24 * HOUR;
const then2Hours = now - 2 * HOUR;
const then5Hours = now - 5 * HOUR;
const then8Hours = now - 8 * HOUR;

function pod(name: string, nodeName: string, phase: string, ready: boolean, restarts: number, readySince?: number, created?: number, annotations?: Record<string, string>, uid?: string): Pod {
  return {
    metadata: { name, ...(created === undefined ? {} : { creationTimestamp: rfc3339(created) }), ...(annotations ? { annotations } : {}), ...(uid ? { uid } : {}) },
    spec: { containers: [], nodeName },
    status: {
      phase,
      ...(ready
        ? { conditions: [{ type: 'Ready', status: 'True', ...(readySince === undefined ? {} : { lastTransitionTime: rfc3339(readySince) }) }], containerStatuses: [{ name: 'c', image: 'i', imageID: '', ready: true, restartCount: restarts }] }
        : {}),
    },
  };
}

// upstream TestSortingActivePodsWithRanks (pkg/controller/controller_utils_test.go)
const unscheduledPod = pod('unscheduled', '', 'Pending', false, 0);
const scheduledPendingPod = pod('pending', 'node', 'Pending', false, 0);
const unknownPhasePod = pod('unknown-phase', 'node', 'Unknown', false, 0);
const runningNotReadyPod = pod('not-ready', 'node', 'Running', false, 0);
const runningReadyNoLastTransitionTimePod = pod('ready-no-last-transition-time', 'node', 'Running', true, 0);
const runningReadyNow = pod('ready-now', 'node', 'Running', true, 0, now, now);
const runningReadyThen = pod('ready-then', 'node', 'Running', true, 0, then1Month, then1Month);
const runningReadyNowHighRestarts = pod('ready-high-restarts', 'node', 'Running', true, 9001, now, now);
const runningReadyNowCreatedThen = pod('ready-now-created-then', 'node', 'Running', true, 0, now, then1Month);
const lowPodDeletionCost = pod('low-deletion-cost', 'node', 'Running', true, 0, now, then1Month, { [POD_DELETION_COST_ANNOTATION]: '10' });
const highPodDeletionCost = pod('high-deletion-cost', 'node', 'Running', true, 0, now, then1Month, { [POD_DELETION_COST_ANNOTATION]: '100' });
const unscheduled5Hours = pod('unscheduled-5-hours', '', 'Pending', false, 0, then5Hours, then5Hours);
const unscheduled8Hours = pod('unscheduled-10-hours', '', 'Pending', false, 0, then8Hours, then8Hours);
const ready2Hours = pod('ready-2-hours', '', 'Running', true, 0, then2Hours, then1Month);
const ready5Hours = pod('ready-5-hours', '', 'Running', true, 0, then5Hours, then1Month);
const ready10Hours = pod('ready-10-hours', '', 'Running', true, 0, then8Hours, then1Month);

describe('ActivePodsWithRanks.Less (upstream TestSortingActivePodsWithRanks)', () => {
  const equality: [Pod, Pod?][] = [
    [unscheduledPod], [scheduledPendingPod], [unknownPhasePod], [runningNotReadyPod], [runningReadyNowCreatedThen],
    [runningReadyNow], [runningReadyThen], [runningReadyNowHighRestarts], [unscheduled5Hours, unscheduled8Hours], [ready5Hours, ready10Hours],
  ];
  it.each(equality)('%# equality: neither pod is less', (p1, p2 = p1) => {
    expect(activePodsWithRanksLess({ pod: p1, rank: 1 }, { pod: p2, rank: 1 }, now)).toBe(false);
    expect(activePodsWithRanksLess({ pod: p2, rank: 1 }, { pod: p1, rank: 1 }, now)).toBe(false);
  });

  const inequality: [Pod, number, Pod, number, boolean?][] = [
    [unscheduledPod, 1, scheduledPendingPod, 2],
    [unscheduledPod, 2, scheduledPendingPod, 1],
    [scheduledPendingPod, 1, unknownPhasePod, 2],
    [unknownPhasePod, 1, runningNotReadyPod, 2],
    [runningNotReadyPod, 1, runningReadyNoLastTransitionTimePod, 1],
    [runningReadyNoLastTransitionTimePod, 1, runningReadyNow, 1],
    [runningReadyNow, 2, runningReadyNoLastTransitionTimePod, 1],
    [runningReadyNow, 1, runningReadyThen, 1],
    [runningReadyNow, 2, runningReadyThen, 1],
    [runningReadyNowHighRestarts, 1, runningReadyNow, 1],
    [runningReadyNow, 2, runningReadyNowHighRestarts, 1],
    [runningReadyNow, 1, runningReadyNowCreatedThen, 1],
    [runningReadyNowCreatedThen, 2, runningReadyNow, 1],
    [lowPodDeletionCost, 2, highPodDeletionCost, 1],
    [highPodDeletionCost, 2, lowPodDeletionCost, 1, true],
    [ready2Hours, 1, ready5Hours, 1],
  ];
  it.each(inequality)('%# inequality: the lesser pod sorts first', (lesser, lr, greater, gr, disablePodDeletionCost) => {
    const gates = { podDeletionCost: !disablePodDeletionCost };
    expect(activePodsWithRanksLess({ pod: lesser, rank: lr }, { pod: greater, rank: gr }, now, gates)).toBe(true);
    expect(activePodsWithRanksLess({ pod: greater, rank: gr }, { pod: lesser, rank: lr }, now, gates)).toBe(false);
  });

  it('without LogarithmicScaleDown, 5h and 8h ready pods are ordered by exact time', () => {
    const gates = { logarithmicScaleDown: false };
    expect(activePodsWithRanksLess({ pod: ready5Hours, rank: 1 }, { pod: ready10Hours, rank: 1 }, now, gates)).toBe(true);
  });
});

describe('getPodsToDelete (upstream TestGetPodsToDelete)', () => {
  const notReady = (name: string, node: string, phase = 'Running'): Pod => ({ ...pod(name, node, phase, false, 0), status: { phase, conditions: [{ type: 'Ready', status: 'False' }] } });
  const unscheduledPending = pod('unscheduled-pending-pod', '', 'Pending', false, 0);
  const scheduledPending = pod('scheduled-pending-pod', 'fake-node', 'Pending', false, 0);
  const runningNotReady = notReady('scheduled-running-not-ready-pod', 'fake-node');
  const readyOnNode1 = pod('scheduled-running-ready-pod-on-node-1', 'fake-node-1', 'Running', true, 0);
  const readyOnNode2 = pod('scheduled-running-ready-pod-on-node-2', 'fake-node-2', 'Running', true, 0);
  const newerLaterUID = pod('newer-ready-pod-with-later-uid', 'fake-node', 'Running', true, 0, now - 10_000, now - 100_000, undefined, 'z');
  const olderEarlierUID = pod('older-ready-pod-with-earlier-uid', 'fake-node', 'Running', true, 0, now - 12_000, now - 100_000, undefined, 'a');
  const names = (ps: Pod[]) => ps.map((p) => p.metadata?.name);

  it.each([
    ['len(pods) = 0 (i.e., diff = 0 too)', [], undefined, 0, []],
    ['diff = len(pods)', [runningNotReady, readyOnNode1], undefined, 2, [runningNotReady, readyOnNode1]],
    ['diff < len(pods)', [readyOnNode1, runningNotReady], undefined, 1, [runningNotReady]],
    ['various pod phases and conditions, diff = len(pods) (input order kept)', [readyOnNode1, readyOnNode1, readyOnNode2, runningNotReady, scheduledPending, unscheduledPending], undefined, 6, [readyOnNode1, readyOnNode1, readyOnNode2, runningNotReady, scheduledPending, unscheduledPending]],
    ['various pod phases and conditions, diff = len(pods), relatedPods empty', [readyOnNode1, readyOnNode1, readyOnNode2, runningNotReady, scheduledPending, unscheduledPending], [], 6, [readyOnNode1, readyOnNode1, readyOnNode2, runningNotReady, scheduledPending, unscheduledPending]],
    ['scheduled vs unscheduled, diff < len(pods)', [scheduledPending, unscheduledPending], undefined, 1, [unscheduledPending]],
    ['ready vs not-ready, diff < len(pods)', [readyOnNode1, runningNotReady, runningNotReady], undefined, 2, [runningNotReady, runningNotReady]],
    ['ready and colocated with another ready pod vs not colocated, diff < len(pods)', [readyOnNode1, readyOnNode2], [readyOnNode1, readyOnNode2, readyOnNode2], 1, [readyOnNode2]],
    ['pending vs running, diff < len(pods)', [scheduledPending, runningNotReady], undefined, 1, [scheduledPending]],
    ['various pod phases and conditions, diff < len(pods)', [readyOnNode1, readyOnNode2, runningNotReady, scheduledPending, unscheduledPending], undefined, 3, [unscheduledPending, scheduledPending, runningNotReady]],
    ['ready time logarithmic tie sorts by UID, diff < len(pods)', [newerLaterUID, olderEarlierUID], undefined, 1, [olderEarlierUID]],
  ] as [string, Pod[], Pod[] | undefined, number, Pod[]][])('%s', (_name, pods, related, diff, expected) => {
    expect(names(getPodsToDelete(pods, related ?? pods, diff, now))).toEqual(names(expected));
  });
});
