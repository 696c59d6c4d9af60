/**
 * The scenario file format (`apiVersion: loopscope/v1`, `kind: Scenario`), as a zod schema: the single source of
 * truth for validation, for the TypeScript type of a parsed file ({@link ScenarioFile}) and for the JSON schema
 * published at docs/scenario.schema.json (see {@link scenarioJsonSchema}). docs/scenario-format.md explains it.
 *
 * The schema checks shape only; `normalizeScenario` (normalize-scenario.ts) then turns durations into virtual ms and
 * actions into {@link UserAction}s. Objects are strict, so a typo in a key is an error naming the key, not a
 * silently ignored line.
 */
import { z } from './zod.ts';
import { parseDuration } from '../engine/clock.ts';

/**
 * The longest virtual time a scenario may name (its `until`, an action's `at`, a fault's duration, `--until`): what
 * the runner plays in reasonable time (an idle one-node cluster plays an hour in about 2 s, so a day in a minute).
 */
export const MAX_SCENARIO_DURATION_MS = 24 * 3_600_000;
/** `options.checkInterval`'s least value: each check runs the expectations, and a day at 10 ms is 8.6 million. */
export const MIN_CHECK_INTERVAL_MS = 10;
/** Nodes a scenario may ask for: 200 nodes play a minute in about 2 s (as a share link's recipe allows). */
export const MAX_SCENARIO_NODES = 200;

/** Why `ms` is not a duration a scenario may name, or null. */
export function durationBoundError(ms: number): string | null {
  return ms > MAX_SCENARIO_DURATION_MS ? `${ms} ms is more than 24h: a scenario plays at most 24h of virtual time (the runner plays about an hour of a one-node cluster in 2 s)` : null;
}

