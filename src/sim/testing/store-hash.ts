/**
 * A digest of every object the api-server stores (and its revision): equal before and after an input means the
 * input wrote nothing. For tests and the fuzz suites ("state unchanged after a refusal").
 */
import type { Simulation } from '../simulation.ts';

export function storeHash(sim: Simulation): string {
  const api = sim.cluster.apiServer;
  const parts: string[] = [`revision ${api.revision}`];
  for (const info of api.resourcesInfo()) {
    const apiVersion = info.group ? `${info.group}/${info.version}` : info.version;
    for (const o of api.listObjects(apiVersion, info.kind)) parts.push(JSON.stringify(o));
  }
  return fnv1a(parts.join('\n'));
}

/** 32-bit FNV-1a of a string, in hex. */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
