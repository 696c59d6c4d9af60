/**
 * Virtual time. The simulation measures time in integer-ish milliseconds since its start; objects show it as
 * RFC 3339 wall time counted from a fixed epoch, so the same run prints the same timestamps on every machine.
 */

/** The wall-clock instant that virtual time 0 stands for: 2026-01-01T00:00:00Z. */
export const EPOCH_MS = Date.UTC(2026, 0, 1);

/**
 * The last instant virtual time can name: 9999-12-31T23:59:59Z, the last RFC 3339 can write (four-digit years).
 * A timer due later can never fire in a run ({@link Scheduler.at} does not keep it), and a timestamp later than
 * this (a grace period of 9e18 seconds) is written as this.
 */
export const MAX_VIRTUAL_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59) - EPOCH_MS;

/** `virtualMs` within what a timestamp can show (NaN: the epoch). */
function showable(virtualMs: number): number {
  if (Number.isNaN(virtualMs)) return 0;
  return Math.min(Math.max(virtualMs, -EPOCH_MS), MAX_VIRTUAL_TIME_MS);
}

/** Kubernetes' `metav1.Time` format: RFC 3339, seconds precision, UTC ("2026-01-01T00:00:05Z"). Never throws. */
export function rfc3339(virtualMs: number): string {
  const second = Math.floor(showable(virtualMs) / 1000);
  let text = textOfSecond.get(second);
  if (text === undefined) {
    if (textOfSecond.size >= 1024) textOfSecond.clear();
    text = new Date(EPOCH_MS + second * 1000).toISOString().replace('.000Z', 'Z');
    textOfSecond.set(second, text);
  }
  return text;
}

/**
 * One text per second (a pure cache, not sim state): every write stamps a time, and the seconds asked for interleave
 * (a status stamps now next to a container's start a second earlier), so that each stored object, condition and Event
 * of the same second shares one string instead of a copy each (at 10,000 pods one second's text had 10,000 copies).
 */
const textOfSecond = new Map<number, string>();

/** Kubernetes' `metav1.MicroTime` format (Event.eventTime, Lease.renewTime): microseconds. */
export function rfc3339Micro(virtualMs: number): string {
  virtualMs = showable(virtualMs);
  const iso = new Date(EPOCH_MS + Math.floor(virtualMs)).toISOString(); // ...T00:00:05.123Z
  const frac = Math.round((virtualMs - Math.floor(virtualMs)) * 1000).toString().padStart(3, '0');
  return iso.replace('Z', `${frac}Z`);
}

/** Parses an RFC 3339 time written by {@link rfc3339} or a user back into virtual milliseconds. */
export function parseTime(s: string): number {
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) throw new Error(`invalid time ${JSON.stringify(s)}`);
  return ms - EPOCH_MS;
}

/** Human duration for logs and summaries: 1500 → "1.5s", 90000 → "1m30s", 3 → "3ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${+ms.toFixed(3)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${+s.toFixed(3)}s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = +(s % 60).toFixed(3);
  return `${h ? `${h}h` : ''}${m || h ? `${m}m` : ''}${rest ? `${rest}s` : ''}` || '0s';
}

/** Parses Go-style durations used in scenario files and flags: "90s", "1m30s", "250ms", "2h", or a number of ms. */
export function parseDuration(input: string | number): number {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) throw new Error(`invalid duration ${input}`);
    return input;
  }
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/gy;
  const s = input.trim();
  if (s === '') throw new Error('invalid duration ""');
  let total = 0;
  let pos = 0;
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
    total += Number(m[1]) * unit;
    pos = re.lastIndex;
  }
  if (pos !== s.length) throw new Error(`invalid duration ${JSON.stringify(input)} (use e.g. "90s", "1m30s", "250ms")`);
  return total;
}
