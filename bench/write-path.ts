/**
 * Benchmark (issue 3's write path): the writes a pod costs, with managedFields, without informers.
 *
 *   npx tsx bench/write-path.ts [--pods 5000] [--runs 3]
 *
 * Per pod, as a ReplicaSet, the scheduler and a kubelet write it: create (owner reference, labels, a realistic
 * container), binding, three status updates (PodScheduled, ContainerCreating, Running with containerStatuses)
 * through /status, one status merge-patch (Ready), and an Event create. Prints writes/s for each phase and for all
 * of them (medians over --runs), measured in CPU time (wall time swings with the machine's load).
 *
 * Then where one write's time goes, stage by stage, for issue 2's ConfigMap PUT and for a pod's /status PUT: each
 * stage of the api-server's update path (handlers/update.ts) run alone on prepared inputs, its cost being the time
 * with it minus the time preparing its inputs; "rest" is the whole `handle` minus the stages (request dispatch,
 * optimistic concurrency, the no-op check, store bookkeeping, the response).
 */
import { ApiServer } from '../src/sim/apiserver/api-server.ts';
import { SimContext } from '../src/sim/engine/sim-context.ts';
import { rfc3339 } from '../src/sim/engine/clock.ts';
import type { ApiRequest, ApiResponse } from '../src/sim/apiserver/api-request.ts';
import type { KubeObject } from '../src/sim/api/object.ts';
import type { ResourceInfo } from '../src/sim/api/resources.ts';
import { decodeBody } from '../src/sim/apiserver/handlers/decode.ts';
import { prepareForStatusUpdate, prepareForUpdate } from '../src/sim/apiserver/strategy/update-strategy.ts';
import { applyDefaults } from '../src/sim/apiserver/admission/defaults.ts';
import { validateUpdate } from '../src/sim/apiserver/admission/validation.ts';
import { updateManagedFields } from '../src/sim/apiserver/fieldmanager/field-manager.ts';
import { changedPaths } from '../src/sim/apiserver/strategy/object-diff.ts';
import { deepFreeze } from '../src/sim/engine/clone-graph.ts';
import { flag } from './flags.ts';

const PODS = flag('pods', 5000);
const RUNS = flag('runs', 3);
const PHASES = ['create', 'binding', 'status x3', 'status patch', 'event'] as const;
type Phase = (typeof PHASES)[number];

function podBody(i: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `web-7d9c5b-${i}`,
      namespace: 'default',
      labels: { app: 'web', 'pod-template-hash': '7d9c5b' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d9c5b', uid: 'rs-uid-1', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      containers: [
        {
          name: 'web',
          image: 'nginx:1.27',
          ports: [{ name: 'http', containerPort: 80, protocol: 'TCP' }],
          env: [{ name: 'MODE', value: 'prod' }],
          resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
          readinessProbe: { httpGet: { path: '/healthz', port: 80 }, periodSeconds: 5 },
        },
      ],
      terminationGracePeriodSeconds: 30,
    },
  };
}

function containerStatus(running: boolean, time: string): unknown {
  return {
    name: 'web',
    image: 'nginx:1.27',
    imageID: running ? 'docker-pullable://nginx@sha256:0001' : '',
    containerID: running ? 'containerd://abc' : undefined,
    ready: false,
    started: running,
    restartCount: 0,
    state: running ? { running: { startedAt: time } } : { waiting: { reason: 'ContainerCreating' } },
  };
}

/** CPU seconds of this process (user + system): steadier than wall time on a shared machine. */
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

