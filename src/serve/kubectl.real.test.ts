/**
 * The real kubectl 1.32 binary against `serve`: reads, tables, errors, writes and watches, each compared with the
 * in-page console's output for the same state (the served clock is held, so even the ages agree) or checked in the
 * simulation's input log. Skipped, saying so, when the binary is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Simulation } from '../sim/simulation.ts';
import { kubectl as consoleKubectl, webCluster } from '../kubectl/testing/fixture.ts';
import { KUBECTL, serveForTest, type Served } from './testing.ts';
import { loadExplainSchemas } from '../kubectl/run.ts';

if (!KUBECTL) console.warn('src/serve/kubectl.real.test.ts: skipped: no kubectl on PATH (or at $KUBECTL)');

describe.skipIf(!KUBECTL)('real kubectl against loopscope serve', () => {
  let sim: Simulation;
  let served: Served;
  beforeAll(async () => {
    sim = webCluster();
    served = await serveForTest(sim);
  });
  afterAll(async () => served?.close());

  const lastInput = () => sim.inputs[sim.inputs.length - 1]!.action as unknown as { type: string; command?: string } & Record<string, unknown>;

  it('reads one object and lists as JSON', async () => {
    const list = await served.kubectl('get pods -o json');
    expect(list.code).toBe(0);
    const names = (JSON.parse(list.stdout) as { items: { metadata: { name: string } }[] }).items.map((p) => p.metadata.name);
    expect(names).toEqual(sim.listObjects('pods', 'default').map((p) => p.metadata.name));
    const web = await served.kubectl('get deploy web -o yaml');
    const obj = parseYaml(web.stdout) as { metadata: { name: string; resourceVersion: string } };
    expect(obj.metadata.name).toBe('web');
    expect(obj.metadata.resourceVersion).toBe(sim.getObject('deploy', 'default', 'web')!.metadata.resourceVersion);
  });

  it.each(['get pods', 'get deploy -o wide', 'get all', 'get pods --show-labels', 'get nodes', 'get rs -o wide', 'get pods -l app=web', 'get ns', 'get deploy web', 'get pods -A'])(
    'prints "kubectl %s" as the console does',
    async (line) => {
      const real = await served.kubectl(line);
      const page = consoleKubectl(sim, `kubectl ${line}`);
      expect(real.stderr).toBe('');
      expect(real.stdout).toBe(page.stdout);
    },
  );

  it.each(['get deployment nope', 'get pods web-x -o yaml', 'get deploy web nope', 'get foo'])('prints the error of "kubectl %s" as the console does', async (line) => {
    const real = await served.kubectl(line);
    const page = consoleKubectl(sim, `kubectl ${line}`);
    expect(real.code).toBe(1);
    expect(real.stderr).toBe(page.stderr);
  });

  // describe reads Events with a field selector; kubectl computes their ages from its own clock against the virtual
  // timestamps, so ages are masked (and the spaces the columns pad with, which follow the ages' widths).
  // (And the client's own build suffix: this machine's kubectl says v1.32.4-dispatcher.)
  const agesAside = (text: string) => text.replace(/^(Client Version: v\d+\.\d+\.\d+)\S*/m, '$1').replace(/\b\d+(y|d|h|m|s)(\d+(d|h|m|s))?\b/g, '<age>').replace(/ +/g, ' ');
  it.each(['describe deploy web', 'describe pod', 'describe node node-1', 'get events', 'api-resources', 'version', 'describe svc nope'])(
    'prints "kubectl %s" as the console does, ages aside',
    async (line) => {
      if (line === 'describe pod') line += ` ${sim.listObjects('pods', 'default')[0]!.metadata.name}`;
      const real = await served.kubectl(line);
      const page = consoleKubectl(sim, `kubectl ${line}`);
      expect(agesAside(real.stdout + real.stderr)).toBe(agesAside(page.stdout + page.stderr));
      expect(real.code).toBe(page.exitCode);
    },
  );

  // explain reads the OpenAPI v3 served from the console's field documentation (when generated: npm run schemas).
  // kubectl wraps descriptions at its own width, the console at 72 (so words are compared, not lines), and prints
  // no GROUP line for the core group, where the console prints an empty one (so apps kinds are compared); and it
  // names IntOrString and Quantity fields <string> from these schemas, where the console says <number>, <Quantity>
  // (so fields of those types are left out).
  const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
  it.each(['explain deploy', 'explain deploy.spec.strategy', 'explain deploy.spec.replicas', 'explain cronjob.spec.schedule'])('prints "kubectl %s" as the console does, words aside', async (line) => {
    await loadExplainSchemas().catch(() => undefined);
    if (!consoleKubectl(sim, 'kubectl explain deploy').stdout) return void console.warn(`"${line}": skipped: the explain schemas are not generated (npm run schemas)`);
    const real = await served.kubectl(line);
    const page = consoleKubectl(sim, `kubectl ${line}`);
    expect(real.stderr).toBe('');
    expect(words(real.stdout)).toBe(words(page.stdout));
  });

  it('scale becomes a scale-subresource patch in the input log, named by kubectl', async () => {
    const r = await served.kubectl('scale deployment web --replicas=5');
    expect(r.stdout).toBe('deployment.apps/web scaled\n');
    expect(lastInput()).toMatchObject({ type: 'patch', subresource: 'scale', patchType: 'merge', patch: { spec: { replicas: 5 } } });
    expect(lastInput().command).toMatch(/^kubectl\/v1\.32\S* patch \/apis\/apps\/v1\/namespaces\/default\/deployments\/web\/scale$/);
    expect(sim.getObject('deploy', 'default', 'web')!.spec).toMatchObject({ replicas: 5 });
    sim.runFor(20_000);
  });

  it('delete pod is a delete user action', async () => {
    const pod = sim.listObjects('pods', 'default')[0]!.metadata.name!;
    const r = await served.kubectl(`delete pod ${pod} --wait=false`);
    expect(r.stdout).toBe(`pod "${pod}" deleted\n`);
    expect(lastInput()).toMatchObject({ type: 'delete', resource: 'pods', name: pod, namespace: 'default' });
    expect(lastInput().command).toMatch(/ delete \/api\/v1\/namespaces\/default\/pods\//);
    sim.runFor(20_000);
  });

  it('apply -f (client-side, validated by the server) creates then configures', async () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: "1"\n';
    expect((await served.kubectl('apply -f -', cm)).stdout).toBe('configmap/settings created\n');
    expect(lastInput()).toMatchObject({ type: 'create' });
    expect((await served.kubectl('apply -f -', cm.replace('"1"', '"2"'))).stdout).toBe('configmap/settings configured\n');
    expect(lastInput()).toMatchObject({ type: 'patch', patchType: 'strategic', fieldManager: 'kubectl-client-side-apply' });
    expect(sim.getObject('cm', 'default', 'settings')!.data).toEqual({ a: '2' });
  });

  it('apply -f of a Deployment twice: the second is a strategic patch of what changed', async () => {
    const deploy = (image: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: applied\nspec:\n  replicas: 1\n  selector: {matchLabels: {app: applied}}\n  template:\n    metadata: {labels: {app: applied}}\n    spec:\n      containers:\n      - name: c\n        image: ${image}\n      - name: d\n        image: busybox\n`;
    expect((await served.kubectl('apply -f -', deploy('nginx:1.27'))).stdout).toBe('deployment.apps/applied created\n');
    expect((await served.kubectl('apply -f -', deploy('nginx:1.28'))).stdout).toBe('deployment.apps/applied configured\n');
    const containers = (sim.getObject('deploy', 'default', 'applied')!.spec as { template: { spec: { containers: { name: string; image: string }[] } } }).template.spec.containers;
    expect(containers.map((c) => `${c.name}=${c.image}`)).toEqual(['c=nginx:1.28', 'd=busybox']);
    // kubectl's three-way strategic patch, keyed by container name (what real clusters get).
    expect(lastInput()).toMatchObject({ type: 'patch', patchType: 'strategic', fieldManager: 'kubectl-client-side-apply', patch: { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'c' }, { name: 'd' }], containers: [{ image: 'nginx:1.28', name: 'c' }] } } } } });
  });

  it('apply --server-side sends an apply patch with kubectl\'s field manager', async () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\ndata:\n  b: "1"\n';
    const r = await served.kubectl('apply --server-side -f -', cm);
    expect(r.stdout).toBe('configmap/ssa serverside-applied\n');
    expect(lastInput()).toMatchObject({ type: 'apply', fieldManager: 'kubectl', force: false });
    expect(sim.getObject('cm', 'default', 'ssa')!.data).toEqual({ b: '1' });
  });

  it('an unknown field is refused as kube-apiserver refuses it (kubectl sends fieldValidation=Strict), as the console prints it', async () => {
    const bad = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: typo\nspec:\n  replicaz: 3\n  selector: {matchLabels: {app: t}}\n  template:\n    metadata: {labels: {app: t}}\n    spec: {containers: [{name: c, image: nginx}]}\n';
    const inputs = sim.inputs.length;
    const r = await served.kubectl('create -f -', bad);
    expect(r.code).toBe(1);
    // Refused by the api-server inside the action, as the console's is: the failed command is in the run, nothing written.
    expect(sim.inputs.length).toBe(inputs + 1);
    expect(sim.getObject('deployments', 'default', 'typo')).toBeUndefined();
    expect(r.stderr).toBe('Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicaz"\n');
    expect(r.stderr).toBe(consoleKubectl(sim, 'kubectl create -f -', { stdin: bad }).stderr);
    // A patch: kubectl 1.32's patch sends no fieldValidation (patch.go sets none), so kube-apiserver's default, Warn,
    // applies; the served answer is the console's.
    const patch = ['patch', 'deploy', 'web', '--type=merge', '-p', '{"spec":{"replicaz":3}}'];
    const patched = await served.kubectl(patch);
    expect(lastInput()).toMatchObject({ type: 'patch', patchType: 'merge', fieldValidation: 'Warn' });
    expect(patched.stderr).toBe('Warning: unknown field "spec.replicaz"\n');
    const consolePatched = consoleKubectl(sim, `kubectl patch deploy web --type=merge -p '{"spec":{"replicaz":3}}'`);
    expect(patched.stdout).toBe(consolePatched.stdout);
    expect(patched.stderr).toBe(consolePatched.stderr);
    const warned = await served.kubectl('create --validate=warn -f -', bad);
    expect(warned.stderr).toBe('Warning: unknown field "spec.replicaz"\n');
    expect(warned.stdout).toBe('deployment.apps/typo created\n');
  });

  it('a bad name is the api-server\'s 422, as the console prints it for create -f', async () => {
    const bad = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Bad_Name\n';
    const r = await served.kubectl('create -f -', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(consoleKubectl(sim, 'kubectl create -f -', { stdin: bad }).stderr);
  });

  it('create deployment with a bad name prints the server\'s message wrapped (the console differs: see the report)', async () => {
    const r = await served.kubectl('create deployment Bad_Name --image=nginx');
    expect(r.code).toBe(1);
    // kubectl wraps the error ("failed to create deployment: %v"), so checkErr prints the Status message as sent,
    // not its "The Deployment \"Bad_Name\" is invalid" form, which the console prints.
    expect(r.stderr).toMatch(/^error: failed to create deployment: Deployment\.apps "Bad_Name" is invalid: metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);
  });

  it('patch, label and rollout restart/undo are patches and rollbacks in the input log', async () => {
    expect((await served.kubectl(['patch', 'deploy', 'web', '--type=merge', '-p', '{"metadata":{"annotations":{"team":"blue"}}}'])).stdout).toBe('deployment.apps/web patched\n');
    expect(lastInput()).toMatchObject({ type: 'patch', patchType: 'merge', fieldManager: 'kubectl-patch' });
    expect((await served.kubectl('label deploy web tier=frontend')).stdout).toBe('deployment.apps/web labeled\n');
    expect(sim.getObject('deploy', 'default', 'web')!.metadata.labels).toMatchObject({ tier: 'frontend' });
    expect((await served.kubectl('rollout restart deploy web')).stdout).toBe('deployment.apps/web restarted\n');
    expect(lastInput()).toMatchObject({ type: 'patch', patchType: 'strategic', fieldManager: 'kubectl-rollout' });
    sim.runFor(60_000);
    const undo = await served.kubectl('rollout undo deploy web');
    expect(undo.stdout).toBe('deployment.apps/web rolled back\n');
    expect(lastInput().command).toMatch(/ patch \/apis\/apps\/v1\/namespaces\/default\/deployments\/web$/);
  });

  // kubectl create <generator> POSTs protobuf (typed clients): serve reads it into the same object kubectl prints
  // with --dry-run=client -o json (the zero values JSON omits aside), and creates it as a user action.
  const withoutEmpty = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(withoutEmpty);
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const y = withoutEmpty(x);
      if (y === null || (typeof y === 'object' && !Array.isArray(y) && Object.keys(y as object).length === 0)) continue;
      out[k] = y;
    }
    return out;
  };
  it.each([
    ['deployment', 'create deployment api --image=nginx:1.27 --replicas=2 --port=80'],
    ['deployment', 'create deployment zero --image=nginx --replicas=0'],
    ['configmap', 'create configmap cfg --from-literal=a=b --from-literal=c=d'],
    ['namespace', 'create namespace team'],
    ['service', 'create service clusterip svc --tcp=80:8080'],
    ['job', 'create job j --image=busybox'],
    ['cronjob', 'create cronjob cj --image=busybox --schedule=*/5_*_*_*_*'],
  ])('"kubectl %s" reads the protobuf body kubectl sends: %s', async (_kind, line) => {
    const args = line.split(' ').map((a) => a.replace(/_/g, ' '));
    const dry = await served.kubectl([...args, '--dry-run=client', '-o', 'json']);
    expect(dry.code).toBe(0);
    const r = await served.kubectl(args);
    // A Service port's name is a DNS-1123 label, as upstream's validateServicePort checks it: "80-8080" is taken.
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const action = lastInput() as unknown as { type: string; manifests: Record<string, unknown>[]; command: string };
    expect(action.type).toBe('create');
    expect(action.command).toMatch(/^kubectl\/v1\.32\S* create \//);
    const sent = structuredClone(action.manifests[0]!) as { metadata: Record<string, unknown> };
    delete sent.metadata.namespace;
    expect(withoutEmpty(sent)).toEqual(withoutEmpty(JSON.parse(dry.stdout)));
  });

  it.each([
    ['cordon node-1', 'node/node-1 cordoned\n', { type: 'patch', resource: 'nodes', name: 'node-1' }],
    ['uncordon node-1', 'node/node-1 uncordoned\n', { type: 'patch', resource: 'nodes', name: 'node-1' }],
    ['set image deploy/web web=nginx:1.28', 'deployment.apps/web image updated\n', { type: 'patch', patchType: 'strategic' }],
    ['annotate deploy web note=hi', 'deployment.apps/web annotated\n', { type: 'patch', patchType: 'merge' }],
    ['rollout pause deploy web', 'deployment.apps/web paused\n', { type: 'patch', patchType: 'strategic' }],
    ['rollout resume deploy web', 'deployment.apps/web resumed\n', { type: 'patch', patchType: 'strategic' }],
    ['scale deploy web --replicas=2 --dry-run=server', 'deployment.apps/web scaled (server dry run)\n', { type: 'patch', subresource: 'scale', dryRun: true }],
  ] as const)('kubectl %s prints kubectl\'s line and is a user action', async (line, stdout, action) => {
    const r = await served.kubectl(line);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(stdout);
    expect(lastInput()).toMatchObject(action);
    sim.runFor(30_000);
  });

  it('a server dry run answers with what the write would have left, and stores nothing', async () => {
    const image = (sim.getObject('deployments', 'default', 'web')!.spec as { template: { spec: { containers: Array<{ image: string }> } } }).template.spec.containers[0]!.image;
    const patched = await served.kubectl(['set', 'image', 'deploy/web', 'web=nginx:9.9', '--dry-run=server', '-o', 'jsonpath={.spec.template.spec.containers[0].image}']);
    expect(patched.stdout).toBe('nginx:9.9');
    expect((sim.getObject('deployments', 'default', 'web')!.spec as { template: { spec: { containers: Array<{ image: string }> } } }).template.spec.containers[0]!.image).toBe(image);
    const created = await served.kubectl(['create', 'deployment', 'dry', '--image=nginx', '--dry-run=server', '-o', 'jsonpath={.spec.progressDeadlineSeconds} {.spec.strategy.type} {.metadata.managedFields[0].manager}']);
    // Defaulted by the api-server, as a real dry run answers (the object kubectl sent has none of these).
    expect(created.stdout).toBe('600 RollingUpdate kubectl-create');
    expect(sim.getObject('deployments', 'default', 'dry')).toBeUndefined();
  });

  it('drain evicts by DELETE (protobuf DeleteOptions) and rollout status/history, wait and logs read as the console does', async () => {
    sim.runFor(60_000);
    const onNode2 = sim.listObjects('pods', 'default').filter((p) => (p.spec as { nodeName?: string }).nodeName === 'node-2');
    // drain waits for the pods to go: the held clock is moved while it waits.
    const drain = await advancing(sim, served.kubectl('drain node-2 --ignore-daemonsets --timeout=20s'));
    expect(drain.stdout.split('\n')).toEqual(expect.arrayContaining(['node/node-2 cordoned', 'node/node-2 drained', ...onNode2.map((p) => `pod/${p.metadata.name} deleted`)]));
    expect(sim.inputs.filter((i) => i.action.type === 'delete').length).toBeGreaterThanOrEqual(onNode2.length);
    sim.runFor(60_000);
    expect((await served.kubectl('rollout status deploy web')).stdout).toBe(consoleKubectl(sim, 'kubectl rollout status deploy web').stdout);
    expect((await served.kubectl('rollout history deploy web')).stdout).toBe(consoleKubectl(sim, 'kubectl rollout history deploy web').stdout);
    expect((await served.kubectl('wait --for=condition=Available deploy/web --timeout=5s')).stdout).toBe('deployment.apps/web condition met\n');
    // (Of a named pod: for deploy/web kubectl picks the pod by podutils.ByLogging, the console the first by name.)
    const pod = sim.listObjects('pods', 'default', 'app=web')[0]!.metadata.name!;
    const logs = await served.kubectl(`logs ${pod}`);
    const page = consoleKubectl(sim, `kubectl logs ${pod}`);
    expect(logs.stdout).toBe(page.stdout);
    expect(logs.stderr).toBe(page.stderr);
    // The same pod as kubectl's own choice (its selector's pods, podutils.ByLogging's first: an assigned, running,
    // ready pod before the ones the scale just created), and its "Found N pods" line. (Up to 12 pods Go's sort.Sort is
    // an insertion sort, stable as the console's; beyond, pods tied on every rule may come out in another order.)
    expect((await served.kubectl('scale deploy web --replicas=12')).code).toBe(0);
    sim.runFor(300);
    const fromDeployment = await served.kubectl('logs deploy/web');
    const consoleFromDeployment = consoleKubectl(sim, 'kubectl logs deploy/web');
    expect(fromDeployment.stdout).toMatch(/^Containers in this simulation run no code/);
    expect(fromDeployment.stdout).toBe(consoleFromDeployment.stdout);
    expect(fromDeployment.stderr).toBe(consoleFromDeployment.stderr);
    expect((await served.kubectl('scale deploy web --replicas=3')).code).toBe(0);
    sim.runFor(60_000);
  });

  it('delete -l deletes each pod as a user action', async () => {
    const pods = sim.listObjects('pods', 'default', 'app=web').filter((p) => !p.metadata.deletionTimestamp);
    const r = await served.kubectl('delete pods -l app=web --wait=false');
    expect(r.stdout).toBe(pods.map((p) => `pod "${p.metadata.name}" deleted\n`).join(''));
    sim.runFor(60_000);
  });

  it('a CustomResourceDefinition applied with kubectl serves its kind: apply, get (the console\'s table), errors', async () => {
    const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList, shortNames: [wg]}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    additionalPrinterColumns:
    - {name: Size, type: integer, jsonPath: .spec.size}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: integer, minimum: 1}
`;
    expect((await served.kubectl('apply --server-side -f -', crd)).stdout).toBe('customresourcedefinition.apiextensions.k8s.io/widgets.example.com serverside-applied\n');
    sim.runFor(5_000);
    const widget = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: gizmo\nspec:\n  size: 3\n';
    const applied = await served.kubectl('apply -f -', widget);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toBe('widget.example.com/gizmo created\n');
    for (const line of ['get widgets', 'get wg gizmo -o wide', 'get widget nope']) {
      const real = await served.kubectl(line);
      const page = consoleKubectl(sim, `kubectl ${line}`);
      expect(real.stdout + real.stderr).toBe(page.stdout + page.stderr);
    }
    // A server-side apply of a field client-side apply manages is the api-server's 409 conflict, as kubectl words it.
    const conflict = await served.kubectl('apply --server-side -f -', widget.replace('size: 3', 'size: 4'));
    expect(conflict.stderr).toMatch(/^error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using example\.com\/v1: \.spec\.size\n/);
    const bad = await served.kubectl('apply -f -', widget.replace('size: 3', 'size: big'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('must be of type integer');
  });

  it('edit (the editor is a sed script), run, expose and delete --all are user actions', async () => {
    const replicas = (sim.getObject('deploy', 'default', 'web')!.spec as { replicas: number }).replicas;
    // kubectl runs $EDITOR through the shell: the sed script is quoted for it.
    const edit = await served.kubectl('edit deploy web', undefined, { EDITOR: `sed -i 's/^  replicas: ${replicas}$/  replicas: ${replicas + 1}/'` });
    expect(edit.stderr).toBe('');
    expect(edit.stdout).toBe('deployment.apps/web edited\n');
    expect(lastInput()).toMatchObject({ type: 'patch', fieldManager: 'kubectl-edit' });
    expect((sim.getObject('deploy', 'default', 'web')!.spec as { replicas: number }).replicas).toBe(replicas + 1);
    expect((await served.kubectl('run tmp --image=busybox')).stdout).toBe('pod/tmp created\n');
    expect((await served.kubectl('expose deploy web --port=8080 --name=web2')).stdout).toBe('service/web2 exposed\n');
    const pods = sim.listObjects('pods', 'default').filter((p) => !p.metadata.deletionTimestamp);
    const all = await served.kubectl('delete pods --all --wait=false');
    expect(all.stdout.trim().split('\n')).toHaveLength(pods.length);
    sim.runFor(60_000);
  });

  it('get pods -w streams the pods the simulation creates', async () => {
    const watch = served.spawnKubectl('get pods -w');
    try {
      await until(() => watch.output().includes('NAME'));
      const before = watch.output().split('\n').length;
      sim.act({ type: 'scale', resource: 'deploy', name: 'web', replicas: 7 });
      for (let i = 0; i < 20; i++) sim.runFor(1_000);
      await until(() => watch.output().split('\n').length >= before + 2);
      // A Table per event: the header once, then rows in the console's columns (not kubectl's NAME/AGE fallback).
      expect(watch.output().match(/^NAME/gm)).toHaveLength(1);
      expect(watch.output()).toMatch(/^web-\S+\s+0\/1\s+Pending\s+0\s+0s$/m);
      expect(watch.output()).toMatch(/^web-\S+\s+1\/1\s+Running\s+0\s+\d+s$/m);
    } finally {
      watch.child.kill();
    }
  });
});

/** Runs the simulation a virtual second every 20 wall ms until `promise` settles. */
async function advancing<T>(sim: Simulation, promise: Promise<T>): Promise<T> {
  let settled = false;
  void promise.finally(() => (settled = true));
  while (!settled) {
    sim.runFor(1_000);
    await new Promise((r) => setTimeout(r, 20));
  }
  return promise;
}

async function until(ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
