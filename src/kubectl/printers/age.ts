/**
 * Ages as kubectl prints them: apimachinery `util/duration` (`HumanDuration`, `ShortHumanDuration`) and the printers'
 * `translateTimestampSince` (kubernetes `pkg/printers/internalversion/printers.go`), over the simulation's virtual
 * clock: `now` is virtual milliseconds, timestamps are the RFC 3339 text the objects carry.
 */
import { EPOCH_MS } from '../../sim/engine/clock.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Go's `int(x)` of a float: truncation toward zero. */
const int = (x: number): number => Math.trunc(x);

/** `duration.HumanDuration`: ~2-3 significant figures ("59s", "2m30s", "10m", "3h5m", "2d3h", "3y20d"). */
export function humanDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '<invalid>';
  const seconds = int(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = int(ms / MINUTE);
  if (minutes < 10) {
    const s = int(ms / SECOND) % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = int(ms / HOUR);
  if (hours < 8) {
    const m = int(ms / MINUTE) % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${int(hours / 24)}d` : `${int(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${int(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = int(hours / 24) % 365;
    return dy === 0 ? `${int(hours / 24 / 365)}y` : `${int(hours / 24 / 365)}y${dy}d`;
  }
  return `${int(hours / 24 / 365)}y`;
}

/** `duration.ShortHumanDuration`: one unit ("59s", "5m", "3h", "12d", "2y"). */
export function shortHumanDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '<invalid>';
  const seconds = int(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = int(ms / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = int(ms / HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${int(hours / 24)}d`;
  return `${int(ms / HOUR / 24 / 365)}y`;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Parses a `metav1.Time` / `metav1.MicroTime` text into virtual milliseconds; undefined when it is not RFC 3339
 * (Go would have refused to decode such an object; here a printer shows "<unknown>" instead of failing).
 */
export function parseTimestamp(value: unknown): number | undefined {
  if (typeof value !== 'string' || !RFC3339.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms - EPOCH_MS;
}

/** printers.go `translateTimestampSince`: "<unknown>" for a zero (absent) time, else HumanDuration(now - t). */
export function translateTimestampSince(now: number, timestamp: unknown): string {
  const t = parseTimestamp(timestamp);
  if (t === undefined) return '<unknown>';
  return humanDuration(now - t);
}

/** The same for a `metav1.MicroTime` (Event.eventTime, series.lastObservedTime). */
export const translateMicroTimestampSince = translateTimestampSince;
