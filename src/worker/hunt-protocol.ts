/**
 * The messages between the page and the hunt worker (hunt.worker.ts), versioned with the simulation worker's
 * protocol (protocol.ts re-exports these types; the page imports them from there). The page sends one
 * {@link HuntRequest}; the worker answers with progress messages and one result or error, then has nothing more to do.
 * Stopping a hunt is ending its worker.
 */
import type { HuntProgress, HuntResult } from '../hunt/hunt.ts';

export type { HuntProgress, HuntResult };

export interface HuntRequest {
  type: 'hunt';
  /** A built-in controller's name, or (with `source`) the name is the program's own. */
  controller: string;
  /** The workload's scenario text; default: the hunter's workload for a built-in controller. */
  workload?: string;
  /** A user-written controller's source (run in the sandbox). */
  source?: string;
  /** Plans to explore (1–1000). */
  seeds: number;
  seed?: string;
  /** Wall-clock ms the hunt may take. */
  budgetMs?: number;
}

export type HuntWorkerMessage = { type: 'progress'; progress: HuntProgress } | { type: 'result'; result: HuntResult } | { type: 'error'; message: string };
