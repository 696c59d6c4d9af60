/**
 * A run's recipe (`SimulationRecipe`: the cluster's options, the input log, the viewed step) as it arrives from a
 * share link or a saved file: data from anyone, validated here before the worker re-executes it. Every count and
 * duration is bounded to what the worker can rebuild in reasonable time and memory, and a value out of range is an
 * error that names the field, instead of a hang or a crash later (issue 17's "share links hang the worker").
 * The actions of the input log are checked by the simulation itself when they are replayed (it never throws for bad
 * input); here only their envelope is.
 */
import { z } from '../sim/scenario/zod.ts';
import { MAX_RECIPE_STEPS, MAX_RECIPE_TIME_MS as MAX_TIME_MS, type SimulationRecipe } from '../sim/simulation.ts';

/** The most scheduler steps a recipe may ask to replay (the library's own bound, `Simulation.fromRecipe`). */
export { MAX_RECIPE_STEPS };
/** The most inputs (user actions and faults) in one recipe. */
export const MAX_RECIPE_INPUTS = 10_000;

const name = z.string().check(z.minLength(1), z.maxLength(253));
const quantity = z.string().check(z.maxLength(32));
const ms = z.number().check(z.minimum(0), z.maximum(3_600_000));
const latency = z.object({ meanMs: ms, jitterMs: ms });

const node = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(63)),
  cpu: z.optional(quantity),
  memory: z.optional(quantity),
  pods: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
  labels: z.optional(z.record(z.string().check(z.maxLength(317)), z.string().check(z.maxLength(63)))),
  taints: z.optional(
    z
      .array(z.object({ key: z.string().check(z.maxLength(317)), value: z.optional(z.string().check(z.maxLength(63))), effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']) }))
      .check(z.maxLength(32)),
  ),
});

const imageBehavior = z.object({
  behavior: z.enum(['ok', 'crash', 'exit', 'never-ready']),
  exitCode: z.optional(z.int().check(z.minimum(0), z.maximum(255))),
  runFor: z.optional(ms),
  readyAfter: z.optional(ms),
});

const options = z.object({
  seed: z.union([z.int(), z.string().check(z.maxLength(200))]),
  nodes: z.optional(z.union([z.int().check(z.minimum(0), z.maximum(200)), z.array(node).check(z.maxLength(200))])),
  network: z.optional(z.object({ requestLatency: z.optional(latency), watchLatency: z.optional(latency) })),
  clientQPS: z.optional(z.union([z.literal('off'), z.object({ qps: z.number().check(z.minimum(0.01), z.maximum(100_000)), burst: z.int().check(z.minimum(1), z.maximum(100_000)) })])),
  controllers: z.optional(z.array(name).check(z.maxLength(64))),
  controllerManagerReplicas: z.optional(z.int().check(z.minimum(1), z.maximum(5))),
  trace: z.optional(z.object({ retain: z.optional(z.enum(['full', 'count'])) })),
  gitops: z.optional(z.object({ repo: z.optional(z.record(z.string().check(z.maxLength(1024)), z.string().check(z.maxLength(1024 * 1024)))) })),
  watchHistory: z.optional(z.int().check(z.minimum(100), z.maximum(100_000))),
  runtime: z.optional(
    z.object({
      imagePullMs: z.optional(ms),
      containerStartMs: z.optional(ms),
      images: z.optional(z.record(z.string().check(z.maxLength(512)), imageBehavior)),
    }),
  ),
});

const input = z.object({
  afterStep: z.int().check(z.minimum(0), z.maximum(MAX_RECIPE_STEPS)),
  at: z.number().check(z.minimum(0), z.maximum(MAX_TIME_MS)),
  action: z.looseObject({ type: z.string().check(z.maxLength(64)) }),
});

export const recipeSchema = z.object({
  version: z.literal(1),
  options,
  inputs: z.array(input).check(z.maxLength(MAX_RECIPE_INPUTS)),
  step: z.int().check(z.minimum(0), z.maximum(MAX_RECIPE_STEPS)),
  time: z.optional(z.number().check(z.minimum(0), z.maximum(MAX_TIME_MS))),
});

/** The recipe, or what is wrong with it (the first problem, with its path). */
export function parseRecipe(data: unknown): { ok: true; recipe: SimulationRecipe } | { ok: false; error: string } {
  const r = recipeSchema.safeParse(data);
  if (r.success) return { ok: true, recipe: r.data as unknown as SimulationRecipe };
  const issue = r.error.issues[0];
  return { ok: false, error: issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'not a recipe' };
}
