/**
 * The scenario file format (`apiVersion: loopscope/v1`, `kind: Scenario`), as a zod schema: the single source of
 * truth for validation, for the TypeScript type of a parsed file ({@link ScenarioFile}) and for the JSON schema
 * published at docs/scenario.schema.json (see {@link scenarioJsonSchema}). docs/scenario-format.md explains it.
 *
 * The schema checks shape only; `normalizeScenario` (normalize-scenario.ts) then turns durations into virtual ms and
 * actions into {@link UserAction}s. Objects are strict, so a typo in a key is an error naming the key, not a
 * silently ignored line.
 */
import { z } from 'zod';
import { parseDuration } from '../engine/clock.ts';

/** A Go-style duration ("90s", "1m30s", "250ms") or a number of milliseconds. */
export const durationSchema = z
  .union([z.string(), z.number().nonnegative()])
  .superRefine((v, ctx) => {
    if (typeof v !== 'string') return;
    try {
      parseDuration(v);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
    }
  })
  .meta({ description: 'A duration such as "90s", "1m30s", "250ms", or a number of milliseconds.' });

const labels = z.record(z.string(), z.string());

export const nodeSpecSchema = z.strictObject({
  name: z.string().min(1),
  cpu: z.union([z.string(), z.number()]).optional().meta({ description: 'Allocatable CPU ("4", "3500m"). Default "4".' }),
  memory: z.string().optional().meta({ description: 'Allocatable memory ("8Gi"). Default "8Gi".' }),
  pods: z.number().int().positive().optional().meta({ description: 'Max pods. Default 110.' }),
  labels: labels.optional(),
  taints: z
    .array(
      z.strictObject({
        key: z.string().min(1),
        value: z.string().optional(),
        effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
      }),
    )
    .optional(),
});

export const optionsSchema = z.strictObject({
  networkLatency: durationSchema.optional().meta({ description: 'One-way latency of every API call and watch delivery.' }),
  clientQPS: z.boolean().optional().meta({ description: "Apply client-go's per-client QPS/burst limits (default true)." }),
  controllers: z.array(z.string().min(1)).optional().meta({ description: 'Controllers that run (default: all).' }),
  checkInterval: durationSchema.optional().meta({ description: 'How often `by` expectations are polled (default 100ms).' }),
});

/** A manifest given as an object: at least apiVersion and kind. */
const manifestObject = z.looseObject({ apiVersion: z.string().min(1), kind: z.string().min(1) });
/** YAML text (documents separated by `---`), one object or a list of objects. */
export const manifestsSchema = z.union([z.string(), manifestObject, z.array(manifestObject)]);

const applyBody = z.union([
  manifestsSchema,
  z.strictObject({ manifests: manifestsSchema, fieldManager: z.string().optional(), force: z.boolean().optional() }),
]);

/**
 * Which object an action targets: `object: "deployment/web"`, or `resource` + `name`, or `resource` + `selector`
 * resolved when the action runs (`pick` chooses among the matches).
 */
const targetFields = {
  object: z.string().optional().meta({ description: 'kubectl form: "deployment/web".' }),
  resource: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  selector: z.string().optional().meta({ description: 'Label selector resolved when the action runs: "app=web".' }),
  pick: z.enum(['oldest', 'newest', 'first']).optional(),
};

const deleteBody = z.union([
  z.string(),
  z.strictObject({
    ...targetFields,
    propagationPolicy: z.enum(['Background', 'Foreground', 'Orphan']).optional(),
    gracePeriodSeconds: z.number().int().nonnegative().optional(),
  }),
]);

const scaleBody = z.strictObject({ ...targetFields, replicas: z.number().int().nonnegative() });

const patchBody = z.strictObject({
  ...targetFields,
  type: z.enum(['merge', 'json', 'strategic']).optional(),
  patch: z.unknown(),
  subresource: z.enum(['status', 'scale']).optional(),
  fieldManager: z.string().optional(),
});

const rolloutBody = z.strictObject({
  ...targetFields,
  op: z.enum(['undo', 'pause', 'resume', 'restart']),
  toRevision: z.number().int().nonnegative().optional(),
});

