/**
 * Re-records testdata/kubectl-1.32-against-simulation*.json (replayed by kubectl.test.ts) from real kubectl. Skipped
 * unless RECORD_KUBECTL=1 and a kubectl is on PATH: `RECORD_KUBECTL=1 npx vitest run src/kubectl/describe/kubectl.record.test.ts`.
 *
 * It runs a scenario (testdata/scenario-N.yaml plus the steps below), serves the simulation's objects on a loopback
 * port as a bare api-server (discovery, get and list with label and field selectors, Table responses from
 * serverTable), points kubectl at it with a throwaway kubeconfig, and records what kubectl prints for describe, get
 * tables and get -o formats, with the moment it ran (`now`). It fails if any output differs from ours.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import type { KubeObject } from '../../sim/api/object.ts';
import { BUILTIN_RESOURCES, apiVersionOf, type ResourceInfo } from '../../sim/api/resources.ts';
import { EPOCH_MS } from '../../sim/engine/clock.ts';
import { Simulation } from '../../sim/simulation.ts';
import { parseJsonPath, printCustomColumns, printJsonPath, printObjects } from '../printers/formats.ts';
import { serverTable } from '../printers/server-table.ts';
import { printTable, type TableOptions } from '../printers/table.ts';
import { describe as describeObject } from './describe.ts';

const RECORD = process.env.RECORD_KUBECTL === '1';
const execFileP = promisify(execFile);
const WIDGETS: ResourceInfo = { group: 'example.com', version: 'v1', kind: 'Widget', resource: 'widgets', singular: 'widget', namespaced: true, shortNames: ['wd'], status: false, generation: 'spec' };
const RESOURCES = [...BUILTIN_RESOURCES, WIDGETS];
const resolve = (r: string): ResourceInfo | undefined => RESOURCES.find((i) => i.resource === r || `${i.resource}.${i.group}` === r);
const testdata = (name: string): URL => new URL(`./testdata/${name}`, import.meta.url);

function scenario1(): Simulation {
  const sim = Simulation.create({ seed: 1, nodes: 2 });
  expect(sim.apply(readFileSync(testdata('scenario-1.yaml'), 'utf8')).ok).toBe(true);
  sim.runFor(150_000);
  return sim;
}

function scenario2(): Simulation {
  const sim = Simulation.create({ seed: 1, nodes: 2 });
  sim.act({ type: 'fault', fault: { type: 'image-behavior', image: 'crashy:1', behavior: 'crash' } });
  expect(sim.apply(readFileSync(testdata('scenario-2.yaml'), 'utf8')).ok).toBe(true);
  sim.runFor(90_000);
  sim.act({ type: 'cordon', node: 'node-2' });
  sim.act({ type: 'patch', resource: 'node', name: 'node-2', patchType: 'merge', patch: { spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }, { key: 'maint', effect: 'NoExecute' }] } } });
  sim.apply('apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\nspec:\n  replicas: 3\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: nginx, image: "nginx:1.28"}]}\n');
  sim.runFor(2_500);
  sim.act({ type: 'delete', resource: 'pod', name: 'term', namespace: 'default', gracePeriodSeconds: 60 });
  sim.runFor(1_500);
  sim.apply(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, shortNames: [wd]}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}, color: {type: string}, ratio: {type: number}, enabled: {type: boolean}, tags: {type: array, items: {type: string}}}}}}}
    additionalPrinterColumns:
    - {name: Size, type: integer, jsonPath: .spec.size}
    - {name: Color, type: string, jsonPath: .spec.color}
    - {name: Ratio, type: number, jsonPath: .spec.ratio, priority: 1}
    - {name: Enabled, type: boolean, jsonPath: .spec.enabled}
    - {name: Tags, type: string, jsonPath: .spec.tags}
    - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}
`);
  sim.runFor(2_000);
  sim.apply('apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: default, labels: {app: w}}\nspec: {size: 3, color: blue, ratio: 0.75, enabled: true, tags: [a, b]}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w2, namespace: default}\nspec: {size: 10}\n');
  sim.runFor(1_000);
  // Webhook configurations whose rules match nothing the scenario sends.
  sim.apply(`apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: gadget-policy}
webhooks:
- name: gadgets.example.org
  admissionReviewVersions: [v1]
  sideEffects: None
  failurePolicy: Ignore
  clientConfig: {url: "https://gadgets.example.org/validate"}
  rules: [{apiGroups: [example.org], apiVersions: [v1], operations: [CREATE], resources: [gadgets]}]
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata: {name: gadget-defaults}
webhooks:
- name: a.gadgets.example.org
  admissionReviewVersions: [v1]
  sideEffects: None
  failurePolicy: Ignore
  clientConfig: {url: "https://gadgets.example.org/a"}
  rules: [{apiGroups: [example.org], apiVersions: [v1], operations: [CREATE], resources: [gadgets]}]
- name: b.gadgets.example.org
  admissionReviewVersions: [v1]
  sideEffects: None
  failurePolicy: Ignore
  clientConfig: {url: "https://gadgets.example.org/b"}
  rules: [{apiGroups: [example.org], apiVersions: [v1], operations: [CREATE], resources: [gadgets]}]
`);
  sim.runFor(1_000);
  return sim;
}

/** A bare api-server over the simulation's objects: what kubectl get and describe ask of one. */
/** The objects of a kind; none when the simulation does not serve it (a custom resource without its CRD). */
function listOf(sim: Simulation, info: ResourceInfo, ns?: string): KubeObject[] {
  try {
    return sim.listObjects(info.resource, ns);
  } catch {
    return [];
  }
}