function run(): Record<Phase, { seconds: number; writes: number }> {
  const ctx = new SimContext({ seed: 1, trace: { retain: 'count' } });
  const api = new ApiServer(ctx);
  const node = api.handle({ verb: 'create', apiVersion: 'v1', kind: 'Node', body: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' } }, user: 'kubelet' });
  if (!node.ok) throw new Error(node.status.message);
  const out = {} as Record<Phase, { seconds: number; writes: number }>;
  for (const p of PHASES) out[p] = { seconds: 0, writes: 0 };
  const must = (res: ApiResponse, what: string): KubeObject => {
    if (!res.ok || !('object' in res)) throw new Error(`${what}: ${res.ok ? 'no object' : res.status.message}`);
    return res.object;
  };
  const timed = (phase: Phase, fn: () => void, writes: number) => {
    const t0 = cpuSeconds();
    fn();
    out[phase].seconds += cpuSeconds() - t0;
    out[phase].writes += writes;
  };
  const base = (name: string): Pick<ApiRequest, 'apiVersion' | 'kind' | 'namespace' | 'name'> => ({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name });
  for (let i = 0; i < PODS; i++) {
    ctx.scheduler.runUntil(ctx.now + 7);
    let pod!: KubeObject;
    const name = `web-7d9c5b-${i}`;
    timed('create', () => (pod = must(api.handle({ verb: 'create', apiVersion: 'v1', kind: 'Pod', namespace: 'default', body: podBody(i), user: 'system:serviceaccount:kube-system:replicaset-controller', fieldManager: 'kube-controller-manager' }), 'create')), 1);
    timed('binding', () => {
      const body = { apiVersion: 'v1', kind: 'Binding', metadata: { name, namespace: 'default' }, target: { apiVersion: 'v1', kind: 'Node', name: 'node-1' } };
      must(api.handle({ verb: 'create', ...base(name), subresource: 'binding', body, user: 'system:kube-scheduler', fieldManager: 'kube-scheduler' }), 'binding');
    }, 1);
    const now = rfc3339(ctx.now);
    timed('status x3', () => {
      for (let s = 0; s < 3; s++) {
        pod = must(api.handle({ verb: 'get', ...base(name), user: 'kubelet' }), 'get');
        const copy = structuredClone(pod) as KubeObject & { status: Record<string, unknown> };
        const conditions = [
          { type: 'PodScheduled', status: 'True', lastTransitionTime: now },
          { type: 'Initialized', status: 'True', lastTransitionTime: now },
          { type: 'ContainersReady', status: s === 2 ? 'True' : 'False', lastTransitionTime: now },
          { type: 'Ready', status: 'False', lastTransitionTime: now },
        ];
        copy.status = { ...copy.status, phase: s === 2 ? 'Running' : 'Pending', hostIP: '10.0.0.1', podIP: s > 0 ? `10.1.0.${i % 250}` : undefined, startTime: now, conditions, containerStatuses: [containerStatus(s === 2, now)] };
        must(api.handle({ verb: 'update', ...base(name), subresource: 'status', body: copy, user: 'system:node:node-1', fieldManager: 'kubelet' }), 'status');
      }
    }, 3);
    timed('status patch', () => {
      const patch = { status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: now }] } };
      must(api.handle({ verb: 'patch', ...base(name), subresource: 'status', patchType: 'application/strategic-merge-patch+json', body: patch, user: 'system:node:node-1', fieldManager: 'kubelet' }), 'patch');
    }, 1);
    timed('event', () => {
      const ev = {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: `${name}.17a${i}`, namespace: 'default' },
        involvedObject: { apiVersion: 'v1', kind: 'Pod', name, namespace: 'default', uid: pod.metadata.uid },
        reason: 'Scheduled',
        message: `Successfully assigned default/${name} to node-1`,
        type: 'Normal',
        source: { component: 'default-scheduler' },
        firstTimestamp: now,
        lastTimestamp: now,
        count: 1,
      };
      must(api.handle({ verb: 'create', apiVersion: 'v1', kind: 'Event', namespace: 'default', body: ev, user: 'system:kube-scheduler' }), 'event');
    }, 1);
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results = Array.from({ length: RUNS }, run);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`write path: ${fmt(PODS)} pods, 7 writes each, no informers, median of ${RUNS} runs, CPU time`);
let total = 0;
let writes = 0;
for (const p of PHASES) {
  const s = median(results.map((r) => r[p].seconds));
  const w = results[0]![p].writes;
  total += s;
  writes += w;
  console.log(`  ${p.padEnd(13)} ${fmt(w / s).padStart(8)} writes/s  ${((s / w) * 1e6).toFixed(1).padStart(7)} µs/write`);
}
console.log(`  ${'all'.padEnd(13)} ${fmt(writes / total).padStart(8)} writes/s  ${((total / writes) * 1e6).toFixed(1).padStart(7)} µs/write`);
console.log(`  peak heap: ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MiB`);

