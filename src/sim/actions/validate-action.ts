/**
 * The shape of every {@link UserAction} and {@link Fault}, checked at the library's boundary (`Simulation.act`, a
 * recipe's inputs) before the action is logged or performed: a malformed action is answered with a message naming
 * the action, the field and what it must be (`fault delay-watch-events: "delay" is required, a number of
 * milliseconds from 0 to 31536000000 (365 days)`), and never reaches the timeline, so stepping back across it
 * replays nothing bad (issue 17). What the cluster then says about valid-looking values (an unknown resource, a
 * node that does not exist, a 422 from the api-server) is the action's outcome, not a shape error.
 *
 * Hand-written rather than zod: this module is in the page's first chunk (the simulation worker's script). Of the
 * shapes, only an apply's and a create's are here (the page's boot applies its objects); every other action and
 * fault is only a person's, and the page's worker loads the libraries before it obeys one, so their shapes are in
 * action-shapes.ts, loaded with them (through `libraries().cluster`).
 */
import type { UserAction } from './user-action.ts';
import { jsonDataProblem } from './json-data.ts';
import { libraries } from '../libraries.ts';

/** The longest duration an action or fault may name: a year of virtual time, far past any lesson or demo. */
export const MAX_ACTION_DURATION_MS = 365 * 24 * 3600 * 1000;
/** Bytes of JSON an action may carry beyond its manifests' text (a patch, objects to apply, a commit's files). */
const MAX_ACTION_JSON_BYTES = 8 * 1024 * 1024;

/** What a field must be, or null when its value is fine. */
export type Check = (v: unknown) => string | null;

export const isString: Check = (v) => (typeof v === 'string' ? null : 'a string');
const isBool: Check = (v) => (typeof v === 'boolean' ? null : 'true or false');
export const oneOf =
  (...values: string[]): Check =>
  (v) => (typeof v === 'string' && values.includes(v) ? null : `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
const manifests: Check = (v) => (typeof v === 'string' || Array.isArray(v) ? null : 'YAML text or a list of objects');

/** Required fields map to their check; optional ones are marked with a leading '?'. */
export type Shape = Record<string, Check>;

/** What every kubectl action may carry: the command line as typed, a server-side dry run, field validation. */
export const COMMAND_LINE: Shape = { '?command': isString, '?dryRun': isBool, '?fieldValidation': oneOf('Strict', 'Warn', 'Ignore') };

/** An apply's and a create's shapes: the actions the page's first frame needs (the boot's objects are applied). */
const APPLY_SHAPES: Record<'apply' | 'create', Shape> = {
  apply: { ...COMMAND_LINE, manifests, '?replace': isBool, '?fieldManager': isString, '?force': isBool },
  create: { ...COMMAND_LINE, manifests, '?fieldManager': isString, '?force': isBool },
};

/** What is wrong with the shape of `action`, or null when it may be logged and performed. Never throws. */
export function actionProblem(action: unknown): string | null {
  try {
    if (typeof action !== 'object' || action === null || Array.isArray(action)) return 'an action must be an object with a "type"';
    const a = action as Record<string, unknown>;
    if (a.type === 'apply' || a.type === 'create') {
      const wrong = fieldProblem(a, APPLY_SHAPES[a.type], a.type);
      if (wrong) return wrong;
    } else {
      // Any other type is a person's (or unknown): its shape, and the list of types, are loaded with the libraries.
      const { ACTION_SHAPES, FAULT_SHAPES } = libraries().cluster;
      const actions: Record<UserAction['type'], Shape> = { ...APPLY_SHAPES, ...ACTION_SHAPES };
      const shape = typeof a.type === 'string' && Object.hasOwn(actions, a.type) ? actions[a.type as UserAction['type']] : undefined;
      if (!shape) return `unknown action type ${describe(a.type)}: one of ${Object.keys(actions).join(', ')}`;
      const wrong = fieldProblem(a, shape, String(a.type));
      if (wrong) return wrong;
      if (a.type === 'fault') {
        const f = a.fault as Record<string, unknown>;
        const faultShape = typeof f.type === 'string' && Object.hasOwn(FAULT_SHAPES, f.type) ? FAULT_SHAPES[f.type as keyof typeof FAULT_SHAPES] : undefined;
        if (!faultShape) return `fault: unknown fault type ${describe(f.type)}: one of ${Object.keys(FAULT_SHAPES).join(', ')}`;
        const fw = fieldProblem(f, faultShape, `fault ${String(f.type)}`);
        if (fw) return fw;
      }
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
