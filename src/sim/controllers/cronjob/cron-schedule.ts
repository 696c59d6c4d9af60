/**
 * The one place the CronJob controller turns virtual time into wall-clock instants for a cron library: a parsed
 * schedule whose `next(t)` is robfig/cron v3's `Schedule.Next(t)` in virtual milliseconds, plus the two wall-clock
 * formats the controller prints (RFC 3339 in a time zone, RFC 1123Z).
 *
 * Ported from robfig/cron v3 `parser.go` (`ParseStandard`: 5 fields, descriptors, `@every`, a leading `TZ=` /
 * `CRON_TZ=`), `spec.go` (`SpecSchedule.Next`: the next whole second strictly after `t` that matches, evaluated in
 * the schedule's location) and `constantdelay.go` (`Every`, `ConstantDelaySchedule.Next`).
 *
 * Virtual time maps to wall time through {@link EPOCH_MS} (src/sim/engine/clock.ts). This file never reads the
 * wall clock: every `Date` it builds comes from a virtual time it was given.
 *
 * @remarks Field matching is croner's (legacy OR of day-of-month and day-of-week when both are restricted, as
 * robfig's). `?` is rewritten to `*` (robfig reads them alike; croner would substitute the current time). robfig
 * gives up after five years without a match and returns the zero time; croner returns null, which `next` reports
 * as undefined.
 */
import type { Cron } from 'croner';
import { libraries } from '../../libraries.ts';
import { EPOCH_MS } from '../../engine/clock.ts';

/** robfig's `cron.Schedule`: the next activation strictly after `t` (virtual ms), or undefined when there is none. */
export interface CronSchedule {
  next(t: number): number | undefined;
}

const DESCRIPTORS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const GO_DURATION_UNITS: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parsed schedules, by their text: parsing is pure, so a module-level cache is safe (not simulation state). */
const cache = new Map<string, CronSchedule>();
const MAX_CACHED = 256;

/**
 * `cron.ParseStandard(spec)`: throws an Error with robfig's wording for field-count, descriptor, duration and
 * time-zone errors.
 */
export function parseStandard(spec: string): CronSchedule {
  const hit = cache.get(spec);
  if (hit) return hit;
  const parsed = parseUncached(spec);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(spec, parsed);
  return parsed;
}

function parseUncached(input: string): CronSchedule {
  if (input.length === 0) throw new Error('empty spec string');
  let spec = input;
  let timeZone = 'UTC';
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const space = spec.indexOf(' ');
    const eq = spec.indexOf('=');
    const name = space < 0 ? spec.slice(eq + 1) : spec.slice(eq + 1, space);
    if (!isValidTimeZone(name)) throw new Error(`provided bad location ${name}: unknown time zone ${name}`);
    timeZone = name;
    spec = space < 0 ? '' : spec.slice(space).trim();
  }
  if (spec.startsWith('@')) {
    if (spec.startsWith('@every ')) {
      const text = spec.slice('@every '.length).trim();
      const ms = parseGoDuration(text);
      if (ms === undefined) throw new Error(`failed to parse duration ${spec}: time: invalid duration "${text}"`);
      return new ConstantDelaySchedule(ms);
    }
    const pattern = DESCRIPTORS[spec];
    if (!pattern) throw new Error(`unrecognized descriptor: ${spec}`);
    return new SpecSchedule(pattern, timeZone);
  }
  const fields = spec.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5) throw new Error(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  return new SpecSchedule(fields.map((f) => f.replaceAll('?', '*')).join(' '), timeZone);
}

/** robfig's `SpecSchedule`, evaluated by croner in `timeZone`. */
class SpecSchedule implements CronSchedule {
  private readonly cron: Cron;
  constructor(pattern: string, timeZone: string) {
    this.cron = new (libraries().Cron)(pattern, { paused: true, timezone: timeZone, legacyMode: true });
  }
  next(t: number): number | undefined {
    const d = this.cron.nextRun(new Date(EPOCH_MS + Math.floor(t)));
    return d ? d.getTime() - EPOCH_MS : undefined;
  }
}

/** robfig's `ConstantDelaySchedule` (`@every`): at least one second, whole seconds; next = t truncated to the second + delay. */
class ConstantDelaySchedule implements CronSchedule {
  private readonly delayMs: number;
  constructor(delayMs: number) {
    this.delayMs = delayMs < 1000 ? 1000 : delayMs - (delayMs % 1000);
  }
  next(t: number): number {
    const wall = EPOCH_MS + t;
    return wall - (((wall % 1000) + 1000) % 1000) + this.delayMs - EPOCH_MS;
  }
}

/** Go's `time.ParseDuration` for positive durations ("1h", "90m", "1h30m", "2.5s"); undefined when invalid. */
export function parseGoDuration(text: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/y;
  if (text === '' || text === '0') return text === '0' ? 0 : undefined;
  let total = 0;
  let pos = 0;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    total += Number(m[1]) * GO_DURATION_UNITS[m[2]!]!;
    pos = re.lastIndex;
  }
  return pos === text.length ? total : undefined;
}

/** `time.LoadLocation(name) == nil` for the names a CronJob can carry ("UTC", IANA names). */
export function isValidTimeZone(name: string): boolean {
  if (name === '' || name.toLowerCase() === 'local') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `t.In(location).Format(time.RFC3339)`: "2016-05-19T12:00:00+02:00", or "...Z" in UTC. */
export function formatRFC3339In(t: number, timeZone: string | undefined): string {
  const wall = EPOCH_MS + Math.floor(t / 1000) * 1000;
  if (!timeZone || timeZone === 'UTC') return new Date(wall).toISOString().replace('.000Z', 'Z');
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(wall));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '00';
  const local = `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
  const asUTC = Date.parse(`${local}Z`);
  const offsetMin = Math.round((asUTC - wall) / 60_000);
  if (offsetMin === 0) return `${local}Z`;
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `t.UTC().Format(time.RFC1123Z)`: "Mon, 02 Jan 2006 15:04:05 +0000". */
export function formatRFC1123Z(t: number): string {
  const d = new Date(EPOCH_MS + Math.floor(t / 1000) * 1000);
  const p2 = (n: number): string => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${p2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
}
