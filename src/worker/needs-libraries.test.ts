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
  it('is false for the default demo sent as objects and for time controls; true for inspection and recipes (the full command schema is on demand)', () => {
    expect(needsLibraries(init({ seed: 42, nodes: 3, manifests: [deployment] }))).toBe(false);
    expect(needsLibraries(init({ seed: 42 }))).toBe(false);
    for (const type of ['play', 'pause', 'speed', 'step', 'stepBack', 'seek', 'advance', 'focusController', 'undoFork', 'kubectlCancel', 'detach']) {
      expect(needsLibraries({ type })).toBe(false);
    }
    for (const type of ['inspect', 'recipe', 'export', 'nope']) expect(needsLibraries({ type, requestId: 1 })).toBe(true);
    expect(needsLibraries(null)).toBe(true);
  });

  it('is true for every user action, whatever it carries', () => {
    expect(needsLibraries(act({ type: 'apply', manifests: '' }))).toBe(true);
    expect(needsLibraries(act({ type: 'apply', manifests: [deployment] }))).toBe(true);
    expect(needsLibraries(act({ type: 'git-commit', files: {} }))).toBe(true);
    expect(needsLibraries(act({ type: 'rollout', op: 'undo', resource: 'deployment', name: 'web' }))).toBe(true);
    expect(needsLibraries(act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 2 }))).toBe(true);
    expect(needsLibraries(act({ type: 'fault', fault: { type: 'kill-node', node: 'node-1' } }))).toBe(true);
    expect(needsLibraries({ type: 'act' })).toBe(true);
  });

  it('is true for an init with text: manifests, a scenario file, a share link', () => {
    expect(needsLibraries(init({ seed: 1, manifests: 'kind: Deployment' }))).toBe(true);
    expect(needsLibraries(init({ seed: 1, scenario: 'name: x' }))).toBe(true);
    expect(needsLibraries(init({ seed: 1, recipe: { version: 1 } }))).toBe(true);
  });

  it('is true for an init whose objects can bring in a CronJob, a CRD or a webhook configuration', () => {
    expect(needsLibraries(init({ seed: 1, manifests: [deployment, cronJob] }))).toBe(true);
    expect(needsLibraries(init({ seed: 1, manifests: [crd] }))).toBe(true);
    expect(needsLibraries(init({ seed: 1, manifests: [{ kind: 'List', items: [cronJob] }] }))).toBe(true);
    expect(needsLibraries(init({ seed: 1, manifests: [{ kind: 'MutatingWebhookConfiguration' }] }))).toBe(true);
  });

  it('is true for an init whose objects can bring in a kind whose controller\'s logic or admission is on demand', () => {
    for (const kind of ['Job', 'HorizontalPodAutoscaler', 'DaemonSet', 'StatefulSet', 'PersistentVolumeClaim']) {
      expect(needsLibraries(init({ seed: 1, manifests: [deployment, { apiVersion: 'apps/v1', kind, metadata: { name: 'x' } }] }))).toBe(true);
    }
  });

  it('is true for an init whose Deployment can carry the legacy rollback annotation (the controller\'s rollback is on demand)', () => {
    const annotated = { ...deployment, metadata: { name: 'web', annotations: { 'deprecated.deployment.rollback.to': '0' } } };
    expect(needsLibraries(init({ seed: 1, manifests: [annotated] }))).toBe(true);
    expect(needsLibraries(init({ seed: 1, manifests: [{ kind: 'List', items: [annotated] }] }))).toBe(true);
  });

  it('never throws on hostile messages; a cycle counts as needing them', () => {
    const cyclic: Record<string, unknown> = { kind: 'Deployment' };
    cyclic['self'] = cyclic;
    expect(needsLibraries(init({ seed: 1, manifests: [cyclic] }))).toBe(true);
    for (const m of [null, undefined, 3, 'init', [], { type: 'init' }, { type: 'init', setup: 5 }, { type: 'act', action: [] }, init({ seed: 1, manifests: [10n] })]) {
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
    expect(lines.filter((l) => l.startsWith('{"type":"error"'))).toEqual([]);
    const replies = lines.map((l) => JSON.parse(l) as { type: string; requestId?: number; ok?: boolean }).filter((m) => m.type === 'reply');
    // None was held: the init was answered, and the frames kept coming (the time controls were obeyed).
    expect(replies.map((r) => r.requestId)).toEqual([1]);
    expect(replies.every((r) => r.ok)).toBe(true);
    const frames = lines.map((l) => JSON.parse(l) as { type: string; step?: number }).filter((m) => m.type === 'frame');
    expect(frames.length).toBeGreaterThan(10);
  }, 120_000);
});

describe('a miss the needs-libraries check let through', () => {
  it('is reported by the worker as an internal error, though the api-server answered it with a 500', () => {
    const script = fileURLToPath(new URL('./testing/without-libraries.ts', import.meta.url));
    const out = execFileSync(process.execPath, ['--import', 'tsx', script, '--force-cronjob'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const errors = out.trim().split('\n').map((l) => JSON.parse(l) as { type: string; message?: string }).filter((m) => m.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/used a library the worker had not loaded/);
  }, 120_000);
});

describe('what the trigger words guard against', () => {
  // Played where the libraries never load (testing/first-script-inputs.ts), each object forced past the checks, as a
  // missing word would let it through: each reaches for them, which is why an init naming it loads them first.
  const script = fileURLToPath(new URL('./testing/first-script-inputs.ts', import.meta.url));
  const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
  const rollingBack = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', annotations: { 'deprecated.deployment.rollback.to': '0' } },
    spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
  };
  const ownedNamespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a', ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'gone', uid: 'uid-gone' }] } };
  it.each([
    ['a PersistentVolumeClaim (its admission)', claim],
    ['a Namespace whose owner does not exist (the garbage collector deletes it; the namespace controller empties it)', ownedNamespace],
    ['a Deployment with the legacy rollback annotation (the controller\'s rollback)', rollingBack],
  ])('%s', (_what, object) => {
    expect(needsLibraries(init({ seed: 1, manifests: [object] }))).toBe(true);
    const input = { setup: { seed: 1, nodes: 1, manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' } }] }, controls: [{ type: 'advance', ms: 60_000 }], force: [object] };
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], { input: JSON.stringify([input]), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const [outcome] = out.trim().split('\n').map((l) => JSON.parse(l) as { errors: string[]; misses: string[] });
    expect([...outcome!.errors, ...outcome!.misses].join('\n')).toMatch(/librar|not loaded/);
  }, 120_000);
});
