import { describe, expect, it } from 'vitest';
import { targetOf } from '../target.ts';
import { kubectl, webCluster } from '../testing/fixture.ts';
import { EDIT_HEADER, kubectlEditSave } from './edit.ts';

describe('kubectl edit', () => {
  it('opens the object under kubectl\'s header, without managedFields; saving sends the change', () => {
    const sim = webCluster();
    const r = kubectl(sim, 'edit deploy/web');
    expect(r.edit?.ref).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'default' });
    expect(r.edit!.yaml.startsWith(`${EDIT_HEADER}apiVersion: apps/v1\nkind: Deployment\n`)).toBe(true);
    expect(r.edit!.yaml).not.toContain('managedFields');
    const target = targetOf(sim);
    expect(kubectlEditSave(r.edit!.ref, r.edit!.yaml, target)).toEqual({ stdout: 'Edit cancelled, no changes made.\n', stderr: '', exitCode: 0 });
    expect(kubectlEditSave(r.edit!.ref, '# nothing\n', target).stdout).toBe('Edit cancelled, no changes made.\n');
    expect(kubectlEditSave(r.edit!.ref, r.edit!.yaml.replace('replicas: 3', 'replicas: 4'), target, 'kubectl edit deploy/web')).toEqual({ stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 });
    expect(sim.getObject('deployment', 'default', 'web')?.spec).toMatchObject({ replicas: 4 });
    expect(sim.inputs[sim.inputs.length - 1]!.action).toMatchObject({ type: 'patch', fieldManager: 'kubectl-edit', command: 'kubectl edit deploy/web' });
    expect(kubectlEditSave(r.edit!.ref, r.edit!.yaml.replace('replicas: 3', 'replicas: -4'), target)).toEqual({
      stdout: '',
      stderr: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -4: must be greater than or equal to 0\nerror: Edit cancelled, no valid changes were saved.\n',
      exitCode: 1,
    });
    expect(kubectlEditSave(r.edit!.ref, r.edit!.yaml.replace('name: web\n', 'name: other\n'), target).stderr).toBe('error: At least one of apiVersion, kind and name was changed\n');
    expect(kubectlEditSave(r.edit!.ref, ': : :\n  - [', target).exitCode).toBe(1);
  });
});

