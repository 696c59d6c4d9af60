import { describe, expect, it } from 'vitest';
import type { ContainerStatus, Pod } from 'kubernetes-types/core/v1';
import { rfc3339 } from '../../engine/clock';
import { generateContainersReadyCondition, generatePodInitializedCondition, generatePodReadyCondition, withLastTransitionTime } from './pod-conditions';

const pod = (gates: string[] = []): Pod => ({ spec: { containers: [{ name: 'a' }, { name: 'b' }], readinessGates: gates.map((conditionType) => ({ conditionType })) } });
const st = (name: string, ready: boolean): ContainerStatus => ({ name, ready, image: 'i', imageID: '', restartCount: 0 });

describe('pod conditions (kubelet status/generate.go)', () => {
  it('ContainersReady names unknown and unready containers in Go list syntax', () => {
    expect(generateContainersReadyCondition(pod(), [st('a', false)], 'Running')).toEqual({
      type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady',
      message: 'containers with unknown status: [b], containers with unready status: [a]',
    });
    expect(generateContainersReadyCondition(pod(), [st('a', true), st('b', true)], 'Running')).toEqual({ type: 'ContainersReady', status: 'True' });
    expect(generateContainersReadyCondition(pod(), undefined, 'Pending')).toMatchObject({ status: 'False', reason: 'UnknownContainerStatuses' });
  });
  it('terminal phases make both conditions False with PodCompleted or PodFailed', () => {
    expect(generatePodReadyCondition(pod(), [], [st('a', true), st('b', true)], 'Succeeded')).toEqual({ type: 'Ready', status: 'False', reason: 'PodCompleted' });
    expect(generatePodReadyCondition(pod(), [], [st('a', true), st('b', true)], 'Failed')).toEqual({ type: 'Ready', status: 'False', reason: 'PodFailed' });
  });
  it('Ready follows ContainersReady, then requires every readiness gate to be True', () => {
    const ready = [st('a', true), st('b', true)];
    expect(generatePodReadyCondition(pod(['example.com/lb']), [], ready, 'Running')).toEqual({
      type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady',
      message: 'corresponding condition of pod readiness gate "example.com/lb" does not exist.',
    });
    expect(generatePodReadyCondition(pod(['example.com/lb']), [{ type: 'example.com/lb', status: 'False' }], ready, 'Running').message)
      .toBe('the status of pod readiness gate "example.com/lb" is not "True", but False');
    expect(generatePodReadyCondition(pod(['example.com/lb']), [{ type: 'example.com/lb', status: 'True' }], ready, 'Running')).toEqual({ type: 'Ready', status: 'True' });
    expect(generatePodReadyCondition(pod(), [], [st('a', false), st('b', true)], 'Running')).toMatchObject({ status: 'False', reason: 'ContainersNotReady' });
  });
  it('lastTransitionTime moves only when the status changes', () => {
    const old = [{ type: 'Ready', status: 'False', lastTransitionTime: rfc3339(1000) }];
    expect(withLastTransitionTime(old, { type: 'Ready', status: 'False', reason: 'x' }, 9000).lastTransitionTime).toBe(rfc3339(1000));
    expect(withLastTransitionTime(old, { type: 'Ready', status: 'True' }, 9000).lastTransitionTime).toBe(rfc3339(9000));
  });
});

describe('Initialized condition (GeneratePodInitializedCondition)', () => {
  const withInit: Pod = { spec: { initContainers: [{ name: 'migrate' }], containers: [{ name: 'a' }] } };
  const term = (name: string, exitCode: number): ContainerStatus => ({ ...st(name, false), state: { terminated: { exitCode } } });
  it('is False with ContainersNotInitialized until every init container has succeeded', () => {
    expect(generatePodInitializedCondition(withInit, [{ ...st('migrate', false), state: { running: {} } }], 'Pending')).toEqual({
      type: 'Initialized', status: 'False', reason: 'ContainersNotInitialized', message: 'containers with incomplete status: [migrate]',
    });
    expect(generatePodInitializedCondition(withInit, [term('migrate', 0)], 'Pending')).toEqual({ type: 'Initialized', status: 'True' });
    expect(generatePodInitializedCondition(withInit, [term('migrate', 1)], 'Pending').status).toBe('False');
  });
  it('is True without init containers or once a regular container has started', () => {
    expect(generatePodInitializedCondition(pod(), [], 'Pending')).toEqual({ type: 'Initialized', status: 'True' });
    expect(generatePodInitializedCondition(withInit, [term('migrate', 1), { ...st('a', true), state: { running: {} } }], 'Running').status).toBe('True');
  });
});
