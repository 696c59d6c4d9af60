import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';
import { detectFights } from '../analysis/fight-detector.ts';

const deployment = (replicas?: number, image = 'nginx:1.27'): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
${replicas !== undefined ? `  replicas: ${replicas}\n` : ''}  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
        - name: web
          image: ${image}
          resources:
            requests: {cpu: 500m, memory: 128Mi}
`;
const configMap = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: fast
`;

function application(extra = ''): string {
  return `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: web
  namespace: argocd
spec:
  project: default
  source:
    repoURL: https://git.example.com/web.git
    path: apps/web
    targetRevision: HEAD
  destination:
    server: https://kubernetes.default.svc
    namespace: default
  syncPolicy:
    automated: {prune: true, selfHeal: true}
${extra}`;
}

function start(files: Record<string, string>, controllers: string[] = [], appExtra = ''): Simulation {
  const sim = Simulation.create({ seed: 3, nodes: 1, controllers, gitops: { repo: files } });
  sim.runFor(2000);
  const r = sim.act({ type: 'apply', manifests: application(appExtra) });
  expect(r.ok, r.messages.join('\n')).toBe(true);
  return sim;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading API objects by path in assertions
type Obj = Record<string, any>;

describe('argocd-application-controller', () => {
  it('an automated Application creates what Git holds and reports Synced at the commit', () => {
    const sim = start({ 'apps/web/deployment.yaml': deployment(2), 'apps/web/settings.yaml': configMap });
    sim.runFor(5000);
    const cm = sim.getObject('configmap', 'default', 'settings') as Obj;
    expect(cm.data).toEqual({ mode: 'fast' });
    expect(cm.metadata.labels['app.kubernetes.io/instance']).toBe('web');
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(2);
    const app = sim.getObject('application', 'argocd', 'web') as Obj;
    expect(app.status.sync.status).toBe('Synced');
    expect(app.status.sync.revision).toMatch(/^[0-9a-f]{40}$/);
    expect(app.status.operationState.phase).toBe('Succeeded');
    expect(app.status.operationState.syncResult.resources.map((r: Obj) => r.message)).toEqual(['configmap/settings serverside-applied', 'deployment.apps/web serverside-applied']);
    const reasons = sim.trace.slice().filter((e) => e.kind === 'k8s.event').map((e) => (e as Obj).reason + ': ' + (e as Obj).message);
    expect(reasons).toContain(`OperationStarted: Initiated automated sync to '${app.status.sync.revision}'`);
    expect(reasons).toContain(`OperationCompleted: Sync operation to ${app.status.sync.revision} succeeded`);
  });

  it('a live change is self-healed: kubectl scale is undone by a partial sync', () => {
    const sim = start({ 'apps/web/deployment.yaml': deployment(2) });
    sim.runFor(3000);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 7 });
    sim.runFor(500);
    // Within SELF_HEAL_TIMEOUT_MS of the first sync: not yet.
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(7);
    sim.runFor(5000);
    const app = sim.getObject('application', 'argocd', 'web') as Obj;
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(2);
    const completed = sim.trace.slice().filter((e) => e.kind === 'k8s.event' && e.reason === 'OperationCompleted').map((e) => (e as Obj).message);
    expect(completed).toEqual([`Sync operation to ${app.status.sync.revision} succeeded`, `Partial sync operation to ${app.status.sync.revision} succeeded`]);
  });

  it('without selfHeal a live change leaves the app OutOfSync with a readable diff', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1, controllers: [], gitops: { repo: { 'apps/web/deployment.yaml': deployment(2) } } });
    sim.runFor(2000);
    sim.act({ type: 'apply', manifests: application().replace('{prune: true, selfHeal: true}', '{prune: true}') });
    sim.runFor(3000);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 7 });
    sim.runFor(3000);
    const app = sim.getObject('application', 'argocd', 'web') as Obj;
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(7);
    expect(app.status.sync.status).toBe('OutOfSync');
    expect(app.status.resources[0].diff).toEqual(['spec.replicas: git 2, live 7']);
    const skipped = sim.trace.slice().filter((e) => e.kind === 'reconcile.status' && e.summary.startsWith('Skipping auto-sync: most recent sync already to'));
    expect(skipped.length).toBeGreaterThan(0);
  });

  it('a requested sync (the operation field argocd app sync sets) runs once and is cleared', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1, controllers: [], gitops: { repo: { 'apps/web/deployment.yaml': deployment(2) } } });
    sim.runFor(2000);
    sim.act({ type: 'apply', manifests: application().replace('    automated: {prune: true, selfHeal: true}\n', '    syncOptions: [ServerSideApply=true]\n') });
    sim.runFor(3000);
    expect(sim.getObject('deployment', 'default', 'web')).toBeUndefined();
    expect((sim.getObject('application', 'argocd', 'web') as Obj).status.sync.status).toBe('OutOfSync');
    const r = sim.act({ type: 'patch', resource: 'application', namespace: 'argocd', name: 'web', patchType: 'merge', patch: { operation: { sync: {}, initiatedBy: { username: 'user' } } } });
    expect(r.ok, r.messages.join('\n')).toBe(true);
    sim.runFor(3000);
    const app = sim.getObject('application', 'argocd', 'web') as Obj;
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(2);
    expect(app.operation).toBeUndefined();
    expect(app.status.sync.status).toBe('Synced');
    expect(app.status.operationState.operation.initiatedBy).toEqual({ username: 'user' });
    const started = sim.trace.slice().filter((e) => e.kind === 'k8s.event' && e.reason === 'OperationStarted').map((e) => (e as Obj).message);
    expect(started).toEqual([`initiated sync to ${app.status.sync.revision}`]);
  });

  it('a commit is picked up at the next 180 s refresh; a file removed from Git is pruned', () => {
    const sim = start({ 'apps/web/deployment.yaml': deployment(2), 'apps/web/settings.yaml': configMap });
    sim.runFor(3000);
    const r = sim.act({ type: 'git-commit', files: { 'apps/web/settings.yaml': null, 'apps/web/deployment.yaml': deployment(4) }, message: 'drop settings, 4 replicas' });
    expect(r.ok, r.messages.join('\n')).toBe(true);
    sim.runFor(60_000);
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(2);
    sim.runFor(125_000);
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(4);
    // Pruned with foreground propagation (Argo CD's default); no garbage collector runs here to finish it.
    expect((sim.getObject('configmap', 'default', 'settings') as Obj).metadata.deletionTimestamp).toBeDefined();
    const app = sim.getObject('application', 'argocd', 'web') as Obj;
    expect(app.status.sync.status).toBe('Synced');
    expect(app.status.resources.map((x: Obj) => x.kind)).toEqual(['Deployment']);
    expect(app.status.operationState.syncResult.resources.map((x: Obj) => `${x.kind} ${x.status}: ${x.message}`)).toEqual(['Deployment Synced: deployment.apps/web serverside-applied', 'ConfigMap Pruned: pruned']);
  });
});

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
  namespace: default
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 10
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: {type: Utilization, averageUtilization: 70}
`;

function hpaRun(files: Record<string, string>, appExtra = ''): Simulation {
  const sim = Simulation.create({ seed: 5, nodes: 3, gitops: { repo: files } });
  sim.act({ type: 'set-load', resource: 'deployment', name: 'web', cpu: '2100m' });
  sim.runFor(2000);
  const r = sim.act({ type: 'apply', manifests: application(appExtra) });
  expect(r.ok, r.messages.join('\n')).toBe(true);
  sim.runFor(240_000);
  return sim;
}

describe('GitOps and the HPA over spec.replicas', () => {
  it('replicas in Git and an HPA fight: the detector reports argocd-controller against kube-controller-manager', () => {
    const sim = hpaRun({ 'apps/web/deployment.yaml': deployment(3), 'apps/web/hpa.yaml': HPA });
    const fights = detectFights(sim.trace.slice());
    const f = fights.find((x) => x.field === 'spec.replicas' && x.object.kind === 'Deployment');
    expect(f, JSON.stringify(fights)).toBeDefined();
    expect([...f!.managers].sort()).toEqual(['argocd-controller', 'kube-controller-manager']);
    expect([...f!.loops].sort()).toEqual(['argocd-application-controller', 'horizontal-pod-autoscaler-controller']);
    expect(f!.flips).toBeGreaterThanOrEqual(3);
  });

  it('fixed by removing replicas from Git: no fight, the HPA owns spec.replicas', () => {
    const sim = hpaRun({ 'apps/web/deployment.yaml': deployment(), 'apps/web/hpa.yaml': HPA });
    expect(detectFights(sim.trace.slice()).filter((x) => x.field === 'spec.replicas')).toEqual([]);
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(6);
    expect((sim.getObject('application', 'argocd', 'web') as Obj).status.sync.status).toBe('Synced');
  });

  it('fixed by ignoreDifferences on /spec/replicas: no fight, Synced while the HPA scales', () => {
    const ignore = '  ignoreDifferences:\n    - group: apps\n      kind: Deployment\n      jsonPointers: [/spec/replicas]\n';
    const sim = hpaRun({ 'apps/web/deployment.yaml': deployment(3), 'apps/web/hpa.yaml': HPA }, ignore);
    expect(detectFights(sim.trace.slice()).filter((x) => x.field === 'spec.replicas')).toEqual([]);
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(6);
    expect((sim.getObject('application', 'argocd', 'web') as Obj).status.sync.status).toBe('Synced');
  });

  it('fixed by ignoreDifferences on the managers that own a field: kube-controller-manager', () => {
    const ignore = '  ignoreDifferences:\n    - group: apps\n      kind: Deployment\n      managedFieldsManagers: [kube-controller-manager]\n';
    const sim = hpaRun({ 'apps/web/deployment.yaml': deployment(3), 'apps/web/hpa.yaml': HPA }, ignore);
    expect(detectFights(sim.trace.slice()).filter((x) => x.field === 'spec.replicas')).toEqual([]);
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(6);
    expect((sim.getObject('application', 'argocd', 'web') as Obj).status.sync.status).toBe('Synced');
  });
});

describe('the GitOps loop and time', () => {
  it('seeking back into a GitOps run and replaying gives the same trace', () => {
    const sim = start({ 'apps/web/deployment.yaml': deployment(2) });
    sim.runFor(3000);
    sim.act({ type: 'git-commit', files: { 'apps/web/deployment.yaml': deployment(4) } });
    sim.runFor(200_000);
    const full = sim.trace.slice().map((e) => JSON.stringify(e));
    const end = sim.now;
    sim.seekTime(10_000);
    expect(sim.trace.length).toBeLessThan(full.length);
    sim.runUntil(end);
    expect(sim.trace.slice().map((e) => JSON.stringify(e))).toEqual(full);
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(4);
  });

  it('a crashed argocd-application-controller relists, re-creates its informers and keeps the app Synced', () => {
    const sim = start({ 'apps/web/deployment.yaml': deployment(2) });
    sim.runFor(5000);
    const r = sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'argocd-application-controller', restartAfter: 1000 } });
    expect(r.ok, r.messages.join('\n')).toBe(true);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 5 });
    sim.runFor(10_000);
    expect((sim.getObject('deployment', 'default', 'web') as Obj).spec.replicas).toBe(2);
    expect((sim.getObject('application', 'argocd', 'web') as Obj).status.sync.status).toBe('Synced');
    const lists = sim.trace.slice().filter((e) => e.kind === 'informer.list' && e.reason === 'restart' && e.informer.startsWith('argocd-application-controller/'));
    expect(lists.map((e) => (e as Obj).resource).sort()).toEqual(['applications', 'deployments']);
  });
});
