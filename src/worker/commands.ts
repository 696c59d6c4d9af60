/**
 * The commands the page sends to the simulation worker, as a zod schema, and {@link parseCommand}, which the worker runs
 * on every message: the page may be driven by a share link or a hostile script, and a bad command must become an
 * error reply, never a dead worker. Kept apart from `protocol.ts` (types and the version) so that only the worker
 * bundles zod.
 */
import { z } from 'zod';
import type { UserAction } from '../sim/actions/user-action.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

const userAction = z.looseObject({ type: z.string() }) as unknown as z.ZodType<UserAction>;

const objectRef = z.object({
  apiVersion: z.string().max(253),
  kind: z.string().max(253),
  namespace: z.string().max(253).optional(),
  name: z.string().max(253),
});

export const simulationSetup = z.object({
  seed: z.union([z.number().int(), z.string().max(200)]),
  nodes: z.number().int().min(0).max(5000).optional(),
  /** Scenario file text (YAML); its manifests and timed actions are played. */
  scenario: z.string().max(8 * 1024 * 1024).optional(),
  /** Manifests applied at time 0 when there is no scenario. */
  manifests: z.string().max(8 * 1024 * 1024).optional(),
  /** A saved run to rebuild (share link). */
  recipe: z.unknown().optional(),
});
export type SimulationSetup = z.infer<typeof simulationSetup>;

export const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('init'), v: z.literal(PROTOCOL_VERSION), requestId: z.number().int(), setup: simulationSetup }),
  z.object({ type: z.literal('act'), requestId: z.number().int(), action: userAction }),
  z.object({ type: z.literal('play') }),
  z.object({ type: z.literal('pause') }),
  /** Virtual ms per wall ms: 1 is real time; the page offers 1/1000× … 100×. */
  z.object({ type: z.literal('speed'), speed: z.number().min(0.0001).max(1000) }),
  z.object({ type: z.literal('step'), count: z.number().int().min(1).max(100_000).optional() }),
  z.object({ type: z.literal('stepBack'), count: z.number().int().min(1).max(100_000).optional() }),
  z.object({ type: z.literal('seek'), step: z.number().int().min(0).optional(), time: z.number().min(0).optional() }),
  /** Jump forward in virtual time (fast-forward an hour for CronJobs). */
  z.object({ type: z.literal('advance'), ms: z.number().min(0).max(7 * 24 * 3_600_000) }),
  z.object({ type: z.literal('inspect'), requestId: z.number().int(), ref: objectRef }),
  /** Which controller's panel is open (its queue and cache details are sent with each frame), or null. */
  z.object({ type: z.literal('focusController'), name: z.string().max(253).nullable() }),
  z.object({ type: z.literal('recipe'), requestId: z.number().int() }),
]);
export type Command = z.infer<typeof commandSchema>;

/** Validates a command; returns a readable error instead of throwing. */
export function parseCommand(data: unknown): { ok: true; command: Command } | { ok: false; error: string } {
  const r = commandSchema.safeParse(data);
  if (r.success) return { ok: true, command: r.data };
  const issue = r.error.issues[0];
  return { ok: false, error: `invalid command: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown error'}` };
}
