/**
 * The worker's side of following a served run (`loopscope serve`), loaded on demand (on-demand.ts): only an
 * `attach` message starts one. It holds the feed's follower (attach-host.ts) and the console that runs lines on the
 * served run (remote-console.ts), and decides what the page's commands do while attached: what changes the cluster
 * is sent to the served run (it comes back in the feed as an input), what cannot be done there is refused, and
 * stepping forward only walks through what was followed. The host (sim-host.ts) asks it each tick whether to follow,
 * and each frame adds what it printed and whether the page is live.
 */
import type { Simulation } from '../sim/simulation.ts';
import { AttachHost } from './attach-host.ts';
import type { ClusterInfo, Command, Frame, WorkerMessage } from './protocol.ts';
import { RemoteConsole } from './remote-console.ts';
import { remoteAct, servedBase } from './served-run.ts';

/** What the session asks of the worker's host. */
export interface AttachedSessionHost {
  post(message: WorkerMessage): void;
  /** The feed's recipe arrived: rebuild the run from it and play it; an error in words if it cannot. */
  adoptRecipe(recipe: unknown): string | null;
  /** The simulation being shown (the copy of the served run once adopted), and its cluster. */
  shown(): { sim: Simulation; info: ClusterInfo } | null;
  /** Something the next frame must show changed. */
  changed(): void;
  /** Stepping through what was followed stops playing (the live edge). */
  pause(): void;
}

export class AttachedSession {
  private readonly follower: AttachHost;
  private readonly console = new RemoteConsole();

  constructor(
    private readonly host: AttachedSessionHost,
    fetchImpl?: typeof fetch,
  ) {
    this.follower = new AttachHost(
      {
        adoptRecipe: (recipe) => host.adoptRecipe(recipe),
        detached: () => {
          this.console.cancel();
          host.changed();
        },
      },
      fetchImpl,
    );
  }

  /** Attached (or attaching): the page's changes go to the served run. */
  get attached(): boolean {
    return this.follower.attached;
  }

  /** `attach`: follow the run served at `url`; the reply comes once its recipe is adopted (or could not be). */
  attach(requestId: number, url: string): void {
    const base = servedBase(url);
    if (!base.ok) return this.host.post({ type: 'reply', requestId, ok: false, error: base.error });
    this.console.cancel();
    this.follower.attach(base.url, (error) => {
      const shown = this.host.shown();
      if (error || !shown) this.host.post({ type: 'reply', requestId, ok: false, error: error ?? 'no simulation' });
      else this.host.post({ type: 'reply', requestId, ok: true, kind: 'init', info: shown.info });
      this.host.changed();
    });
  }

  /** `detach`: the page keeps the run as it is, now its own. */
  detach(): void {
    this.follower.detach();
    this.console.cancel();
  }

  /** A new simulation (`init`): detached, and the last attachment forgotten. */
  forget(): void {
    this.detach();
    this.follower.ended = null;
    this.follower.url = null;
  }

  /** Called each tick while attached and playing: back to the live edge, and the feed's waiting advances applied. */
  followLiveEdge(sim: Simulation): boolean {
    let moved = false;
    if (sim.inPast) {
      sim.seekStep(sim.head);
      moved = true;
    }
    if (this.follower.waiting) {
      this.follower.follow(sim);
      this.host.changed();
    }
    return moved;
  }

  /** Whether the next frame has console output to print. */
  get consolePending(): boolean {
    return this.console.pending;
  }

  /**
   * While attached, what changes the cluster is sent to the served run (it comes back in the feed), and what
   * cannot be done there is refused; true when `cmd` was handled here.
   */
  obey(cmd: Command, sim: Simulation): boolean {
    const url = this.follower.url!;
    switch (cmd.type) {
      case 'act':
        void remoteAct(url, cmd.action).then((result) => this.host.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'act', result }));
        return true;
      case 'kubectl':
        this.console.run(url, cmd.line, { stdin: cmd.stdin, files: cmd.files }, () => this.host.changed(), (result) => this.host.post({ type: 'reply', requestId: cmd.requestId, ok: true, kind: 'kubectl', result }));
        return true;
      case 'kubectlCancel':
        this.console.cancel();
        return true;
      case 'kubectlEditSave':
      case 'lesson':
        this.host.post({ type: 'reply', requestId: cmd.requestId, ok: false, error: `this page follows the simulation served at ${url}: ${cmd.type === 'lesson' ? 'open a lesson after detaching' : 'edit it with kubectl edit in a terminal'}` });
        return true;
      case 'step':
        // Forward through what was followed, never past it: beyond the live edge is the served run's to make.
        this.host.pause();
        sim.seekStep(Math.min(sim.head, sim.step + (cmd.count ?? 1)));
        return true;
      case 'undoFork':
      case 'advance':
      case 'speed':
        // The served run keeps its own time: fast-forward and speed are its.
        return true;
      default:
        return false;
    }
  }

  /** Adds to `frame` what the served run's console printed since the last frame, and where the page stands. */
  addTo(frame: Frame, sim: Simulation, playing: boolean): void {
    const remote = this.console.take();
    if (remote.text) frame.console = (frame.console ?? '') + remote.text;
    if (remote.ended) frame.consoleEnded = true;
    const a = this.follower;
    if (a.url) frame.attached = { url: a.url, live: a.attached && !sim.inPast && playing, ...(a.ended ? { ended: a.ended } : {}) };
  }
}

