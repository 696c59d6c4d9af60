/**
 * `kubectl get` tables of objects made by a running simulation, and the decorations kubectl adds (cli-runtime
 * tableprinter.go): -o wide, --show-labels, -L, --no-headers, -A, several kinds, --sort-by.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../sim/api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../sim/api/resources.ts';
import { Simulation } from '../../sim/simulation.ts';
import { printTable, type TableOptions } from './table.ts';

const info = (kind: string): ResourceInfo => BUILTIN_RESOURCES.find((r) => r.kind === kind)!;
const WIDGETS: ResourceInfo = { group: 'example.com', version: 'v1', kind: 'Widget', resource: 'widgets', singular: 'widget', namespaced: true, shortNames: [], status: false, generation: 'spec' };

const MANIFESTS = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: nginx, image: nginx:1.27, resources: {requests: {cpu: 100m}}}]}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web, namespace: default}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 5
  metrics: [{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}}]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: tick, namespace: default}
spec:
  schedule: "*/5 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: c, image: busybox}]
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: default}
data: {a: "1", b: "2"}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}, color: {type: string}}}}}}
    additionalPrinterColumns:
    - {name: Size, type: integer, jsonPath: .spec.size}
    - {name: Color, type: string, jsonPath: .spec.color}
    - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}
`;

let sim: Simulation;
const base: TableOptions = { now: 0, wide: false, showLabels: false, noHeaders: false, withNamespace: false, withKind: false };
const get = (kind: string | ResourceInfo, opts: Partial<TableOptions> = {}, namespace: string | undefined = 'default'): string => {
  const i = typeof kind === 'string' ? info(kind) : kind;
  return printTable(i, sim.listObjects(i.resource, i.namespaced ? namespace : undefined), { ...base, now: sim.now, ...opts });
};

beforeAll(() => {
  sim = Simulation.create({ seed: 1, nodes: 2 });
  expect(sim.apply(MANIFESTS).ok).toBe(true);
  sim.runFor(5_000);
  expect(sim.apply('apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: default}\nspec: {size: 3, color: blue}\n').ok).toBe(true);
  sim.runFor(150_000);
});

describe('kubectl get <kind> against a simulated cluster', () => {
  test('pods', () => {
    expect(get('Pod')).toBe(
      [
        'NAME                   READY   STATUS    RESTARTS   AGE',
        'web-5894d768d8-6mp6x   1/1     Running   0          2m35s',
        'web-5894d768d8-9qsxf   1/1     Running   0          2m35s',
        '',
      ].join('\n'),
    );
  });
  test('pods -o wide', () => {
    expect(get('Pod', { wide: true })).toBe(
      [
        'NAME                   READY   STATUS    RESTARTS   AGE     IP           NODE     NOMINATED NODE   READINESS GATES',
        'web-5894d768d8-6mp6x   1/1     Running   0          2m35s   10.244.1.2   node-1   <none>           <none>',
        'web-5894d768d8-9qsxf   1/1     Running   0          2m35s   10.244.2.2   node-2   <none>           <none>',
        '',
      ].join('\n'),
    );
  });
  test('deployments, replicasets -o wide', () => {
    expect(get('Deployment', { wide: true })).toBe(
      ['NAME   READY   UP-TO-DATE   AVAILABLE   AGE     CONTAINERS   IMAGES       SELECTOR', 'web    2/2     2            2           2m35s   nginx        nginx:1.27   app=web', ''].join('\n'),
    );
    expect(get('ReplicaSet', { wide: true })).toBe(
      [
        'NAME             DESIRED   CURRENT   READY   AGE     CONTAINERS   IMAGES       SELECTOR',
        'web-5894d768d8   2         2         2       2m35s   nginx        nginx:1.27   app=web,pod-template-hash=5894d768d8',
        '',
      ].join('\n'),
    );
  });
  test('hpa, cronjob, configmap', () => {
    expect(get('HorizontalPodAutoscaler')).toBe(
      ['NAME   REFERENCE        TARGETS       MINPODS   MAXPODS   REPLICAS   AGE', 'web    Deployment/web   cpu: 0%/50%   1         5         2          2m35s', ''].join('\n'),
    );
    expect(get('CronJob')).toBe(
      ['NAME   SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE', 'tick   */5 * * * *   <none>     False     0        <none>          2m35s', ''].join('\n'),
    );
    expect(get('ConfigMap')).toBe(['NAME       DATA   AGE', 'settings   2      2m35s', ''].join('\n'));
  });
  test('nodes', () => {
    expect(get('Node')).toBe(['NAME     STATUS   ROLES    AGE     VERSION', 'node-1   Ready    <none>   2m35s   v1.33.1', 'node-2   Ready    <none>   2m35s   v1.33.1', ''].join('\n'));
  });
  test('a custom resource: NAME and the CRD\'s additionalPrinterColumns; the CRD itself: NAME, CREATED AT', () => {
    const crd = sim.listObjects('customresourcedefinitions')[0]!;
    expect(get(WIDGETS, { customResourceDefinition: crd })).toBe(['NAME   SIZE   COLOR   AGE', 'w1     3      blue    2m30s', ''].join('\n'));
    expect(get(WIDGETS)).toBe(['NAME   AGE', 'w1     2m30s', ''].join('\n'));
    expect(get('CustomResourceDefinition')).toBe(['NAME                  CREATED AT', 'widgets.example.com   2026-01-01T00:00:00Z', ''].join('\n'));
  });
});

describe('decorations', () => {
  test('--show-labels and -L: label columns after the kind\'s, headed by the key\'s last segment', () => {
    expect(get('Deployment', { showLabels: true, labelColumns: ['app', 'app.kubernetes.io/name'] })).toBe(
      ['NAME   READY   UP-TO-DATE   AVAILABLE   AGE     APP   NAME   LABELS', 'web    2/2     2            2           2m35s                <none>', ''].join('\n'),
    );
    expect(get('Pod', { labelColumns: ['app'], noHeaders: true })).toBe(
      ['web-5894d768d8-6mp6x   1/1   Running   0     2m35s   web', 'web-5894d768d8-9qsxf   1/1   Running   0     2m35s   web', ''].join('\n'),
    );
  });
  test('-A: NAMESPACE first; several kinds: kind.group/name', () => {
    expect(get('Deployment', { withNamespace: true, withKind: true }, undefined)).toBe(
      ['NAMESPACE   NAME                  READY   UP-TO-DATE   AVAILABLE   AGE', 'default     deployment.apps/web   2/2     2            2           2m35s', ''].join('\n'),
    );
    expect(get('ConfigMap', { withKind: true })).toBe(['NAME                 DATA   AGE', 'configmap/settings   2      2m35s', ''].join('\n'));
  });
  test('HPA targets: quantities canonical, "+ N more..." past two metrics', async () => {
    const { formatHPAMetrics } = await import('./kinds/hpa.ts');
    const specs = [
      { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '0.5Gi' } } },
      { type: 'Pods', pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '1000m' } } },
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
    ];
    const statuses = [{ type: 'Resource', resource: { name: 'memory', current: { averageValue: '104857600' } } }];
    expect(formatHPAMetrics(specs, statuses)).toBe('memory: 104857600/512Mi, <unknown>/1 + 1 more...');
    expect(formatHPAMetrics([], [])).toBe('<none>');
  });
  test('a tab inside a cell splits it, shifting the rest of its line, as in kubectl', () => {
    const ev = (name: string, message: string): KubeObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' }, type: 'Normal', reason: 'R', involvedObject: { kind: 'Pod', name: 'p' }, message, count: 1 });
    expect(printTable(info('Event'), [ev('a', 'one\ttwo'), ev('b', 'plain')], { ...base, now: 0 })).toBe(
      'LAST SEEN   TYPE     REASON   OBJECT   MESSAGE\n<unknown>   Normal   R        pod/p    one   two\n<unknown>   Normal   R        pod/p    plain\n',
    );
  });
  test('--output-watch-events: an EVENT column first, padded as kubectl pads it', () => {
    expect(get('ConfigMap', { watchEvent: 'ADDED', withNamespace: true }, undefined)).toBe('EVENT      NAMESPACE   NAME       DATA   AGE\nADDED      default     settings   2      2m35s\n');
    expect(get('ConfigMap', { watchEvent: 'DELETED', noHeaders: true })).toBe('DELETED    settings   2     2m35s\n');
  });
  test('--sort-by: a JSONPath, naturally ordered; headers and no rows print nothing', () => {
    const nodes = get('Node', { sortBy: '{.metadata.name}', noHeaders: true });
    expect(nodes.split('\n')[0]).toMatch(/^node-1 /);
    const desc = printTable(info('Pod'), [], { ...base, now: sim.now });
    expect(desc).toBe('');
  });
});

describe('printTable never throws', () => {
  const kinds = [...BUILTIN_RESOURCES, WIDGETS];
  test('any JSON-shaped object of any kind, any options (seeded)', () => {
    const anyObject = fc.record({ apiVersion: fc.anything(), kind: fc.anything(), metadata: fc.oneof(fc.anything(), fc.record({ name: fc.anything(), namespace: fc.anything(), labels: fc.anything(), creationTimestamp: fc.anything(), deletionTimestamp: fc.anything() })), spec: fc.anything(), status: fc.anything() }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.array(anyObject, { maxLength: 4 }), fc.boolean(), fc.boolean(), fc.boolean(), fc.option(fc.string()), (i, objs, wide, showLabels, noHeaders, sortBy) => {
        const out = printTable(i, objs as KubeObject[], { now: 1e6, wide, showLabels, noHeaders, withNamespace: wide, withKind: showLabels, labelColumns: ['app'], sortBy: sortBy ?? undefined, customResourceDefinition: i === WIDGETS ? (objs[0] as KubeObject) : undefined });
        expect(typeof out).toBe('string');
      }),
      { seed: 2026, numRuns: 500 },
    );
  });
  test('JSON-shaped pods with real field names but wrong types (seeded)', () => {
    const field = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 2000 }));
    const container = fc.record({ name: field, ready: field, restartCount: field, started: field, state: fc.record({ waiting: field, running: field, terminated: field }), lastState: fc.record({ terminated: field }) });
    const podArb = fc.record({
      apiVersion: fc.constant('v1'),
      kind: fc.constant('Pod'),
      metadata: fc.record({ name: field, creationTimestamp: field, deletionTimestamp: field, labels: field }),
      spec: fc.record({ containers: fc.oneof(field, fc.array(fc.record({ name: field, image: field }))), initContainers: fc.oneof(field, fc.array(fc.record({ name: field, restartPolicy: field }))), readinessGates: field, nodeName: field }),
      status: fc.record({ phase: field, reason: field, conditions: field, podIPs: field, containerStatuses: fc.oneof(field, fc.array(container)), initContainerStatuses: fc.oneof(field, fc.array(container)) }),
    });
    fc.assert(
      fc.property(fc.array(podArb, { maxLength: 3 }), (pods) => {
        expect(typeof printTable(info('Pod'), pods as KubeObject[], { ...base, wide: true, showLabels: true })).toBe('string');
      }),
      { seed: 99, numRuns: 400 },
    );
  });
});