function serve(sim: Simulation): http.Server {
  const all = (info: ResourceInfo, ns?: string): KubeObject[] => listOf(sim, info, ns);
  const crdOf = (info: ResourceInfo): KubeObject | undefined => (info === WIDGETS ? sim.listObjects('customresourcedefinitions')[0] : undefined);
  const labelsMatch = (sel: string | null, labels: Record<string, string> = {}): boolean => !sel || sel.split(',').every((t) => labels[t.split('=')[0]!] === t.split('=')[1]);
  const fieldsMatch = (sel: string | null, o: KubeObject): boolean =>
    !sel ||
    sel.split(',').every((t) => {
      const neq = t.includes('!=');
      const [k, v] = t.split(neq ? '!=' : '=') as [string, string];
      const val = String(k.split('.').reduce<unknown>((a, p) => (a == null ? undefined : (a as Record<string, unknown>)[p]), o) ?? '');
      return neq ? val !== v : val === v;
    });
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (code: number, body: unknown): void => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const p = url.pathname;
    if (p === '/version') return send(200, { major: '1', minor: '32', gitVersion: 'v1.32.0' });
    if (p === '/api') return send(200, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }] });
    const groups = [...new Set(RESOURCES.filter((x) => x.group).map((x) => x.group))];
    if (p === '/apis') {
      return send(200, { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map((g) => { const gv = { groupVersion: apiVersionOf(RESOURCES.find((x) => x.group === g)!), version: RESOURCES.find((x) => x.group === g)!.version }; return { name: g, versions: [gv], preferredVersion: gv }; }) });
    }
    const gv = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))$/.exec(p);
    if (gv) {
      const group = gv[1] ? '' : gv[2]!;
      const version = gv[1] ?? gv[3]!;
      const list = RESOURCES.filter((x) => x.group === group && x.version === version);
      return send(200, { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: group ? `${group}/${version}` : version, resources: list.map((x) => ({ name: x.resource, singularName: x.singular, namespaced: x.namespaced, kind: x.kind, verbs: ['get', 'list'], shortNames: x.shortNames })) });
    }
    const m = /^\/(?:api\/v1|apis\/([^/]+)\/([^/]+))(?:\/namespaces\/([^/]+))?\/([^/]+)(?:\/([^/]+))?$/.exec(p);
    const info = m && RESOURCES.find((x) => x.group === (m[1] ?? '') && x.resource === m[4]);
    if (!m || !info) return send(404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' });
    const name = m[5];
    let objects = all(info, m[3]).filter((o) => labelsMatch(url.searchParams.get('labelSelector'), o.metadata.labels) && fieldsMatch(url.searchParams.get('fieldSelector'), o));
    if (name) objects = objects.filter((o) => o.metadata.name === name);
    if (name && objects.length === 0) return send(404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'NotFound', code: 404, message: `${info.resource} "${name}" not found` });
    if ((req.headers.accept ?? '').includes('as=Table')) {
      const includeObject = (url.searchParams.get('includeObject') ?? 'Metadata') as 'None' | 'Metadata' | 'Object';
      return send(200, serverTable(info, objects, { now: Date.now() - EPOCH_MS, includeObject, resourceVersion: '1', customResourceDefinition: crdOf(info) }));
    }
    if (name) return send(200, objects[0]);
    return send(200, { kind: `${info.kind}List`, apiVersion: apiVersionOf(info), metadata: { resourceVersion: '1' }, items: objects });
  });
}

