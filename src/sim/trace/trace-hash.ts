/**
 * A fingerprint of a trace: FNV-1a (64-bit, as two 32-bit halves) over each event's canonical JSON. Two runs with the
 * same seed and inputs must give the same hash in any process on any machine.
 */
import type { TraceEvent } from './trace-event.ts';

export function traceHash(events: Iterable<TraceEvent>): string {
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (const e of events) {
    const s = JSON.stringify(e);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h1 >>> 13);
    }
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
