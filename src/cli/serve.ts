/**
 * `loopscope serve [--scenario file | --lesson file] [--speed N] [--port N] [--kubeconfig path]`: runs a simulation
 * (the page's default demo, a scenario with its actions at their times, or a lesson's first step) on virtual time
 * paced to wall time, serves it on 127.0.0.1 as a Kubernetes API (src/serve) and writes a kubeconfig for it, so
 * `kubectl --kubeconfig <path> get pods` drives the simulated cluster. Runs until SIGINT/SIGTERM (Ctrl+C).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServeCommand } from './args.ts';
import type { Simulation } from '../sim/simulation.ts';
import type { ScheduledAction } from '../serve/pacer.ts';

/** What the CLI needs from its surroundings, injectable for tests. */
export interface ServeIO {
  out(text: string): void;
  err(text: string): void;
  /** Resolves when the process is asked to stop (default: SIGINT or SIGTERM). */
  stopped?: Promise<void>;
  /** Opens a URL in the browser (default: the `open` package). */
  openUrl?: (url: string) => Promise<unknown>;
}

async function openInBrowser(url: string): Promise<unknown> {
  const { default: open } = await import('open');
  return open(url);
}

const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** The built page (`npm run build`), served at `/` so it attaches from the API's own origin. */
const PAGE_DIR = new URL('../../dist/', import.meta.url);

function readText(file: string, what: string): string {
  const size = statSync(file).size;
  if (size > MAX_FILE_BYTES) throw new Error(`${what} ${file} is ${size} bytes; at most ${MAX_FILE_BYTES} are read`);
  return readFileSync(file, 'utf8');
}

function signalled(): Promise<void> {
  return new Promise((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
}

/** Runs `serve`; resolves with the exit code once stopped (0), or at once on a bad file or a taken port (2). */
export async function runServe(cmd: ServeCommand, io: ServeIO): Promise<number> {
  const { Simulation: Sim, simulationOptionsFor } = await import('../sim/simulation.ts');
  const { startServe } = await import('../serve/server.ts');
  const { kubeconfigText } = await import('../serve/kubeconfig.ts');
  let sim: Simulation;
  let scheduled: ScheduledAction[] = [];
  let source: string;
  try {
    if (cmd.scenario !== undefined) {
      const { parseScenario, formatScenarioError } = await import('../sim/scenario/parse-scenario.ts');
      const { resolveSelection } = await import('../sim/scenario/run-scenario.ts');
      const parsed = parseScenario(readText(cmd.scenario, 'the scenario'));
      if (!parsed.ok) {
        io.err(`${parsed.errors.map((e) => formatScenarioError(e, cmd.scenario)).join('\n')}\n`);
        return 2;
      }
      // User-written controllers: their files read beside the scenario, the sandbox loaded (src/sandbox).
      const { prepareUserControllers } = await import('./user-controllers.ts');
      const prepared = await prepareUserControllers(parsed.scenario, cmd.scenario);
      if (!prepared.ok) {
        io.err(`${prepared.errors.map((e) => formatScenarioError(e, cmd.scenario)).join('\n')}\n`);
        return 2;
      }
      const scenario = prepared.scenario;
      sim = Sim.create(simulationOptionsFor(scenario));
      if (scenario.manifests) {
        const r = sim.apply(scenario.manifests);
        if (!r.ok) throw new Error(`the scenario's manifests were refused: ${r.messages.join('; ')}`);
      }
      scheduled = scenario.actions.map((a) => ({ at: a.at, action: (s: Simulation) => resolveSelection({ listObjects: (r, ns, sel) => s.listObjects(r, ns, sel) }, a) }));
      source = `scenario ${cmd.scenario}`;
    } else if (cmd.lesson !== undefined) {
      const { parseLesson } = await import('../lessons/parse-lesson.ts');
      const { LessonSession } = await import('../lessons/lesson-session.ts');
      const { formatScenarioError } = await import('../sim/scenario/parse-scenario.ts');
      const parsed = parseLesson(readText(cmd.lesson, 'the lesson'));
      if (!parsed.ok) {
        io.err(`${parsed.errors.map((e) => formatScenarioError(e, cmd.lesson)).join('\n')}\n`);
        return 2;
      }
      sim = LessonSession.open(parsed.lesson, 0).sim;
      source = `lesson ${cmd.lesson}, step 1`;
    } else {
      const demo = await import('../ui/default-demo.ts');
      sim = Sim.create({ seed: demo.DEFAULT_SEED, nodes: demo.DEFAULT_NODES });
      sim.apply(demo.DEFAULT_OBJECTS);
      source = 'the default demo (Deployment web and its Service on 3 nodes)';
    }
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    io.err(`loopscope serve: ${err.code === 'ENOENT' ? `no such file: ${err.path ?? ''}` : err.message}\n`);
    return 2;
  }
  let handle;
  try {
    handle = await startServe({ sim, speed: cmd.speed, port: cmd.port, scheduled, allowOrigins: cmd.allowOrigins, pageDir: fileURLToPath(PAGE_DIR) });
  } catch (e) {
    io.err(`loopscope serve: ${(e as Error).message}\n`);
    return 2;
  }
  const kubeconfig = resolve(cmd.kubeconfig);
  try {
    writeFileSync(kubeconfig, kubeconfigText(handle.url), { mode: 0o600 });
  } catch (e) {
    await handle.close();
    io.err(`loopscope serve: cannot write --kubeconfig ${cmd.kubeconfig}: ${(e as Error).message}\n`);
    return 2;
  }
  const pageUrl = `${handle.url}/?connect`;
  io.out(
    `Serving ${source} at ${handle.url} (speed ${cmd.speed}x; 127.0.0.1 only)\n` +
      `Kubeconfig written to ${kubeconfig}:\n  kubectl --kubeconfig ${cmd.kubeconfig} get pods\n` +
      (handle.servesPage
        ? `The page, attached to this simulation: ${pageUrl}\n`
        : `To watch it in the page: npm run build (then serve serves it at ${pageUrl}), or open the page from npm start with ?connect=${handle.url}\n`) +
      `Writes are recorded as user actions of the simulation. Press Ctrl+C to stop.\n`,
  );
  if (cmd.open) {
    if (!handle.servesPage) io.err(`loopscope serve: --open needs the built page (npm run build writes dist/); not opened\n`);
    else await (io.openUrl ?? openInBrowser)(pageUrl).catch((e: unknown) => io.err(`loopscope serve: could not open a browser (${(e as Error).message}); open ${pageUrl}\n`));
  }
  await (io.stopped ?? signalled());
  await handle.close();
  for (const line of handle.pacer.skipped) io.err(`loopscope serve: a scenario action was skipped ${line}\n`);
  io.out('Stopped.\n');
  return 0;
}
