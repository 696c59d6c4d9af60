/**
 * Test helpers: a served simulation whose clock stands still (the test moves it with `sim.runFor`), and the real
 * kubectl binary run against it with its own HOME (its discovery cache) and kubeconfig, asynchronously (the server
 * answers from this same process). `KUBECTL` is $KUBECTL, or the kubectl on PATH, or undefined when there is none.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Simulation } from '../sim/simulation.ts';
import { kubeconfigText } from './kubeconfig.ts';
import { startServe, type ServeHandle, type ServeOptions } from './server.ts';

function findKubectl(): string | undefined {
  if (process.env.KUBECTL) return existsSync(process.env.KUBECTL) ? process.env.KUBECTL : undefined;
  return (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((d) => join(d, 'kubectl')).find((file) => existsSync(file));
}
export const KUBECTL: string | undefined = findKubectl();

export interface KubectlResult {
  stdout: string;
  stderr: string;
  code: number;
}

export interface Served {
  handle: ServeHandle;
  kubeconfig: string;
  env: NodeJS.ProcessEnv;
  /** Runs real kubectl with `args` (split on spaces, or an array), optional stdin and extra environment. */
  kubectl(args: string | string[], stdin?: string, extraEnv?: NodeJS.ProcessEnv): Promise<KubectlResult>;
  /** Starts a long-running kubectl (a watch); kill it when done. */
  spawnKubectl(args: string | string[]): { child: ChildProcess; output: () => string };
  close(): Promise<void>;
}

const split = (args: string | string[]): string[] => (Array.isArray(args) ? args : args.split(' ').filter(Boolean));

/** Serves `sim` on a free port with the clock held (wall time does not move it). */
export async function serveForTest(sim: Simulation, options: Partial<ServeOptions> = {}): Promise<Served> {
  const handle = await startServe({ sim, port: 0, wallNow: () => 0, ...options });
  const home = mkdtempSync(join(tmpdir(), 'loopscope-serve-'));
  const kubeconfig = join(home, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigText(handle.url));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, KUBECONFIG: kubeconfig, KUBECTL_COMMAND_HEADERS: 'true' };
  return {
    handle,
    kubeconfig,
    env,
    kubectl: (args, stdin, extraEnv) =>
      new Promise((resolve) => {
        const child = execFile(KUBECTL!, split(args), { env: { ...env, ...extraEnv }, timeout: 20_000 }, (error, stdout, stderr) => {
          resolve({ stdout, stderr, code: error ? (typeof error.code === 'number' ? error.code : 1) : 0 });
        });
        if (stdin !== undefined) child.stdin?.end(stdin);
        else child.stdin?.end();
      }),
    spawnKubectl: (args) => {
      const child = spawn(KUBECTL!, split(args), { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      return { child, output: () => out };
    },
    close: async () => {
      await handle.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
