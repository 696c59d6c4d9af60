/**
 * The oracles: what says a perturbed run went wrong. Each failure carries the trace id of the bad write when there
 * is one (its cause chain is the story) and an expectation, in the scenario file's language, that fails on a replay
 * of the same run: so `loopscope run` on the minimised schedule shows the failure too.
 *
 * Absolute (they hold for the unperturbed run as well):
 * - `not-converged`: eventually stable reconciliation (Anvil's ESR) — after the perturbations stop the cluster
 *   converges (`Simulation.isConverged`: queues empty, statuses current);
 * - `flapping-field`: in the quiet window no field is rewritten back and forth by two managers (the fight detector);
 * - `leaked-object`: everything the controller created and that is still alive has a live owner;
 * - `invariant`: the workload's own end-of-run expectations.
 * Differential (against the unperturbed run, Sieve's oracle):
 * - `write-storm`: the controller writes in the quiet window more than it does unperturbed;
 * - `unexpected-delete`: it deleted an object the unperturbed run never deletes;
 * - `differs-from-unperturbed`: the final objects of the kinds it writes differ (normalised: no UIDs,
 *   resourceVersions, times or generated suffixes), so an object is missing, extra (a duplicate) or different.
 */
import type { ExpectationResult } from '../sim/scenario/run-scenario.ts';
import { getField, jsonEqual } from '../sim/scenario/matchers.ts';
import type { Execution } from './execution.ts';
import { stableText, type Observation, type ObservedObject } from './observation.ts';

export const ORACLES = ['not-converged', 'flapping-field', 'leaked-object', 'invariant', 'write-storm', 'unexpected-delete', 'differs-from-unperturbed'] as const;
export type Oracle = (typeof ORACLES)[number];

/** An expectation in scenario-file syntax (docs/scenario-format.md). */
export type FileExpectation = Record<string, unknown>;

export interface Failure {
  oracle: Oracle;
  /** What went wrong, in one sentence. */
  message: string;
  /** The trace id of the bad write, when there is one. */
  traceId?: number;
  /** Fails on a replay of the run (checked at the end: no `at`/`by`). */
  expectation?: FileExpectation;
}

/** Writes in the quiet window allowed beyond the unperturbed run's. */
export const QUIET_WRITE_SLACK = 2;

/** The absolute oracles, for any run (the unperturbed one too). */
export function absoluteFailures(exec: Execution, obs: Observation): Failure[] {
  const out: Failure[] = [];
  if (!exec.convergence.converged) {
    out.push({ oracle: 'not-converged', message: `the cluster did not converge after the perturbations stopped: ${exec.convergence.reasons.slice(0, 3).join('; ')}`, expectation: { converged: true } });
  }
  for (const f of obs.flapping) {
    const object = `${f.object.kind.toLowerCase()}/${f.object.name}`;
    out.push({
      oracle: 'flapping-field',
      message: `${f.field} of ${f.object.kind} ${f.object.name} flips between ${f.managers.join(' and ')} (${f.flips} times) after the perturbations stopped`,
      expectation: { fight: { object, ...(f.object.namespace ? { namespace: f.object.namespace } : {}), field: f.field }, happened: false, between: [exec.quietStart, exec.end] },
    });
  }
  for (const l of obs.leaks) {
    const noOwner = !l.object.object.metadata.ownerReferences?.length;
    out.push({
      oracle: 'leaked-object',
      message: `leaked: ${l.why}`,
      traceId: l.traceId,
      expectation: { object: l.object.ref, ...ns(l.object), field: noOwner ? 'metadata.ownerReferences' : 'metadata.name', exists: noOwner },
    });
  }
  for (const r of exec.invariants.filter((x) => !x.passed)) out.push(invariantFailure(r));
  return out;
}

function invariantFailure(r: ExpectationResult): Failure {
  const f: Failure = { oracle: 'invariant', message: `${r.source.path} (${r.description}): ${r.message}` };
  if (r.traceIds[0] !== undefined) f.traceId = r.traceIds[0];
  return f;
}

