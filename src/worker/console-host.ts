/**
 * The worker's side of the page's kubectl console: runs each command line with the kubectl program (src/kubectl,
 * loaded on demand with the scenario reader: see on-demand.ts) against the simulation the worker plays, and keeps the
 * one `kubectl get -w` that may be running, polling it once per frame as a terminal would stream it.
 *
 * Mutations go through `sim.act` inside the program, so they are user inputs of the timeline (replayable) and traced.
 * When time travel moves the timeline under a watch, the watch says so and prints the state at the viewed moment.
 */
import type { Simulation } from '../sim/simulation.ts';
import type { ObjectRef } from '../sim/trace/trace-event.ts';
import type { KubectlCompletion, KubectlReply } from './protocol.ts';
import { consoleTools } from './on-demand.ts';

/** What a running watch offers (src/kubectl/command.ts `KubectlWatch`). */
interface Watch {
  poll(target: unknown): string;
  timelineMoved(target: unknown): string;
  /** The command would have exited by itself (a delete's wait saw the object gone, `rollout status` its end). */
  readonly done?: boolean;
}

/** Most characters of watch output kept for one frame; a flood is cut with a note rather than freezing the page. */
export const MAX_CONSOLE_CHUNK = 256 * 1024;

/** What the console prints if the kubectl program itself failed (it promises never to throw). */
function internalError(err: unknown): KubectlReply {
  return { stdout: '', stderr: `error: internal error in the simulated kubectl: ${(err as Error).message}\n`, exitCode: 1, watching: false };
}

export class ConsoleHost {
  private watch: Watch | null = null;

  /** Runs one command line now. Never throws: a failure of the program itself is reported as kubectl would. */
  run(sim: Simulation, line: string, io: { stdin?: string; files?: Record<string, string> }): KubectlReply {
    this.watch = null;
    const { runKubectl, targetOf } = consoleTools();
    try {
      const r = runKubectl(line, targetOf(sim), io);
      this.watch = r.watch && !r.watch.done ? r.watch : null;
      return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, watching: this.watch !== null, edit: r.edit };
    } catch (err) {
      return internalError(err);
    }
  }

  complete(sim: Simulation, line: string, cursor: number, files: readonly string[] = []): KubectlCompletion {
    const { complete, targetOf } = consoleTools();
    try {
      const c = complete(line, Math.min(cursor, line.length), targetOf(sim), files);
      return { from: c.from, candidates: c.candidates.slice(0, 500) };
    } catch {
      return { from: cursor, candidates: [] };
    }
  }

  /** `kubectl edit`'s second half: the text the user saved in the editor, sent as kubectl edit sends it. */
  editSave(sim: Simulation, ref: Pick<ObjectRef, 'apiVersion' | 'kind' | 'namespace' | 'name'>, yaml: string): KubectlReply {
    const { kubectlEditSave, targetOf } = consoleTools();
    try {
      const r = kubectlEditSave(ref, yaml, targetOf(sim));
      return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, watching: false };
    } catch (err) {
      return internalError(err);
    }
  }

  /** Ctrl+C. */
  cancel(): void {
    this.watch = null;
  }

  get watching(): boolean {
    return this.watch !== null;
  }

  /**
   * The watch's new lines since the last frame (`moved`: the timeline was sought or stepped back since then), and
   * whether the command has now ended by itself (the watch is then dropped, and the page shows its prompt again).
   */
  poll(sim: Simulation, moved: boolean): { text: string; ended: boolean } | undefined {
    if (!this.watch) return undefined;
    const { targetOf } = consoleTools();
    let out: string;
    try {
      out = moved ? this.watch.timelineMoved(targetOf(sim)) : this.watch.poll(targetOf(sim));
    } catch (err) {
      this.watch = null;
      return { text: `error: the watch stopped: ${(err as Error).message}\n`, ended: true };
    }
    if (out.length > MAX_CONSOLE_CHUNK) out = `${out.slice(0, MAX_CONSOLE_CHUNK)}\n… (${out.length - MAX_CONSOLE_CHUNK} more characters of watch output in this frame not shown)\n`;
    const ended = this.watch.done === true;
    if (ended) this.watch = null;
    return out || ended ? { text: out, ended } : undefined;
  }
}
