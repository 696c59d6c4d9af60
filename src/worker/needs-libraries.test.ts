import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { needsLibraries } from './needs-libraries.ts';

const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } };
const cronJob = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'tick' } };
const crd = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'a.b.c' } };
const init = (setup: object) => ({ type: 'init', v: 1, requestId: 1, setup });
const act = (action: object) => ({ type: 'act', requestId: 2, action });

describe('needsLibraries', () => {
  it('is false for the default demo sent as objects and for time controls', () => {
    expect(needsLibraries(init({ seed: 42, nodes: 3, manifests: [deployment] }))).toBe(false);
    expect(needsLibraries(init({ seed: 42 }))).toBe(false);
    for (const type of ['play', 'pause', 'step', 'stepBack', 'seek', 'advance', 'inspect', 'recipe']) {
      expect(needsLibraries({ type })).toBe(false);
    }
  });

  it('is true for any text: manifests, a scenario file, a share link, a Git commit', () => {
    expect(needsLibraries(init({ seed: 1, manifests: 'kind: Deployment' }))).toBe(true);
    expect(needsLibraries(init({ seed: 1, scenario: 'name: x' }))).toBe(true);
    expect(needsLibraries(init({ seed: 1, recipe: { version: 1 } }))).toBe(true);
    expect(needsLibraries(act({ type: 'apply', manifests: '' }))).toBe(true);
    expect(needsLibraries(act({ type: 'git-commit', files: {} }))).toBe(true);
  });

  it('is true when objects can bring a CronJob or a CustomResourceDefinition in, by kind, resource or short name', () => {
    expect(needsLibraries(init({ seed: 1, manifests: [deployment, cronJob] }))).toBe(true);
    expect(needsLibraries(act({ type: 'create', manifests: [crd] }))).toBe(true);
    expect(needsLibraries(act({ type: 'apply', manifests: [{ kind: 'List', items: [cronJob] }] }))).toBe(true);
    expect(needsLibraries(act({ type: 'patch', resource: 'cj', name: 'tick', patch: {} }))).toBe(true);
    expect(needsLibraries(act({ type: 'patch', resource: 'crd', name: 'a.b.c', patch: {} }))).toBe(true);
    expect(needsLibraries(act({ type: 'patch', resource: 'cronjobs.batch', name: 'tick', patch: {} }))).toBe(true);
    expect(needsLibraries(act({ type: 'apply', manifests: [{ kind: 'MutatingWebhookConfiguration' }] }))).toBe(true);
    expect(needsLibraries(act({ type: 'patch', resource: 'deploy', name: 'web', patchType: 'json', patch: [] }))).toBe(true);
    expect(needsLibraries(act({ type: 'apply', manifests: [deployment] }))).toBe(false);
    expect(needsLibraries(act({ type: 'patch', resource: 'deploy', name: 'web', patch: { spec: { replicas: 2 } } }))).toBe(false);
  });

  it('is false for actions that only change what exists, whatever they carry', () => {
    expect(needsLibraries(act({ type: 'delete', resource: 'cronjob', name: 'tick' }))).toBe(false);
    expect(needsLibraries(act({ type: 'fault', fault: { type: 'kill-node', node: 'node-1' } }))).toBe(false);
    expect(needsLibraries(act({ type: 'rollout', op: 'restart', resource: 'deployment', name: 'web' }))).toBe(false);
  });

  it('is true for rollout undo, which kubectl sends as a JSON patch', () => {
    expect(needsLibraries(act({ type: 'rollout', op: 'undo', resource: 'deployment', name: 'web' }))).toBe(true);
    expect(needsLibraries(act({ type: 'rollout', resource: 'deployment', name: 'web' }))).toBe(true);
  });

  it('never throws on hostile messages; a cycle counts as needing them', () => {
    const cyclic: Record<string, unknown> = { kind: 'Deployment' };
    cyclic['self'] = cyclic;
    expect(needsLibraries(act({ type: 'apply', manifests: [cyclic] }))).toBe(true);
    for (const m of [null, undefined, 3, 'init', [], { type: 'init' }, { type: 'init', setup: 5 }, { type: 'act', action: [] }, act({ type: 10n })]) {
      expect(() => needsLibraries(m)).not.toThrow();
    }
  });
});

describe('what needsLibraries answers false for', () => {
  it('runs without the libraries: every kind of such message, on a demo like the default one, in a process that never loads them', () => {
    // This process's setup file loaded them; testing/without-libraries.ts runs where they are missing, so a message
    // wrongly answered false would meet libraries() throwing (an InternalError in a reply or the trace).
    const script = fileURLToPath(new URL('./testing/without-libraries.ts', import.meta.url));
    const lines = execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim().split('\n');
    expect(lines.join('\n')).not.toMatch(/not loaded/);
    const replies = lines.map((l) => JSON.parse(l) as { type: string; requestId?: number; ok?: boolean }).filter((m) => m.type === 'reply');
    // None was held: every request was answered, in order.
    expect(replies.map((r) => r.requestId)).toEqual(replies.map((_, i) => i + 1));
    expect(replies.length).toBeGreaterThan(20);
    expect(replies.every((r) => r.ok)).toBe(true);
  }, 120_000);
});
