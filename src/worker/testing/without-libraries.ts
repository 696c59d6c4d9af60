/**
 * Plays a demo like the page's default one (a Deployment and its Service, sent as objects) through a SimHost whose on-demand libraries never load, obeying
 * every kind of message that needs-libraries.ts answers false for (the first commands: time controls and time travel;
 * user actions, inspection and recipes wait for the on-demand parts), and prints the host's messages as JSON lines.
 * Run in a process of its own (needs-libraries.test.ts): the tests' setup file loads the libraries in theirs.
 * Usage: node --import tsx src/worker/testing/without-libraries.ts [--force-cronjob]
 * `--force-cronjob` also applies a CronJob (it needs the libraries) straight to the host's simulation, past every
 * check: the host must report the miss.
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
send({ type: 'init', v: 1, requestId: 0, setup: { seed: 42, nodes: 3, manifests: demo } });
if (process.argv.includes('--force-cronjob')) {
  // Past the host's own check (it would hold any message carrying this): straight into its simulation, as a bug would.
  const cronJob = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'tick' }, spec: { schedule: '*/1 * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } } } };
  (host as unknown as { sim: { apply(manifests: object[]): unknown } }).sim.apply([cronJob]);
}
send({ type: 'pause' });
run(60_000);
send({ type: 'focusController', name: 'deployment-controller' });
send({ type: 'step', count: 200 });
send({ type: 'stepBack', count: 50 });
send({ type: 'seek', time: 10_000 });
send({ type: 'seek', step: 5 });
send({ type: 'speed', speed: 10 });
send({ type: 'play' });
for (let i = 0; i < 200; i++) {
  wall += 16;
  host.tick();
}
for (const m of out) process.stdout.write(`${JSON.stringify(m)}\n`);
