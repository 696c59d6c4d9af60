/// <reference lib="webworker" />
/**
 * The Web Worker of one hunt (src/hunt), apart from the simulation's worker so that the page and its simulation stay
 * responsive while hundreds of runs go by. All logic is in hunt-host.ts. The page ends this worker to stop a hunt.
 */
import { handleHuntRequest } from './hunt-host.ts';
import type { HuntWorkerMessage } from './hunt-protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent) => void handleHuntRequest(e.data, (m: HuntWorkerMessage) => scope.postMessage(m), () => performance.now());
