/**
 * Everything a person (or a scenario, or a share link) can do to the cluster, as data. The simulation's input log
 * is a list of these with their virtual times; replaying the log on the same seed replays the run.
 *
 * Resource names follow kubectl: a kind ("Deployment"), a resource ("deployments") or a short name ("deploy").
 */

/** What every kubectl-like action may carry. */
export interface KubectlCommandLine {
  /** The command line that produced the action ("kubectl scale deployment web --replicas=5"): the trace shows it. */
  command?: string;
  /** `--dry-run=server`: the api-server checks and answers, and persists nothing. */
  dryRun?: boolean;
  /**
   * The api-server's `fieldValidation` for the write (kubectl's `--validate`; kubectl sends Strict by default):
   * `Strict` fails on an unknown or duplicate field, `Warn` writes and warns, `Ignore` drops unknown fields; absent:
   * the server's default (Ignore). Creates, updates and patches: server-side apply types the object against the
   * schema whatever it says.
   */
  fieldValidation?: FieldValidation;
}

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/**
 * `kubectl apply` (server-side apply) or `kubectl create` of one or more YAML documents; with `replace`, a PUT of
 * each (`kubectl replace`, `kubectl edit`: the object as given, with its resourceVersion when it has one).
 */
export interface ApplyAction extends KubectlCommandLine {
  type: 'apply' | 'create';
  /** PUT each document instead (kubectl replace/edit). Only with type 'apply'. */
  replace?: boolean;
  /** YAML text, several documents separated by `---`, or already parsed objects. */
  manifests: string | object[];
  /** managedFields manager; default "kubectl". */
  fieldManager?: string;
  force?: boolean;
}

export interface ObjectTarget {
  /** "deployment", "deploy", "Deployment", "deployments.apps"… */
  resource: string;
  name: string;
  namespace?: string;
}

export interface DeleteAction extends ObjectTarget, KubectlCommandLine {
  type: 'delete';
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  gracePeriodSeconds?: number;
}

export interface ScaleAction extends ObjectTarget, KubectlCommandLine {
  type: 'scale';
  replicas: number;
}

export interface PatchAction extends ObjectTarget, KubectlCommandLine {
  type: 'patch';
  patchType?: 'merge' | 'json' | 'strategic';
  patch: unknown;
  subresource?: 'status' | 'scale';
  fieldManager?: string;
}

/** `kubectl rollout undo|pause|resume|restart deployment/<name>`. */
export interface RolloutAction extends ObjectTarget, KubectlCommandLine {
  type: 'rollout';
  op: 'undo' | 'pause' | 'resume' | 'restart';
  toRevision?: number;
}

/** `kubectl cordon|uncordon|drain <node>`. */
export interface NodeAction extends KubectlCommandLine {
  type: 'cordon' | 'uncordon' | 'drain';
  node: string;
}

/** Add a node to the cluster (a kubelet starts and registers it). */
export interface AddNodeAction {
  type: 'add-node';
  name: string;
  cpu?: string;
  memory?: string;
  pods?: number;
  labels?: Record<string, string>;
}

export type Fault =
  /** The process dies: its informers' caches and queues are lost. It restarts after `restartAfter` (default: at once). */
  | { type: 'crash-controller'; controller: string; restartAfter?: number }
  | { type: 'pause-controller'; controller: string }
  | { type: 'resume-controller'; controller: string }
  /** Watch events to this controller's informers are dropped (all, or with `probability`) for `duration` ms. */
  | { type: 'drop-watch-events'; controller: string; duration?: number; probability?: number }
  | { type: 'delay-watch-events'; controller: string; delay: number; duration?: number }
  /** The api-server ends the watch with 410 Expired: the reflector must relist. */
  | { type: 'expire-watch'; controller: string }
  /**
   * For `duration` ms the process's reconnections land on a stale api-server of an HA control plane, one that stopped
   * following etcd now: its lists (a relist, a restart's list) are answered as the cluster is now, and the watches it
   * opens are held back by `duration`; its open watches stay current. Crash it meanwhile and it restarts against the
   * stale view (Sieve's stale read).
   */
  | { type: 'stale-view'; controller: string; duration: number }
  | { type: 'apiserver-unavailable'; duration: number }
  /** Writes to this kind fail with 409 Conflict (all, or with `probability`) for `duration` ms. */
  | { type: 'inject-conflicts'; resource: string; duration?: number; probability?: number }
  /** The node's kubelet stops (no heartbeats, no pod updates); `restore-node` brings it back. */
  | { type: 'kill-node'; node: string }
  | { type: 'restore-node'; node: string }
  /**
   * How containers of this image behave from now on. `runFor` (virtual ms) makes them exit after it, with
   * `exitCode` (default 0, 1 for crash), whatever their command says (docs/container-behavior.md).
   */
  | { type: 'image-behavior'; image: string; behavior: 'ok' | 'crash' | 'exit' | 'never-ready'; exitCode?: number; readyAfter?: number; runFor?: number };

/** Sets the total CPU and memory demand on a Deployment's pods from now on (the simulated metrics pipeline). */
export interface SetLoadAction {
  type: 'set-load';
  resource: string;
  name: string;
  namespace?: string;
  /** Total CPU demand, a quantity ("4200m", "2"). */
  cpu?: string;
  /** Total memory demand, a quantity ("1Gi"). */
  memory?: string;
}

/** A commit to the simulated Git repository of the GitOps loop (src/sim/gitops); the first one enables GitOps. */
export interface GitCommitAction {
  type: 'git-commit';
  /** Path → new file text; `null` deletes the file. */
  files: Record<string, string | null>;
  message?: string;
}

/**
 * Installs a user-written controller (src/sim/cluster/controller-program.ts): TypeScript source whose
 * `defineController({ name, ... })` names it. Installing a name that is installed replaces it (a new binary).
 */
export interface InstallControllerAction {
  type: 'install-controller';
  source: string;
  /**
   * A scenario's `installController: { file }` before the host read it (src/sim/scenario/controller-files.ts):
   * `source` is empty until then, and installing it fails naming the file.
   */
  file?: string;
  /** When given, the program's declared name must be this one. */
  name?: string;
  /**
   * Replicas of its process (default 1). With more than one, they elect a leader on the Lease
   * `kube-system/<name>` and only the leader reconciles, as a controller-runtime manager with leader election does.
   */
  replicas?: number;
}

/** Stops and removes a user-written controller. */
export interface UninstallControllerAction {
  type: 'uninstall-controller';
  name: string;
}

export interface FaultAction {
  type: 'fault';
  fault: Fault;
}

export type UserAction =
  | ApplyAction
  | DeleteAction
  | ScaleAction
  | PatchAction
  | RolloutAction
  | NodeAction
  | AddNodeAction
  | SetLoadAction
  | GitCommitAction
  | InstallControllerAction
  | UninstallControllerAction
  | FaultAction;

/** An entry of the input log. */
export interface TimedAction {
  /** Virtual ms at which it happened. */
  at: number;
  action: UserAction;
}
