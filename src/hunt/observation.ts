/**
 * What the oracles compare, read from one {@link Execution}: the controller's writes (from the trace: a write is the
 * controller's when its `api.request` actor is one of the controller's, `requestActors`), the final state of every kind it wrote, normalised
 * so that two runs can be compared (Sieve's differential oracle ignores what differs run to run: UIDs,
 * resourceVersions, times, the random suffix of a generated name), what it created that outlives every owner, and
 * what moved in the quiet window.
 */
import type { KubeObject } from '../sim/api/object.ts';
import { canonicalJson } from '../sim/api/canonical-json.ts';
import { detectFights, type FieldFight } from '../sim/analysis/fight-detector.ts';
import type { ObjectRef, TraceEvent } from '../sim/trace/trace-event.ts';
import type { Execution } from './execution.ts';
import { isWriteVerb, requestActors } from './execution.ts';

/** One of the controller's successful writes. */
export interface ControllerWrite {
  verb: string;
  object: ObjectRef;
  subresource?: string;
  /** Virtual ms, and the `api.response` trace id. */
  time: number;
  traceId: number;
}

/** A final object as the differential oracle compares it. */
export interface ObservedObject {
  /** "CronJob default/nightly-backup" ("…/nightly-*" for a generated name). */
  key: string;
  /** kubectl form for an expectation: "cronjob/nightly-backup" (the real name). */
  ref: string;
  namespace?: string;
  kind: string;
  /** Canonical JSON of the normalised object. */
  shape: string;
  object: KubeObject;
}

export interface Observation {
  /** The `api.request` actor of the controller's writes (one of execution.ts `requestActors`). */
  actor: string;
  writes: ControllerWrite[];
  /** "apiVersion|kind" of every kind the controller wrote. */
  kinds: string[];
  objects: ObservedObject[];
  /** Created by the controller, alive at the end, and owned by nothing alive. */
  leaks: Array<{ object: ObservedObject; traceId: number; why: string }>;
  /** Write requests the controller sent in the quiet window (trace ids). */
  quietWrites: number[];
  /** Field fights live in the quiet window. */
  flapping: FieldFight[];
}

const NAME_SUFFIX = /-[bcdfghjklmnpqrstvwxz2456789]{5}$/;
/** Kinds a controller writes on the side, never its product: its Events and leader-election Leases. */
const SIDE_KINDS = new Set(['Event', 'Lease']);
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** The successful writes of requests sent by `actors` (the controller's, see `requestActors`), in trace order. */
export function controllerWrites(events: readonly TraceEvent[], actors: ReadonlySet<string>): ControllerWrite[] {
  const requests = new Set<number>();
  const out: ControllerWrite[] = [];
  for (const e of events) {
    if (e.kind === 'api.request' && actors.has(e.actor) && isWriteVerb(e.verb)) requests.add(e.requestId);
    else if (e.kind === 'api.response' && requests.delete(e.requestId) && e.code < 300) {
      out.push({ verb: e.verb, object: e.object, ...(e.subresource ? { subresource: e.subresource } : {}), time: e.time, traceId: e.id });
    }
  }
  return out;
}

/** The name as two runs can share it: a generated name's random suffix becomes `*`. */
export function stableName(obj: { metadata: { name?: string; generateName?: string } }): string {
  const { name = '', generateName } = obj.metadata;
  return generateName && name.startsWith(generateName) ? `${generateName}*` : name;
}

/**
 * The object without what differs run to run: UIDs, resourceVersions, times, generated suffixes, generations, and
 * annotations (controllers keep bookkeeping there that depends on the path taken, such as a Deployment's
 * `desired-replicas` on an old ReplicaSet, as Sieve masks the fields that differ between unperturbed runs).
 */
export function normalise(obj: KubeObject, withStatus = true): unknown {
  const m = obj.metadata;
  const meta: Record<string, unknown> = { name: stableText(stableName(obj)) };
  if (m.namespace) meta.namespace = m.namespace;
  if (m.labels) meta.labels = m.labels;
  if (m.ownerReferences) meta.ownerReferences = m.ownerReferences.map((o) => `${o.kind}/${o.name.replace(NAME_SUFFIX, '-*')}${o.controller ? ' (controller)' : ''}`);
  if (m.deletionTimestamp) meta.deleting = true;
  if (m.finalizers) meta.finalizers = m.finalizers;
  const { apiVersion, kind, metadata: _m, ...rest } = obj as KubeObject & Record<string, unknown>;
  const body = scrub(rest) as Record<string, unknown>;
  const status = body.status as Record<string, unknown> | undefined;
  if (!withStatus) delete body.status;
  else if (status && typeof status === 'object') delete status.observedGeneration;
  return { apiVersion, kind, metadata: meta, ...body };
}

/**
 * A generated name's random suffix anywhere ("weekly-645z4" in a status): `-*`. Upstream's suffixes are five of
 * these consonants and digits (apimachinery `utilrand.String`), which ordinary words rarely are.
 */
export function stableText(s: string): string {
  return RFC3339.test(s) ? '<time>' : s.replace(NAME_SUFFIX, '-*');
}

function scrub(v: unknown): unknown {
  if (typeof v === 'string') return stableText(v);
  if (Array.isArray(v)) return v.map(scrub);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = scrub(x);
    return out;
  }
  return v;
}

