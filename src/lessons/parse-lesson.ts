/**
 * Reads a lesson file: YAML (under the scenario format's guards) → shape check (lesson-schema.ts) → a playable
 * {@link Lesson}. Every error names the line, the column and the path ("line 40, column 9: steps[2].predict.answer:
 * "c" is not one of the choices (a, b)"). Never throws.
 */
import { parseDuration } from '../sim/engine/clock.ts';
import { checkRegex, normalizeScenario, toExpectation, toScenarioAction, type NormalizeIssue } from '../sim/scenario/normalize-scenario.ts';
import { checkManifestsAt, formatPath, loadYamlFile, located, locatedIssues, manifestPaths, type ScenarioError } from '../sim/scenario/parse-scenario.ts';
import type { ScenarioFile } from '../sim/scenario/scenario-schema.ts';
import type { Expectation } from '../sim/scenario/scenario.ts';
import type { Lesson, LessonAction, LessonStep, Predict, Task } from './lesson.ts';
import { lessonSchema, type LessonFile, type PredictFile, type StepFile } from './lesson-schema.ts';

export type LessonError = ScenarioError;
export type ParseLessonResult = { ok: true; lesson: Lesson } | { ok: false; errors: LessonError[] };

const DEFAULT_REVEAL_WITHIN = 120_000;
const DEFAULT_TASK_WITHIN = 60_000;

/** Parses and validates a lesson. Never throws. */
export function parseLesson(text: string): ParseLessonResult {
  const read = loadYamlFile(text, 'a lesson');
  if (!read.ok) return read;
  const loaded = read.loaded;
  const parsed = lessonSchema.safeParse(loaded.data);
  if (!parsed.success) return { ok: false, errors: locatedIssues(loaded, parsed.error.issues) };
  const file = parsed.data;
  const lineOf = (path: PropertyKey[]) => loaded.locate(path).line;
  const { lesson, issues } = normalizeLesson(file, lineOf);
  if (issues.length > 0) return { ok: false, errors: issues.slice(0, 20).map((i) => located(loaded, i.path, i.message)) };
  const paths = manifestPaths(file.manifests, file.actions as Array<Record<string, unknown>> | undefined);
  file.steps.forEach((s, i) => {
    for (const [key, list] of [['setup', s.setup], ['solution', s.task?.solution]] as const) {
      for (const p of manifestPaths(undefined, list as Array<Record<string, unknown>> | undefined)) {
        // manifestPaths names them ['actions', j, verb…]; here they are under the step.
        const [, j, ...rest] = p;
        paths.push(key === 'setup' ? ['steps', i, 'setup', j!, ...rest] : ['steps', i, 'task', 'solution', j!, ...rest]);
      }
    }
  });
  const manifestIssues = checkManifestsAt(loaded, paths);
  if (manifestIssues.length > 0) return { ok: false, errors: manifestIssues };
  return { ok: true, lesson };
}

function normalizeLesson(file: LessonFile, lineOf: (path: PropertyKey[]) => number): { lesson: Lesson; issues: NormalizeIssue[] } {
  const scenarioFile: ScenarioFile = {
    apiVersion: 'loopscope/v1',
    kind: 'Scenario',
    metadata: { name: file.metadata.name, description: file.metadata.summary },
    ...(file.seed !== undefined ? { seed: file.seed } : {}),
    ...(file.nodes !== undefined ? { nodes: file.nodes } : {}),
    ...(file.options !== undefined ? { options: file.options } : {}),
    ...(file.manifests !== undefined ? { manifests: file.manifests } : {}),
    ...(file.actions !== undefined ? { actions: file.actions } : {}),
  };
  const { scenario, issues } = normalizeScenario(scenarioFile, lineOf);
  const lastAction = Math.max(0, ...scenario.actions.map((a) => a.at));
  const warmup = file.warmup !== undefined ? parseDuration(file.warmup) : Math.max(10_000, lastAction + 5_000);
  if (warmup < lastAction) issues.push({ path: ['warmup'], message: `before the last set-up action (at ${lastAction / 1000}s)` });
  const steps = file.steps.map((s, i) => toStep(s, ['steps', i], lineOf, issues));
  const lesson: Lesson = {
    id: file.metadata.name,
    title: file.metadata.title,
    summary: file.metadata.summary,
    upstream: file.metadata.upstream,
    order: file.metadata.order,
    setup: scenario,
    warmup,
    steps,
  };
  return { lesson, issues };
}

function relativeActions(list: StepFile['setup'], path: PropertyKey[], lineOf: (p: PropertyKey[]) => number, issues: NormalizeIssue[]): LessonAction[] {
  const out: LessonAction[] = [];
  (list ?? []).forEach((a, j) => {
    const p = [...path, j];
    const source = { path: formatPath(p), line: lineOf(p) };
    if ('kubectl' in a && typeof a.kubectl === 'string') {
      const line = a.kubectl.trim().replace(/^kubectl\s+/, '');
      if (typeof a.expectError === 'string') checkRegex(a.expectError, [...p, 'expectError'], issues);
      out.push({ at: a.after === undefined ? 0 : parseDuration(a.after), source, kubectl: line, ...(a.expectError !== undefined ? { expectError: a.expectError } : {}) });
      return;
    }
    const { after, ...rest } = a;
    const action = toScenarioAction({ ...rest, at: after ?? 0 }, p, issues);
    if (!action) return;
    action.source = source;
    out.push(action);
  });
  return out.sort((x, y) => x.at - y.at);
}