describe('replace, autoscale, logs, api-resources, api-versions, config, version', () => {
  it('replace PUTs what the file says', () => {
    const sim = webCluster();
    const files = { 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: "1"}\n', 'cm2.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {b: "2"}\n' };
    expect(kubectl(sim, 'replace -f cm.yaml', { files }).stderr).toBe('Error from server (NotFound): error when replacing "cm.yaml": configmaps "c" not found\n');
    kubectl(sim, 'create -f cm.yaml', { files });
    expect(kubectl(sim, 'replace -f cm2.yaml', { files }).stdout).toBe('configmap/c replaced\n');
    expect(sim.getObject('configmap', 'default', 'c')?.data).toEqual({ b: '2' });
  });

  it('autoscale creates the HPA', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'autoscale deploy web --min=2 --max=5 --cpu-percent=80').stdout).toBe('horizontalpodautoscaler.autoscaling/web autoscaled\n');
    expect(sim.getObject('hpa', 'default', 'web')?.spec).toMatchObject({ minReplicas: 2, maxReplicas: 5, scaleTargetRef: { kind: 'Deployment', name: 'web' } });
    expect(kubectl(sim, 'autoscale deploy web --min=2').stderr).toBe('error: required flag(s) "max" not set\n');
  });

  it('logs says honestly that containers run no code, with what is known of the container', () => {
    const sim = webCluster();
    const pod = sim.listObjects('pods')[0]!.metadata.name!;
    const r = kubectl(sim, `logs ${pod}`);
    expect(r.stdout).toMatch(new RegExp(`^Containers in this simulation run no code, so they write no logs\\. What the simulation knows of this one:\\npod/${pod}, container web: image nginx:1\\.27, running since 2026-01-01T00:00:0\\dZ, restarts: 0\\n$`));
    expect(kubectl(sim, 'logs nope').stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(kubectl(sim, 'logs deploy/web').stderr).toMatch(/^Found 3 pods, using pod\/web-/);
  });

  it('api-resources, api-versions, config view, version', () => {
    const sim = webCluster();
    const res = kubectl(sim, 'api-resources').stdout.split('\n');
    expect(res[0]).toBe('NAME                              SHORTNAMES   APIVERSION                        NAMESPACED   KIND');
    expect(res[1]).toBe('configmaps                        cm           v1                                true         ConfigMap');
    expect(kubectl(sim, 'api-resources --namespaced=false -o name').stdout).toBe(
      'namespaces\nnodes\nmutatingwebhookconfigurations.admissionregistration.k8s.io\nvalidatingwebhookconfigurations.admissionregistration.k8s.io\ncustomresourcedefinitions.apiextensions.k8s.io\nnodes.metrics.k8s.io\n',
    );
    expect(kubectl(sim, 'api-versions').stdout.split('\n')).toContain('apps/v1');
    // The resource metrics API (kubectl top), get and list only, as metrics-server serves it.
    expect(kubectl(sim, 'api-versions').stdout.split('\n')).toContain('metrics.k8s.io/v1beta1');
    expect(kubectl(sim, 'api-resources --api-group=metrics.k8s.io -o wide').stdout.split('\n').map((l) => l.split(/\s+/).filter(Boolean))).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['nodes', 'metrics.k8s.io/v1beta1', 'false', 'NodeMetrics', 'get,list'],
      ['pods', 'metrics.k8s.io/v1beta1', 'true', 'PodMetrics', 'get,list'],
      [],
    ]);
    expect(kubectl(sim, 'config current-context').stdout).toBe('loopscope\n');
    expect(kubectl(sim, 'cluster-info').stdout).toBe("Kubernetes control plane is running at loopscope://in-page-simulation\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n");
    expect(kubectl(sim, 'config view').stdout).toContain('current-context: loopscope\nkind: Config\n');
    expect(kubectl(sim, 'version --client').stdout).toBe('Client Version: v1.32.4\nKustomize Version: v5.5.0\n');
    expect(kubectl(sim, 'version')).toEqual({
      stdout: 'Client Version: v1.32.4\nKustomize Version: v5.5.0\nServer Version: v1.35.0\n',
      stderr: 'WARNING: version difference between client (1.32) and server (1.35) exceeds the supported minor version skew of +/-1\n',
      exitCode: 0,
    });
  });

  it('kubectl events: sorted by when they last happened, Kind/name, --for, --types', () => {
    const sim = webCluster();
    kubectl(sim, 'scale deploy web --replicas=5');
    sim.runFor(5000);
    kubectl(sim, 'scale deploy web --replicas=2');
    sim.runFor(5000);
    const r = kubectl(sim, 'events --for deploy/web').stdout.split('\n');
    expect(r[0]).toBe('LAST SEEN   TYPE     REASON              OBJECT           MESSAGE');
    expect(r.slice(1, 4).map((l) => l.replace(/ +web-[a-z0-9]+/, ' RS'))).toEqual([
      '40s         Normal   ScalingReplicaSet   Deployment/web   Scaled up replica set RS from 0 to 3',
      '10s         Normal   ScalingReplicaSet   Deployment/web   Scaled up replica set RS from 3 to 5',
      '5s          Normal   ScalingReplicaSet   Deployment/web   Scaled down replica set RS from 5 to 2',
    ]);
    expect(kubectl(sim, 'events --types=Warning').stderr).toBe('No events found in default namespace.\n');
  });
});

describe('kubectl wait', () => {
  function runToEnd(sim: ReturnType<typeof webCluster>, line: string) {
    const r = kubectl(sim, line);
    let streamed = '';
    for (let i = 0; i < 120 && r.watch && !r.watch.done; i++) {
      sim.runFor(1000);
      streamed += r.watch.poll(targetOf(sim));
    }
    return { ...r, streamed };
  }

  it('waits on virtual time for a condition, a JSONPath value or a deletion, and times out as kubectl says', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'wait --for=condition=available deploy/web').stdout).toBe('deployment.apps/web condition met\n');
    kubectl(sim, 'scale deploy web --replicas=4');
    // wait lists the pods there are now: let the ReplicaSet controller create the fourth one (not yet Running).
    sim.runFor(300);
    expect(sim.listObjects('pods')).toHaveLength(4);
    const pods = sim.listObjects('pods').map((p) => p.metadata.name!);
    const phase = runToEnd(sim, `wait --for=jsonpath={.status.phase}=Running pods -l app=web`);
    expect((phase.stdout + phase.streamed).trimEnd().split('\n')).toHaveLength(4);
    const gone = pods[0]!;
    kubectl(sim, `delete pod ${gone} --wait=false`);
    const del = runToEnd(sim, `wait --for=delete pod/${gone}`);
    expect(del.stdout + del.streamed).toBe(`pod/${gone} condition met\n`);
    const t = runToEnd(sim, 'wait --for=condition=Nope deploy/web --timeout=5s');
    expect(t.stdout + t.streamed).toBe('error: timed out waiting for the condition on deployments/web\n');
    expect(kubectl(sim, 'wait deploy/web').stderr).toBe('error: --for must be specified\n');
    const created = kubectl(sim, 'wait --for=create configmap/later');
    expect(created.stdout).toBe('');
    kubectl(sim, 'create configmap later');
    expect(created.watch!.poll(targetOf(sim))).toBe('configmap/later condition met\n');
  });
});
