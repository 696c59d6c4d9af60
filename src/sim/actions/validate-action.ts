/**
 * The shape of every {@link UserAction} and {@link Fault}, checked at the library's boundary (`Simulation.act`, a
 * recipe's inputs) before the action is logged or performed: a malformed action is answered with a message naming
 * the action, the field and what it must be (`fault delay-watch-events: "delay" is required, a number of
 * milliseconds from 0 to 31536000000 (365 days)`), and never reaches the timeline, so stepping back across it
 * replays nothing bad (issue 17). What the cluster then says about valid-looking values (an unknown resource, a
 * node that does not exist, a 422 from the api-server) is the action's outcome, not a shape error.
 *
 * Hand-written rather than zod: this module is in the page's first chunk (the simulation worker's script).
 */
import type { Fault, UserAction } from './user-action.ts';
import { jsonDataProblem } from './json-data.ts';

/** The longest duration an action or fault may name: a year of virtual time, far past any lesson or demo. */
export const MAX_ACTION_DURATION_MS = 365 * 24 * 3600 * 1000;
/** Bytes of JSON an action may carry beyond its manifests' text (a patch, objects to apply, a commit's files). */
const MAX_ACTION_JSON_BYTES = 8 * 1024 * 1024;

type Check = (v: unknown) => string | null;

const DURATION_TEXT = `a number of milliseconds from 0 to ${MAX_ACTION_DURATION_MS} (365 days)`;