const addNodeBody = z.strictObject({
  name: z.string().min(1),
  cpu: z.union([z.string(), z.number()]).optional(),
  memory: z.string().optional(),
  pods: z.number().int().positive().optional(),
  labels: labels.optional(),
});

const setLoadBody = z
  .strictObject({
    ...targetFields,
    cpu: z.union([z.string(), z.number()]).optional().meta({ description: 'Total CPU demand on the Deployment\'s pods: "4200m".' }),
    memory: z.string().optional().meta({ description: 'Total memory demand: "1Gi".' }),
  })
  .meta({ description: 'Sets the load on a Deployment from now on; the simulated metrics-server splits it over its ready pods.' });

const gitCommitBody = z
  .strictObject({
    files: z
      .record(z.string().min(1), z.union([z.string(), z.null()]))
      .meta({ description: 'Path in the Git repository → new file text (YAML); null deletes the file.' }),
    message: z.string().optional().meta({ description: 'The commit message.' }),
  })
  .meta({ description: 'Commits to the simulated Git repository the GitOps loop (argocd-application-controller) syncs from; the first commit turns GitOps on.' });

const controller = z.string().min(1);
const probability = z.number().min(0).max(1);
export const faultSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('crash-controller'), controller, restartAfter: durationSchema.optional() }),
  z.strictObject({ type: z.literal('pause-controller'), controller }),
  z.strictObject({ type: z.literal('resume-controller'), controller }),
  z.strictObject({ type: z.literal('drop-watch-events'), controller, duration: durationSchema.optional(), probability: probability.optional() }),
  z.strictObject({ type: z.literal('delay-watch-events'), controller, delay: durationSchema, duration: durationSchema.optional() }),
  z.strictObject({ type: z.literal('expire-watch'), controller }),
  z.strictObject({ type: z.literal('apiserver-unavailable'), duration: durationSchema }),
  z.strictObject({ type: z.literal('inject-conflicts'), resource: z.string().min(1), duration: durationSchema.optional(), probability: probability.optional() }),
  z.strictObject({ type: z.literal('kill-node'), node: z.string().min(1) }),
  z.strictObject({ type: z.literal('restore-node'), node: z.string().min(1) }),
  z.strictObject({
    type: z.literal('image-behavior'),
    image: z.string().min(1),
    behavior: z.enum(['ok', 'crash', 'exit', 'never-ready']),
    exitCode: z.number().int().optional(),
    readyAfter: durationSchema.optional(),
  }),
]);

/** The keys of which an action has exactly one. */
export const ACTION_KEYS = ['apply', 'create', 'delete', 'scale', 'patch', 'rollout', 'cordon', 'uncordon', 'drain', 'addNode', 'setLoad', 'gitCommit', 'fault'] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

export const actionSchema = z
  .strictObject({
    at: durationSchema.meta({ description: 'Virtual time at which the action runs.' }),
    apply: applyBody.optional(),
    create: applyBody.optional(),
    delete: deleteBody.optional(),
    scale: scaleBody.optional(),
    patch: patchBody.optional(),
    rollout: rolloutBody.optional(),
    cordon: z.string().min(1).optional(),
    uncordon: z.string().min(1).optional(),
    drain: z.string().min(1).optional(),
    addNode: addNodeBody.optional(),
    setLoad: setLoadBody.optional(),
    gitCommit: gitCommitBody.optional(),
    fault: faultSchema.optional(),
    expectError: z
      .union([z.boolean(), z.string()])
      .optional()
      .meta({ description: 'The action must fail (true), or fail with a message matching this regex.' }),
  })
  .superRefine((a, ctx) => {
    const present = ACTION_KEYS.filter((k) => a[k] !== undefined);
    if (present.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message:
          present.length === 0
            ? `an action needs one of: ${ACTION_KEYS.join(', ')}`
            : `an action has exactly one of ${ACTION_KEYS.join(', ')} (found ${present.join(', ')})`,
      });
    }
  });

const timeWindow = z.tuple([durationSchema, durationSchema]).meta({ description: '[from, to], inclusive.' });
const count = z.strictObject({ min: z.number().int().nonnegative().optional(), max: z.number().int().nonnegative().optional() });

