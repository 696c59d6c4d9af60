/**
 * `kubectl describe` and `kubectl get` compared with kubectl 1.32 itself. testdata/kubectl-1.32-against-simulation.json
 * was recorded by serving a simulation's objects (seed 1, two nodes, a Deployment with probes, env, requests and
 * limits, a Service, a ConfigMap, an HPA, a CronJob and its Jobs, after 150 s) over HTTP as a plain api-server, and
 * running real kubectl against it: `describe` of every object in the default namespace, every node and the
 * namespace; `get` of each kind with -o wide, --show-labels, -L, -A, --no-headers, several kinds and --sort-by.
 * kubectl printed the tables from this project's server-side Table (serverTable) with its own tabwriter and
 * decorations, and described the objects with its own describers. Ours must print the same text, given the same
 * objects and the same moment (`now`, recorded).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { KubeObject } from '../../sim/api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../sim/api/resources.ts';
import { printTable, type TableOptions } from '../printers/table.ts';
import type { DescribeContext } from './context.ts';
import { describe as describeObject } from './describe.ts';

interface Golden {
  now: number;
  objects: KubeObject[];
  describe: { resource: string; name: string; out: string }[];
  get: { args: string[]; resource: string; opts: Partial<TableOptions>; out: string }[];
}
const golden = JSON.parse(readFileSync(new URL('./testdata/kubectl-1.32-against-simulation.json', import.meta.url), 'utf8')) as Golden;

const resolve = (r: string): ResourceInfo | undefined => BUILTIN_RESOURCES.find((i) => i.resource === r || `${i.resource}.${i.group}` === r);
const objectsOf = (info: ResourceInfo, namespace?: string): KubeObject[] =>
  golden.objects.filter((o) => o.kind === info.kind && o.apiVersion === (info.group ? `${info.group}/${info.version}` : info.version) && (namespace === undefined || o.metadata.namespace === namespace));

test.each(golden.describe.map((d) => [`${d.resource} ${d.name}`, d] as const))('kubectl describe %s', (_label, d) => {
  const info = resolve(d.resource)!;
  const obj = objectsOf(info, info.namespaced ? 'default' : undefined).find((o) => o.metadata.name === d.name)!;
  const ctx: DescribeContext = { now: golden.now, events: objectsOf(resolve('events')!, info.namespaced ? 'default' : undefined), list: (i, ns) => objectsOf(i, ns), resolve };
  expect(describeObject(info, obj, ctx)).toBe(d.out);
});

test.each(golden.get.map((g) => [g.args.join(' '), g] as const))('kubectl %s', (_label, g) => {
  const info = resolve(g.resource)!;
  const namespace = g.opts.withNamespace || !info.namespaced ? undefined : 'default';
  const mine = printTable(info, objectsOf(info, namespace), { now: golden.now, wide: false, showLabels: false, noHeaders: false, withNamespace: false, withKind: false, ...g.opts });
  // `get deploy,rs` prints one table per kind, a blank line between: the first is the Deployments'.
  expect(mine).toBe(g.args[1] === 'deploy,rs' ? `${g.out.split('\n\n')[0]}\n` : g.out);
});