/** A Go-style duration ("90s", "1m30s", "250ms") or a number of milliseconds, at most {@link MAX_SCENARIO_DURATION_MS}. */
export const durationSchema = z
  .union([z.string(), z.number().check(z.nonnegative())])
  .check(
    z.superRefine((v, ctx) => {
      let ms: number;
      try {
        ms = parseDuration(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
        return;
      }
      const tooLong = durationBoundError(ms);
      if (tooLong) ctx.addIssue({ code: 'custom', message: tooLong });
    }),
  )
  .register(z.globalRegistry, { description: 'A duration such as "90s", "1m30s", "250ms", or a number of milliseconds.' });

/** `schema`, optional, described in the JSON schema. */
function optional<T extends z.ZodMiniType>(schema: T, description: string): z.ZodMiniOptional<T> {
  const described = z.optional(schema);
  z.globalRegistry.add(described, { description });
  return described;
}

const nonEmpty = () => z.string().check(z.minLength(1));
const labels = z.record(z.string(), z.string());

export const nodeSpecSchema = z.strictObject({
  name: nonEmpty(),
  cpu: optional(z.union([z.string(), z.number()]), 'Allocatable CPU ("4", "3500m"). Default "4".'),
  memory: optional(z.string(), 'Allocatable memory ("8Gi"). Default "8Gi".'),
  pods: optional(z.int().check(z.positive()), 'Max pods. Default 110.'),
  labels: z.optional(labels),
  taints: z.optional(
    z.array(
      z.strictObject({
        key: nonEmpty(),
        value: z.optional(z.string()),
        effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
      }),
    ),
  ),
});

export const optionsSchema = z.strictObject({
  networkLatency: optional(durationSchema, 'One-way latency of every API call and watch delivery.'),
  clientQPS: optional(z.boolean(), "Apply client-go's per-client QPS/burst limits (default true)."),
  controllers: optional(z.array(nonEmpty()), 'Controllers that run (default: all).'),
  checkInterval: optional(
    durationSchema.clone().check(
      z.superRefine((v, ctx) => {
        let ms: number;
        try {
          ms = parseDuration(v);
        } catch {
          return; // durationSchema says why
        }
        if (ms < MIN_CHECK_INTERVAL_MS) ctx.addIssue({ code: 'custom', message: `${ms} ms is less than ${MIN_CHECK_INTERVAL_MS}ms: expectations are checked at most every ${MIN_CHECK_INTERVAL_MS}ms (each check runs every pending one)` });
      }),
    ),
    `How often \`by\` expectations are polled (default 100ms, at least ${MIN_CHECK_INTERVAL_MS}ms).`,
  ),
  controllerManagerReplicas: optional(z.int().check(z.minimum(1), z.maximum(5)), 'kube-controller-manager replicas competing for its Lease (default 1).'),
});

/** A manifest given as an object: at least apiVersion and kind. */
const manifestObject = z.looseObject({ apiVersion: nonEmpty(), kind: nonEmpty() });
/** YAML text (documents separated by `---`), one object or a list of objects. */
export const manifestsSchema = z.union([z.string(), manifestObject, z.array(manifestObject)]);

const applyBody = z.union([
  manifestsSchema,
  z.strictObject({
    manifests: manifestsSchema,
    fieldManager: z.optional(z.string()),
    force: z.optional(z.boolean()),
    replace: optional(z.boolean(), 'PUT each object as given instead (kubectl replace, kubectl edit). apply only.'),
  }),
]);

/**
 * Which object an action targets: `object: "deployment/web"`, or `resource` + `name`, or `resource` + `selector`
 * resolved when the action runs (`pick` chooses among the matches).
 */
const targetFields = {
  object: optional(z.string(), 'kubectl form: "deployment/web".'),
  resource: z.optional(z.string()),
  name: z.optional(z.string()),
  namespace: z.optional(z.string()),
  selector: optional(z.string(), 'Label selector resolved when the action runs: "app=web".'),
  pick: z.optional(z.enum(['oldest', 'newest', 'first'])),
};

const deleteBody = z.union([
  z.string(),
  z.strictObject({
    ...targetFields,
    propagationPolicy: z.optional(z.enum(['Background', 'Foreground', 'Orphan'])),
    gracePeriodSeconds: z.optional(z.int().check(z.nonnegative())),
  }),
]);

const scaleBody = z.strictObject({ ...targetFields, replicas: z.int().check(z.nonnegative()) });

const patchBody = z.strictObject({
  ...targetFields,
  type: z.optional(z.enum(['merge', 'json', 'strategic'])),
  patch: z.unknown(),
  subresource: z.optional(z.enum(['status', 'scale'])),
  fieldManager: z.optional(z.string()),
});

const rolloutBody = z.strictObject({
  ...targetFields,
  op: z.enum(['undo', 'pause', 'resume', 'restart']),
  toRevision: z.optional(z.int().check(z.nonnegative())),
});

const addNodeBody = z.strictObject({
  name: nonEmpty(),
  cpu: z.optional(z.union([z.string(), z.number()])),
  memory: z.optional(z.string()),
  pods: z.optional(z.int().check(z.positive())),
  labels: z.optional(labels),
});

const setLoadBody = z
  .strictObject({
    ...targetFields,
    cpu: optional(z.union([z.string(), z.number()]), 'Total CPU demand on the Deployment\'s pods: "4200m".'),
    memory: optional(z.string(), 'Total memory demand: "1Gi".'),
  })
  .register(z.globalRegistry, { description: 'Sets the load on a Deployment from now on; the simulated metrics-server splits it over its ready pods.' });

const gitCommitBody = z
  .strictObject({
    files: z
      .record(nonEmpty(), z.union([z.string(), z.null()]))
      .register(z.globalRegistry, { description: 'Path in the Git repository → new file text (YAML); null deletes the file.' }),
    message: optional(z.string(), 'The commit message.'),
  })
  .register(z.globalRegistry, { description: 'Commits to the simulated Git repository the GitOps loop (argocd-application-controller) syncs from; the first commit turns GitOps on.' });

const installControllerBody = z
  .strictObject({
    source: optional(z.string().check(z.maxLength(256 * 1024)), "The controller's TypeScript source (controllers/controller-api.d.ts)."),
    file: optional(nonEmpty(), 'A file with the source, relative to the scenario file (read by the CLI).'),
    replicas: optional(z.int().check(z.minimum(1), z.maximum(5)), 'Replicas of its process (default 1); with more than one they elect a leader on the Lease kube-system/<name>.'),
  })
  .check(
    z.refine((b: { source?: string; file?: string }) => (b.source === undefined) !== (b.file === undefined), { message: 'a controller has exactly one of source, file' }),
  )
  .register(z.globalRegistry, { description: 'Installs a user-written controller (its own process, user-controller/<name>); the same name again replaces it.' });

const controller = nonEmpty();
const probability = z.number().check(z.minimum(0), z.maximum(1));
export const faultSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('crash-controller'), controller, restartAfter: z.optional(durationSchema) }),
  z.strictObject({ type: z.literal('pause-controller'), controller }),
  z.strictObject({ type: z.literal('resume-controller'), controller }),
  z.strictObject({ type: z.literal('drop-watch-events'), controller, duration: z.optional(durationSchema), probability: z.optional(probability) }),
  z.strictObject({ type: z.literal('delay-watch-events'), controller, delay: durationSchema, duration: z.optional(durationSchema) }),
  z.strictObject({ type: z.literal('expire-watch'), controller }),
  z.strictObject({ type: z.literal('stale-view'), controller, duration: durationSchema }),
  z.strictObject({ type: z.literal('apiserver-unavailable'), duration: durationSchema }),
  z.strictObject({ type: z.literal('inject-conflicts'), resource: nonEmpty(), duration: z.optional(durationSchema), probability: z.optional(probability) }),
  z.strictObject({ type: z.literal('kill-node'), node: nonEmpty() }),
  z.strictObject({ type: z.literal('restore-node'), node: nonEmpty() }),
  z.strictObject({
    type: z.literal('image-behavior'),
    image: nonEmpty(),
    behavior: z.enum(['ok', 'crash', 'exit', 'never-ready']),
    exitCode: z.optional(z.int()),
    readyAfter: z.optional(durationSchema),
    /** crash/exit: how long the container runs before it exits (docs/container-behavior.md). */
    runFor: z.optional(durationSchema),
  }),
]);

