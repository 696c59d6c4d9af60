/**
 * Benchmark (issue 17, "Memory grows without bound"): a page left playing all day. Drives the worker's `SimHost`
 * exactly as the page does (init, play, speed 100×, a tick every 16 ms of wall time, each tick posting its frame),
 * with a wall clock of its own, so 24 virtual hours take only the CPU they cost. After 2, 12 and 24 virtual hours it
 * forces a full GC and prints the heap, the CPU time so far, the trace (events recorded, kept, dropped) and how far
 * back one can go. Two runs: the page's default demo (src/ui/default-demo.ts) and a busy scenario.
 *
 *   node --expose-gc --import tsx bench/long-run.ts                 # both runs, 24 virtual hours each
 *   options: --hours 24 (the last mark; marks at 2, 12, 24 up to it), --speed 100, --run demo|busy|both,
 *            --scenario scenarios/gitops-vs-hpa-fight.yaml (the busy run: an HPA and a GitOps sync fighting over
 *            spec.replicas every 15 s, for ever)
 * Goal: the default demo's heap after 24 virtual hours at 100× ≤ 150 MB.
 */
import { readFileSync } from 'node:fs';
import { loadOnDemand } from '../src/worker/on-demand.ts';
import { SimHost } from '../src/worker/sim-host.ts';
import type { Frame, WorkerMessage } from '../src/worker/protocol.ts';
import { DEFAULT_NODES, DEFAULT_OBJECTS, DEFAULT_SEED } from '../src/ui/default-demo.ts';
import { option } from './flags.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx bench/long-run.ts');
await loadOnDemand();

const HOURS = Number(option('hours', '24'));
const SPEED = Number(option('speed', '100'));
const RUN = option('run', 'both');
const SCENARIO = option('scenario', 'scenarios/gitops-vs-hpa-fight.yaml');
const FRAME_MS = 16;
const MARKS = [2, 12, 24].filter((h) => h <= HOURS);
if (!MARKS.includes(HOURS)) MARKS.push(HOURS);

const mib = (bytes: number) => (bytes / 1048576).toFixed(1);
const n = (x: number) => Math.round(x).toLocaleString('en-US');

function run(title: string, setup: Record<string, unknown>): void {
  let wall = 0;
  let last: Frame | undefined;
  let errors = 0;
  const host = new SimHost(
    (m: WorkerMessage) => {
      if (m.type === 'frame') last = m;
      else if (m.type === 'error' || (m.type === 'reply' && !m.ok)) errors++;
    },
    () => wall,
  );
  const cpu0 = process.cpuUsage();
  host.receive({ type: 'init', v: 1, requestId: 1, setup });
  host.receive({ type: 'speed', speed: SPEED });
  host.receive({ type: 'play' });
  gc!();
  console.log(`${title}: ${SPEED}x, a frame every ${FRAME_MS} ms of wall time; heap at start ${mib(process.memoryUsage().heapUsed)} MiB`);
  for (const hours of MARKS) {
    const until = hours * 3_600_000;
    while (!last || last.now < until) {
      wall += FRAME_MS;
      host.tick();
    }
    gc!();
    const used = process.cpuUsage(cpu0);
    const h = last.history;
    const firstKept = h ? `kept from step ${n(h.earliestStep)} (${(h.earliestTime / 3_600_000).toFixed(2)} h), ${n(h.eventsBefore)} events dropped` : 'whole run kept';
    console.log(
      `  ${String(hours).padStart(2)} h: heap ${mib(process.memoryUsage().heapUsed).padStart(6)} MiB after a full GC, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, step ${n(last.step)}, ${firstKept}`,
    );
  }
  if (errors) console.log(`  (${errors} error messages from the worker)`);
}

if (RUN === 'demo' || RUN === 'both') run('default demo', { seed: DEFAULT_SEED, nodes: DEFAULT_NODES, manifests: DEFAULT_OBJECTS });
if (RUN === 'busy' || RUN === 'both') run(SCENARIO, { seed: DEFAULT_SEED, scenario: readFileSync(SCENARIO, 'utf8') });
