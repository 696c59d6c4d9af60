/**
 * The typed, versioned protocol between the page and the simulation worker. The page sends {@link Command}s; the
 * worker answers with {@link WorkerMessage}s: at most one `frame` per animation frame (batched trace events, object
 * deltas and controller state), and a `reply` to each command that asked for one.
 *
 * Commands are validated with zod in the worker (`commands.ts`, `parseCommand`): the page may be driven by a share
 * link or a hostile script, and a bad command must become an error reply, never a dead worker. This module has no
 * zod in it, so the page's entry chunk does not carry the validator it never runs.
 *
 * This is the only module of src/worker that src/ui imports (types and the version), per the layer rules.
 */
import type { TraceEvent, ObjectRef } from '../sim/trace/trace-event.ts';
import type { UserAction, Fault } from '../sim/actions/user-action.ts';
import type { Status } from '../sim/api/status.ts';
import type { ManifestError } from '../sim/actions/manifests.ts';
import type { ReconcileRecord } from '../sim/controller/reconcile-context.ts';
import type { WaitingItem } from '../sim/workqueue/delaying-queue.ts';
import type { InformerStatus } from '../sim/client/shared-index-informer.ts';
import type { SimulationRecipe } from '../sim/simulation.ts';
import type { FieldFight } from '../sim/analysis/fight-detector.ts';
import type { GitCommit } from '../sim/gitops/git-repo.ts';
import type { HpaFrame } from './hpa-frame.ts';
import type { LessonView, AnswerResult, PredictAnswer } from '../lessons/lesson-view.ts';

export type { TraceEvent, ObjectRef, UserAction, Fault, Status, ManifestError, ReconcileRecord, WaitingItem, InformerStatus, SimulationRecipe, FieldFight };
export type { HpaFrame, HpaInfo, HpaSample } from './hpa-frame.ts';
export type { LessonView, AnswerResult, PredictAnswer };

export type { Command, SimulationSetup } from './commands.ts';
/** The hunt worker's messages (hunt-protocol.ts): the page's "Test my controller". */
export type { HuntRequest, HuntWorkerMessage, HuntProgress, HuntResult } from './hunt-protocol.ts';

export const PROTOCOL_VERSION = 1;

// ---------------------------------------------------------------------------------------------- messages (worker → page)

/** What the page needs of one object to draw it: identity, ownership, and the state it is coloured by. */
export interface ObjectSummary {
  /** "apps/v1/Deployment/default/web". */
  key: string;
  uid: string;
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
  resourceVersion: string;
  generation?: number;
  observedGeneration?: number;
  /** The controlling owner's key, for the ownership tree. */
  owner?: string;
  /** Pods: their node. */
  nodeName?: string;
  /** Pod phase, Node Ready condition ("Ready", "NotReady", "Unknown"), … */
  phase?: string;
  ready?: boolean;
  deleting: boolean;
  /** Workloads: "2/3". */
  replicas?: { desired: number; ready: number; available?: number; updated?: number };
  /** Nodes: cordoned. */
  unschedulable?: boolean;
  /** Pods: total container restarts; waiting reason such as CrashLoopBackOff. */
  restarts?: number;
  reason?: string;
  labels?: Record<string, string>;
}

export interface ControllerSummary {
  name: string;
  process: string;
  alive: boolean;
  paused: boolean;
  /** leading / standby / crashed / stopped. */
  state: string;
  depth: number;
  processing: number;
  backoff: number;
  requeueAfter: number;
}

export interface ControllerDetail {
  name: string;
  process: string;
  queued: string[];
  /**
   * Adds merged into a pending key (client-go's dedup: the key was already queued, or processing and added again)
   * since it was queued: key → count, only keys with at least one, of those queued or processing.
   */
  mergedAdds: Record<string, number>;
  processing: Array<{ worker: number; key: string; since: number; pendingRequests: number }>;
  backoff: WaitingItem[];
  requeueAfter: WaitingItem[];
  recent: ReconcileRecord[];
  informers: InformerStatus[];
  /** The process's cache next to the api-server's truth: entries that differ. */
  cacheDiff: Array<{ resource: string; key: string; state: 'stale' | 'missing' | 'extra'; cacheRV?: string; serverRV?: string }>;
  /**
   * A user-written controller's log (src/sandbox): its `ctx.log` lines and its program's errors with their line in
   * its source, oldest first (the newest 200). Absent for built-in controllers.
   */
  logs?: Array<{ at: number; key: string; line: string; error?: { line: number; column: number } }>;
}

