/**
 * CronJob schedule and time-zone checks, after kubernetes `pkg/apis/batch/validation/validation.go`
 * (`validateScheduleFormat`, `validateTimeZone`), which parse with robfig/cron v3 `ParseStandard` and Go's
 * `time.LoadLocation`.
 *
 * @remarks The parser is `croner` (5 fields enforced, plus robfig's `@every <duration>`). Field-count errors use
 * robfig's wording; other syntax errors carry croner's message, not robfig's.
 */
import { libraries } from '../../../libraries.ts';

const DESCRIPTORS = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];
const GO_DURATION = /^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/;

/** The parse error of a standard cron schedule, or undefined when it parses. */
export function cronScheduleError(schedule: string): string | undefined {
  let spec = schedule.trim();
  // robfig accepts a leading TZ=/CRON_TZ= (validation forbids it separately).
  const tz = /^(CRON_)?TZ=(\S+)\s+/.exec(spec);
  if (tz) spec = spec.slice(tz[0].length);
  if (spec.startsWith('@')) {
    if (spec.startsWith('@every ')) {
      return GO_DURATION.test(spec.slice(7).trim()) ? undefined : `failed to parse duration ${spec}: time: invalid duration "${spec.slice(7).trim()}"`;
    }
    return DESCRIPTORS.includes(spec) ? undefined : `unrecognized descriptor: ${spec}`;
  }
  const fields = spec.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
  try {
    new (libraries().Cron)(fields.join(' '), { paused: true });
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** The problem with an IANA time-zone name, or undefined when it is valid (`time.LoadLocation`). */
export function timeZoneError(timeZone: string): string | undefined {
  if (timeZone.toLowerCase() === 'local') return 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones';
  if (timeZone === '') return 'timeZone must be nil or non-empty string';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return undefined;
  } catch {
    return `unknown time zone ${timeZone}`;
  }
}
