/**
 * A scenario ready to run: what `parseScenario` returns once a file is valid. Durations are virtual milliseconds,
 * node counts are expanded into named nodes, and every action is the {@link UserAction} it stands for.
 */
import type { UserAction } from '../actions/user-action.ts';

export interface ScenarioNode {
  name: string;
  cpu: string;
  memory: string;
  pods: number;
  labels: Record<string, string>;
  taints: Array<{ key: string; value?: string; effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' }>;
}

export interface ScenarioOptions {
  /** One-way latency (ms) of API calls and watch deliveries; undefined: the simulation's default. */
  networkLatency?: number;
  /** client-go's per-client QPS/burst limits on (default) or off. */
  clientQPS: boolean;
  /** Controllers that run; undefined: all of them. */
  controllers?: string[];
  /** How often (ms) `by` expectations are polled while time advances. */
  checkInterval: number;
  /** kube-controller-manager replicas competing for its Lease; undefined: 1. */
  controllerManagerReplicas?: number;
}

/** Where a line of the file came from, for messages ("actions[2] (line 14)"). */
export interface SourceRef {
  /** "actions[2]", "expect[0]". */
  path: string;
  /** 1-based line in the scenario file; 0 when unknown (a scenario built in code). */
  line: number;
}

/** A timed action. */
export interface ScenarioAction {
  at: number;
  /**
   * The exact position: performed after this many steps of the run (the step must be at `at`, and nothing else due
   * by `at` runs first). Without it the action runs after every event due by `at`. Exported sessions use it, since
   * an action taken after step k at time t may share t with later events.
   */
  afterStep?: number;
  source: SourceRef;
  /**
   * The action. When `select` is set, the target's `name` is empty and is chosen when the action runs: the objects
   * of `action.resource` matching `select.selector` in `action.namespace`, ordered by `select.pick`.
   */
  action: UserAction;
  select?: { selector: string; pick: 'oldest' | 'newest' | 'first' };
  /** The action must fail (true), or fail with a message matching this regex. */
  expectError?: boolean | string;
}

/** `kubectl get <resource> <name> [-n namespace]`. */
export interface ObjectSelector {
  resource: string;
  name: string;
  namespace?: string;
}

export type FieldTest = { equals: unknown } | { matches: string } | { exists: boolean };

export interface EventMatcher {
  reason: string;
  type?: 'Normal' | 'Warning';
  /** "deployment/web": the involved object's kind (or resource) and name. */
  object?: string;
  reportingController?: string;
  /** Regex the message must match. */
  message?: string;
}

/** A set of objects: every object of `resource` (in `namespace`, all namespaces when absent) matching `selector`. */
export interface ObjectSet {
  resource: string;
  namespace?: string;
  /** Label selector ("app=web,tier!=db"); absent: all. */
  selector?: string;
}

/** A field fight (src/sim/analysis/fight-detector.ts): on this object and field, between these managers. */
export interface FightMatcher {
  /** kubectl form: "deployment/web". */
  object?: string;
  namespace?: string;
  /** Dotted path as the trace reports it: "spec.replicas". */
  field?: string;
  /** fieldManagers (or their loops) that must both be in the fight. */
  managers?: string[];
}

/** A controller's work queue, as its stats report it (src/sim/controller/controller.ts `ControllerStats`). */
export interface QueueMatcher {
  controller: string;
  /** Keys queued + processing + in backoff. */
  depth?: { min: number; max?: number };
  /** A key ("default/web") that must be waiting in rate-limited backoff (`backoff: true`) or not (`false`). */
  key?: string;
  backoff?: boolean;
}

/** Whether a controller's informer cache holds the api-server's current version of an object. */
export interface CacheMatcher {
  controller: string;
  object: ObjectSelector;
  agrees: boolean;
}

export type ExpectationCheck =
  | { kind: 'field'; object: ObjectSelector; field: string; test: FieldTest }
  /** `count` (with `happened: true`): how many matching Events, instead of "at least one". */
  | { kind: 'event'; event: EventMatcher; happened: boolean; count?: { min: number; max?: number }; between?: [number, number] }
  | { kind: 'trace'; match: { kind: string; [field: string]: unknown }; count: { min: number; max?: number }; between?: [number, number] }
  | { kind: 'converged' }
  /** Counts the set (`count`), and/or tests a field on every member (`every`; an empty set passes `every`). */
  | { kind: 'objects'; objects: ObjectSet; count?: { min: number; max?: number }; every?: { field: string; test: FieldTest } }
  /** `live`: a fight matching it is live now (true) or none is (false). `happened`: one was live at some point in the window. */
  | { kind: 'fight'; fight: FightMatcher; live?: boolean; happened?: boolean; between?: [number, number] }
  | { kind: 'queue'; queue: QueueMatcher }
  | { kind: 'cache'; cache: CacheMatcher };

/**
 * One expectation. `at`: checked once at that time. `by`: passes the first time it holds up to that time, fails
 * if it still does not then. Neither: checked when the run ends. Event and trace expectations look at the trace
 * inside `between` (default: the whole run).
 */
export type Expectation = ExpectationCheck & {
  source: SourceRef;
  at?: number;
  by?: number;
  /**
   * Nothing before this time counts: event, trace and fight checks look at the trace from here on, and state checks
   * (field, objects, converged, queue, cache) are not decided before it. A lesson's task checks get the step's opening.
   */
  from?: number;
};

export interface Scenario {
  name: string;
  description?: string;
  seed: number | string;
  nodes: ScenarioNode[];
  options: ScenarioOptions;
  /** Applied (server-side apply, manager "kubectl") at time 0, before the first action. */
  manifests?: string | object[];
  /** Where `manifests` is in the file. */
  manifestsSource?: SourceRef;
  /** Sorted by time; actions at the same time keep the file's order. */
  actions: ScenarioAction[];
  expect: Expectation[];
  /** Virtual ms the run lasts. */
  until: number;
  /** The run ends after this step (at time `until`), not after every event due by `until`. */
  untilStep?: number;
}
