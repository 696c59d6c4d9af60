/**
 * Perturbations as data, in the manner of Sieve (OSDI '22): each is one {@link Fault} of the simulation with a
 * trigger, a virtual time or "right after the k-th write of the controller under test" (the instant the api-server
 * persisted it, before the controller hears back: a crash there is a crash between two of its writes). A
 * {@link PerturbationPlan} is a list of them; the hunter runs a workload under a plan, and minimises a failing plan
 * by dropping perturbations.
 *
 * The classes are Sieve's three (stale reads, intermediate states, unobserved states) plus what the issue adds:
 * - `stale-read`: the controller's informers lag (`delay-watch-events` on its process): it acts on an old view; or
 *   its process restarts against a view frozen in the past (`stale-view`, then a crash), Sieve's stale api-server;
 * - `intermediate-state`: its process crashes right after its k-th write and restarts with empty caches;
 * - `unobserved-state`: watch events to it are dropped for a while, then its watches break and it relists, so the
 *   states in between are never seen (the relist coalesces them);
 * - `conflict`: writes to a resource it writes fail with 409 Conflict for a while;
 * - `apiserver-unavailable`: every request is answered 503 for a while;
 * - `restart`: its process crashes at a time and restarts.
 *
 */
import type { Fault } from '../sim/actions/user-action.ts';
import { formatDuration } from '../sim/engine/clock.ts';

export const PERTURBATION_CLASSES = ['stale-read', 'intermediate-state', 'unobserved-state', 'conflict', 'apiserver-unavailable', 'restart'] as const;
export type PerturbationClass = (typeof PERTURBATION_CLASSES)[number];

/** When a perturbation's fault is injected. */
export type Trigger =
  /** At this virtual time (ms). */
  | { at: number }
  /** Right after the api-server persisted the controller's `afterWrite`-th successful write (1-based). */
  | { afterWrite: number };

export interface Perturbation {
  class: PerturbationClass;
  trigger: Trigger;
  fault: Fault;
}

/** A seeded list of perturbations; `seed` says where it came from (the same seed gives the same plan). */
export interface PerturbationPlan {
  seed: string;
  perturbations: Perturbation[];
}

/** A perturbation as it happened in one run: its fault at the virtual time the trigger fired. */
export interface ResolvedPerturbation {
  perturbation: Perturbation;
  /** Virtual ms the fault was injected. */
  at: number;
  /** The simulation's step it was injected after (a scenario action's `afterStep`: its exact place in the instant). */
  step: number;
  /** Trace id of the `user.action` that injected it. */
  traceId: number;
}

/** "crash kube-controller-manager after write 2", "delay watch events to X by 2s for 10s at 19.5s". */
export function describePerturbation(p: Perturbation): string {
  const when = 'afterWrite' in p.trigger ? `right after write #${p.trigger.afterWrite} of the controller` : `at ${formatDuration(p.trigger.at)}`;
  return `${p.class}: ${describeFault(p.fault)} ${when}`;
}

export function describeFault(f: Fault): string {
  switch (f.type) {
    case 'crash-controller':
      return `crash ${f.controller}${f.restartAfter ? ` (restart after ${formatDuration(f.restartAfter)})` : ''}`;
    case 'delay-watch-events':
      return `delay watch events to ${f.controller} by ${formatDuration(f.delay)}${f.duration !== undefined ? ` for ${formatDuration(f.duration)}` : ''}`;
    case 'drop-watch-events':
      return `drop watch events to ${f.controller}${f.duration !== undefined ? ` for ${formatDuration(f.duration)}` : ''}`;
    case 'inject-conflicts':
      return `409 Conflict on writes to ${f.resource}${f.duration !== undefined ? ` for ${formatDuration(f.duration)}` : ''}`;
    case 'apiserver-unavailable':
      return `api-server unavailable for ${formatDuration(f.duration)}`;
    case 'stale-view':
      return `${f.controller}'s reconnections land on an api-server frozen as it is, for ${formatDuration(f.duration)}`;
    default:
      return f.type;
  }
}

/** How long a fault lasts once injected (ms; 0 for an instant one such as a crash). */
export function faultDuration(f: Fault): number {
  return 'duration' in f && typeof f.duration === 'number' && Number.isFinite(f.duration) ? f.duration : 0;
}
