/**
 * `kubectl describe` and `kubectl get` compared with kubectl 1.32 itself. Each testdata/kubectl-1.32-against-
 * simulation*.json was recorded (kubectl.record.test.ts, RECORD_KUBECTL=1) by serving a simulation's objects over HTTP as a plain api-server and running real
 * kubectl against it: `describe` of every object in the default namespace, every node and the namespace; `get` of
 * each kind with -o wide, --show-labels, -L, -A, --no-headers, several kinds and --sort-by; get -o formats. kubectl printed the
 * tables from this project's server-side Table (serverTable) with its own tabwriter and decorations, and described
 * the objects with its own describers. Ours must print the same text, given the same objects and moment (`now`).
 *
 * 1. seed 1, two nodes, after 150 s: a Deployment with probes, env, requests and limits, a Service, a ConfigMap, an
 *    HPA, a CronJob and its Jobs.
 * 2. seed 1, two nodes: a Deployment mid-rollout (old and new ReplicaSets), a crash-looping pod, an unschedulable
 *    one, a pod with an init container, a sidecar, env from ConfigMap/Secret/field/resource refs, four volume types,
 *    a node selector and tolerations, a terminating pod, a cordoned and tainted node, NodePort and LoadBalancer
 *    Services, an Indexed Job, an HPA with three metrics and a scale-down behavior, a ConfigMap with binaryData.
 *    Then a CustomResourceDefinition with six printer columns (integer, string, number at priority 1, boolean, a
 *    list in a string column, date) and two Widgets: `get` and the generic describer of the custom resources, the
 *    CRD, Leases and an Event; and `get -o name|yaml|json|custom-columns=…|jsonpath=…` (managedFields hidden, as
 *    kubectl does by default). (Upstream prints a ConfigMap's keys in Go's random map order; this recording happens
 *    to be sorted, as ours.)
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { KubeObject } from '../../sim/api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../sim/api/resources.ts';
import { parseJsonPath, printCustomColumns, printJsonPath, printObjects } from '../printers/formats.ts';
import { printTable, type TableOptions } from '../printers/table.ts';
import type { DescribeContext } from './context.ts';
import { describe as describeObject } from './describe.ts';

interface Golden {
  now: number;
  objects: KubeObject[];
  describe: { resource: string; name: string; namespace?: string; out: string }[];
  get: { args: string[]; resource: string; opts: Partial<TableOptions>; out: string }[];
  outputs?: { args: string[]; out: string }[];
}
const recordings = ['kubectl-1.32-against-simulation.json', 'kubectl-1.32-against-simulation-2.json'].map(
  (file) => [file, JSON.parse(readFileSync(new URL(`./testdata/${file}`, import.meta.url), 'utf8')) as Golden] as const,
);

const WIDGETS: ResourceInfo = { group: 'example.com', version: 'v1', kind: 'Widget', resource: 'widgets', singular: 'widget', namespaced: true, shortNames: ['wd'], status: false, generation: 'spec' };
const RESOURCES = [...BUILTIN_RESOURCES, WIDGETS];
const resolve = (r: string): ResourceInfo | undefined => RESOURCES.find((i) => i.resource === r || `${i.resource}.${i.group}` === r);
const objectsOf = (golden: Golden, info: ResourceInfo, namespace?: string): KubeObject[] =>
  golden.objects.filter((o) => o.kind === info.kind && o.apiVersion === (info.group ? `${info.group}/${info.version}` : info.version) && (namespace === undefined || o.metadata.namespace === namespace));

const describes = recordings.flatMap(([file, golden]) => golden.describe.map((d) => [`${file}: ${d.resource} ${d.name}`, golden, d] as const));
test.each(describes)('kubectl describe, %s', (_label, golden, d) => {
  const info = resolve(d.resource)!;
  const namespace = info.namespaced ? (d.namespace ?? 'default') : undefined;
  const obj = objectsOf(golden, info, namespace).find((o) => o.metadata.name === d.name)!;
  const ctx: DescribeContext = { now: golden.now, events: objectsOf(golden, resolve('events')!, namespace), list: (i, ns) => objectsOf(golden, i, ns), resolve };
  expect(describeObject(info, obj, ctx)).toBe(d.out);
});

const gets = recordings.flatMap(([file, golden]) => golden.get.map((g) => [`${file}: ${g.args.join(' ')}`, golden, g] as const));
test.each(gets)('kubectl, %s', (_label, golden, g) => {
  const info = resolve(g.resource)!;
  const n = g.args.indexOf('-n');
  const namespace = g.opts.withNamespace || !info.namespaced ? undefined : n >= 0 ? g.args[n + 1] : 'default';
  const crd = info === WIDGETS ? objectsOf(golden, resolve('customresourcedefinitions')!)[0] : undefined;
  const mine = printTable(info, objectsOf(golden, info, namespace), { now: golden.now, wide: false, showLabels: false, noHeaders: false, withNamespace: false, withKind: false, customResourceDefinition: crd, ...g.opts });
  // `get deploy,rs` prints one table per kind, a blank line between: the first is the Deployments'.
  expect(mine).toBe(g.args[1] === 'deploy,rs' ? `${g.out.split('\n\n')[0]}\n` : g.out);
});

/** `get -o …`: each recorded command line, printed by ours from the same objects (managedFields hidden, as kubectl does). */
const outputs = recordings.flatMap(([file, golden]) => (golden.outputs ?? []).map((o) => [`${file}: ${o.args.join(' ')}`, golden, o] as const));
test.each(outputs)('kubectl, %s', (_label, golden, o) => {
  const format = o.args[o.args.indexOf('-o') + 1]!;
  const info = resolve(o.args[1] === 'deploy' ? 'deployments' : o.args[1]!)!;
  const named = o.args[2] !== '-o' ? o.args[2] : undefined;
  const objects = objectsOf(golden, info, info.namespaced ? 'default' : undefined).filter((x) => !named || x.metadata.name === named);
  const shown = objects.map((x) => {
    const { managedFields: _m, ...metadata } = x.metadata;
    return { ...x, metadata };
  });
  let mine: string | { error: string };
  if (format === 'name' || format === 'yaml' || format === 'json') mine = printObjects(format, format === 'name' ? objects : shown, { asList: !named, info: () => info });
  else if (format.startsWith('custom-columns=')) mine = printCustomColumns(format.slice('custom-columns='.length), objects, false);
  else {
    const p = parseJsonPath(format.slice('jsonpath='.length));
    mine = 'error' in p ? p : printJsonPath(p, { apiVersion: 'v1', items: objects, kind: 'List', metadata: { resourceVersion: '' } });
  }
  expect(mine).toBe(o.out);
});
