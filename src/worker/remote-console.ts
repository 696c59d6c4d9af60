/**
 * The console while the page follows a served run (attach-host.ts): each line runs on the served simulation
 * (served-run.ts `remoteKubectl`), one at a time as a terminal runs them; what a watch prints arrives between frames
 * and is handed to the next frame ({@link take}), as the local console's watch output is (console-host.ts).
 */
import type { KubectlReply } from './protocol.ts';
import { remoteKubectl, type RemoteCommand } from './served-run.ts';

export class RemoteConsole {
  private command: RemoteCommand | null = null;
  private output = '';
  private ended = false;

  /** Runs `line` on the served run at `url` (ending a running one); `onReply` gets kubectl's answer. */
  run(url: string, line: string, io: { stdin?: string; files?: Record<string, string> }, onChange: () => void, onReply: (reply: KubectlReply) => void): void {
    this.cancel();
    const command = remoteKubectl(url, line, io, (text, ended) => {
      if (this.command !== command) return;
      this.output += text;
      if (ended) {
        this.ended = true;
        this.command = null;
      }
      onChange();
    });
    this.command = command;
    void command.reply.then((reply) => {
      if (!reply.watching && this.command === command) this.command = null;
      onReply(reply);
    });
  }

  /** Ctrl+C, a detach or a new simulation: the running command ends (the next frame says so). */
  cancel(): void {
    if (!this.command) return;
    this.command.cancel();
    this.command = null;
    this.ended = true;
  }

  /** Whether the next frame has something to print. */
  get pending(): boolean {
    return this.output !== '' || this.ended;
  }

  /** What arrived since the last frame, and whether the command ended; cleared. */
  take(): { text: string; ended: boolean } {
    const r = { text: this.output, ended: this.ended };
    this.output = '';
    this.ended = false;
    return r;
  }
}