const isString: Check = (v) => (typeof v === 'string' ? null : 'a string');
const nonEmpty: Check = (v) => (typeof v === 'string' && v !== '' ? null : 'a non-empty string');
const isBool: Check = (v) => (typeof v === 'boolean' ? null : 'true or false');
const duration: Check = (v) => (typeof v === 'number' && v >= 0 && v <= MAX_ACTION_DURATION_MS ? null : DURATION_TEXT);
const probability: Check = (v) => (typeof v === 'number' && v >= 0 && v <= 1 ? null : 'a number from 0 to 1');
const oneOf =
  (...values: string[]): Check =>
  (v) => (typeof v === 'string' && values.includes(v) ? null : `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
const integer =
  (min: number, max: number): Check =>
  (v) => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? null : `an integer from ${min} to ${max}`);
const stringMap =
  (nullable: boolean): Check =>
  (v) => {
    const what = `a map of strings to strings${nullable ? ' (or null)' : ''}`;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return what;
    for (const x of Object.values(v)) if (typeof x !== 'string' && !(nullable && x === null)) return what;
    return null;
  };
const manifests: Check = (v) => (typeof v === 'string' || Array.isArray(v) ? null : 'YAML text or a list of objects');
const present: Check = (v) => (v === undefined ? 'any JSON value' : null);

/** Required fields map to their check; optional ones are marked with a leading '?'. */
type Shape = Record<string, Check>;

const COMMAND_LINE: Shape = { '?command': isString, '?dryRun': isBool, '?fieldValidation': oneOf('Strict', 'Warn', 'Ignore') };
const TARGET: Shape = { resource: nonEmpty, name: nonEmpty, '?namespace': isString };

/** Keyed by every action type: a new one fails to compile until its shape is here. */
const ACTIONS: Record<UserAction['type'], Shape> = {
  apply: { ...COMMAND_LINE, manifests, '?replace': isBool, '?fieldManager': isString, '?force': isBool },
  create: { ...COMMAND_LINE, manifests, '?fieldManager': isString, '?force': isBool },
  delete: { ...COMMAND_LINE, ...TARGET, '?propagationPolicy': oneOf('Background', 'Foreground', 'Orphan'), '?gracePeriodSeconds': (v) => (typeof v === 'number' ? null : 'a number of seconds') },
  // The api-server bounds replicas (int32); a number is all the shape needs.
  scale: { ...COMMAND_LINE, ...TARGET, replicas: (v) => (typeof v === 'number' ? null : 'a number') },
  patch: { ...COMMAND_LINE, ...TARGET, '?patchType': oneOf('merge', 'json', 'strategic'), patch: present, '?subresource': oneOf('status', 'scale'), '?fieldManager': isString },
  rollout: { ...COMMAND_LINE, ...TARGET, op: oneOf('undo', 'pause', 'resume', 'restart'), '?toRevision': integer(0, Number.MAX_SAFE_INTEGER) },
  cordon: { ...COMMAND_LINE, node: nonEmpty },
  uncordon: { ...COMMAND_LINE, node: nonEmpty },
  drain: { ...COMMAND_LINE, node: nonEmpty },
  'add-node': { name: nonEmpty, '?cpu': isString, '?memory': isString, '?pods': integer(0, 10_000), '?labels': stringMap(false) },
  'set-load': { resource: nonEmpty, name: nonEmpty, '?namespace': isString, '?cpu': isString, '?memory': isString },
  'git-commit': { files: stringMap(true), '?message': isString },
  'install-controller': { source: isString, '?name': isString, '?replicas': integer(1, 5) },
  'uninstall-controller': { name: nonEmpty },
  fault: { fault: (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? null : 'an object with a "type"') },
};

const FAULTS: Record<Fault['type'], Shape> = {
  'crash-controller': { controller: nonEmpty, '?restartAfter': duration },
  'pause-controller': { controller: nonEmpty },
  'resume-controller': { controller: nonEmpty },
  'drop-watch-events': { controller: nonEmpty, '?duration': duration, '?probability': probability },
  'delay-watch-events': { controller: nonEmpty, delay: duration, '?duration': duration },
  'expire-watch': { controller: nonEmpty },
  'stale-view': { controller: nonEmpty, duration },
  'apiserver-unavailable': { duration },
  'inject-conflicts': { resource: nonEmpty, '?duration': duration, '?probability': probability },
  'kill-node': { node: nonEmpty },
  'restore-node': { node: nonEmpty },
  'image-behavior': { image: nonEmpty, behavior: oneOf('ok', 'crash', 'exit', 'never-ready'), '?exitCode': integer(0, 255), '?readyAfter': duration, '?runFor': duration },
};

/** What is wrong with the shape of `action`, or null when it may be logged and performed. Never throws. */
export function actionProblem(action: unknown): string | null {
  try {
    if (typeof action !== 'object' || action === null || Array.isArray(action)) return 'an action must be an object with a "type"';
    const a = action as Record<string, unknown>;
    const shape = typeof a.type === 'string' && Object.hasOwn(ACTIONS, a.type) ? ACTIONS[a.type as UserAction['type']] : undefined;
    if (!shape) return `unknown action type ${describe(a.type)}: one of ${Object.keys(ACTIONS).join(', ')}`;
    const wrong = fieldProblem(a, shape, String(a.type));
    if (wrong) return wrong;
    if (a.type === 'fault') {
      const f = a.fault as Record<string, unknown>;
      const faultShape = typeof f.type === 'string' && Object.hasOwn(FAULTS, f.type) ? FAULTS[f.type as Fault['type']] : undefined;
      if (!faultShape) return `fault: unknown fault type ${describe(f.type)}: one of ${Object.keys(FAULTS).join(', ')}`;
      const fw = fieldProblem(f, faultShape, `fault ${String(f.type)}`);
      if (fw) return fw;
    }
    // Whatever it carries must be JSON data the timeline can copy: no cycles, functions or absurd nesting.
    const data = jsonDataProblem(typeof a.manifests === 'string' ? { ...a, manifests: '' } : a, MAX_ACTION_JSON_BYTES);
    if ('problem' in data) return data.tooLarge ? `${String(a.type)}: the action is over ${MAX_ACTION_JSON_BYTES / 1048576} MiB of data` : `${String(a.type)}: ${data.problem.replace(/^the object/, 'the action')}`;
    return null;
  } catch (e) {
    // A getter or Proxy that throws.
    return `the action could not be read: ${e instanceof Error ? e.message : String(e)}`;
  }
}

function fieldProblem(o: Record<string, unknown>, shape: Shape, what: string): string | null {
  for (const [spec, check] of Object.entries(shape)) {
    const optional = spec.startsWith('?');
    const field = optional ? spec.slice(1) : spec;
    const v = o[field];
    if (v === undefined) {
      if (optional) continue;
      return `${what}: "${field}" is required, ${check(undefined) ?? 'present'}`;
    }
    const expected = check(v);
    if (expected) return `${what}: "${field}" must be ${expected} (got ${describe(v)})`;
  }
  return null;
}

/** A short rendering of a bad value for a message. */
function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return 'a list';
  return `a ${typeof v}`;
}
