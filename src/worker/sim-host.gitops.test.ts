import { describe, expect, it } from 'vitest';
import { SimHost } from './sim-host.ts';
import { deploymentYaml } from '../sim/determinism-case.ts';
import type { Frame, WorkerMessage } from './protocol.ts';

const DEPLOYMENT = deploymentYaml('web', 3);

describe('SimHost: GitOps repo and field fights in frames', () => {
  it('sends the Git repo when a commit lands and the fights the detector finds', () => {
    const messages: WorkerMessage[] = [];
    const host = new SimHost((m) => messages.push(m), () => 0);
    const frames = (): Frame[] => messages.filter((m): m is Frame => m.type === 'frame');
    host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1, manifests: DEPLOYMENT } });
    host.tick();
    expect(frames().at(-1)!.gitops).toBeUndefined();
    host.receive({ type: 'act', requestId: 2, action: { type: 'git-commit', files: { 'apps/web/deployment.yaml': DEPLOYMENT }, message: 'add web' } });
    host.tick();
    const g = frames().at(-1)!.gitops!;
    expect(g.files).toEqual({ 'apps/web/deployment.yaml': DEPLOYMENT });
    expect(g.commits.map((c) => c.message)).toEqual(['add web']);
    expect(g.head).toBe(g.commits[0]!.sha);
    const sent = frames().length;
    host.receive({ type: 'step', count: 5 });
    host.tick();
    expect(frames().length).toBeGreaterThan(sent);
    expect(frames().slice(sent).every((f) => f.gitops === undefined)).toBe(true);

    for (let i = 0; i < 3; i++) {
      host.receive({ type: 'act', requestId: 10 + i, action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 5 } });
      host.receive({ type: 'act', requestId: 20 + i, action: { type: 'patch', resource: 'deployment', name: 'web', patch: { spec: { replicas: 3 } }, fieldManager: 'other' } });
    }
    host.tick();
    const fights = frames().at(-1)!.fights!;
    expect(fights).toHaveLength(1);
    expect(fights[0]).toMatchObject({ field: 'spec.replicas', managers: ['kubectl', 'other'], flips: 5 });
  });
});
