/**
 * The controllers as the page's graph draws them: one row per controller, with its process's state (leading,
 * standby, crashed, stopped) and its queue's counts.
 */
import type { Simulation } from '../sim/simulation.ts';
import type { ControllerSummary } from './protocol.ts';

export function controllerSummaries(sim: Simulation): ControllerSummary[] {
  const out: ControllerSummary[] = [];
  for (const p of sim.cluster.processes.values()) {
    const stats = p.stats();
    const state = stats.replicas.find((r) => r.alive)?.state ?? 'crashed';
    const names = p.controllerNames.length ? p.controllerNames : [];
    for (const name of names) {
      const c = stats.controllers.find((x) => x.name === name);
      out.push({
        name,
        process: p.name,
        alive: p.isAlive(),
        paused: c?.paused ?? false,
        state,
        depth: c?.depth ?? 0,
        processing: c?.processing.length ?? 0,
        backoff: c?.backoff.length ?? 0,
        requeueAfter: c?.requeueAfter.length ?? 0,
      });
    }
  }
  return out;
}
