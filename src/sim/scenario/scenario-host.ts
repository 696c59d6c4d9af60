/**
 * What the scenario runner needs from a simulation, and nothing more. The Simulation facade (src/sim/simulation.ts)
 * implements it; tests use a small fake. Keeping the runner behind this seam lets it be tested without a cluster and
 * lets the CLI and the page drive the same runner.
 */
import type { UserAction } from '../actions/user-action.ts';
import type { KubeObject } from '../api/object.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import type { Scenario } from './scenario.ts';
import type { ClusterProbe } from './cluster-probe.ts';

/** The outcome of one user action. Failures are data (a 404, a 422 with its message), never exceptions. */
export type ActResult = { ok: true; detail?: string; traceId?: number } | { ok: false; error: string; traceId?: number };

/** Read access to the causal trace (the `Trace` class satisfies it). */
export interface TraceReader {
  /** Number of events recorded; also the id of the last one. */
  readonly length: number;
  /** Events with ids in (afterId, toId], in order. */
  slice(afterId?: number, toId?: number): TraceEvent[];
  get(id: number): TraceEvent | undefined;
}

export interface ScenarioHost {
  /** Virtual now (ms). */
  readonly now: number;
  /** Performs a user action at `now` (records it in the trace). Never throws. */
  act(action: UserAction): ActResult;
  /** Runs every event due at or before `time`, then sets `now` to `time`. Never moves backwards. */
  runUntil(time: number): void;
  /** The api-server's current copy (not a cache's). `resource` is kubectl-style: "deployment", "deploy", "pods". */
  getObject(resource: string, namespace: string | undefined, name: string): KubeObject | undefined;
  /** Objects of a resource, optionally in one namespace and matching a label selector ("app=web,tier!=db"). */
  listObjects(resource: string, namespace?: string, labelSelector?: string): KubeObject[];
  readonly trace: TraceReader;
  /**
   * Converged: every controller's work queue is empty (nothing processing, nothing waiting in backoff) and every
   * workload's status matches its spec (observedGeneration current, replica counts equal). `reasons` says what is
   * still moving when not ("replicaset-controller queue: 2 keys", "deployment default/web: 2/3 ready").
   */
  isConverged(): { converged: boolean; reasons: string[] };
  /**
   * Optional: records a `scenario.note` trace event (actor `scenario`) at `now`, e.g. "✓ expect[0]: …" when an
   * expectation is decided, so the page's timeline shows it. Returns the event's id.
   */
  note?(detail: string): number;
  /** Optional: queues and informer caches, for `queue:` and `cache:` expectations (they fail without it). */
  readonly probe?: ClusterProbe;
  /**
   * Optional, for exact positions (an action's `afterStep`, the scenario's `untilStep`; they fail without it): runs
   * to the end of step `step`, which must be at `time`, and sets the clock to `time` (step-position.ts `runToStep`).
   * Returns why it cannot, or undefined.
   */
  runToStep?(step: number, time: number): string | undefined;
}

/**
 * Builds a host for a scenario: a simulation seeded with `scenario.seed`, with its nodes and options. The runner,
 * not the host, applies `scenario.manifests` (at time 0) and the timed actions.
 */
export type CreateHost = (scenario: Scenario) => ScenarioHost;
