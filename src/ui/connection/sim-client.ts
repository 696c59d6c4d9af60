/**
 * The page's end of the worker protocol: starts the simulation worker, sends commands, matches replies to
 * requests, and hands frames to the store. The only way src/ui reaches the simulation.
 */
import type { Command, Reply, WorkerMessage, Frame } from '../../worker/protocol.ts';
import { PROTOCOL_VERSION } from '../../worker/protocol.ts';

type Pending = { resolve: (r: Reply) => void };
type WithoutRequestId<C> = C extends { requestId: number } ? Omit<C, 'requestId'> : never;

export class SimClient {
  private worker: Worker;
  private nextId = 1;
  private pending = new Map<number, Pending>();

  constructor(
    private readonly onFrame: (frame: Frame) => void,
    private readonly onError: (message: string) => void,
  ) {
    this.worker = new Worker(new URL('../../worker/sim.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<WorkerMessage>) => this.receive(e.data);
    this.worker.onerror = (e) => this.onError(`the simulation worker failed: ${e.message}`);
  }

  /** Fire-and-forget commands (play, pause, step…). */
  send(command: Exclude<Command, { requestId: number }>): void {
    this.worker.postMessage(command);
  }

  /** Commands with a reply. */
  request(command: WithoutRequestId<Extract<Command, { requestId: number }>>): Promise<Reply> {
    const requestId = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(requestId, { resolve });
      this.worker.postMessage({ ...command, requestId });
    });
  }

  terminate(): void {
    this.worker.terminate();
  }

  private receive(m: WorkerMessage): void {
    if (!m || typeof m !== 'object') return;
    if (m.type === 'frame') {
      if (m.v !== PROTOCOL_VERSION) return this.onError(`the worker speaks protocol v${m.v}; this page expects v${PROTOCOL_VERSION}`);
      this.onFrame(m);
    } else if (m.type === 'reply') {
      const p = this.pending.get(m.requestId);
      this.pending.delete(m.requestId);
      p?.resolve(m);
    } else if (m.type === 'error') {
      this.onError(m.message);
    }
  }
}
