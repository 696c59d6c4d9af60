/**
 * Plays a demo like the page's default one (a Deployment and its Service, sent as objects) through a SimHost whose on-demand libraries never load, obeying
 * every kind of message that needs-libraries.ts answers false for, and prints the host's messages as JSON lines.
 * Run in a process of its own (needs-libraries.test.ts): the tests' setup file loads the libraries in theirs.
 * Usage: node --import tsx src/worker/testing/without-libraries.ts
 */
import { needsLibraries } from '../needs-libraries.ts';
import { SimHost } from '../sim-host.ts';
import type { WorkerMessage } from '../protocol.ts';

const labels = { app: 'web' };
const demo = [
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 3, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } } },
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: labels, ports: [{ port: 80 }] } },
];

const out: WorkerMessage[] = [];
let wall = 0;
const host = new SimHost((m) => out.push(m), () => wall, { loaded: () => false, load: () => new Promise<never>(() => undefined) });
let requestId = 0;
const send = (message: Record<string, unknown>) => {
  const m = 'requestId' in message ? { ...message, requestId: ++requestId } : message;
  if (needsLibraries(m)) throw new Error(`a message this script sends needs the libraries: ${JSON.stringify(m)}`);
  host.receive(m);
};
const run = (ms: number) => {
  send({ type: 'advance', ms });
  for (let i = 0; i < 2000 && wall < 1e9; i++) {
    wall += 16;
    host.tick();
  }
};
const act = (action: Record<string, unknown>) => send({ type: 'act', requestId: 0, action });
const web = { resource: 'deployment', name: 'web' };

send({ type: 'init', v: 1, requestId: 0, setup: { seed: 42, nodes: 3, manifests: demo } });
send({ type: 'pause' });
run(20_000);
act({ type: 'scale', ...web, replicas: 4 });
act({ type: 'patch', ...web, patch: { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } } } } });
act({ type: 'patch', ...web, patchType: 'merge', patch: { metadata: { labels: { tier: 'a' } } } });
run(20_000);
for (const op of ['pause', 'resume', 'restart']) act({ type: 'rollout', ...web, op });
act({ type: 'apply', manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 'b' } }] });
act({ type: 'create', manifests: [{ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'j', image: 'busybox' }] } } } }] });
act({ type: 'add-node', name: 'node-4' });
act({ type: 'cordon', node: 'node-1' });
act({ type: 'drain', node: 'node-1' });
act({ type: 'uncordon', node: 'node-1' });
act({ type: 'set-load', ...web, cpu: '2' });
act({ type: 'fault', fault: { type: 'crash-controller', controller: 'deployment-controller', restartAfter: 1000 } });
act({ type: 'fault', fault: { type: 'kill-node', node: 'node-2' } });
act({ type: 'fault', fault: { type: 'image-behavior', image: 'nginx:1.28', behavior: 'crash' } });
run(60_000);
act({ type: 'delete', resource: 'pod', name: 'nope' });
act({ type: 'delete', ...web });
send({ type: 'stepBack', count: 50 });
send({ type: 'seek', time: 10_000 });
act({ type: 'scale', ...web, replicas: 2 }); // in the past: a fork
run(30_000);
send({ type: 'inspect', requestId: 0, ref: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' } });
send({ type: 'recipe', requestId: 0 });
for (const m of out) process.stdout.write(`${JSON.stringify(m)}\n`);
