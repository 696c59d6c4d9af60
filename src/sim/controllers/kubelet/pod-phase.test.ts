import { describe, expect, it } from 'vitest';
import type { ContainerStatus, Pod } from 'kubernetes-types/core/v1';
import { getPhase } from './pod-phase';

const pod = (restartPolicy: string, containers: string[], initContainers: { name: string; restartPolicy?: string }[] = []): Pod => ({
  metadata: { name: 'p' },
  spec: { restartPolicy, containers: containers.map((name) => ({ name })), initContainers: initContainers.map((c) => ({ image: 'i', ...c })) },
});
const base = (name: string): ContainerStatus => ({ name, image: 'i', imageID: '', ready: false, restartCount: 0 });
const running = (name: string): ContainerStatus => ({ ...base(name), state: { running: {} } });
const succeeded = (name: string): ContainerStatus => ({ ...base(name), state: { terminated: { exitCode: 0 } } });
const failed = (name: string): ContainerStatus => ({ ...base(name), state: { terminated: { exitCode: 1 } } });
const waiting = (name: string): ContainerStatus => ({ ...base(name), state: { waiting: { reason: 'ContainerCreating' } } });
const crashLooping = (name: string, exitCode = 42): ContainerStatus => ({
  ...base(name), state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode } },
});
const startedSidecar = (name: string): ContainerStatus => ({ ...running(name), started: true });

describe('getPhase with restartPolicy Always (upstream TestPodPhaseWithRestartAlways)', () => {
  const p = pod('Always', ['containerA', 'containerB']);
  it.each([
    ['all running', [running('containerA'), running('containerB')], 'Running'],
    ['all stopped', [succeeded('containerA'), failed('containerB')], 'Running'],
    ['mixed state #1', [running('containerA'), succeeded('containerB')], 'Running'],
    ['mixed state #2 (one status missing)', [running('containerA')], 'Pending'],
    ['mixed state #3 (one waiting to start)', [running('containerA'), waiting('containerB')], 'Pending'],
    ['backoff crashloop container: Running, not Pending', [running('containerA'), crashLooping('containerB')], 'Running'],
    ['every container crash-looping is still Running', [crashLooping('containerA'), crashLooping('containerB')], 'Running'],
  ] as const)('%s', (_name, statuses, expected) => {
    expect(getPhase(p, statuses)).toBe(expected);
  });
  it('a terminal pod (being shut down) reports Succeeded or Failed from exit codes', () => {
    expect(getPhase(p, [succeeded('containerA'), succeeded('containerB')], true)).toBe('Succeeded');
    expect(getPhase(p, [succeeded('containerA'), failed('containerB')], true)).toBe('Failed');
  });
});

describe('getPhase with restartPolicy Never (upstream TestPodPhaseWithRestartNever)', () => {
  const p = pod('Never', ['containerA', 'containerB']);
  it.each([
    ['all running', [running('containerA'), running('containerB')], 'Running'],
    ['all succeeded', [succeeded('containerA'), succeeded('containerB')], 'Succeeded'],
    ['all failed', [failed('containerA'), failed('containerB')], 'Failed'],
    ['mixed state #1', [running('containerA'), succeeded('containerB')], 'Running'],
    ['mixed state #2', [running('containerA')], 'Pending'],
    ['mixed state #3', [running('containerA'), waiting('containerB')], 'Pending'],
  ] as const)('%s', (_name, statuses, expected) => {
    expect(getPhase(p, statuses)).toBe(expected);
  });
});

describe('getPhase with restartPolicy OnFailure (upstream TestPodPhaseWithRestartOnFailure)', () => {
  const p = pod('OnFailure', ['containerA', 'containerB']);
  it.each([
    ['all running', [running('containerA'), running('containerB')], 'Running'],
    ['all succeeded', [succeeded('containerA'), succeeded('containerB')], 'Succeeded'],
    ['all failed (restarting)', [failed('containerA'), failed('containerB')], 'Running'],
    ['mixed state #1', [running('containerA'), succeeded('containerB')], 'Running'],
    ['mixed state #2', [running('containerA')], 'Pending'],
    ['mixed state #3', [running('containerA'), waiting('containerB')], 'Pending'],
    ['backoff crashloop container', [running('containerA'), crashLooping('containerB', 1)], 'Running'],
  ] as const)('%s', (_name, statuses, expected) => {
    expect(getPhase(p, statuses)).toBe(expected);
  });
});

describe('getPhase with init containers (upstream TestPodPhaseWithRestartAlwaysInitContainers, ...NeverInitContainers)', () => {
  it('a pending or running init container keeps the pod Pending', () => {
    const p = pod('Always', ['containerA'], [{ name: 'init' }]);
    expect(getPhase(p, [waiting('init'), waiting('containerA')])).toBe('Pending');
    expect(getPhase(p, [running('init'), waiting('containerA')])).toBe('Pending');
    expect(getPhase(p, [succeeded('init'), running('containerA')])).toBe('Running');
  });
  it('a failed init container fails the pod only under restartPolicy Never', () => {
    expect(getPhase(pod('Never', ['containerA'], [{ name: 'init' }]), [failed('init'), waiting('containerA')])).toBe('Failed');
    expect(getPhase(pod('Always', ['containerA'], [{ name: 'init' }]), [crashLooping('init'), waiting('containerA')])).toBe('Pending');
  });
  it('a sidecar that is running but not started keeps the pod Pending until a regular container starts', () => {
    const p = pod('Always', ['containerA'], [{ name: 'sidecar', restartPolicy: 'Always' }]);
    expect(getPhase(p, [running('sidecar'), waiting('containerA')])).toBe('Pending');
    expect(getPhase(p, [startedSidecar('sidecar'), running('containerA')])).toBe('Running');
    expect(getPhase(p, [running('sidecar'), running('containerA')])).toBe('Running');
  });
});