/** The keys of which an action has exactly one. */
export const ACTION_KEYS = ['apply', 'create', 'delete', 'scale', 'patch', 'rollout', 'cordon', 'uncordon', 'drain', 'addNode', 'setLoad', 'gitCommit', 'installController', 'uninstallController', 'fault'] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/** The verbs of an action, of which it has exactly one, and `expectError`. */
const actionVerbs = {
  apply: z.optional(applyBody),
  create: z.optional(applyBody),
  delete: z.optional(deleteBody),
  scale: z.optional(scaleBody),
  patch: z.optional(patchBody),
  rollout: z.optional(rolloutBody),
  cordon: z.optional(nonEmpty()),
  uncordon: z.optional(nonEmpty()),
  drain: z.optional(nonEmpty()),
  addNode: z.optional(addNodeBody),
  setLoad: z.optional(setLoadBody),
  gitCommit: z.optional(gitCommitBody),
  installController: z.optional(installControllerBody),
  uninstallController: optional(nonEmpty(), 'Stops and removes the user-written controller of this name.'),
  fault: z.optional(faultSchema),
  expectError: optional(z.union([z.boolean(), z.string()]), 'The action must fail (true), or fail with a message matching this regex.'),
  command: optional(z.string(), 'The kubectl command line the action stands for: the trace shows it instead of a description.'),
  dryRun: optional(z.boolean(), '--dry-run=server: the api-server checks and answers, and persists nothing.'),
  fieldValidation: optional(z.enum(['Strict', 'Warn', 'Ignore']), "The api-server's field validation for the write (kubectl's --validate)."),
};

