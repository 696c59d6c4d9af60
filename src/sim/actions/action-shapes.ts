/**
 * The shapes of the user actions other than apply and create, and of every fault, which validate-action.ts checks
 * (see there). Only a person's input gives them, and the page's worker loads the libraries before it obeys one, so
 * they are loaded with the simulation's libraries (`src/sim/libraries.ts`, through cluster/on-demand.ts).
 */
import type { Fault, UserAction } from './user-action.ts';
import { COMMAND_LINE, isString, MAX_ACTION_DURATION_MS, oneOf, type Check, type Shape } from './validate-action.ts';

const DURATION_TEXT = `a number of milliseconds from 0 to ${MAX_ACTION_DURATION_MS} (365 days)`;

const nonEmpty: Check = (v) => (typeof v === 'string' && v !== '' ? null : 'a non-empty string');
const duration: Check = (v) => (typeof v === 'number' && v >= 0 && v <= MAX_ACTION_DURATION_MS ? null : DURATION_TEXT);
const probability: Check = (v) => (typeof v === 'number' && v >= 0 && v <= 1 ? null : 'a number from 0 to 1');
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
const present: Check = (v) => (v === undefined ? 'any JSON value' : null);

const TARGET: Shape = { resource: nonEmpty, name: nonEmpty, '?namespace': isString };

/** Keyed by every action type but apply and create (validate-action.ts): a new one fails to compile until its shape is here. */
export const ACTION_SHAPES: Record<Exclude<UserAction['type'], 'apply' | 'create'>, Shape> = {
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

/** Keyed by every fault type. */
export const FAULT_SHAPES: Record<Fault['type'], Shape> = {
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
