/**
 * kubectl describe. Cases ported from kubectl `pkg/describe/describe_test.go` (v0.32.0): TestPrintLabelsMultiline
 * (annotations), TestDescribeUnstructuredContent, TestDescribeEvents' interval texts, TestDescribeTerminalEscape;
 * then whole outputs for objects of a running simulation, and a seeded never-throws property.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../sim/api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../sim/api/resources.ts';
import { rfc3339 } from '../../sim/engine/clock.ts';
import { Simulation } from '../../sim/simulation.ts';
import { describeEvents, printAnnotationsMultiline } from './common.ts';
import type { DescribeContext } from './context.ts';
import { describe as describeObject } from './describe.ts';
import { printUnstructuredContent, smartLabelFor } from './generic.ts';
import { PrefixWriter } from './prefix-writer.ts';

const info = (kind: string): ResourceInfo => BUILTIN_RESOURCES.find((r) => r.kind === kind)!;

describe('printAnnotationsMultiline (upstream TestPrintLabelsMultiline)', () => {
  const key = 'MaxLenAnnotation';
  const value = 'a'.repeat(140 - key.length - 2);
  test.each([
    [{ col1: 'asd', COL2: 'zxc' }, 'Annotations:\tCOL2: zxc\n\tcol1: asd\n'],
    [{ [key]: value }, `Annotations:\t${key}: ${value}\n`],
    [{ [key]: `${value}1` }, `Annotations:\t${key}:\n\t  ${value}1\n`],
    [{ [key]: value + value }, `Annotations:\t${key}:\n\t  ${'a'.repeat(138)}...\n`],
    [{ key: 'value\nwith\nnewlines\n' }, 'Annotations:\tkey:\n\t  value\n\t  with\n\t  newlines\n'],
    [{}, 'Annotations:\t<none>\n'],
    [{ 'kubectl.kubernetes.io/last-applied-configuration': '{}' }, 'Annotations:\t<none>\n'],
  ])('%#', (annotations, want) => {
    const w = new PrefixWriter();
    printAnnotationsMultiline(w, 'Annotations', annotations);
    expect(w.raw()).toBe(want);
  });
});

test('printUnstructuredContent (upstream TestDescribeUnstructuredContent)', () => {
  const w = new PrefixWriter();
  printUnstructuredContent(
    w,
    0,
    {
      apiVersion: 'v1',
      kind: 'Test',
      dummyDummy: 'present',
      'dummy/dummy': 'present',
      'dummy-dummy@dummy': 'present',
      'dummy-dummy': 'present',
      dummy1: 'present',
      dummy2: 'present',
      metadata: { name: 'MyName', namespace: 'MyNamespace', creationTimestamp: '2017-04-01T00:00:00Z', resourceVersion: 123, uid: '00000000-0000-0000-0000-000000000001', dummy3: 'present' },
      items: [{ itemBool: true, itemInt: 42 }],
      url: 'http://localhost',
      status: 'ok',
    },
    '',
    ['.dummy1', '.metadata.dummy3'],
  );
  const out = w.raw();
  expect(out).toContain(`API Version:\tv1
Dummy - Dummy:\tpresent
dummy-dummy@dummy:\tpresent
dummy/dummy:\tpresent
dummy2:\tpresent
Dummy Dummy:\tpresent
Items:
  Item Bool:\ttrue
  Item Int:\t42
Kind:\tTest
Metadata:
  Creation Timestamp:\t2017-04-01T00:00:00Z
  Name:\tMyName
  Namespace:\tMyNamespace
  Resource Version:\t123
  UID:\t00000000-0000-0000-0000-000000000001
Status:\tok
URL:\thttp://localhost
`);
  for (const unexpected of ['Dummy 1', 'Dummy 3', 'dummy3', 'dummy 3']) expect(out).not.toContain(unexpected);
  expect(smartLabelFor('holderIdentity')).toBe('Holder Identity');
});

describe('the Events section', () => {
  const at = (s: number): string => rfc3339(s * 1000);
  const now = 600_000;
  const ev = (over: Partial<KubeObject> & Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, type: 'Normal', reason: 'Pulled', source: { component: 'kubelet' }, message: 'Item 1', ...over });
  test('single, repeated ("x3 over 5m") and series events, sorted by last timestamp', () => {
    const w = new PrefixWriter();
    describeEvents(
      [
        ev({ reason: 'BackOff', type: 'Warning', firstTimestamp: at(300), lastTimestamp: at(540), count: 3, message: '  Back-off restarting  ' }),
        ev({ firstTimestamp: at(120), lastTimestamp: at(120), count: 1 }),
        ev({ reason: 'Series', eventTime: at(0), series: { count: 7, lastObservedTime: at(590) }, source: {}, reportingComponent: 'my-controller' }),
      ],
      w,
      now,
    );
    expect(w.toString()).toBe(
      [
        'Events:',
        '  Type     Reason   Age                From           Message',
        '  ----     ------   ----               ----           -------',
        '  Normal   Series   10s (x7 over 10m)  my-controller  Item 1',
        '  Normal   Pulled   8m                 kubelet        Item 1',
        '  Warning  BackOff  60s (x3 over 5m)   kubelet        Back-off restarting',
        '',
      ].join('\n'),
    );
  });
  test('no events: "Events: <none>"', () => {
    const w = new PrefixWriter();
    describeEvents([], w, now);
    expect(w.toString()).toBe('Events:  <none>\n');
  });
});

test('the generic describer treats an undefined field as absent, as the object\'s JSON does', () => {
  const lease: KubeObject = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'l', namespace: 'n', resourceVersion: undefined }, spec: { holderIdentity: 'me', renewTime: undefined } };
  const out = describeObject(info('Lease'), lease, { now: 0, events: [], list: () => [], resolve: () => undefined });
  expect(out).not.toContain('<nil>');
  expect(out).toContain('Spec:\n  Holder Identity:  me\nEvents:');
});

test('terminal escapes are shown, not sent (upstream TestDescribeTerminalEscape)', () => {
  const cm: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'mycm', namespace: 'foo', annotations: { annotation1: 'terminal escape: \x1b' } } };
  const out = describeObject(info('ConfigMap'), cm, { now: 0, events: [], list: () => [], resolve: () => undefined });
  expect(out).not.toContain('\x1b');
  expect(out).toContain('^[');
});

describe('describe objects of a running simulation', () => {
  let sim: Simulation;
  let ctx: DescribeContext;
  const get = (resource: string, namespace: string | undefined, name: string): KubeObject => sim.listObjects(resource, namespace).find((o) => o.metadata.name === name)!;
  beforeAll(() => {
    sim = Simulation.create({ seed: 1, nodes: 2 });
    expect(
      sim.apply(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: nginx, image: nginx:1.27, ports: [{containerPort: 80}], env: [{name: A, value: b}], resources: {requests: {cpu: 100m, memory: 64Mi}}}]}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: default}
spec: {selector: {app: web}, ports: [{port: 80, targetPort: 80}]}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: default}
data: {b: "two\\nlines", a: "1"}
`).ok,
    ).toBe(true);
    sim.runFor(120_000);
    const resolve = (r: string): ResourceInfo | undefined => BUILTIN_RESOURCES.find((i) => i.resource === r || `${i.resource}.${i.group}` === r);
    ctx = { now: sim.now, events: sim.listObjects('events'), list: (i, ns) => sim.listObjects(i.resource, ns), resolve };
  });

  test('deployment', () => {
    expect(describeObject(info('Deployment'), get('deployments', 'default', 'web'), ctx)).toBe(`Name:                   web
Namespace:              default
CreationTimestamp:      Thu, 01 Jan 2026 00:00:00 +0000
Labels:                 <none>
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=web
Replicas:               2 desired | 2 updated | 2 total | 2 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=web
  Containers:
   nginx:
    Image:      nginx:1.27
    Port:       80/TCP
    Host Port:  0/TCP
    Requests:
      cpu:     100m
      memory:  64Mi
    Environment:
      A:           b
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   web-7946488cb8 (2/2 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  2m    deployment-controller  Scaled up replica set web-7946488cb8 from 0 to 2
`);
  });

  test('pod', () => {
    const pod = sim.listObjects('pods', 'default')[0]!;
    const out = describeObject(info('Pod'), pod, ctx);
    expect(out).toContain(`Status:       Running
IP:           10.244.1.2
IPs:
  IP:           10.244.1.2
Controlled By:  ReplicaSet/web-7946488cb8
Containers:
  nginx:
`);
    expect(out).toContain(`    State:          Running
      Started:      Thu, 01 Jan 2026 00:00:01 +0000
    Ready:          True
    Restart Count:  0
`);
    expect(out).toContain(`Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 True 
  Ready                       True 
  ContainersReady             True 
  PodScheduled                True 
Volumes:                      <none>
QoS Class:                    Burstable
Node-Selectors:               <none>
Tolerations:                  node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                              node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  2m    default-scheduler  Successfully assigned default/${pod.metadata.name} to node-1
`);
  });

  test('service: endpoints from its EndpointSlices', () => {
    const out = describeObject(info('Service'), get('services', 'default', 'web'), ctx);
    expect(out).toContain('Port:                     <unset>  80/TCP\nTargetPort:               80/TCP\nEndpoints:                10.244.1.2:80,10.244.2.2:80\n');
    expect(out.endsWith('Events:                   <none>\n')).toBe(true);
  });

  test('configmap: keys sorted, blank lines as kubectl prints them', () => {
    expect(describeObject(info('ConfigMap'), get('configmaps', 'default', 'settings'), ctx)).toBe(
      'Name:         settings\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nData\n====\na:\n----\n1\n\nb:\n----\ntwo\nlines\n\n\nBinaryData\n====\n\nEvents:  <none>\n',
    );
  });

  test('node: lease, allocated resources, events of both UIDs', () => {
    const out = describeObject(info('Node'), get('nodes', undefined, 'node-1'), ctx);
    expect(out).toContain('Lease:\n  HolderIdentity:  node-1\n  AcquireTime:     <unset>\n');
    expect(out).toContain('Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n  Resource           Requests   Limits\n  --------           --------   ------\n  cpu                100m (2%)  0 (0%)\n  memory             64Mi (0%)  0 (0%)\n');
    expect(out).toMatch(/Normal {2}RegisteredNode .*node-controller/);
    expect(out).toMatch(/Normal {2}NodeReady .*kubelet/);
  });
});

describe('describe never throws', () => {
  const kinds = [...BUILTIN_RESOURCES, { group: 'example.com', version: 'v1', kind: 'Widget', resource: 'widgets', singular: 'widget', namespaced: true, shortNames: [], status: false, generation: 'spec' } as ResourceInfo];
  test('any JSON-shaped object of any kind (seeded)', () => {
    const field = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 300 }));
    const objArb = fc.record({ apiVersion: field, kind: field, metadata: fc.oneof(field, fc.record({ name: field, namespace: field, labels: field, annotations: field, uid: field, ownerReferences: field, creationTimestamp: field, deletionTimestamp: field })), spec: field, status: field, data: field, involvedObject: field });
    fc.assert(
      fc.property(fc.constantFrom(...kinds), objArb, fc.array(objArb, { maxLength: 3 }), (i, o, others) => {
        const ctx: DescribeContext = { now: 1e7, events: others as KubeObject[], list: () => others as KubeObject[], resolve: (r) => BUILTIN_RESOURCES.find((x) => x.resource === r.split('.')[0]) };
        expect(typeof describeObject(i, o as KubeObject, ctx)).toBe('string');
      }),
      { seed: 77, numRuns: 600 },
    );
  });
});

describe('describe HPA, CronJob, Job and EndpointSlice of a running simulation', () => {
  let sim: Simulation;
  let ctx: DescribeContext;
  const first = (resource: string): KubeObject => sim.listObjects(resource, 'default')[0]!;
  beforeAll(() => {
    sim = Simulation.create({ seed: 1, nodes: 2 });
    expect(
      sim.apply(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: nginx, image: nginx:1.27, resources: {requests: {cpu: 100m}}}]}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: default}
spec: {selector: {app: web}, ports: [{port: 80, targetPort: 80}]}
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
  schedule: "*/1 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: c, image: busybox, command: [sh, -c, "echo hi"]}]