const GETS: [string[], Partial<TableOptions>][] = [
  [['get', 'pods'], {}], [['get', 'pods', '-o', 'wide'], { wide: true }], [['get', 'pods', '--show-labels'], { showLabels: true }],
  [['get', 'pods', '-L', 'app,app.kubernetes.io/name'], { labelColumns: ['app', 'app.kubernetes.io/name'] }], [['get', 'pods', '-A'], { withNamespace: true }],
  [['get', 'pods', '--no-headers'], { noHeaders: true }], [['get', 'nodes', '-o', 'wide'], { wide: true }], [['get', 'events'], {}], [['get', 'events', '-o', 'wide'], { wide: true }],
  [['get', 'deploy,rs'], { withKind: true }], [['get', 'pods', '--sort-by', '.metadata.name'], { sortBy: '.metadata.name' }],
  [['get', 'deployments', '-o', 'wide'], { wide: true }], [['get', 'replicasets', '-o', 'wide'], { wide: true }], [['get', 'services', '-o', 'wide'], { wide: true }],
  [['get', 'configmaps'], {}], [['get', 'hpa'], {}], [['get', 'cronjobs', '-o', 'wide'], { wide: true }], [['get', 'jobs', '-o', 'wide'], { wide: true }],
  [['get', 'endpointslices'], {}], [['get', 'namespaces'], {}], [['get', 'leases', '-A'], { withNamespace: true }], [['get', 'pods', '--sort-by', '{.status.podIP}'], { sortBy: '{.status.podIP}' }],
  [['get', 'widgets'], {}], [['get', 'widgets', '-o', 'wide', '--show-labels'], { wide: true, showLabels: true }], [['get', 'crd'], {}], [['get', 'leases', '-n', 'kube-node-lease'], {}],
  [['get', 'validatingwebhookconfigurations'], {}], [['get', 'mutatingwebhookconfigurations'], {}],
];
const OUTPUTS = [
  ['get', 'pods', '-o', 'name'], ['get', 'deploy', 'web', '-o', 'yaml'], ['get', 'pods', '-o', 'json'], ['get', 'nodes', '-o', 'yaml'], ['get', 'widgets', '-o', 'yaml'],
  ['get', 'pods', '-o', 'custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IMAGES:.spec.containers[*].image,IP:{.status.podIP},LABELS:.metadata.labels'],
  ['get', 'pods', '-o', 'jsonpath={range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\t"}{.spec.containers[*].resources}{"\\n"}{end}'],
];
const RESOURCE_OF: Record<string, string> = { deploy: 'deployments', hpa: 'horizontalpodautoscalers', crd: 'customresourcedefinitions', 'deploy,rs': 'deployments' };

