/**
 * The commands the page sends before the worker's on-demand parts are in (`on-demand.ts`: zod and the full command
 * schema of `commands.ts` among them), checked here by hand so the worker's first script need not carry zod: the
 * boot's `init` with objects (the default demo), and the time controls (play, pause, speed, step, stepBack, seek,
 * advance, undoFork, focusController, kubectlCancel, detach). Every other message waits for the on-demand parts
 * (`needs-libraries.ts`), and once they are in, every message is checked by `commands.ts` alone.
 *
 * Each check here is `commands.ts`'s for the same command (the same bounds; unknown keys dropped, as zod's objects
 * drop them): `first-commands.test.ts` holds the two to the same verdicts over generated messages.
 */
import type { Command } from './commands.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

type Parsed = { ok: true; command: Command } | { ok: false; error: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const inRange = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const bad = (path: string, what: string): Parsed => ({ ok: false, error: `invalid command: ${path}: ${what}` });

function optionalCount(m: Record<string, unknown>): number | undefined | Parsed {
  if (m['count'] === undefined) return undefined;
  return isInt(m['count']) && m['count'] >= 1 && m['count'] <= 100_000 ? m['count'] : bad('count', 'expected an integer from 1 to 100000');
}

function init(m: Record<string, unknown>): Parsed {
  if (m['v'] !== PROTOCOL_VERSION) return bad('v', `expected ${PROTOCOL_VERSION}`);
  if (!isInt(m['requestId'])) return bad('requestId', 'expected an integer');
  const setup = m['setup'];
  if (!isRecord(setup)) return bad('setup', 'expected an object');
  const seed = setup['seed'];
  if (!isInt(seed) && !(typeof seed === 'string' && seed.length <= 200)) return bad('setup.seed', 'expected an integer or a string of at most 200 characters');
  const nodes = setup['nodes'];
  if (nodes !== undefined && !(isInt(nodes) && nodes >= 0 && nodes <= 200)) return bad('setup.nodes', 'expected an integer from 0 to 200');
  const manifests = setup['manifests'];
  if (manifests !== undefined && (!Array.isArray(manifests) || manifests.length > 10_000 || !manifests.every(isRecord))) return bad('setup.manifests', 'expected at most 10000 objects');
  return { ok: true, command: { type: 'init', v: PROTOCOL_VERSION, requestId: m['requestId'], setup: { seed, ...(nodes !== undefined ? { nodes } : {}), ...(manifests !== undefined ? { manifests } : {}) } } as Command };
}

/**
 * The command, when `data` is one of the first commands (valid or not: then the error, in `commands.ts`'s form);
 * null when it is not one of them (it waits for the full schema).
 */
export function parseFirstCommand(data: unknown): Parsed | null {
  if (!isRecord(data)) return null;
  const type = data['type'];
  switch (type) {
    case 'play':
    case 'pause':
    case 'undoFork':
    case 'kubectlCancel':
    case 'detach':
      return { ok: true, command: { type } as Command };
    case 'speed':
      return inRange(data['speed'], 0.0001, 1000) ? { ok: true, command: { type, speed: data['speed'] } } : bad('speed', 'expected a number from 0.0001 to 1000');
    case 'step':
    case 'stepBack': {
      const count = optionalCount(data);
      if (typeof count === 'object') return count;
      return { ok: true, command: { type, ...(count !== undefined ? { count } : {}) } as Command };
    }
    case 'seek': {
      const { step, time } = data;
      if (step !== undefined && !(isInt(step) && step >= 0)) return bad('step', 'expected an integer of at least 0');
      if (time !== undefined && !inRange(time, 0, Number.MAX_VALUE)) return bad('time', 'expected a number of at least 0');
      return { ok: true, command: { type, ...(step !== undefined ? { step } : {}), ...(time !== undefined ? { time } : {}) } as Command };
    }
    case 'advance':
      return inRange(data['ms'], 0, 7 * 24 * 3_600_000) ? { ok: true, command: { type, ms: data['ms'] } } : bad('ms', 'expected a number from 0 to 604800000');
    case 'focusController': {
      const name = data['name'];
      return name === null || (typeof name === 'string' && name.length <= 253) ? { ok: true, command: { type, name } } : bad('name', 'expected a string of at most 253 characters, or null');
    }
    case 'init': {
      // Only an init with objects (or none) and nothing else (the default demo, the playground) is a first command.
      const setup = data['setup'];
      if (!isRecord(setup) || (setup['manifests'] !== undefined && !Array.isArray(setup['manifests'])) || Object.keys(setup).some((k) => k !== 'seed' && k !== 'nodes' && k !== 'manifests')) return null;
      return init(data);
    }
    default:
      return null;
  }
}
