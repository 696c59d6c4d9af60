import { describe, expect, it } from 'vitest';
import { eventsFor, kubeletSim, podOf, podYaml, watch } from './test-helpers.ts';

const withInit = (init: string, extra: { restartPolicy?: string } = {}) =>
  podYaml('web', 'nginx:1.27', { ...extra, specExtra: `  initContainers:\n${init}` });

describe('kubelet init containers', () => {
  it('init containers run one after the other, to completion, before the regular containers start', () => {
    const sim = kubeletSim();
    sim.apply(withInit('  - {name: migrate, image: "busybox:1.36"}\n  - {name: warm, image: "busybox:1.36"}\n'));
    const states: string[] = [];
    watch(sim, 10_000, 50, () => {
      const s = podOf(sim, 'web')?.status;
      if (!s) return;
      const init = (s.initContainerStatuses ?? []).map((c) => Object.keys(c.state ?? {})[0]).join(',');
      const label = `${s.phase} init=${init} web=${s.containerStatuses?.[0]?.state?.waiting?.reason ?? Object.keys(s.containerStatuses?.[0]?.state ?? {})[0]} Initialized=${s.conditions?.find((c) => c.type === 'Initialized')?.status}`;
      if (states[states.length - 1] !== label) states.push(label);
    });
    expect(states[0]).toBe('Pending init=waiting,waiting web=PodInitializing Initialized=False');
    expect(states).toContain('Pending init=running,waiting web=PodInitializing Initialized=False');
    expect(states).toContain('Pending init=terminated,running web=PodInitializing Initialized=False');
    expect(states[states.length - 1]).toBe('Running init=terminated,terminated web=running Initialized=True');
    const started = eventsFor(sim, 'web').filter((e) => e.reason === 'Started').map((e) => e.message);
    expect(started).toEqual(['Started container migrate', 'Started container warm', 'Started container web']);
    const status = podOf(sim, 'web')!.status!;
    expect(status.initContainerStatuses![0]).toMatchObject({ ready: true, state: { terminated: { exitCode: 0, reason: 'Completed' } } });
    expect(status.conditions!.find((c) => c.type === 'Ready')!.status).toBe('True');
  });

  it('a failing init container under restartPolicy Never fails the pod; its regular containers never start', () => {
    const sim = kubeletSim({ 'bad-init:1': { behavior: 'exit', exitCode: 3, runFor: 500 } });
    sim.apply(withInit('  - {name: migrate, image: "bad-init:1"}\n', { restartPolicy: 'Never' }));
    sim.runFor(30_000);
    const status = podOf(sim, 'web')!.status!;
    expect(status.phase).toBe('Failed');
    expect(status.initContainerStatuses![0]!.state!.terminated).toMatchObject({ exitCode: 3, reason: 'Error' });
    expect(eventsFor(sim, 'web').filter((e) => e.reason === 'Started').map((e) => e.message)).toEqual(['Started container migrate']);
  });

  it('a failing init container under restartPolicy Always is restarted with back-off and the pod stays Pending', () => {
    const sim = kubeletSim({ 'bad-init:1': { behavior: 'exit', exitCode: 3, runFor: 500 } });
    sim.apply(withInit('  - {name: migrate, image: "bad-init:1"}\n'));
    sim.runFor(20_000);
    const status = podOf(sim, 'web')!.status!;
    expect(status.phase).toBe('Pending');
    expect(status.initContainerStatuses![0]).toMatchObject({ state: { waiting: { reason: 'CrashLoopBackOff' } }, restartCount: 2 });
    expect(status.containerStatuses![0]!.state!.waiting!.reason).toBe('PodInitializing');
    expect(eventsFor(sim, 'web').some((e) => e.reason === 'BackOff' && e.message.startsWith('Back-off restarting failed container migrate in pod web_default('))).toBe(true);
  });

  it('a sidecar starts before the regular containers, keeps running, and is stopped once they are done (restartPolicy Never)', () => {
    const sim = kubeletSim({ 'job:ok': { behavior: 'exit', exitCode: 0, runFor: 3000 } });
    sim.apply(
      podYaml('web', 'job:ok', { restartPolicy: 'Never', specExtra: '  initContainers:\n  - {name: proxy, image: "envoy:1.30", restartPolicy: Always}\n' }),
    );
    sim.runFor(4500);
    expect(podOf(sim, 'web')!.status!.initContainerStatuses![0]).toMatchObject({ started: true, state: { running: {} } });
    sim.runFor(10_000);
    const status = podOf(sim, 'web')!.status!;
    expect(status.phase).toBe('Succeeded');
    expect(status.initContainerStatuses![0]!.state!.terminated).toBeDefined();
    const events = eventsFor(sim, 'web').map((e) => `${e.reason}: ${e.message}`);
    expect(events.filter((e) => e.startsWith('Started'))).toEqual(['Started: Started container proxy', 'Started: Started container web']);
    expect(events).toContain('Killing: Stopping container proxy');
  });
});