const exactlyOneVerb = z.superRefine((a: Partial<Record<ActionKey, unknown>>, ctx) => {
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

export const actionSchema = z
  .strictObject({
    at: durationSchema.clone().register(z.globalRegistry, { description: 'Virtual time at which the action runs.' }),
    afterStep: optional(
      z.int().check(z.nonnegative()),
      'The exact position: after the n-th step of the run (which must be at time `at`), not after every event due by `at`. Exported sessions use it.',
    ),
    ...actionVerbs,
  })
  .check(exactlyOneVerb);

/** An action timed from a moment other than time 0 (a lesson step's opening): `after: 2s`, default at once. */
export const relativeActionSchema = z
  .strictObject({ after: optional(durationSchema, 'Time after the moment the actions start (default 0s).'), ...actionVerbs })
  .check(exactlyOneVerb);

const timeWindow = z.tuple([durationSchema, durationSchema]).register(z.globalRegistry, { description: '[from, to], inclusive.' });
const count = z.strictObject({ min: z.optional(z.int().check(z.nonnegative())), max: z.optional(z.int().check(z.nonnegative())) });

/** A Kubernetes Event (`kubectl get events` row): reason and any of type, object, reportingController, message. */
export const eventMatcherSchema = z.strictObject({
  reason: nonEmpty(),
  type: z.optional(z.enum(['Normal', 'Warning'])),
  object: z.optional(z.string()),
  reportingController: z.optional(z.string()),
  message: optional(z.string(), 'Regex the message must match.'),
});

/** A trace pattern: `kind` and any field of the event (src/sim/trace/trace-event.ts). */
export const traceMatcherSchema = z.looseObject({ kind: nonEmpty(), actor: z.optional(z.string()) });

export const expectationSchema = z
  .strictObject({
    at: optional(durationSchema, 'Check at exactly this time.'),
    by: optional(durationSchema, 'Passes as soon as it holds, fails if it still does not at this time.'),
    object: optional(z.string(), 'kubectl form: "deployment/web".'),
    namespace: z.optional(z.string()),
    field: optional(z.string(), 'Dotted path: "status.readyReplicas", "status.conditions[type=Available].status".'),
    equals: z.optional(z.unknown()),
    matches: z.optional(z.string()),
    exists: z.optional(z.boolean()),
    event: z.optional(eventMatcherSchema),
    happened: z.optional(z.boolean()),
    between: z.optional(timeWindow),
    trace: z.optional(traceMatcherSchema),
    count: z.optional(count),
    converged: z.optional(z.literal(true)),
    from: optional(durationSchema, 'Nothing before this time counts: trace windows start here, state checks are not decided before it.'),
    objects: optional(
      z.strictObject({ resource: nonEmpty(), namespace: z.optional(z.string()), selector: optional(z.string(), 'Label selector: "app=web".') }),
      'A set of objects: count it (count, or equals: N) and/or test a field on every one (every).',
    ),
    every: optional(
      z.strictObject({ field: nonEmpty(), equals: z.optional(z.unknown()), matches: z.optional(z.string()), exists: z.optional(z.boolean()) }),
      'A field test every object of the set passes.',
    ),
    fight: optional(
      z.strictObject({ object: z.optional(z.string()), namespace: z.optional(z.string()), field: z.optional(z.string()), managers: z.optional(z.array(nonEmpty())) }),
      'A field fight (two managers rewriting one field): live now (live: true|false) or at some point (happened: true|false).',
    ),
    live: optional(z.boolean(), 'fight: a matching fight is live now (true) or none is (false).'),
    queue: optional(
      z.strictObject({ controller: nonEmpty(), depth: z.optional(count), key: z.optional(nonEmpty()), backoff: z.optional(z.boolean()) }),
      "A controller's work queue: its depth (queued + processing + in backoff), a key in backoff.",
    ),
    cache: optional(
      z.strictObject({ controller: nonEmpty(), object: nonEmpty(), namespace: z.optional(z.string()), agrees: z.boolean() }),
      "Whether a controller's informer cache holds the api-server's current resourceVersion of the object.",
    ),
  })
  .check(
    z.superRefine((e, ctx) => {
      const kinds = (['field', 'event', 'trace', 'converged', 'objects', 'fight', 'queue', 'cache'] as const).filter((k) => e[k] !== undefined);
      if (kinds.length !== 1) {
        ctx.addIssue({ code: 'custom', message: 'an expectation has exactly one of: field (with object), event, trace, converged, objects, fight, queue, cache' });
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
      if (kind !== 'event' && kind !== 'trace' && kind !== 'fight' && e.between !== undefined) ctx.addIssue({ code: 'custom', path: ['between'], message: 'between applies to event, trace and fight expectations' });
      if (kind === 'objects') {
        if (e.count === undefined && e.equals === undefined && e.every === undefined) ctx.addIssue({ code: 'custom', message: 'an objects expectation needs count, equals: N or every' });
        if (e.count !== undefined && e.equals !== undefined) ctx.addIssue({ code: 'custom', path: ['equals'], message: 'give either count or equals, not both' });
        if (e.equals !== undefined && !(typeof e.equals === 'number' && Number.isInteger(e.equals) && e.equals >= 0)) ctx.addIssue({ code: 'custom', path: ['equals'], message: 'equals of an objects expectation is a count: a whole number' });
        if (e.every !== undefined && [e.every.equals !== undefined, e.every.matches !== undefined, e.every.exists !== undefined].filter(Boolean).length !== 1) {
          ctx.addIssue({ code: 'custom', path: ['every'], message: 'every has exactly one of: equals, matches, exists' });
        }
      } else if (e.every !== undefined) ctx.addIssue({ code: 'custom', path: ['every'], message: 'every applies to objects expectations' });
      if (kind === 'fight' && (e.live === undefined) === (e.happened === undefined)) ctx.addIssue({ code: 'custom', message: 'a fight expectation needs exactly one of: live: true|false, happened: true|false' });
      if (kind !== 'fight' && e.live !== undefined) ctx.addIssue({ code: 'custom', path: ['live'], message: 'live applies to fight expectations' });
      if (kind !== 'event' && kind !== 'fight' && e.happened !== undefined) ctx.addIssue({ code: 'custom', path: ['happened'], message: 'happened applies to event and fight expectations' });
      if (kind !== 'trace' && kind !== 'objects' && kind !== 'event' && e.count !== undefined) ctx.addIssue({ code: 'custom', path: ['count'], message: 'count applies to trace, event and objects expectations' });
      if (kind === 'event' && e.count !== undefined && e.happened === false) ctx.addIssue({ code: 'custom', path: ['count'], message: 'count goes with happened: true (happened: false is a count of 0)' });
    }),
  );

export const scenarioSchema = z
  .strictObject({
    apiVersion: z.literal('loopscope/v1'),
    kind: z.literal('Scenario'),
    metadata: z.strictObject({ name: nonEmpty(), description: z.optional(z.string()) }),
    seed: optional(z.union([z.int(), z.string()]), 'Same seed, same run. Default 1.'),
    nodes: optional(
      z.union([z.int().check(z.minimum(0), z.maximum(MAX_SCENARIO_NODES)), z.array(nodeSpecSchema).check(z.maxLength(MAX_SCENARIO_NODES))]),
      `A count (node-1…node-N) or a list of nodes, at most ${MAX_SCENARIO_NODES}. Default 1.`,
    ),
    options: z.optional(optionsSchema),
    manifests: optional(manifestsSchema, 'Applied at time 0, before the first action.'),
    controllers: optional(z.array(installControllerBody).check(z.maxLength(20)), 'User-written controllers installed at time 0, after the manifests and before the first action.'),
    actions: z.optional(z.array(actionSchema)),
    expect: z.optional(z.array(expectationSchema)),
    until: optional(durationSchema, 'How long to run. Default: 10s after the latest time mentioned, at least 30s.'),
    untilStep: optional(z.int().check(z.nonnegative()), 'With until: the run ends after this step, at time until (events due then after it do not run). Exported sessions use it.'),
  })
  .register(z.globalRegistry, { title: 'Loopscope scenario', description: 'A scripted run of the simulated cluster: docs/scenario-format.md' });

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
