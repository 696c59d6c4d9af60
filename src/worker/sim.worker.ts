/// <reference lib="webworker" />
/**
 * The Web Worker that hosts one simulation. All logic is in {@link SimHost}; this file only connects it to
 * `postMessage` and ticks it about every animation frame (workers have no requestAnimationFrame everywhere).
 */
import { SimHost } from './sim-host.ts';
import type { WorkerMessage } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const host = new SimHost((message: WorkerMessage) => scope.postMessage(message), () => performance.now());
scope.onmessage = (e: MessageEvent) => host.receive(e.data);
setInterval(() => host.tick(), 16);
