/**
 * An object's inspection, which the page asks for when a person selects an object: the object, its field owners,
 * and its history, each write and Event with its cause chain in words (src/sim/trace/explain.ts). Loaded on demand
 * (on-demand.ts): only an `inspect` message asks for it.
 */
import type { KubeObject } from '../sim/api/object.ts';
import { fieldOwners } from '../sim/apiserver/fieldmanager/field-owners.ts';
import type { Simulation } from '../sim/simulation.ts';
import { explain } from '../sim/trace/explain.ts';
import type { InspectResult } from './protocol.ts';

/** Most history entries of an inspected object. */
const MAX_HISTORY = 40;

export function inspectObject(sim: Simulation, ref: { apiVersion: string; kind: string; namespace?: string; name: string }): InspectResult | null {
  const obj: KubeObject | undefined = sim.cluster.apiServer.getObject(ref.apiVersion, ref.kind, ref.namespace, ref.name);
  const trace = sim.trace;
  const history: InspectResult['history'] = [];
  for (let id = trace.length; id >= trace.firstId && history.length < MAX_HISTORY; id--) {
    const e = trace.get(id);
    if (!e) continue;
    const about =
      (e.kind === 'api.response' && e.code < 400 && e.verb !== 'get' && e.verb !== 'list' && e.rv !== undefined && sameRef(e.object, ref)) ||
      (e.kind === 'k8s.event' && sameRef(e.involvedObject, ref));
    if (about) history.push({ event: e, story: explain(trace, e.id) });
  }
  history.reverse();
  if (!obj && history.length === 0) return null;
  return { object: obj ?? null, owners: obj ? fieldOwners(obj) : [], history };
}

function sameRef(a: { kind: string; namespace?: string; name: string }, b: { kind: string; namespace?: string; name: string }): boolean {
  return a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');
}