/** Reads an execution for the oracles. */
export function observe(exec: Execution, controller: string): Observation {
  const { sim } = exec;
  const events = sim.trace.slice(0);
  const actors = requestActors(sim, controller);
  const writes = controllerWrites(events, actors);
  const actor = events.find((e) => e.kind === 'api.request' && actors.has(e.actor) && isWriteVerb(e.verb))?.actor ?? controller;
  const kinds = [...new Set(writes.filter((w) => !SIDE_KINDS.has(w.object.kind)).map((w) => `${w.object.apiVersion}|${w.object.kind}`))].sort();
  const api = sim.cluster.apiServer;
  const objects: ObservedObject[] = [];
  // Status is compared only where the controller writes it (a pod's status is the kubelet's, not the ReplicaSet's).
  const statusKinds = new Set(writes.filter((w) => w.subresource === 'status').map((w) => w.object.kind));
  for (const k of kinds) {
    const [apiVersion, kind] = k.split('|') as [string, string];
    for (const o of api.listObjects(apiVersion, kind)) objects.push(observed(o, statusKinds.has(kind)));
  }
  objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.shape < b.shape ? -1 : a.shape > b.shape ? 1 : 0));

  const gc = sim.cluster.controllerNames().includes('garbage-collector-controller');
  const leaks: Observation['leaks'] = [];
  for (const w of writes) {
    if (w.verb !== 'create' || SIDE_KINDS.has(w.object.kind)) continue;
    const live = api.getObject(w.object.apiVersion, w.object.kind, w.object.namespace, w.object.name);
    if (!live || (w.object.uid && live.metadata.uid !== w.object.uid)) continue;
    const owners = live.metadata.ownerReferences ?? [];
    if (owners.length === 0) {
      leaks.push({ object: observed(live), traceId: w.traceId, why: `${w.object.kind} ${w.object.name} has no ownerReference: nothing will ever delete it` });
    } else if (gc && !owners.some((o) => ownerAlive(sim, live.metadata.namespace, o))) {
      leaks.push({ object: observed(live), traceId: w.traceId, why: `${w.object.kind} ${w.object.name} outlives its owners (${owners.map((o) => `${o.kind}/${o.name}`).join(', ')})` });
    }
  }

  const quiet = events.filter((e) => e.time >= exec.quietStart);
  const quietWrites = quiet.filter((e) => e.kind === 'api.request' && actors.has(e.actor) && isWriteVerb(e.verb)).map((e) => e.id);
  const flapping = detectFights(quiet, {}, exec.end);
  return { actor, writes, kinds, objects, leaks, quietWrites, flapping };
}

function ownerAlive(sim: Execution['sim'], namespace: string | undefined, o: { apiVersion: string; kind: string; name: string; uid: string }): boolean {
  const owner = sim.cluster.apiServer.getObject(o.apiVersion, o.kind, namespace, o.name) ?? sim.cluster.apiServer.getObject(o.apiVersion, o.kind, undefined, o.name);
  return owner?.metadata.uid === o.uid && !owner.metadata.deletionTimestamp;
}

function observed(o: KubeObject, withStatus = true): ObservedObject {
  const ns = o.metadata.namespace;
  return {
    key: `${o.kind} ${ns ? `${ns}/` : ''}${stableText(stableName(o))}`,
    ref: `${o.kind.toLowerCase()}/${o.metadata.name ?? ''}`,
    ...(ns ? { namespace: ns } : {}),
    kind: o.kind,
    shape: canonicalJson(normalise(o, withStatus)),
    object: o,
  };
}
