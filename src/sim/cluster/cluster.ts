/**
 * A whole simulated cluster: the api-server, the network, kube-controller-manager, kube-scheduler and one kubelet
 * per node, the container runtime, and the user's kubectl. It is the core the timeline drives: `perform` applies
 * one user action or fault at the current instant, and `canCheckpoint` says when the graph can be copied.
 */
import type { UserAction } from '../actions/user-action.ts';
import { ApiServer } from '../apiserver/api-server.ts';
import { SimContext } from '../engine/sim-context.ts';
import { Network } from '../network/network.ts';
import type { TimelineCore } from '../timeline/timeline.ts';
import type { ActResult } from './act-result.ts';
import type { ClusterOptions, NodeSpec } from './cluster-options.ts';
import { nodeSpecs } from './cluster-options.ts';
import { ContainerRuntime } from './container-runtime.ts';
import { controllerDescriptors } from './controller-registry.ts';
import { ControllerProcess } from './controller-process.ts';
import type { ProcessKind } from './controller-host.ts';
import type { FaultInjector } from './fault-injector.ts';
import { Kubectl, KUBECTL_MANAGER } from './kubectl.ts';
import './controllers.ts';
import { installLoadModel, type LoadModel } from '../metrics/load-model.ts';
import { ARGOCD_APPLICATION_CONTROLLER } from '../gitops/descriptor.ts';
import type { GitRepo } from '../gitops/git-repo.ts';
import { libraries } from '../libraries.ts';
import type { UserControllerProgram } from './controller-program.ts';

export const KUBE_CONTROLLER_MANAGER = 'kube-controller-manager';
export const KUBE_SCHEDULER = 'kube-scheduler';

export class Cluster implements TimelineCore<ActResult> {
  readonly ctx: SimContext;
  readonly apiServer: ApiServer;
  readonly network: Network;
  readonly runtime: ContainerRuntime;
  readonly kubectl: Kubectl;
  /** The load the user puts on each Deployment: what the simulated metrics pipeline samples. */
  readonly loadModel: LoadModel;
  /** Made by the first fault (user-actions.ts): until then no fault has anything to clear. */
  faultInjector: FaultInjector | undefined;
  /** Processes by name: "kube-controller-manager", "kube-scheduler", "kubelet/node-1". */
  readonly processes = new Map<string, ControllerProcess>();
  readonly nodes: NodeSpec[];
  private readonly enabled: Set<string>;

  constructor(readonly options: ClusterOptions) {
    this.ctx = new SimContext({ seed: options.seed, trace: options.trace });
    this.apiServer = new ApiServer(this.ctx, options.watchHistory ? { watchHistory: options.watchHistory } : {});
    const qps = options.clientQPS === 'off' ? { qps: Infinity, burst: Infinity } : options.clientQPS;
    this.network = new Network(this.ctx, this.apiServer, { ...(options.network ?? {}), ...(qps ? { client: { ...(options.network?.client ?? {}), ...qps } } : {}) });
    this.runtime = new ContainerRuntime(options.runtime);
    this.loadModel = installLoadModel(this.runtime, this.ctx);
    this.kubectl = new Kubectl(this.apiServer, this.network.restClient(KUBECTL_MANAGER, { qps: Infinity, burst: Infinity }));
    this.enabled = new Set(options.controllers ?? controllerDescriptors().map((d) => d.name));
    // The argocd process exists only with GitOps on (enableGitOps).
    this.enabled.delete(ARGOCD_APPLICATION_CONTROLLER);
    this.nodes = nodeSpecs(options.nodes).map((n) => ({ ...n }));

    this.addProcess(KUBE_CONTROLLER_MANAGER, 'kube-controller-manager', {
      replicas: Math.max(1, options.controllerManagerReplicas ?? 1),
      leaderElection: true,
    });
    // kube-scheduler elects a leader too (--leader-elect defaults to true; Lease kube-system/kube-scheduler).
    this.addProcess(KUBE_SCHEDULER, 'kube-scheduler', { replicas: 1, leaderElection: true });
    for (const node of this.nodes) this.addKubelet(node);
    if (options.gitops) this.enableGitOps(options.gitops.repo);
  }