`).ok,
    ).toBe(true);
    sim.runFor(150_000);
    const resolve = (r: string): ResourceInfo | undefined => BUILTIN_RESOURCES.find((i) => i.resource === r || `${i.resource}.${i.group}` === r);
    ctx = { now: sim.now, events: sim.listObjects('events'), list: (i, ns) => sim.listObjects(i.resource, ns), resolve };
  });

  test('hpa: metrics as "( current / target )", conditions, events', () => {
    const out = describeObject(info('HorizontalPodAutoscaler'), first('horizontalpodautoscalers'), ctx);
    expect(out).toContain(`Reference:                                             Deployment/web
Metrics:                                               ( current / target )
  resource cpu on pods  (as a percentage of request):  0% (0) / 50%
Min replicas:                                          1
Max replicas:                                          5
Deployment pods:                                       2 current / 2 desired
Conditions:
  Type            Status  Reason               Message
  ----            ------  ------               -------
  AbleToScale     True    ScaleDownStabilized  recent recommendations were higher than current one, applying the highest recent recommendation
`);
  });

  test('cronjob: its job template and active jobs', () => {
    const out = describeObject(info('CronJob'), first('cronjobs'), ctx);
    expect(out).toContain(`Schedule:                      */1 * * * *
Concurrency Policy:            Allow
Suspend:                       False
Successful Job History Limit:  3
Failed Job History Limit:      1
Starting Deadline Seconds:     <unset>
Selector:                      <unset>
Parallelism:                   1
Completions:                   1
Pod Template:
  Labels:  <none>
  Containers:
   c:
    Image:      busybox
    Port:       <none>
    Host Port:  <none>
    Command:
      sh
      -c
      echo hi