/** A task check or a reveal's `until`: the window is the step's, so absolute times make no sense there. */
function liveExpectation(e: Parameters<typeof toExpectation>[0], path: PropertyKey[], lineOf: (p: PropertyKey[]) => number, issues: NormalizeIssue[]): Expectation | undefined {
  for (const key of ['at', 'by', 'from', 'between'] as const) {
    if (e[key] !== undefined) issues.push({ path: [...path, key], message: `${key} is not used in a lesson: checks look at what happened since the step opened` });
  }
  const x = toExpectation(e, path, issues);
  return x && { ...x, source: { path: formatPath(path), line: lineOf(path) } };
}

function toStep(s: StepFile, path: PropertyKey[], lineOf: (p: PropertyKey[]) => number, issues: NormalizeIssue[]): LessonStep {
  const step: LessonStep = {
    title: s.title,
    narration: s.narration,
    setup: relativeActions(s.setup, [...path, 'setup'], lineOf, issues),
    source: { path: formatPath(path), line: lineOf(path) },
  };
  if (s.spotlight) step.spotlight = s.spotlight;
  if (s.predict) {
    const p = toPredict(s.predict, [...path, 'predict'], lineOf, issues);
    if (p) step.predict = p;
  }
  if (s.task) {
    const t = s.task;
    const tp = [...path, 'task'];
    const checks = t.checks.flatMap((c, k) => liveExpectation(c, [...tp, 'checks', k], lineOf, issues) ?? []);
    const task: Task = {
      goal: t.goal,
      checks,
      hints: (t.hints ?? []).map((h) => ({ text: h.text, after: 'attempts' in h.after ? { attempts: h.after.attempts } : { time: parseDuration(h.after.time) } })),
      solution: relativeActions(t.solution, [...tp, 'solution'], lineOf, issues),
      within: t.within !== undefined ? parseDuration(t.within) : DEFAULT_TASK_WITHIN,
    };
    step.task = task;
  }
  if (s.concealed) step.concealed = { events: s.concealed.events ?? [], causes: s.concealed.causes ?? false, objects: s.concealed.objects ?? [] };
  return step;
}

function toPredict(p: PredictFile, path: PropertyKey[], lineOf: (q: PropertyKey[]) => number, issues: NormalizeIssue[]): Predict | undefined {
  const issue = (key: PropertyKey[], message: string) => void issues.push({ path: [...path, ...key], message });
  const r = p.reveal;
  const rp = [...path, 'reveal'];
  if ((r.run === undefined) === (r.until === undefined)) issue(['reveal'], 'a reveal has exactly one of: run (a duration), until (a check)');
  const until = r.until ? liveExpectation(r.until, [...rp, 'until'], lineOf, issues) : undefined;
  const reveal: Predict['reveal'] = {
    within: r.within !== undefined ? parseDuration(r.within) : DEFAULT_REVEAL_WITHIN,
    explanation: r.explanation,
    evidence: (r.evidence ?? []) as Predict['reveal']['evidence'],
  };
  if (r.run !== undefined) reveal.run = parseDuration(r.run);
  if (until) reveal.until = until;
  const choices = p.choices ?? [];
  const ids = new Set<string>();
  choices.forEach((c, i) => {
    if (ids.has(c.id)) issue(['choices', i, 'id'], `duplicate choice id "${c.id}"`);
    ids.add(c.id);
  });
  const known = (v: string, key: PropertyKey[]) => ids.has(v) || issue(key, `"${v}" is not one of the choices (${[...ids].join(', ')})`);
  const extra = (keys: Array<keyof PredictFile>) => keys.forEach((k) => p[k] !== undefined && issue([k], `${String(k)} does not apply to a ${p.kind} question`));
  const base = { prompt: p.prompt, reveal };
  switch (p.kind) {
    case 'single':
    case 'controller': {
      extra(['tolerance', 'unit', 'items']);
      if (p.kind === 'single' && choices.length < 2) issue(['choices'], 'a single-choice question needs at least 2 choices');
      if (typeof p.answer !== 'string') return void issue(['answer'], 'the answer is the id of one choice');
      if (choices.length > 0) known(p.answer, ['answer']);
      return { ...base, kind: p.kind, choices, answer: p.answer };
    }
    case 'multiple': {
      extra(['tolerance', 'unit', 'items']);
      if (choices.length < 2) issue(['choices'], 'a multiple-choice question needs at least 2 choices');
      if (!Array.isArray(p.answer)) return void issue(['answer'], 'the answer is a list of choice ids');
      p.answer.forEach((a, i) => known(a, ['answer', i]));
      return { ...base, kind: 'multiple', choices, answer: p.answer };
    }
    case 'number': {
      extra(['choices', 'items']);
      if (typeof p.answer !== 'number') return void issue(['answer'], 'the answer is a number');
      return { ...base, kind: 'number', answer: p.answer, tolerance: p.tolerance ?? 0, ...(p.unit !== undefined ? { unit: p.unit } : {}) };
    }
    case 'label-events': {
      extra(['answer', 'tolerance', 'unit']);
      if (!p.items || p.items.length === 0) return void issue(['items'], 'a label-events question lists the events to label (items)');
      if (choices.length < 2) issue(['choices'], 'a label-events question needs at least 2 choices (the loops)');
      const itemIds = new Set<string>();
      p.items.forEach((it, i) => {
        if (itemIds.has(it.id)) issue(['items', i, 'id'], `duplicate item id "${it.id}"`);
        itemIds.add(it.id);
        known(it.answer, ['items', i, 'answer']);
        if (it.event.message !== undefined) checkRegex(it.event.message, [...path, 'items', i, 'event', 'message'], issues);
      });
      return { ...base, kind: 'label-events', choices, items: p.items };
    }
  }
}
