/**
 * The pod status is built field by field (containerStatusOf, withTime) where it was spread from parts: the same
 * objects, the same keys in the same order, as the plain spreads below (the code before) give.
 */
import fc from 'fast-check';
import type { ContainerState, ContainerStatus, PodCondition } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../engine/clock.ts';
import { withTime } from './pod-conditions.ts';
import { CONTAINER_CREATING, containerStatusOf, POD_INITIALIZING } from './pod-status.ts';
import type { RuntimeContainer, RuntimeTermination } from './runtime-state.ts';

function plainTerminatedState(t: RuntimeTermination): NonNullable<ContainerState['terminated']> {
  return { exitCode: t.exitCode, reason: t.reason, ...(t.message ? { message: t.message } : {}), startedAt: rfc3339(t.startedAt), finishedAt: rfc3339(t.finishedAt), containerID: t.containerID };
}

function plainContainerStatusOf(name: string, image: string, rc: RuntimeContainer | undefined, podIsTerminal: boolean, defaultWaiting = CONTAINER_CREATING): ContainerStatus {
  const base = { name, image, imageID: rc?.imageID ?? '', restartCount: rc?.attempt ?? 0 };
  const lastState: ContainerState = rc?.last ? { terminated: plainTerminatedState(rc.last) } : {};
  if (!rc) {
    if (podIsTerminal) {
      return { ...base, state: { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated' } }, lastState, ready: false, started: false };
    }
    return { ...base, state: { waiting: { reason: defaultWaiting } }, lastState, ready: false, started: false };
  }
  const withID = rc.containerID ? { containerID: rc.containerID } : {};
  if (rc.state === 'running') return { ...base, ...withID, state: { running: { startedAt: rfc3339(rc.startedAt ?? 0) } }, lastState, ready: rc.ready, started: true };
  if (rc.state === 'exited' && rc.terminated) {
    if (rc.waiting && !podIsTerminal) {
      return { ...base, ...withID, state: { waiting: { ...rc.waiting } }, lastState: { terminated: plainTerminatedState(rc.terminated) }, ready: false, started: false };
    }
    return { ...base, ...withID, state: { terminated: plainTerminatedState(rc.terminated) }, lastState, ready: false, started: false };
  }
  return { ...base, state: { waiting: { reason: CONTAINER_CREATING } }, lastState, ready: false, started: false };
}

/** Equal, with every object's keys in the same order. */
const sameText = (a: unknown, b: unknown): void => {
  expect(a).toStrictEqual(b);
  expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  const keys = (v: unknown): unknown => (Array.isArray(v) ? v.map(keys) : v && typeof v === 'object' ? Object.entries(v).map(([k, x]) => [k, keys(x)]) : null);
  expect(keys(a)).toEqual(keys(b));
};

const time = fc.integer({ min: 0, max: 200_000 });
const termination: fc.Arbitrary<RuntimeTermination> = fc.record(
  { exitCode: fc.integer({ min: 0, max: 255 }), reason: fc.constantFrom('Completed', 'Error'), message: fc.constantFrom('', 'oom', undefined), startedAt: time, finishedAt: time, containerID: fc.constantFrom('', 'containerd://1') },
  { requiredKeys: ['exitCode', 'reason', 'startedAt', 'finishedAt', 'containerID'] },
);
const container: fc.Arbitrary<RuntimeContainer> = fc.record(
  {
    name: fc.constant('web'),
    image: fc.constant('nginx:1.27'),
    attempt: fc.nat(5),
    state: fc.constantFrom('creating', 'running', 'exited'),
    pulling: fc.boolean(),
    containerID: fc.constantFrom('', 'containerd://abc'),
    imageID: fc.constantFrom('', 'docker.io/library/nginx@sha256:def'),
    startedAt: time,
    ready: fc.boolean(),
    killing: fc.boolean(),
    terminated: termination,
    last: termination,
    waiting: fc.record({ reason: fc.constant('CrashLoopBackOff'), message: fc.constant('back-off 10s') }),
  },
  { requiredKeys: ['name', 'image', 'attempt', 'state', 'pulling', 'containerID', 'imageID', 'ready', 'killing'] },
);

const conditionKey = fc.constantFrom('type', 'status', 'reason', 'message', 'lastTransitionTime', 'lastProbeTime');
const conditionValue = fc.constantFrom<unknown>('Ready', 'True', 'False', 'ContainersNotReady', 'text', undefined, null);

describe('the pod status, built field by field', () => {
  it('containerStatusOf gives what spreading its parts gave', () => {
    fc.assert(
      fc.property(fc.option(container, { nil: undefined }), fc.boolean(), fc.constantFrom(CONTAINER_CREATING, POD_INITIALIZING), (rc, podIsTerminal, waiting) => {
        sameText(containerStatusOf('web', 'nginx:1.27', rc, podIsTerminal, waiting), plainContainerStatusOf('web', 'nginx:1.27', rc, podIsTerminal, waiting));
      }),
      { seed: 4245, numRuns: 1000 },
    );
  });

  it('withTime gives what { ...condition, lastTransitionTime } gave, for any keys in any order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(conditionKey, conditionValue), { selector: ([k]) => k, maxLength: 6 }), fc.constantFrom('2026-01-01T00:00:05Z', '2026-01-01T00:01:00Z'), (entries, t) => {
        const condition = Object.fromEntries(entries) as unknown as PodCondition;
        sameText(withTime(condition, t), { ...condition, lastTransitionTime: t });
      }),
      { seed: 4246, numRuns: 2000 },
    );
  });
});