`);
    expect(out).toContain('Last Schedule Time:  Thu, 01 Jan 2026 00:02:00 +0000\nActive Jobs:         <none>\nEvents:\n');
  });

  test('job: completion, duration, pod statuses', () => {
    const out = describeObject(info('Job'), first('jobs'), ctx);
    expect(out).toContain('Controlled By:    CronJob/tick\nParallelism:      1\nCompletions:      1\nCompletion Mode:  NonIndexed\nSuspend:          false\nBackoff Limit:    6\n');
    expect(out).toContain('Duration:         2s\nPods Statuses:    0 Active (0 Ready) / 1 Succeeded / 0 Failed\n');
  });

  test('endpointslice: ports and endpoints (its own describer, not the generic one)', () => {
    const out = describeObject(info('EndpointSlice'), first('endpointslices'), ctx);
    expect(out).toContain(`AddressType:  IPv4
Ports:
  Name     Port  Protocol
  ----     ----  --------
  <unset>  80    TCP
Endpoints:
  - Addresses:  10.244.1.2
    Conditions:
      Ready:    true
    Hostname:   <unset>
    TargetRef:  Pod/web-5894d768d8-6mp6x
    NodeName:   node-1
    Zone:       <unset>
`);
  });
});

describe('describe deployment (upstream TestDescribeDeployment)', () => {
  const labels = { 'k8s-app': 'bar' };
  const template = (image: string): Record<string, unknown> => ({
    metadata: { name: 'bar', namespace: 'foo', labels },
    spec: {
      containers: [{ image, volumeMounts: [{ name: 'vol-foo', mountPath: '/tmp/vol-foo' }, { name: 'vol-bar', mountPath: '/tmp/vol-bar' }] }],
      volumes: [{ name: 'vol-foo', emptyDir: {} }, { name: 'vol-bar', emptyDir: {} }],
    },
  });
  const deployment = (replicas: number, image: string, status: Record<string, unknown> = {}): KubeObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'bar', namespace: 'foo', labels, uid: '00000000-0000-0000-0000-000000000001', creationTimestamp: '2021-01-01T00:00:00Z' },
    spec: { replicas, selector: { matchLabels: labels }, template: template(image) },
    status,
  });
  const rs = (name: string, replicas: number, image: string, created: string): KubeObject => ({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace: 'foo', labels, creationTimestamp: created, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'bar', controller: true, uid: '00000000-0000-0000-0000-000000000001' }] },
    spec: { replicas, selector: { matchLabels: labels }, template: template(image) },
    status: { replicas, readyReplicas: replicas, availableReplicas: replicas },
  });
  const ctxWith = (objects: KubeObject[], events: KubeObject[] = []): DescribeContext => ({
    now: Date.UTC(2021, 0, 2) - Date.UTC(2026, 0, 1),
    events,
    list: (i) => objects.filter((o) => o.kind === i.kind),
    resolve: (r) => BUILTIN_RESOURCES.find((x) => x.resource === r.split('.')[0]),
  });

  test('deployment with two mounted volumes', () => {
    const out = describeObject(info('Deployment'), deployment(1, 'mytest-image:latest'), ctxWith([rs('bar-001', 1, 'mytest-image:latest', '2021-01-01T00:00:00Z')]));
    for (const expected of [
      'Name:               bar\nNamespace:          foo',
      'CreationTimestamp:  Fri, 01 Jan 2021 00:00:00 +0000',
      'Labels:             k8s-app=bar',
      'Selector:           k8s-app=bar',
      'Replicas:           1 desired | 0 updated | 0 total | 0 available | 0 unavailable',
      'Image:        mytest-image:latest',
      'Mounts:\n      /tmp/vol-bar from vol-bar (rw)\n      /tmp/vol-foo from vol-foo (rw)',
      'OldReplicaSets:    <none>',
      'NewReplicaSet:     bar-001 (1/1 replicas created)',
      'Events:            <none>',
      'Node-Selectors:  <none>',
      'Tolerations:     <none>',
    ]) {
      expect(out).toContain(expected);
    }
  });

  test('deployment after successful rollout', () => {
    const objects = [rs('bar-001', 0, 'mytest-image:v1.0', '2021-01-01T00:00:00Z'), rs('bar-002', 2, 'mytest-image:v2.0', '2021-01-01T00:05:00Z')];
    const event: KubeObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'bar.1', namespace: 'foo' },
      involvedObject: { kind: 'Deployment', name: 'bar', namespace: 'foo', uid: '00000000-0000-0000-0000-000000000001' },
      type: 'Normal',
      reason: 'ScalingReplicaSet',
      message: 'Scaled down replica set bar-001 from 2 to 0',
      source: { component: 'deployment-controller' },
      firstTimestamp: '2021-01-01T23:58:00Z',
      lastTimestamp: '2021-01-01T23:58:00Z',
      count: 1,
    };
    const out = describeObject(info('Deployment'), deployment(2, 'mytest-image:v2.0', { replicas: 2, updatedReplicas: 2, availableReplicas: 2 }), ctxWith(objects, [event]));
    for (const expected of [
      'Replicas:           2 desired | 2 updated | 2 total | 2 available | 0 unavailable',
      'Image:        mytest-image:v2.0',
      'OldReplicaSets:    bar-001 (0/0 replicas created)',
      'NewReplicaSet:     bar-002 (2/2 replicas created)',
      'Events:\n  Type    Reason             Age   From                   Message\n  ----    ------             ----  ----                   -------\n  Normal  ScalingReplicaSet  2m    deployment-controller  Scaled down replica set bar-001 from 2 to 0\n',
    ]) {
      expect(out).toContain(expected);
    }
  });
});
