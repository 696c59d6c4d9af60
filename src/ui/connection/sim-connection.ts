/**
 * The page's single connection to the simulation worker, and the commands panels call. Components import these
 * functions; none of them talks to the worker directly.
 */
import type { ActReply, AnswerResult, Frame, InspectResult, KubectlCompletion, KubectlReply, LessonView, ObjectRef, PredictAnswer, SimulationRecipe, UserAction } from '../../worker/protocol.ts';
import { flushSync } from 'react-dom';
import { useSim } from '../state/sim-store.ts';
import { SimClient } from './sim-client.ts';

let client: SimClient | null = null;

/**
 * Frames are folded into the store at most once per animation frame: when rendering is slower than the worker's
 * ticks (a dev build, a big cluster), several frames become one render instead of a backlog that starves painting.
 * When folding them in and rendering took longer than {@link BUSY_MS}, the next fold waits one animation frame more,
 * so a busy page still gets frames that only paint (the graph's moving edges) between its renders. No frame is lost:
 * they are folded in together.
 */
let pendingFrames: Frame[] = [];
let flushScheduled = false;
let restNext = false;
const BUSY_MS = 12;

function flushFrames(): void {
  if (restNext) {
    restNext = false;
    requestAnimationFrame(flushFrames);
    return;
  }
  flushScheduled = false;
  const frames = pendingFrames;
  pendingFrames = [];
  const { applyFrame } = useSim.getState();
  const t0 = performance.now();
  // Rendered here rather than in the microtask after this callback, so that the time it takes is known.
  flushSync(() => {
    frames.forEach((f, i) => applyFrame(f, i > 0));
  });
  restNext = performance.now() - t0 > BUSY_MS;
}

/**
 * Who prints a running command's output (`kubectl get -w`, a delete waiting for its object to go: the console
 * panel); it bypasses the store, it is only printed. `ended`: the command ended by itself.
 */
type ConsoleListener = (text: string, ended: boolean) => void;
let consoleListener: ConsoleListener | null = null;

/** Sets (or clears) the one listener of a running command's output. */
export function onConsoleOutput(listener: ConsoleListener | null): void {
  consoleListener = listener;
}

function queueFrame(frame: Frame): void {
  if (frame.console || frame.consoleEnded) consoleListener?.(frame.console ?? '', frame.consoleEnded === true);
  pendingFrames.push(frame);
  if (flushScheduled) return;
  flushScheduled = true;
  requestAnimationFrame(flushFrames);
}

function get(): SimClient {
  if (!client) {
    client = new SimClient(
      (frame) => queueFrame(frame),
      (message) => useSim.getState().setError(message),
    );
  }
  return client;
}

export interface StartOptions {
  seed: number | string;
  nodes?: number;
  /** YAML text, or objects (the default demo: the worker then starts without loading its YAML library). */
  manifests?: string | Record<string, unknown>[];
  scenario?: string;
  recipe?: SimulationRecipe;
  /** A lesson file's text, opened at `step` (0-based). */
  lesson?: { text: string; step?: number };
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

/**
 * Follows the simulation `loopscope serve` serves at `url` instead of running one here: resolves with an error
 * message, or null once its run is rebuilt and followed.
 */
export async function attach(url: string): Promise<string | null> {
  const reply = await get().request({ type: 'attach', url });
  if (!reply.ok) return reply.error;
  useSim.getState().setError(null);
  return null;
}
/** Stops following; the run stays, now local. */
export const detach = () => get().send({ type: 'detach' });

export const play = () => get().send({ type: 'play' });
export const pause = () => get().send({ type: 'pause' });
export const setSpeed = (speed: number) => get().send({ type: 'speed', speed });
export const stepForward = (count = 1) => get().send({ type: 'step', count });
export const stepBack = (count = 1) => get().send({ type: 'stepBack', count });
export const seekStep = (step: number) => get().send({ type: 'seek', step });
export const seekTime = (time: number) => get().send({ type: 'seek', time });
export const advance = (ms: number) => get().send({ type: 'advance', ms });
export const undoFork = () => get().send({ type: 'undoFork' });
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

/** What `kubectl` printed for one command line, as the worker's kubectl program ran it. */
export async function kubectl(line: string, io: { stdin?: string; files?: Record<string, string> } = {}): Promise<KubectlReply> {
  const reply = await get().request({ type: 'kubectl', line, ...io });
  if (!reply.ok) return { stdout: '', stderr: `error: ${reply.error}\n`, exitCode: 1, watching: false };
  if (reply.kind !== 'kubectl') throw new Error('unexpected reply');
  return reply.result;
}

/** Ctrl+C: stops a running `kubectl get -w`. */
export const kubectlCancel = () => get().send({ type: 'kubectlCancel' });

export async function kubectlComplete(line: string, cursor: number, files: string[] = []): Promise<KubectlCompletion> {
  const reply = await get().request({ type: 'kubectlComplete', line, cursor, files });
  return reply.ok && reply.kind === 'complete' ? reply.result : { from: cursor, candidates: [] };
}

/** Saves the object `kubectl edit` opened in the editor, as kubectl edit does when the editor closes. */
export async function kubectlEditSave(ref: Pick<ObjectRef, 'apiVersion' | 'kind' | 'namespace' | 'name'>, yaml: string): Promise<KubectlReply> {
  const reply = await get().request({ type: 'kubectlEditSave', ref, yaml });
  if (!reply.ok) return { stdout: '', stderr: `error: ${reply.error}\n`, exitCode: 1, watching: false };
  if (reply.kind !== 'kubectl') throw new Error('unexpected reply');
  return reply.result;
}

/** A learner's move in the open lesson; resolves with the new view (null: closed) and an answer's feedback. */
export async function lessonMove(op: 'answer' | 'reveal' | 'showMe' | 'next' | 'back' | 'close', answer?: PredictAnswer): Promise<{ view: LessonView | null; answer?: AnswerResult; error?: string }> {
  const reply = await get().request({ type: 'lesson', op, answer });
  if (!reply.ok) return { view: useSim.getState().lesson, error: reply.error };
  if (reply.kind !== 'lesson') throw new Error('unexpected reply');
  useSim.getState().setLesson(reply.view);
  return { view: reply.view, answer: reply.answer };
}

/**
 * The trace up to the viewed step as a file (JSON Lines, or the Chrome trace event format), or the session as a
 * scenario file that `npx loopscope run` replays to that trace; else why not, in words.
 */
export async function exportTrace(format: 'jsonl' | 'chrome' | 'scenario'): Promise<{ fileName: string; mediaType: string; text: string } | { error: string }> {
  const reply = await get().request({ type: 'export', format });
  if (!reply.ok) return { error: reply.error };
  return reply.kind === 'export' ? { fileName: reply.fileName, mediaType: reply.mediaType, text: reply.text } : { error: 'the worker answered something else' };
}
