/**
 * The commands the page sends to the simulation worker, as a zod schema, and {@link parseCommand}, which the worker runs
 * on every message: the page may be driven by a share link or a hostile script, and a bad command must become an
 * error reply, never a dead worker. Kept apart from `protocol.ts` (types and the version) so that only the worker
 * bundles zod.
 */
import { z } from '../sim/scenario/zod.ts';
import type { UserAction } from '../sim/actions/user-action.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

const userAction = z.looseObject({ type: z.string() }) as unknown as z.ZodMiniType<UserAction>;

const objectRef = z.object({
  apiVersion: z.string().check(z.maxLength(253)),
  kind: z.string().check(z.maxLength(253)),
  namespace: z.optional(z.string().check(z.maxLength(253))),
  name: z.string().check(z.maxLength(253)),
});

/** The most text one command may carry: the api-server's request limit is 3 MiB; the parsers refuse more with their own message. */
const MAX_FILE = 8 * 1024 * 1024;

const predictAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), choice: z.string().check(z.maxLength(253)) }),
  z.object({ kind: z.literal('multiple'), choices: z.array(z.string().check(z.maxLength(253))).check(z.maxLength(100)) }),
  z.object({ kind: z.literal('number'), value: z.number() }),
  z.object({ kind: z.literal('controller'), controller: z.string().check(z.maxLength(253)) }),
  z.object({ kind: z.literal('label-events'), labels: z.record(z.string().check(z.maxLength(253)), z.string().check(z.maxLength(253))) }),
]);

export const simulationSetup = z.object({
  seed: z.union([z.int(), z.string().check(z.maxLength(200))]),
  // As a share link's recipe (recipe-schema.ts): 200 nodes play a minute in about 2 s; 5,000 hung the worker.
  nodes: z.optional(z.int().check(z.minimum(0), z.maximum(200))),
  /** Scenario file text (YAML); its manifests and timed actions are played. */
  scenario: z.optional(z.string().check(z.maxLength(8 * 1024 * 1024))),
  /**
   * Manifests applied at time 0 when there is no scenario: YAML text, or objects (the page's default demo, which then
   * starts without the worker loading its YAML library; see needs-libraries.ts).
   */
  manifests: z.optional(z.union([z.string().check(z.maxLength(8 * 1024 * 1024)), z.array(z.looseObject({})).check(z.maxLength(10_000))])),
  /** A saved run to rebuild (share link). */
  recipe: z.optional(z.unknown()),
  /** A lesson file's text (lessons/*.yaml), opened at `step` (0-based; earlier steps are completed by their solutions). */
  lesson: z.optional(z.object({ text: z.string().check(z.maxLength(MAX_FILE)), step: z.optional(z.int().check(z.minimum(0), z.maximum(1000))) })),
});
export type SimulationSetup = z.infer<typeof simulationSetup>;

export const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('init'), v: z.literal(PROTOCOL_VERSION), requestId: z.int(), setup: simulationSetup }),
  z.object({ type: z.literal('act'), requestId: z.int(), action: userAction }),
  z.object({ type: z.literal('play') }),
  z.object({ type: z.literal('pause') }),
  /** Virtual ms per wall ms: 1 is real time; the page offers 1/1000× … 100×. */
  z.object({ type: z.literal('speed'), speed: z.number().check(z.minimum(0.0001), z.maximum(1000)) }),
  z.object({ type: z.literal('step'), count: z.optional(z.int().check(z.minimum(1), z.maximum(100_000))) }),
  z.object({ type: z.literal('stepBack'), count: z.optional(z.int().check(z.minimum(1), z.maximum(100_000))) }),
  z.object({ type: z.literal('seek'), step: z.optional(z.int().check(z.minimum(0))), time: z.optional(z.number().check(z.minimum(0))) }),
  /** Undo the last fork (acting in the past), once, while no input followed it. */
  z.object({ type: z.literal('undoFork') }),
  /** Jump forward in virtual time (fast-forward an hour for CronJobs). */
  z.object({ type: z.literal('advance'), ms: z.number().check(z.minimum(0), z.maximum(7 * 24 * 3_600_000)) }),
  z.object({ type: z.literal('inspect'), requestId: z.int(), ref: objectRef }),
  /** Which controller's panel is open (its queue and cache details are sent with each frame), or null. */
  z.object({ type: z.literal('focusController'), name: z.nullable(z.string().check(z.maxLength(253))) }),
  z.object({ type: z.literal('recipe'), requestId: z.int() }),
  /** One kubectl command line typed in the console; `files` are what `-f NAME` may name (the editor's buffer). */
  z.object({
    type: z.literal('kubectl'),
    requestId: z.int(),
    line: z.string().check(z.maxLength(64 * 1024)),
    stdin: z.optional(z.string().check(z.maxLength(MAX_FILE))),
    files: z.optional(z.record(z.string().check(z.maxLength(253)), z.string().check(z.maxLength(MAX_FILE)))),
  }),
  /** Ctrl+C: ends a running `kubectl get -w`. */
  z.object({ type: z.literal('kubectlCancel') }),
  /** Tab: `files` are the names `-f` may complete to (the editor's buffer). */
  z.object({
    type: z.literal('kubectlComplete'),
    requestId: z.int(),
    line: z.string().check(z.maxLength(64 * 1024)),
    cursor: z.int().check(z.minimum(0)),
    files: z.optional(z.array(z.string().check(z.maxLength(253))).check(z.maxLength(100))),
  }),
  /** `kubectl edit`: the edited text of the object the console opened, saved from the editor. */
  z.object({ type: z.literal('kubectlEditSave'), requestId: z.int(), ref: objectRef, yaml: z.string().check(z.maxLength(MAX_FILE)) }),
  /**
   * The trace up to the viewed step, as a file: JSON Lines, or the Chrome trace event format (Perfetto); or the
   * session as a scenario file that `npx loopscope run` replays to the same trace (sim/scenario/export-scenario.ts).
   */
  z.object({ type: z.literal('export'), requestId: z.int(), format: z.enum(['jsonl', 'chrome', 'scenario']) }),
  /** Follow the simulation `loopscope serve` serves at `url` (its origin): see attach-host.ts. */
  z.object({ type: z.literal('attach'), requestId: z.int(), url: z.string().check(z.maxLength(2048)) }),
  /** Stop following it; the run stays, now local. */
  z.object({ type: z.literal('detach') }),
  /** The open lesson: answer its question, give up (reveal), perform its solution (showMe), or move between steps. */
  z.object({
    type: z.literal('lesson'),
    requestId: z.int(),
    op: z.enum(['answer', 'reveal', 'showMe', 'next', 'back', 'close']),
    answer: z.optional(predictAnswer),
  }),
]);
export type Command = z.infer<typeof commandSchema>;

/** Validates a command; returns a readable error instead of throwing. */
export function parseCommand(data: unknown): { ok: true; command: Command } | { ok: false; error: string } {
  const r = commandSchema.safeParse(data);
  if (r.success) return { ok: true, command: r.data };
  const issue = r.error.issues[0];
  return { ok: false, error: `invalid command: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown error'}` };
}
