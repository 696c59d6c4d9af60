/**
 * Plays generated first-script inputs (an `init` with objects that needs-libraries.ts answers false for, then time
 * controls) through SimHosts whose on-demand libraries never load, and prints one JSON line per input saying whether
 * anything reached for them: the host's reported miss, failed replies, and the simulation's own trace (an api-server
 * 5xx, a reconcile that ended in the libraries' error). Run in a process of its own (first-script.property.test.ts):
 * the tests' setup file loads the libraries in theirs, and `librariesMissed()` is per process.
 *
 * Usage: node --import tsx src/worker/testing/first-script-inputs.ts < inputs.json
 * where inputs.json is an array of {@link FirstScriptInput}. An input's `force` objects are applied straight to the
 * host's simulation after the init, past every check (as a bug would be): the test that the guard can fail uses it.
 *
 * The wall clock moves a little at each read, so the host works in budgeted slices as on the page (an `advance` of an
 * hour takes many ticks), and the trace is read after every tick, before its window could drop anything unread.
 */
import { needsLibraries } from '../needs-libraries.ts';
import { SimHost } from '../sim-host.ts';
import type { WorkerMessage } from '../protocol.ts';
import { librariesMissed } from '../../sim/libraries.ts';
import type { Simulation } from '../../sim/simulation.ts';

/** One generated input: the init's setup and the time controls that follow it. */
export interface FirstScriptInput {
  setup: { seed: number | string; nodes?: number; manifests: object[] };
  controls: Array<Record<string, unknown>>;
  force?: object[];
}

/** What one input did, as printed. */
export interface FirstScriptOutcome {
  index: number;
  /** needsLibraries() answered true for a message sent (the input was not a first-script input). */
  needed: string[];
  /** The host's error messages and failed replies. */
  errors: string[];
  /**
   * An earlier input in this process had already reached for the libraries (`librariesMissed()` stays true, so this
   * input's host reports that miss too): only the first failing input is to blame.
   */
  missedBefore: boolean;
  /** Trace events that show a library reached for: api-server 5xx answers, reconciles that failed on the libraries. */
  misses: string[];
  /** Events the trace dropped before they were read (the check would be blind to them). */
  unread: number;
  /** The controllers that acted (a reconcile.act; every node's kubelet as "kubelet"), sorted: how far the input went. */
  acted: string[];
  now: number;
  steps: number;
}

const LIBRARY_ERROR = /loadLibraries\(\)|not loaded/;
/** Ticks at most per control (a guard against a host that never settles). */
const MAX_TICKS = 20_000;

interface HostInternals {
  sim: Simulation | null;
  target: number | null;
  stepsLeft: number;
}

function play(input: FirstScriptInput, index: number): FirstScriptOutcome {
  const outcome: FirstScriptOutcome = { index, needed: [], errors: [], missedBefore: librariesMissed(), misses: [], unread: 0, acted: [], now: 0, steps: 0 };
  const acted = new Set<string>();
  let wall = 0;
  const host = new SimHost(
    (m: WorkerMessage) => {
      if (m.type === 'error') outcome.errors.push(m.message);
      else if (m.type === 'reply' && !m.ok) outcome.errors.push(`reply ${m.requestId}: ${m.error}`);
    },
    () => (wall += 0.25),
    { loaded: () => false, load: () => new Promise<never>(() => undefined) },
  );
  const inside = host as unknown as HostInternals;
  let read = 0;
  const readTrace = () => {
    const trace = inside.sim?.trace;
    if (!trace) return;
    if (read > trace.length) read = trace.length; // time travel re-executes: those ids are recorded again
    if (trace.firstId > read + 1) outcome.unread += trace.firstId - read - 1;
    for (const e of trace.slice(read)) {
      if (e.kind === 'api.response' && e.code >= 500) outcome.misses.push(`${e.actor} ${e.verb} ${e.object.kind} ${e.object.name}: ${e.code} ${e.message ?? ''}`);
      else if (e.kind === 'reconcile.done' && e.error !== undefined && LIBRARY_ERROR.test(e.error)) outcome.misses.push(`${e.controller} ${e.key}: ${e.error}`);
      else if (e.kind === 'reconcile.act') acted.add(e.controller.replace(/^kubelet\/[^/]+/, 'kubelet'));
    }
    read = trace.length;
  };
  const tick = () => {
    wall += 16;
    host.tick();
    readTrace();
  };
  let requestId = 0;
  const send = (message: Record<string, unknown>) => {
    const m = message['type'] === 'init' ? { ...message, requestId: ++requestId } : message;
    if (needsLibraries(m)) outcome.needed.push(JSON.stringify(m).slice(0, 200));
    else host.receive(m);
  };

  send({ type: 'init', v: 1, setup: input.setup });
  if (input.force) inside.sim?.apply(input.force);
  send({ type: 'pause' });
  for (const control of input.controls) {
    send(control);
    if (control['type'] === 'play') {
      for (let i = 0; i < 100; i++) tick();
      continue;
    }
    tick();
    for (let i = 0; i < MAX_TICKS && (inside.target !== null || inside.stepsLeft > 0); i++) tick();
  }
  outcome.acted = [...acted].sort();
  outcome.now = inside.sim?.now ?? 0;
  outcome.steps = inside.sim?.step ?? 0;
  return outcome;
}

let text = '';
for await (const chunk of process.stdin) text += String(chunk);
const inputs = JSON.parse(text) as FirstScriptInput[];
inputs.forEach((input, i) => process.stdout.write(`${JSON.stringify(play(input, i))}\n`));
