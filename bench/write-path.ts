/**
 * Benchmark (issue 3's write path): the writes a pod costs, with managedFields, without informers.
 *
 *   npx tsx bench/write-path.ts [--pods 5000] [--runs 3]
 *
 * Per pod, as a ReplicaSet, the scheduler and a kubelet write it: create (owner reference, labels, a realistic
 * container), binding, three status updates (PodScheduled, ContainerCreating, Running with containerStatuses)
 * through /status, one status merge-patch (Ready), and an Event create. Prints writes/s for each phase and for all
 * of them (medians over --runs), measured in CPU time (wall time swings with the machine's load).
 */
import { ApiServer } from '../src/sim/apiserver/api-server.ts';
import { SimContext } from '../src/sim/engine/sim-context.ts';
import { rfc3339 } from '../src/sim/engine/clock.ts';
import type { ApiRequest, ApiResponse } from '../src/sim/apiserver/api-request.ts';
import type { KubeObject } from '../src/sim/api/object.ts';

const args = process.argv.slice(2);
const flag = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
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