function must(res: ApiResponse): void {
  if (!res.ok) throw new Error(res.status.message);
}

/**
 * Stage costs of one update (µs, best of 5 rounds of `n` calls): `prepare(i)` makes a stage's inputs, each stage
 * runs after the ones before it on a fresh draft.
 */
function stageCosts(title: string, n: number, whole: (i: number) => void, stages: Array<[string, (i: number) => unknown]>): void {
  const best = (f: (i: number) => unknown): number => {
    let min = Infinity;
    for (let r = 0; r < 5; r++) {
      const t0 = cpuSeconds();
      for (let i = 0; i < n; i++) f(i);
      min = Math.min(min, cpuSeconds() - t0);
    }
    return (min / n) * 1e6;
  };
  const total = best(whole);
  console.log(`${title}: ${total.toFixed(2)} µs per write (api.handle, no watchers), of which`);
  let previous = 0;
  let sum = 0;
  for (const [name, upTo] of stages) {
    const t = best(upTo);
    const own = Math.max(0, t - previous);
    sum += own;
    console.log(`  ${name.padEnd(34)} ${own.toFixed(2).padStart(6)} µs`);
    previous = t;
  }
  console.log(`  ${'rest (dispatch, checks, bookkeeping)'.padEnd(34)} ${Math.max(0, total - sum).toFixed(2).padStart(6)} µs`);
}

function configMapStages(): void {
  const ctx = new SimContext({ seed: 1, trace: { retain: 'count' } });
  const api = new ApiServer(ctx);
  const KEYS = 1000;
  const cm = (k: number, value: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name: `cm-${k}` }, data: { value } });
  const update = (i: number): ApiRequest => ({ verb: 'update', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: `cm-${i % KEYS}`, body: cm(i % KEYS, String(i)), user: 'bench' });
  for (let k = 0; k < KEYS; k++) api.handle({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: cm(k, '0'), user: 'bench' });
  for (let k = 0; k < KEYS; k++) api.handle(update(k));
  const info = api.lookup('v1', 'ConfigMap')!;
  const olds = Array.from({ length: KEYS }, (_, k) => api.getObject('v1', 'ConfigMap', 'default', `cm-${k}`)!);
  const decoded = (i: number) => {
    const r = update(i);
    return decodeBody(r, info, r.body) as KubeObject;
  };
  const prepared = (i: number) => {
    const d = decoded(i);
    prepareForUpdate(d, olds[i % KEYS]!, info);
    applyDefaults(d, info);
    return d;
  };
  const managed = (i: number) => {
    const d = prepared(i);
    validateUpdate(d, olds[i % KEYS]!, info);
    d.metadata.managedFields = updateManagedFields(olds[i % KEYS]!, d, { manager: 'bench', operation: 'Update', time: '2026-01-01T00:00:00Z' });
    return d;
  };
  stageCosts('ConfigMap PUT (issue 2)', 100_000, (i) => must(api.handle(update(i))), [
    ['request + body literal', (i) => update(i)],
    ['decode (copy + size)', decoded],
    ['prepareForUpdate + defaults', prepared],
    ['validation', (i) => validateUpdate(prepared(i), olds[i % KEYS]!, info)],
    ['managedFields', managed],
    ['changedPaths (trace, no-op check)', (i) => changedPaths(olds[i % KEYS]!, managed(i))],
    ['deep freeze (store)', (i) => deepFreeze(managed(i))],
  ]);
}

