/**
 * The page's single connection to the simulation worker, and the commands panels call. Components import these
 * functions; none of them talks to the worker directly.
 */
import type { ActReply, InspectResult, ObjectRef, SimulationRecipe, UserAction } from '../../worker/protocol.ts';
import { useSim } from '../state/sim-store.ts';
import { SimClient } from './sim-client.ts';

let client: SimClient | null = null;

function get(): SimClient {
  if (!client) {
    client = new SimClient(
      (frame) => useSim.getState().applyFrame(frame),
      (message) => useSim.getState().setError(message),
    );
  }
  return client;
}

export interface StartOptions {
  seed: number | string;
  nodes?: number;
  manifests?: string;
  scenario?: string;
  recipe?: SimulationRecipe;
}

/** Starts (or restarts) the simulation. Resolves with an error message, or null when it runs. */
export async function start(options: StartOptions): Promise<string | null> {
  const reply = await get().request({ type: 'init', v: 1, setup: options });
  if (!reply.ok) {
    useSim.getState().setError(reply.error);
    return reply.error;
  }
  useSim.getState().setError(null);
  return null;
}

export const play = () => get().send({ type: 'play' });
export const pause = () => get().send({ type: 'pause' });
export const setSpeed = (speed: number) => get().send({ type: 'speed', speed });
export const stepForward = (count = 1) => get().send({ type: 'step', count });
export const stepBack = (count = 1) => get().send({ type: 'stepBack', count });
export const seekStep = (step: number) => get().send({ type: 'seek', step });
export const seekTime = (time: number) => get().send({ type: 'seek', time });
export const advance = (ms: number) => get().send({ type: 'advance', ms });
export const focusController = (name: string | null) => get().send({ type: 'focusController', name });

export async function act(action: UserAction): Promise<ActReply> {
  const reply = await get().request({ type: 'act', action });
  if (!reply.ok) return { ok: false, messages: [reply.error], results: [], errors: [{ line: 0, column: 0, message: reply.error }] };
  if (reply.kind !== 'act') throw new Error('unexpected reply');
  return reply.result;
}

export async function inspect(ref: Pick<ObjectRef, 'apiVersion' | 'kind' | 'namespace' | 'name'>): Promise<InspectResult | null> {
  const reply = await get().request({ type: 'inspect', ref });
  return reply.ok && reply.kind === 'inspect' ? reply.result : null;
}

export async function recipe(): Promise<SimulationRecipe | null> {
  const reply = await get().request({ type: 'recipe' });
  return reply.ok && reply.kind === 'recipe' ? reply.recipe : null;
}
