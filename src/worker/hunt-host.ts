/**
 * The hunt worker's logic (hunt.worker.ts only wires it to `postMessage`): checks a {@link HuntRequest}, loads what
 * the simulation reads on demand (and the sandbox for a user-written controller), runs the hunt, posts its progress
 * and its result. Never throws: a bad request or a failure is an `error` message.
 */
import { runHunt } from '../hunt/hunt.ts';
import { defaultWorkload, huntableControllers, huntTarget, userControllerTarget } from '../hunt/target.ts';
import { loadLibraries } from '../sim/libraries.ts';
import type { HuntRequest, HuntWorkerMessage } from './hunt-protocol.ts';

const MAX_TEXT = 256 * 1024;

/** The request, or what is wrong with it. */
export function checkHuntRequest(msg: unknown): HuntRequest | string {
  const m = msg as Partial<HuntRequest> | null;
  if (!m || typeof m !== 'object' || m.type !== 'hunt') return 'expected a hunt request';
  if (typeof m.controller !== 'string' || !m.controller || m.controller.length > 253) return 'controller must be a name';
  if (!(Number.isInteger(m.seeds) && m.seeds! >= 1 && m.seeds! <= 1000)) return 'seeds must be a whole number from 1 to 1000';
  if (m.seed !== undefined && (typeof m.seed !== 'string' || m.seed.length > 100)) return 'seed must be a short text';
  if (m.budgetMs !== undefined && !(typeof m.budgetMs === 'number' && m.budgetMs > 0 && Number.isFinite(m.budgetMs))) return 'budgetMs must be a positive number';
  for (const k of ['workload', 'source'] as const) {
    if (m[k] !== undefined && (typeof m[k] !== 'string' || m[k]!.length > MAX_TEXT)) return `${k} must be a text of at most ${MAX_TEXT} characters`;
  }
  return m as HuntRequest;
}

export async function handleHuntRequest(msg: unknown, post: (m: HuntWorkerMessage) => void, clock: () => number): Promise<void> {
  const req = checkHuntRequest(msg);
  if (typeof req === 'string') return post({ type: 'error', message: req });
  try {
    await loadLibraries();
    let target;
    if (req.source !== undefined) {
      const { loadSandbox } = await import('../sandbox/load.ts');
      await loadSandbox();
      target = userControllerTarget(req.source, req.workload);
    } else {
      const workload = req.workload ?? defaultWorkload(req.controller);
      if (workload === undefined) {
        return post({ type: 'error', message: `the hunter has no workload for ${req.controller} (it has one for ${huntableControllers().join(', ')}); from the command line: npx loopscope hunt ${req.controller} --workload <scenario.yaml>` });
      }
      target = huntTarget(req.controller, workload);
    }
    if (!target.ok) return post({ type: 'error', message: target.error });
    const result = runHunt(target.target, {
      seeds: req.seeds,
      ...(req.seed !== undefined ? { seed: req.seed } : {}),
      ...(req.budgetMs !== undefined ? { budgetMs: req.budgetMs } : {}),
      clock,
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    post({ type: 'result', result });
  } catch (err) {
    post({ type: 'error', message: `the hunt failed: ${(err as Error).message}` });
  }
}