async function record(sim: Simulation, file: string): Promise<void> {
  const server = serve(sim);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const dir = mkdtempSync(join(tmpdir(), 'kubectl-record-'));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, `apiVersion: v1\nkind: Config\nclusters:\n- cluster: {server: "http://127.0.0.1:${(server.address() as AddressInfo).port}"}\n  name: c\ncontexts:\n- context: {cluster: c, user: u, namespace: default}\n  name: c\ncurrent-context: c\nusers:\n- name: u\n  user: {}\n`);
  const kubectl = async (args: string[]): Promise<string> => (await execFileP('kubectl', ['--kubeconfig', kubeconfig, ...args], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } })).stdout;
  const all = (info: ResourceInfo, ns?: string): KubeObject[] => listOf(sim, info, ns);
  const out = { now: 0, describe: [] as { resource: string; name: string; namespace?: string; out: string }[], get: [] as unknown[], outputs: [] as unknown[], objects: [] as KubeObject[] };
  try {
    const targets: [string, string, string | undefined][] = [];
    for (const info of RESOURCES) {
      if (info.resource === 'namespaces') continue;
      const objects = all(info, info.namespaced ? 'default' : undefined);
      for (const o of info.resource === 'events' ? objects.slice(0, 1) : objects) targets.push([info.resource, o.metadata.name!, undefined]);
    }
    targets.push(['namespaces', 'default', undefined], ['leases', 'node-1', 'kube-node-lease'], ['leases', 'kube-controller-manager', 'kube-system']);
    for (const [resource, name, namespace] of targets) {
      const info = resolve(resource)!;
      const text = await kubectl(['describe', resource, name, ...(namespace ? ['-n', namespace] : [])]);
      out.now = Date.now() - EPOCH_MS;
      const ns = info.namespaced ? (namespace ?? 'default') : undefined;
      const obj = all(info, ns).find((o) => o.metadata.name === name)!;
      expect(describeObject(info, obj, { now: out.now, events: all(resolve('events')!, ns), list: (i, n) => all(i, n), resolve }), `describe ${resource} ${name}`).toBe(text);
      out.describe.push({ resource, name, ...(namespace ? { namespace } : {}), out: text });
    }
    for (const [args, opts] of GETS) {
      const text = await kubectl(args);
      const info = resolve(RESOURCE_OF[args[1]!] ?? args[1]!)!;
      const n = args.indexOf('-n');
      const ns = opts.withNamespace || !info.namespaced ? undefined : n >= 0 ? args[n + 1] : 'default';
      const mine = printTable(info, all(info, ns), { now: Date.now() - EPOCH_MS, wide: false, showLabels: false, noHeaders: false, withNamespace: false, withKind: false, customResourceDefinition: info === WIDGETS ? sim.listObjects('customresourcedefinitions')[0] : undefined, ...opts });
      expect(mine, args.join(' ')).toBe(args[1] === 'deploy,rs' ? `${text.split('\n\n')[0]}\n` : text);
      out.get.push({ args, resource: info.resource, opts, out: text });
    }
    for (const args of OUTPUTS) {
      const text = await kubectl(args);
      const format = args[3]!;
      const info = resolve(RESOURCE_OF[args[1]!] ?? args[1]!)!;
      const named = args[2] !== '-o' ? args[2] : undefined;
      const objects = all(info, info.namespaced ? 'default' : undefined).filter((x) => !named || x.metadata.name === named);
      const shown = objects.map((x) => ({ ...x, metadata: { ...x.metadata, managedFields: undefined } }));
      const f = args[args.indexOf('-o') + 1]!;
      let mine: unknown;
      if (f === 'name' || f === 'yaml' || f === 'json') mine = printObjects(f, f === 'name' ? objects : shown, { asList: !named, info: () => info });
      else if (f.startsWith('custom-columns=')) mine = printCustomColumns(f.slice('custom-columns='.length), objects, false);
      else mine = printJsonPath(parseJsonPath(f.slice('jsonpath='.length)) as never, { apiVersion: 'v1', items: objects, kind: 'List', metadata: { resourceVersion: '' } });
      expect(mine, `${args.join(' ')} (${format})`).toBe(text);
      out.outputs.push({ args, out: text });
    }
    out.objects = RESOURCES.flatMap((i) => all(i)).map((o) => ({ ...o, metadata: { ...o.metadata, managedFields: undefined } }));
    writeFileSync(testdata(file), JSON.stringify(out));
  } finally {
    server.close();
  }
}

test.skipIf(!RECORD)('record kubectl 1.32 against scenario 1', async () => record(scenario1(), 'kubectl-1.32-against-simulation.json'), 300_000);
test.skipIf(!RECORD)('record kubectl 1.32 against scenario 2', async () => record(scenario2(), 'kubectl-1.32-against-simulation-2.json'), 300_000);