export interface Frame {
  type: 'frame';
  v: typeof PROTOCOL_VERSION;
  now: number;
  step: number;
  head: number;
  playing: boolean;
  speed: number;
  inPast: boolean;
  /** True after time travel backwards: drop what you hold and take this frame's full state. */
  reset: boolean;
  /** Trace events since the previous frame (the newest `maxEventsPerFrame` if there were more). */
  events: TraceEvent[];
  /** Events not sent because there were too many in one frame. */
  skippedEvents: number;
  objects: { upserts: ObjectSummary[]; deletes: string[]; full: boolean };
  controllers: ControllerSummary[];
  focus?: ControllerDetail;
  converged: boolean;
  convergence: string[];
  /** The last fork (an action in the past) and what it discarded, while it can still be undone. */
  fork?: { step: number; discardedSteps: number; discardedInputs: number };
  /** The api-server answers every request 503 now (a fault): the page says the cluster is degraded. */
  apiServerUnavailable?: true;
  /**
   * How far back one can go, once older history was dropped to bound memory (absent before): the earliest step a
   * seek reaches and its virtual time, and how many trace events came before the trace's window.
   */
  history?: { earliestStep: number; earliestTime: number; eventsBefore: number };
  /** Field-ownership fights going on now (src/sim/analysis/fight-detector.ts), most flips first; absent when none. */
  fights?: FieldFight[];
  /** The GitOps repository, on a reset frame and whenever a commit lands; absent otherwise (and without GitOps). */
  gitops?: GitOpsRepoFrame;
  /** HPAs with their replica series and the Deployments' loads (src/worker/hpa-frame.ts): on a reset frame and when they change. */
  hpa?: HpaFrame;
  /** What a running `kubectl get -w` printed since the previous frame (console-host.ts); absent when nothing. */
  console?: string;
  /** The running command ended by itself (a delete's wait saw the object gone, `rollout status` its rollout done). */
  consoleEnded?: true;
  /** The open lesson's step as the learner sees it: on a reset frame and whenever it changes; `null` once closed. */
  lesson?: LessonView | null;
  /**
   * Following a served run (attach-host.ts): its address, whether the view is at its live edge, and, once the feed
   * ended, why (the run then stays, local). Absent when the page runs its own simulation.
   */
  attached?: { url: string; live: boolean; ended?: string };
}

/** The simulated Git repository for the page's Git folder: HEAD's files and the history (newest last). */
export interface GitOpsRepoFrame {
  head: string | null;
  files: Record<string, string>;
  commits: Array<Omit<GitCommit, 'files'>>;
}

export interface InspectResult {
  object: unknown;
  /** Field owners from managedFields: dotted path → manager. */
  owners: Array<{ path: string; manager: string; operation: string; time?: string }>;
  /** Trace events about this object, newest last, with their cause chains in words. */
  history: Array<{ event: TraceEvent; story: string }>;
}

export interface ActReply {
  ok: boolean;
  messages: string[];
  results: Array<{ index?: number; ref?: ObjectRef; outcome?: string; status?: Status }>;
  errors: ManifestError[];
}

/** What one kubectl command line printed (src/kubectl/run.ts), and whether it keeps printing (`get -w`). */
export interface KubectlReply {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** A watch is running: its lines arrive in frames' `console` until `kubectlCancel` (Ctrl+C). */
  watching: boolean;
  /** `kubectl edit`: the live object for the page's editor; saving it sends `kubectlEditSave`. */
  edit?: { ref: ObjectRef; yaml: string };
}

/** Tab completion: replace the line from `from` to the cursor with one of `candidates`. */
export interface KubectlCompletion {
  from: number;
  candidates: string[];
}

export type Reply =
  | { type: 'reply'; requestId: number; ok: true; kind: 'init'; info: ClusterInfo }
  | { type: 'reply'; requestId: number; ok: true; kind: 'act'; result: ActReply }
  | { type: 'reply'; requestId: number; ok: true; kind: 'inspect'; result: InspectResult | null }
  | { type: 'reply'; requestId: number; ok: true; kind: 'recipe'; recipe: SimulationRecipe }
  | { type: 'reply'; requestId: number; ok: true; kind: 'kubectl'; result: KubectlReply }
  | { type: 'reply'; requestId: number; ok: true; kind: 'complete'; result: KubectlCompletion }
  | { type: 'reply'; requestId: number; ok: true; kind: 'lesson'; view: LessonView | null; answer?: AnswerResult }
  | { type: 'reply'; requestId: number; ok: true; kind: 'export'; fileName: string; mediaType: string; text: string }
  | { type: 'reply'; requestId: number; ok: false; error: string };

/** The cluster a simulation plays, as an `init` reply (or an attach's) describes it. */
export interface ClusterInfo {
  nodes: string[];
  controllers: string[];
  processes: string[];
}

export type WorkerMessage = Frame | Reply | { type: 'error'; message: string };
