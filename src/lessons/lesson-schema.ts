/**
 * The lesson file format (`apiVersion: loopscope/v1`, `kind: Lesson`), as a zod schema: validation, the type of a
 * parsed file and the JSON schema at docs/lesson.schema.json ({@link lessonJsonSchema}). docs/lesson-format.md
 * explains it. It reuses the scenario format's pieces (durations, nodes, options, manifests, actions, expectations,
 * event and trace matchers): a lesson's checks are the scenario expectation language, not a second language.
 */
import { z } from '../sim/scenario/zod.ts';
import {
  actionSchema,
  durationSchema,
  eventMatcherSchema,
  expectationSchema,
  manifestsSchema,
  nodeSpecSchema,
  optionsSchema,
  relativeActionSchema,
  traceMatcherSchema,
} from '../sim/scenario/scenario-schema.ts';

function described<T extends z.ZodMiniType>(schema: T, description: string): z.ZodMiniOptional<T> {
  const o = z.optional(schema);
  z.globalRegistry.add(o, { description });
  return o;
}

const text = () => z.string().check(z.minLength(1));
const id = z.string().check(z.regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, 'an id is kebab-case: lower-case letters, digits and "-"'));

/** A step's action: any scenario action, or `kubectl: "<command line>"` run through the console's kubectl. */
const stepActionSchema = z.union([
  relativeActionSchema,
  z.strictObject({
    after: described(durationSchema, 'Time after the moment the actions start (default 0s).'),
    kubectl: described(text(), 'A kubectl command line, without "kubectl": "scale deployment web --replicas=5".'),
    expectError: described(z.union([z.boolean(), z.string()]), 'The command must fail (true), or fail with a message matching this regex.'),
  }),
]);

const spotlightSchema = z.union([
  z.strictObject({ controller: text() }),
  z.strictObject({ object: text(), namespace: z.optional(z.string()) }),
  z.strictObject({ field: z.strictObject({ object: text(), path: text(), namespace: z.optional(z.string()) }) }),
  z.strictObject({ events: eventMatcherSchema }),
  z.strictObject({ queue: text() }),
]);

const choiceSchema = z.strictObject({
  id,
  text: text(),
  explain: described(z.string(), 'Shown when the learner picks this choice (Markdown).'),
});

const revealSchema = z.strictObject({
  run: described(durationSchema, 'Play this long after the answer.'),
  until: described(expectationSchema, 'Play until this check holds (within `within`).'),
  within: described(durationSchema, 'How long `until` may take (default 2m).'),
  explanation: text(),
  evidence: described(
    z.array(z.union([z.strictObject({ event: eventMatcherSchema }), z.strictObject({ trace: traceMatcherSchema })])),
    'Events the explanation points at; the page links their trace ids.',
  ),
});

export const predictSchema = z.strictObject({
  kind: z.enum(['single', 'multiple', 'number', 'controller', 'label-events']),
  prompt: text(),
  choices: described(z.array(choiceSchema), 'single, multiple, controller (the loops to pick from), label-events.'),
  answer: described(z.union([z.string(), z.array(z.string()), z.number()]), 'A choice id (single, controller), a list of ids (multiple), a number.'),
  tolerance: described(z.number().check(z.nonnegative()), 'number: how far off still counts as right (default 0).'),
  unit: described(z.string(), 'number: the unit shown beside the input ("pods").'),
  items: described(
    z.array(z.strictObject({ id, event: eventMatcherSchema, answer: text() })),
    'label-events: each event to label, with the id of the choice (the loop) that produced it.',
  ),
  reveal: revealSchema,
});

const hintSchema = z.strictObject({
  text: text(),
  after: z.union([
    z.strictObject({ attempts: z.int().check(z.positive()) }),
    z.strictObject({ time: durationSchema }),
  ]),
});

export const taskSchema = z.strictObject({
  goal: text(),
  checks: z.array(expectationSchema).check(z.minLength(1)),
  hints: z.optional(z.array(hintSchema)),
  solution: z.array(stepActionSchema).check(z.minLength(1)),
  within: described(durationSchema, 'How long `lesson check` waits for the checks after the solution, and runs without it (default 1m).'),
});

const concealedSchema = z.strictObject({
  events: described(z.array(eventMatcherSchema), 'Hide the `by` column of these events.'),
  causes: described(z.boolean(), 'Hide cause chains while concealed.'),
  objects: described(z.array(text()), 'Hide these object rows ("pod/web-1"; a trailing * is a prefix).'),
});

export const stepSchema = z.strictObject({
  title: text(),
  narration: text(),
  spotlight: z.optional(spotlightSchema),
  setup: described(z.array(stepActionSchema), 'Actions run when the step opens (`after`: from its opening).'),
  predict: z.optional(predictSchema),
  task: z.optional(taskSchema),
  concealed: z.optional(concealedSchema),
});

export const lessonSchema = z
  .strictObject({
    apiVersion: z.literal('loopscope/v1'),
    kind: z.literal('Lesson'),
    metadata: z.strictObject({
      name: id,
      title: text(),
      summary: text(),
      upstream: z.array(text()).check(z.minLength(1)),
      order: z.int().check(z.nonnegative()),
    }),
    seed: described(z.union([z.int(), z.string()]), 'Same seed, same lesson. Default 1.'),
    nodes: described(z.union([z.int().check(z.minimum(0), z.maximum(1000)), z.array(nodeSpecSchema)]), 'A count or a list of nodes. Default 1.'),
    options: z.optional(optionsSchema),
    manifests: described(manifestsSchema, 'Applied at time 0.'),
    actions: described(z.array(actionSchema), 'The set-up\'s timed actions, before the first step.'),
    warmup: described(durationSchema, 'Virtual time played before step 1 opens (default: 5s after the last set-up action, at least 10s).'),
    steps: z.array(stepSchema).check(z.minLength(1), z.maxLength(12)),
  })
  .register(z.globalRegistry, { title: 'Loopscope lesson', description: 'A guided, auto-checked lesson: docs/lesson-format.md' });

export type LessonFile = z.infer<typeof lessonSchema>;
export type StepFile = z.infer<typeof stepSchema>;
export type PredictFile = z.infer<typeof predictSchema>;

/** The JSON schema of the format (docs/lesson.schema.json). */
export function lessonJsonSchema(): Record<string, unknown> {
  return {
    ...(z.toJSONSchema(lessonSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>),
    $id: 'https://loopscope.dev/schemas/lesson.schema.json',
  };
}