/** The differential oracles: a perturbed run against the unperturbed one. */
export function differentialFailures(controller: string, ref: Observation, exec: Execution, obs: Observation): Failure[] {
  const out: Failure[] = [];
  const allowed = ref.quietWrites.length + QUIET_WRITE_SLACK;
  if (obs.quietWrites.length > allowed) {
    out.push({
      oracle: 'write-storm',
      message: `${controller} sent ${obs.quietWrites.length} writes in the quiet window (${ref.quietWrites.length} unperturbed)`,
      traceId: obs.quietWrites[0]!,
      expectation: { trace: { kind: 'api.request', actor: obs.actor, verb: '/^(create|update|patch|apply|delete)$/' }, count: { max: allowed }, between: [exec.quietStart, exec.end] },
    });
  }
  const refDeletes = new Map<string, number>();
  for (const w of ref.writes) if (w.verb === 'delete') refDeletes.set(writeKey(w.object), (refDeletes.get(writeKey(w.object)) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const w of obs.writes) {
    if (w.verb !== 'delete') continue;
    const k = writeKey(w.object);
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    if (n > (refDeletes.get(k) ?? 0)) {
      const object = `${w.object.kind.toLowerCase()}/${w.object.name}`;
      out.push({
        oracle: 'unexpected-delete',
        message: `${controller} deleted ${w.object.kind} ${w.object.namespace ? `${w.object.namespace}/` : ''}${w.object.name}, which the unperturbed run ${refDeletes.has(k) ? `deletes only ${refDeletes.get(k)} time(s)` : 'keeps'}`,
        traceId: w.traceId,
        expectation: { trace: { kind: 'api.request', actor: obs.actor, verb: 'delete', object }, count: { max: refDeletes.get(k) ?? 0 } },
      });
      break;
    }
  }
  out.push(...stateDifferences(ref, obs));
  return out;
}

/** A written object's key across runs: a generated name's suffix is `*` (another run generates another). */
function writeKey(o: { kind: string; namespace?: string; name: string }): string {
  return `${o.kind} ${o.namespace ?? ''}/${stableText(o.name)}`;
}

/** The final objects of the kinds either run wrote, as multisets by key; the first few differences. */
function stateDifferences(ref: Observation, obs: Observation): Failure[] {
  const kinds = new Set([...ref.kinds, ...obs.kinds].map((k) => k.split('|')[1]!));
  const group = (objs: ObservedObject[]) => {
    const m = new Map<string, ObservedObject[]>();
    for (const o of objs) if (kinds.has(o.kind)) m.set(o.key, [...(m.get(o.key) ?? []), o]);
    return m;
  };
  const a = group(ref.objects);
  const b = group(obs.objects);
  const out: Failure[] = [];
  const lastWrite = (o: ObservedObject) => [...obs.writes].reverse().find((w) => w.object.kind === o.kind && w.object.name === o.object.metadata.name && (w.object.namespace ?? '') === (o.namespace ?? ''))?.traceId;
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const want = a.get(key) ?? [];
    const got = b.get(key) ?? [];
    const sample = got[0] ?? want[0]!;
    const count = (objs: ObservedObject[]) => objs.length;
    if (count(want) !== count(got)) {
      const created = got.length > want.length ? got.map(lastWrite).filter((x): x is number => x !== undefined).pop() : undefined;
      const f: Failure = {
        oracle: 'differs-from-unperturbed',
        message: `${got.length} × ${key} at the end, the unperturbed run has ${want.length}${got.length > want.length ? ' (a duplicate)' : ' (missing)'}`,
        expectation: { objects: { resource: sample.kind.toLowerCase(), ...ns(sample) }, equals: ref.objects.filter((o) => o.kind === sample.kind && o.namespace === sample.namespace).length },
      };
      if (created !== undefined) f.traceId = created;
      out.push(f);
    } else {
      const wantShapes = want.map((o) => o.shape).sort();
      const gotShapes = got.map((o) => o.shape).sort();
      if (wantShapes.every((s, i) => s === gotShapes[i])) continue;
      const field = firstDifference(JSON.parse(wantShapes.find((s) => !gotShapes.includes(s)) ?? wantShapes[0]!), JSON.parse(gotShapes.find((s) => !wantShapes.includes(s)) ?? gotShapes[0]!));
      const g = got[0]!;
      const refValue = getField(JSON.parse(want[0]!.shape), field);
      const f: Failure = {
        oracle: 'differs-from-unperturbed',
        message: `${key}: ${field} is ${show(getField(JSON.parse(g.shape), field))}, the unperturbed run ends with ${show(refValue)}`,
      };
      if (!g.key.endsWith('*') && refValue.found && !/<time>|-\*/.test(JSON.stringify(refValue.value))) {
        f.expectation = { object: g.ref, ...ns(g), field, equals: refValue.value };
      }
      const id = lastWrite(g);
      if (id !== undefined) f.traceId = id;
      out.push(f);
    }
    if (out.length >= 5) break;
  }
  return out;
}

function ns(o: { namespace?: string }): { namespace?: string } {
  return o.namespace ? { namespace: o.namespace } : {};
}

function show(f: { found: true; value: unknown } | { found: false }): string {
  return f.found ? JSON.stringify(f.value) : 'absent';
}

/** The dotted path of the first difference between two JSON values ("spec.schedule", "metadata.labels"). */
export function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (jsonEqual(a, b)) return path;
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const x = (a as Record<string, unknown>)[k];
      const y = (b as Record<string, unknown>)[k];
      if (!jsonEqual(x, y)) return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? firstDifference(x, y, path ? `${path}.${k}` : k) : path || k;
    }
  }
  return path || 'metadata';
}