function podStatusStages(): void {
  const ctx = new SimContext({ seed: 1, trace: { retain: 'count' } });
  const api = new ApiServer(ctx);
  const PODS = 500;
  const info: ResourceInfo = api.lookup('v1', 'Pod')!;
  const now = rfc3339(0);
  for (let i = 0; i < PODS; i++) {
    api.handle({ verb: 'create', apiVersion: 'v1', kind: 'Pod', namespace: 'default', body: podBody(i), user: 'rs', fieldManager: 'kube-controller-manager' });
    const body = { apiVersion: 'v1', kind: 'Binding', metadata: { name: `web-7d9c5b-${i}`, namespace: 'default' }, target: { apiVersion: 'v1', kind: 'Node', name: 'node-1' } };
    api.handle({ verb: 'create', apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: `web-7d9c5b-${i}`, subresource: 'binding', body, user: 'scheduler', fieldManager: 'kube-scheduler' });
  }
  // The kubelet's status, Pending or Running: stored Pending first, then the stages write Running over it, and the
  // whole writes alternate per round over the pods, so every write changes something.
  const status = (running: boolean) => ({
    phase: running ? 'Running' : 'Pending',
    hostIP: '10.0.0.1',
    startTime: now,
    conditions: [{ type: 'Ready', status: running ? 'True' : 'False', lastTransitionTime: now }],
    containerStatuses: [containerStatus(running, now)],
  });
  // As the kubelet sends it: the pod as read (frozen, from its informer) with a new status.
  const statusBody = (pod: KubeObject, running: boolean): KubeObject => ({ ...pod, status: status(running) });
  const write = (i: number, running: boolean, pod: KubeObject | undefined): ApiRequest => {
    const name = `web-7d9c5b-${i % PODS}`;
    const body = statusBody(pod ?? api.getObject('v1', 'Pod', 'default', name)!, running);
    return { verb: 'update', apiVersion: 'v1', kind: 'Pod', namespace: 'default', name, subresource: 'status', body, user: 'kubelet', fieldManager: 'kubelet' };
  };
  for (let i = 0; i < PODS; i++) must(api.handle(write(i, false, undefined)));
  const olds = Array.from({ length: PODS }, (_, i) => api.getObject('v1', 'Pod', 'default', `web-7d9c5b-${i}`)!);
  const update = (i: number): ApiRequest => write(i, true, olds[i % PODS]);
  const decoded = (i: number) => {
    const r = update(i);
    return decodeBody(r, info, r.body, olds[i % PODS]) as KubeObject; // as handleUpdate: shares what the status kept
  };
  const prepared = (i: number) => prepareForStatusUpdate(decoded(i), olds[i % PODS]!, false);
  const managed = (i: number) => {
    const d = prepared(i);
    validateUpdate(d, olds[i % PODS]!, info);
    d.metadata.managedFields = updateManagedFields(olds[i % PODS]!, d, { manager: 'kubelet', operation: 'Update', subresource: 'status', time: '2026-01-01T00:00:00Z' });
    return d;
  };
  stageCosts('Pod /status PUT (issue 3, kubelet)', 5_000, (i) => must(api.handle(write(i, Math.floor(i / PODS) % 2 === 0, undefined))), [
    ['request + body (the pod read, a new status)', (i) => update(i)],
    ['decode (copy + size)', decoded],
    ['prepareForStatusUpdate', prepared],
    ['validation', (i) => validateUpdate(prepared(i), olds[i % PODS]!, info)],
    ['managedFields', managed],
    ['changedPaths (trace, no-op check)', (i) => changedPaths(olds[i % PODS]!, managed(i))],
    ['deep freeze (store)', (i) => deepFreeze(managed(i))],
  ]);
}

configMapStages();
podStatusStages();