  /**
   * Turns GitOps on (once): the Git repository and the argocd-application-controller process. Called at creation
   * with the `gitops` option, or by the first `git-commit` action.
   */
  enableGitOps(files?: Record<string, string>): GitRepo {
    // GitOps is turned on only by input that loads the on-demand libraries first (src/sim/gitops/on-demand.ts).
    const repo = libraries().gitops.installGitRepo(this.runtime, files, this.ctx.now);
    if (!this.processes.has(ARGOCD_APPLICATION_CONTROLLER)) {
      this.enabled.add(ARGOCD_APPLICATION_CONTROLLER);
      this.addProcess(ARGOCD_APPLICATION_CONTROLLER, 'argocd', { replicas: 1, leaderElection: false });
    }
    return repo;
  }

  /** Applies one user action or fault now. Never throws for bad input: the result says what went wrong. */
  perform(action: UserAction): ActResult {
    // The command line as typed, when kubectl made the action ("kubectl scale deployment web --replicas=5").
    const command = 'command' in action && typeof action.command === 'string' && action.command ? action.command.slice(0, 1000) : undefined;
    const eventId = this.ctx.trace.emit('user', { kind: 'user.action', action: action.type, detail: command ?? describeAction(action) }, null);
    const result: ActResult = { ok: true, messages: [], results: [], errors: [], eventId };
    const previous = this.ctx.trace.cause;
    this.ctx.trace.cause = eventId;
    try {
      switch (action.type) {
        case 'apply':
        case 'create':
          this.kubectl.apply(action, result);
          break;
        default:
          // Only a person's input gives the others (the page's worker loads the libraries before it): user-actions.ts.
          libraries().cluster.performAction(this, action, result);
      }
    } catch (err) {
      // A bug, not bad input; the simulation must survive it all the same.
      result.messages.push(`error: internal error: ${(err as Error).message}`);
      result.errors.push({ line: 0, column: 0, message: `internal error: ${(err as Error).message}` });
    } finally {
      this.ctx.trace.cause = previous;
    }
    if (result.errors.length || result.results.some((r) => r.status)) result.ok = false;
    return result;
  }

  /** True when no reconcile is suspended on the api-server (the graph can be copied). */
  canCheckpoint(): boolean {
    for (const p of this.processes.values()) if (p.inFlight() > 0) return false;
    return true;
  }

  /** The process running a controller ("replicaset-controller" → kube-controller-manager), or a process by name. */
  processOf(name: string): ControllerProcess | undefined {
    const direct = this.processes.get(name);
    if (direct) return direct;
    for (const p of this.processes.values()) if (p.controllerNames.includes(name)) return p;
    return undefined;
  }

  /** Controller names that run, in registry order. */
  controllerNames(): string[] {
    return controllerDescriptors()
      .map((d) => d.name)
      .filter((n) => this.enabled.has(n));
  }

  /** Starts a user-written controller's process, `name` ("user-controller/<name>": install-controller.ts). */
  addUserControllerProcess(name: string, program: UserControllerProgram, replicas = 1): void {
    // Replicated, they elect a leader (the Lease is named after the controller: a process name holds a '/').
    this.addProcess(name, 'user-controller', { replicas, leaderElection: replicas > 1, program });
  }

  /** Kills a process for good and forgets it (an uninstalled user controller). */
  removeProcess(name: string): void {
    const p = this.processes.get(name);
    if (!p) return;
    p.retire();
    this.processes.delete(name);
  }

  private addProcess(
    name: string,
    kind: ProcessKind,
    opts: { replicas: number; leaderElection: boolean; node?: NodeSpec; program?: UserControllerProgram },
  ): ControllerProcess {
    const names = opts.program
      ? [opts.program.info.name]
      : controllerDescriptors(kind)
          .map((d) => d.name)
          .filter((n) => this.enabled.has(n));
    const p = new ControllerProcess(this.ctx, this.network, this.runtime, name, kind, names, opts);
    this.processes.set(name, p);
    p.start();
    return p;
  }

  /** Starts a node's kubelet process, "kubelet/<node>" (a new node's too: user-actions.ts). */
  addKubelet(node: NodeSpec): ControllerProcess {
    return this.addProcess(`kubelet/${node.name}`, 'kubelet', { replicas: 1, leaderElection: false, node });
  }

}

/** One line for the trace and the timeline: "apply 2 documents", "delete pod/web-1", "fault kill-node node-2". */
export function describeAction(a: UserAction): string {
  switch (a.type) {
    case 'apply':
    case 'create': {
      const n = typeof a.manifests === 'string' ? a.manifests.split(/^---\s*$/m).filter((d) => d.trim()).length : a.manifests.length;
      return `kubectl ${a.type} ${n} document${n === 1 ? '' : 's'}`;
    }
    default:
      return libraries().cluster.describeAction(a);
  }
}
