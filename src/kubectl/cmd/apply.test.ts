import { describe, expect, it } from 'vitest';
import { Simulation } from '../../sim/simulation.ts';
import { kubectl, WEB } from '../testing/fixture.ts';
import { LAST_APPLIED } from './apply.ts';

const files = {
  'web.yaml': WEB,
  'web2.yaml': WEB.replace('nginx:1.27', 'nginx:1.28'),
  'bad.yaml': WEB.replace('replicas: 3', 'replicas: -1'),
  'ns.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata: {name: ns1}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: nope}\n',
};

function fresh() {
  return Simulation.create({ seed: 1, nodes: 1 });
}

describe('kubectl apply (client-side, as kubectl 1.32 by default)', () => {
  it('creates with the last-applied annotation, as Go encodes it, then says unchanged and sends nothing', () => {
    const sim = fresh();
    expect(kubectl(sim, 'kubectl apply -f web.yaml', { files })).toEqual({ stdout: 'deployment.apps/web created\n', stderr: '', exitCode: 0 });
    const live = sim.getObject('deployment', 'default', 'web')!;
    expect(live.metadata.annotations?.[LAST_APPLIED]).toBe(
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"labels":{"app":"web"},"name":"web","namespace":"default"},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.27","name":"web"}]}}}}\n',
    );
    expect(live.metadata.managedFields?.[0]?.manager).toBe('kubectl-client-side-apply');
    const inputs = sim.inputs.length;
    expect(kubectl(sim, 'apply -f web.yaml', { files }).stdout).toBe('deployment.apps/web unchanged\n');
    expect(sim.inputs.length).toBe(inputs);
  });

  it('a three-way patch: the file wins over a kubectl scale of a field it names, and a new image is configured', () => {
    const sim = fresh();
    kubectl(sim, 'apply -f web.yaml', { files });
    kubectl(sim, 'scale deployment web --replicas=5');
    expect(kubectl(sim, 'apply -f web2.yaml', { files }).stdout).toBe('deployment.apps/web configured\n');
    const d = sim.getObject('deployment', 'default', 'web')!;
    expect((d.spec as { replicas: number }).replicas).toBe(3);
    expect(JSON.stringify(d.spec)).toContain('nginx:1.28');
    const last = sim.inputs[sim.inputs.length - 1]!.action;
    expect(last).toMatchObject({ type: 'patch', patchType: 'strategic', fieldManager: 'kubectl-client-side-apply', command: 'kubectl apply -f web2.yaml' });
    expect((last as { patch: Record<string, unknown> }).patch).toMatchObject({
      spec: { replicas: 3, template: { spec: { '$setElementOrder/containers': [{ name: 'web' }], containers: [{ name: 'web', image: 'nginx:1.28' }] } } },
    });
  });

  it('a field removed from the file is removed from the object; one set by someone else stays', () => {
    const sim = fresh();
    kubectl(sim, 'apply -f web.yaml', { files });
    kubectl(sim, 'label deploy web team=blue');
    const otherLabel = WEB.replace('  labels: { app: web }\n', '  labels: { tier: front }\n');
    expect(kubectl(sim, 'apply -f web3.yaml', { files: { 'web3.yaml': otherLabel } }).stdout).toBe('deployment.apps/web configured\n');
    expect(sim.getObject('deployment', 'default', 'web')?.metadata.labels).toEqual({ team: 'blue', tier: 'front' });
  });

  it("a 422 is printed as kubectl prints it, and an apply of several objects keeps the ones before the bad one", () => {
    const sim = fresh();
    kubectl(sim, 'apply -f web.yaml', { files });
    expect(kubectl(sim, 'apply -f bad.yaml', { files })).toEqual({
      stdout: '',
      stderr: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n',
      exitCode: 1,
    });
    expect(kubectl(sim, 'apply -f ns.yaml', { files })).toEqual({
      stdout: 'namespace/ns1 created\n',
      stderr: 'Error from server (NotFound): error when creating "ns.yaml": namespaces "nope" not found\n',
      exitCode: 1,
    });
  });

  it('server-side apply as manager kubectl: conflicts with the client-side manager, taken over with --force-conflicts', () => {
    const sim = fresh();
    kubectl(sim, 'apply -f web.yaml', { files });
    kubectl(sim, 'apply -f web2.yaml', { files });
    const r = kubectl(sim, 'apply -f web.yaml --server-side', { files });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps\/v1: \.spec\.template\.spec\.containers\[name="web"\]\.image\nPlease review the fields above--they currently have other managers/);
    expect(kubectl(sim, 'apply -f web.yaml --server-side --force-conflicts', { files }).stdout).toBe('deployment.apps/web serverside-applied\n');
  });

  it('dry runs change nothing', () => {
    const sim = fresh();
    expect(kubectl(sim, 'apply -f web.yaml --dry-run=client', { files }).stdout).toBe('deployment.apps/web created (dry run)\n');
    expect(kubectl(sim, 'apply -f web.yaml --dry-run=server', { files }).stdout).toBe('deployment.apps/web created (server dry run)\n');
    expect(sim.getObject('deployment', 'default', 'web')).toBeUndefined();
  });

  it('reads a heredoc and -f -', () => {
    const sim = fresh();
    expect(kubectl(sim, 'kubectl apply -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: demo\nEOF').stdout).toBe('configmap/demo created\n');
    expect(kubectl(sim, 'kubectl apply -f -', { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: two\n' }).stdout).toBe('configmap/two created\n');
    expect(kubectl(sim, 'kubectl apply -f nope.yaml').stderr).toBe('error: the path "nope.yaml" does not exist\n');
    expect(kubectl(sim, 'kubectl apply').stderr).toBe('error: must specify one of -f and -k\n');
  });
});