export const expectationSchema = z
  .strictObject({
    at: durationSchema.optional().meta({ description: 'Check at exactly this time.' }),
    by: durationSchema.optional().meta({ description: 'Passes as soon as it holds, fails if it still does not at this time.' }),
    object: z.string().optional().meta({ description: 'kubectl form: "deployment/web".' }),
    namespace: z.string().optional(),
    field: z.string().optional().meta({ description: 'Dotted path: "status.readyReplicas", "status.conditions[type=Available].status".' }),
    equals: z.unknown().optional(),
    matches: z.string().optional(),
    exists: z.boolean().optional(),
    event: z
      .strictObject({
        reason: z.string().min(1),
        type: z.enum(['Normal', 'Warning']).optional(),
        object: z.string().optional(),
        reportingController: z.string().optional(),
        message: z.string().optional().meta({ description: 'Regex the message must match.' }),
      })
      .optional(),
    happened: z.boolean().optional(),
    between: timeWindow.optional(),
    trace: z.looseObject({ kind: z.string().min(1), actor: z.string().optional() }).optional(),
    count: count.optional(),
    converged: z.literal(true).optional(),
  })
  .superRefine((e, ctx) => {
    const kinds = (['field', 'event', 'trace', 'converged'] as const).filter((k) => e[k] !== undefined);
    if (kinds.length !== 1) {
      ctx.addIssue({ code: 'custom', message: 'an expectation has exactly one of: field (with object), event, trace, converged' });
      return;
    }
    if (e.at !== undefined && e.by !== undefined) ctx.addIssue({ code: 'custom', message: 'give either at or by, not both' });
    const kind = kinds[0];
    if (kind === 'field') {
      if (!e.object) ctx.addIssue({ code: 'custom', path: ['object'], message: 'a field expectation needs object: "<kind>/<name>"' });
      const tests = [e.equals !== undefined, e.matches !== undefined, e.exists !== undefined].filter(Boolean).length;
      if (tests !== 1) ctx.addIssue({ code: 'custom', message: 'a field expectation has exactly one of: equals, matches, exists' });
    }
    if (kind === 'event' && e.happened === undefined) ctx.addIssue({ code: 'custom', path: ['happened'], message: 'an event expectation needs happened: true|false' });
    if (kind !== 'event' && kind !== 'trace' && e.between !== undefined) ctx.addIssue({ code: 'custom', path: ['between'], message: 'between applies to event and trace expectations' });
  });

export const scenarioSchema = z
  .strictObject({
    apiVersion: z.literal('loopscope/v1'),
    kind: z.literal('Scenario'),
    metadata: z.strictObject({ name: z.string().min(1), description: z.string().optional() }),
    seed: z.union([z.number().int(), z.string()]).optional().meta({ description: 'Same seed, same run. Default 1.' }),
    nodes: z
      .union([z.number().int().min(0).max(1000), z.array(nodeSpecSchema)])
      .optional()
      .meta({ description: 'A count (node-1…node-N) or a list of nodes. Default 1.' }),
    options: optionsSchema.optional(),
    manifests: manifestsSchema.optional().meta({ description: 'Applied at time 0, before the first action.' }),
    actions: z.array(actionSchema).optional(),
    expect: z.array(expectationSchema).optional(),
    until: durationSchema.optional().meta({ description: 'How long to run. Default: 10s after the latest time mentioned, at least 30s.' }),
  })
  .meta({ title: 'Loopscope scenario', description: 'A scripted run of the simulated cluster: docs/scenario-format.md' });

/** A scenario file as written (durations still as text). */
export type ScenarioFile = z.infer<typeof scenarioSchema>;
export type ScenarioActionFile = z.infer<typeof actionSchema>;
export type ExpectationFile = z.infer<typeof expectationSchema>;

/** The JSON schema of the format (what docs/scenario.schema.json holds and editors use for completion). */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...(z.toJSONSchema(scenarioSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>),
    $id: 'https://loopscope.dev/schemas/scenario.schema.json',
  };
}
