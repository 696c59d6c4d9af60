import { describe, expect, it } from 'vitest';
import { applicationView, changedFiles, folders, newApplication, pathError, toggledApplication } from './gitops-model.ts';

const app = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name: 'web', namespace: 'argocd', resourceVersion: '42', managedFields: [{ manager: 'kubectl' }] },
  spec: {
    project: 'default',
    source: { repoURL: 'https://git.example.com/platform.git', path: 'apps/web', targetRevision: 'HEAD' },
    destination: { server: 'https://kubernetes.default.svc', namespace: 'default' },
    syncPolicy: { automated: { prune: true, selfHeal: true }, syncOptions: ['RespectIgnoreDifferences=true'] },
  },
  status: {
    sync: { status: 'OutOfSync', revision: 'abc123' },
    health: { status: 'Healthy' },
    resources: [
      { group: 'apps', version: 'v1', kind: 'Deployment', namespace: 'default', name: 'web', status: 'OutOfSync', health: { status: 'Healthy' }, diff: ['spec.replicas: git 3, live 6'] },
      { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler', namespace: 'default', name: 'web', status: 'Synced' },
    ],
    operationState: { phase: 'Succeeded', message: 'Partial sync operation to abc123 succeeded' },
  },
};

describe('changedFiles', () => {
  it('keeps only edits that differ from HEAD and deletions of files HEAD has', () => {
    const head = { 'a.yaml': 'A', 'b.yaml': 'B' };
    expect(changedFiles(head, { 'a.yaml': 'A', 'b.yaml': null, 'c.yaml': 'C', 'd.yaml': null })).toEqual({ 'b.yaml': null, 'c.yaml': 'C' });
  });
});

describe('pathError', () => {
  it('accepts relative paths and names what is wrong with others', () => {
    expect(pathError('apps/web/deployment.yaml')).toBeNull();
    expect(pathError('')).toMatch(/give the file a path/);
    expect(pathError('/etc/x')).toMatch(/relative/);
    expect(pathError('apps/../x')).toMatch(/invalid path/);
  });
});

describe('applicationView', () => {
  it('reads sync status, health, the policy and per-resource diffs', () => {
    const v = applicationView(app)!;
    expect(v).toMatchObject({ name: 'web', path: 'apps/web', sync: 'OutOfSync', revision: 'abc123', health: 'Healthy', automated: true, selfHeal: true, prune: true, ignoresReplicas: false });
    expect(v.resources[0]).toEqual({ kind: 'Deployment', name: 'web', namespace: 'default', status: 'OutOfSync', health: 'Healthy', requiresPruning: false, diff: ['spec.replicas: git 3, live 6'] });
    expect(v.operation).toBe('Succeeded: Partial sync operation to abc123 succeeded');
  });
  it('is null for anything but an Application', () => {
    expect(applicationView({ kind: 'Deployment' })).toBeNull();
    expect(applicationView(null)).toBeNull();
  });
});

describe('toggledApplication', () => {
  it('turns auto-sync off by removing syncPolicy.automated, keeping the other options, without server fields', () => {
    const m = toggledApplication(app, { automated: false, selfHeal: true, prune: true, ignoreReplicas: false }) as { metadata: object; spec: { syncPolicy: object }; status?: unknown };
    expect(m.spec.syncPolicy).toEqual({ syncOptions: ['RespectIgnoreDifferences=true'] });
    expect(m.metadata).toEqual({ name: 'web', namespace: 'argocd' });
    expect(m.status).toBeUndefined();
  });
  it('adds and removes the Deployment /spec/replicas ignoreDifferences rule', () => {
    const on = toggledApplication(app, { automated: true, selfHeal: false, prune: true, ignoreReplicas: true }) as { spec: Record<string, unknown> };
    expect(on.spec.ignoreDifferences).toEqual([{ group: 'apps', kind: 'Deployment', jsonPointers: ['/spec/replicas'] }]);
    expect(on.spec.syncPolicy).toMatchObject({ automated: { prune: true, selfHeal: false } });
    expect(applicationView({ ...app, spec: on.spec })!.ignoresReplicas).toBe(true);
    const off = toggledApplication({ ...app, spec: on.spec }, { automated: true, selfHeal: false, prune: true, ignoreReplicas: false }) as { spec: Record<string, unknown> };
    expect(off.spec.ignoreDifferences).toBeUndefined();
  });
});

describe('new Application and folders', () => {
  it('lists the folders holding files and builds an automated Application for one', () => {
    expect(folders({ 'apps/web/d.yaml': '', 'apps/web/h.yaml': '', 'README.md': '', 'apps/db/s.yaml': '' })).toEqual(['apps/db', 'apps/web']);
    expect(newApplication('web', 'apps/web')).toMatchObject({ kind: 'Application', metadata: { namespace: 'argocd' }, spec: { source: { path: 'apps/web' }, syncPolicy: { automated: { selfHeal: true } } } });
  });
});
