/**
 * Turns a shape-checked scenario file into a runnable {@link Scenario}: durations → ms, node counts → named nodes,
 * each action → its {@link UserAction}, kubectl-style targets ("deployment/web") → resource and name. Problems
 * that need more than shape (a bad regex, a target with no name) come back as located issues, not exceptions.
 */
import { parseDuration } from '../engine/clock.ts';
import type { Fault, UserAction } from '../actions/user-action.ts';
import type { ExpectationFile, ScenarioActionFile, ScenarioFile } from './scenario-schema.ts';
import { parseFieldPath, parseObjectRef } from './matchers.ts';
import type { Expectation, ExpectationCheck, FieldTest, ObjectSelector, Scenario, ScenarioAction, ScenarioNode } from './scenario.ts';
import { patternError } from './pattern.ts';

export interface NormalizeIssue {
  path: PropertyKey[];
  message: string;
}

/** Defaults for nodes given as a count. */
export const DEFAULT_NODE = { cpu: '4', memory: '8Gi', pods: 110 } as const;
export const DEFAULT_CHECK_INTERVAL = 100;

const ms = (d: string | number): number => parseDuration(d);

export function normalizeScenario(file: ScenarioFile, lineOf: (path: PropertyKey[]) => number): { scenario: Scenario; issues: NormalizeIssue[] } {
  const issues: NormalizeIssue[] = [];
  const nodes: ScenarioNode[] =
    typeof file.nodes === 'object'
      ? file.nodes.map((n) => ({
          name: n.name,
          cpu: String(n.cpu ?? DEFAULT_NODE.cpu),
          memory: n.memory ?? DEFAULT_NODE.memory,
          pods: n.pods ?? DEFAULT_NODE.pods,
          labels: n.labels ?? {},
          taints: n.taints ?? [],
        }))
      : Array.from({ length: file.nodes ?? 1 }, (_, i) => ({ name: `node-${i + 1}`, ...DEFAULT_NODE, labels: {}, taints: [] }));
  const seen = new Set<string>();
  nodes.forEach((n, i) => {
    if (seen.has(n.name)) issues.push({ path: ['nodes', i, 'name'], message: `duplicate node name "${n.name}"` });
    seen.add(n.name);
  });

  const o = file.options ?? {};
  const options: Scenario['options'] = { clientQPS: o.clientQPS ?? true, checkInterval: o.checkInterval === undefined ? DEFAULT_CHECK_INTERVAL : ms(o.checkInterval) };
  if (o.networkLatency !== undefined) options.networkLatency = ms(o.networkLatency);
  if (o.controllers) options.controllers = o.controllers;
  if (o.controllerManagerReplicas !== undefined) options.controllerManagerReplicas = o.controllerManagerReplicas;
  if (options.checkInterval <= 0) issues.push({ path: ['options', 'checkInterval'], message: 'must be more than 0' });

  const actions: ScenarioAction[] = [];
  (file.controllers ?? []).forEach((c, i) => {
    actions.push({ at: 0, action: installControllerAction(c), source: { path: `controllers[${i}]`, line: lineOf(['controllers', i]) } });
  });
  (file.actions ?? []).forEach((a, i) => {
    const path = ['actions', i];
    const action = toScenarioAction(a, path, issues);
    if (!action) return;
    action.source = { path: `actions[${i}]`, line: lineOf(path) };
    if (typeof a.expectError === 'string') checkRegex(a.expectError, [...path, 'expectError'], issues);
    actions.push(action);
  });
  // Stable: same-time actions keep the file's order.
  actions.sort((a, b) => a.at - b.at);
  // Exact positions (afterStep) must follow the order the actions run in.
  let lastStep: { step: number; source: string } | undefined;
  for (const a of actions) {
    if (a.afterStep === undefined) continue;
    if (lastStep && a.afterStep < lastStep.step) {
      issues.push({ path: [...pathOf(a.source.path), 'afterStep'], message: `afterStep ${a.afterStep} is before afterStep ${lastStep.step} of ${lastStep.source}, which runs earlier` });
    }
    lastStep = { step: a.afterStep, source: a.source.path };
  }

  const expect: Expectation[] = [];
  (file.expect ?? []).forEach((e, i) => {
    const path = ['expect', i];
    const x = toExpectation(e, path, issues);
    if (x) expect.push({ ...x, source: { path: `expect[${i}]`, line: lineOf(path) } });
  });

  const times = [0, ...actions.map((a) => a.at), ...expect.flatMap((e) => [e.at ?? 0, e.by ?? 0, ...('between' in e && e.between ? e.between : [])])];
  const until = file.until === undefined ? Math.max(30_000, Math.max(...times) + 10_000) : ms(file.until);

  if (file.until !== undefined) {
    actions.forEach((a) => a.at > until && issues.push({ path: [...pathOf(a.source.path), 'at'], message: `after until (${file.until})` }));
    expect.forEach((e) => Math.max(e.at ?? 0, e.by ?? 0) > until && issues.push({ path: pathOf(e.source.path), message: `checks a time after until (${file.until})` }));
  }

  if (file.untilStep !== undefined) {
    if (file.until === undefined) issues.push({ path: ['untilStep'], message: 'untilStep goes with until (the time of that step)' });
    const last = actions.findLast((a) => a.afterStep !== undefined);
    if (last && file.untilStep < last.afterStep!) issues.push({ path: ['untilStep'], message: `untilStep ${file.untilStep} is before afterStep ${last.afterStep} of ${last.source.path}` });
  }

  const scenario: Scenario = { name: file.metadata.name, seed: file.seed ?? 1, nodes, options, actions, expect, until };
  if (file.untilStep !== undefined) scenario.untilStep = file.untilStep;
  if (file.metadata.description !== undefined) scenario.description = file.metadata.description;
  if (file.manifests !== undefined) {
    scenario.manifests = Array.isArray(file.manifests) || typeof file.manifests === 'string' ? file.manifests : [file.manifests];
    scenario.manifestsSource = { path: 'manifests', line: lineOf(['manifests']) };
  }
  return { scenario, issues };
}

type TargetFields = { object?: string; resource?: string; name?: string; namespace?: string; selector?: string; pick?: 'oldest' | 'newest' | 'first' };

/** Resolves the target forms of an action; pushes an issue and returns undefined when none is complete. */
function toTarget(t: TargetFields, path: PropertyKey[], issues: NormalizeIssue[], allowSelector: boolean): { target: ObjectSelector; select?: ScenarioAction['select'] } | undefined {
  const ns = t.namespace !== undefined ? { namespace: t.namespace } : {};
  if (t.object !== undefined) {
    const ref = parseObjectRef(t.object);
    if (!ref) return void issues.push({ path: [...path, 'object'], message: `expected "<resource>/<name>", got "${t.object}"` });
    return { target: { ...ref, ...ns } };
  }
  if (t.resource !== undefined && t.name !== undefined) return { target: { resource: t.resource, name: t.name, ...ns } };
  if (t.resource !== undefined && t.selector !== undefined) {
    if (!allowSelector) return void issues.push({ path: [...path, 'selector'], message: 'selector is not allowed here' });
    return { target: { resource: t.resource, name: '', ...ns }, select: { selector: t.selector, pick: t.pick ?? 'first' } };
  }
  issues.push({ path, message: 'name the target: object: "<resource>/<name>", or resource + name, or resource + selector' });
  return undefined;
}

/** The verbs that are kubectl commands, which may carry `command`, `dryRun` and `fieldValidation`. */
const KUBECTL_VERBS = new Set<UserAction['type']>(['apply', 'create', 'delete', 'scale', 'patch', 'rollout', 'cordon', 'uncordon', 'drain']);

function toScenarioAction(a: ScenarioActionFile, path: PropertyKey[], issues: NormalizeIssue[]): ScenarioAction | undefined {
  const base = { at: ms(a.at), source: { path: '', line: 0 } } as ScenarioAction;
  if (a.expectError !== undefined) base.expectError = a.expectError;
  if ('afterStep' in a && a.afterStep !== undefined) base.afterStep = a.afterStep;
  const commandLine = pickDefined(a, ['command', 'dryRun', 'fieldValidation'] as const);
  const done = (action: UserAction, select?: ScenarioAction['select']): ScenarioAction => {
    const keys = Object.keys(commandLine);
    if (keys.length > 0 && !KUBECTL_VERBS.has(action.type)) issues.push({ path: [...path, keys[0]!], message: `${keys[0]} goes with a kubectl verb (${[...KUBECTL_VERBS].join(', ')})` });
    return { ...base, action: keys.length > 0 ? ({ ...action, ...commandLine } as UserAction) : action, ...(select ? { select } : {}) };
  };
  for (const type of ['apply', 'create'] as const) {
    const body = a[type];
    if (body === undefined) continue;
    if (typeof body === 'object' && !Array.isArray(body) && 'manifests' in body) {
      const wrapped = body as { manifests: string | object | object[]; fieldManager?: string; force?: boolean; replace?: boolean };
      const m = wrapped.manifests;
      const action: UserAction = { type, manifests: typeof m === 'string' || Array.isArray(m) ? m : [m] };
      if (wrapped.fieldManager !== undefined) action.fieldManager = wrapped.fieldManager;
      if (wrapped.force !== undefined) action.force = wrapped.force;
      if (wrapped.replace !== undefined) {
        if (type === 'create') issues.push({ path: [...path, type, 'replace'], message: 'replace goes with apply (kubectl replace), not create' });
        action.replace = wrapped.replace;
      }
      return done(action);
    }
    return done({ type, manifests: typeof body === 'string' || Array.isArray(body) ? body : [body] });
  }
  if (a.delete !== undefined) {
    const d = typeof a.delete === 'string' ? { object: a.delete } : a.delete;
    const t = toTarget(d, [...path, 'delete'], issues, true);
    if (!t) return undefined;
    const extra = typeof a.delete === 'string' ? {} : { ...pickDefined(a.delete, ['propagationPolicy', 'gracePeriodSeconds'] as const) };
    return done({ type: 'delete', ...t.target, ...extra }, t.select);
  }
  if (a.scale !== undefined) {
    const t = toTarget(a.scale, [...path, 'scale'], issues, true);
    return t && done({ type: 'scale', ...t.target, replicas: a.scale.replicas }, t.select);
  }
  if (a.patch !== undefined) {
    const t = toTarget(a.patch, [...path, 'patch'], issues, true);
    if (!t) return undefined;
    const p = a.patch;
    return done({ type: 'patch', ...t.target, patch: p.patch, ...(p.type ? { patchType: p.type } : {}), ...pickDefined(p, ['subresource', 'fieldManager'] as const) }, t.select);
  }
  if (a.rollout !== undefined) {
    const t = toTarget(a.rollout, [...path, 'rollout'], issues, false);
    return t && done({ type: 'rollout', ...t.target, op: a.rollout.op, ...pickDefined(a.rollout, ['toRevision'] as const) });
  }
  for (const type of ['cordon', 'uncordon', 'drain'] as const) {
    const node = a[type];
    if (node !== undefined) return done({ type, node });
  }
  if (a.addNode !== undefined) {
    const { cpu, ...rest } = a.addNode;
    return done({ type: 'add-node', ...rest, ...(cpu !== undefined ? { cpu: String(cpu) } : {}) });
  }
  if (a.setLoad !== undefined) {
    const t = toTarget(a.setLoad, [...path, 'setLoad'], issues, false);
    const { cpu, memory } = a.setLoad;
    return t && done({ type: 'set-load', ...t.target, ...(cpu !== undefined ? { cpu: String(cpu) } : {}), ...(memory !== undefined ? { memory } : {}) });
  }
  if (a.gitCommit !== undefined) {
    return done({ type: 'git-commit', files: { ...a.gitCommit.files }, ...(a.gitCommit.message !== undefined ? { message: a.gitCommit.message } : {}) });
  }
  if (a.installController !== undefined) return done(installControllerAction(a.installController));
  if (a.uninstallController !== undefined) return done({ type: 'uninstall-controller', name: a.uninstallController });
  if (a.fault !== undefined) {
    const f: Record<string, unknown> = { ...a.fault };
    for (const k of ['restartAfter', 'duration', 'delay', 'readyAfter', 'runFor']) if (f[k] !== undefined) f[k] = ms(f[k] as string | number);
    return done({ type: 'fault', fault: f as Fault });
  }
  return undefined;
}

/** `installController: { source | file }`: a file is read by the host before the run (controller-files.ts). */
function installControllerAction(c: { source?: string; file?: string; replicas?: number }): UserAction {
  const replicas = c.replicas !== undefined ? { replicas: c.replicas } : {};
  return c.source !== undefined ? { type: 'install-controller', source: c.source, ...replicas } : { type: 'install-controller', source: '', file: c.file!, ...replicas };
}

function toExpectation(e: ExpectationFile, path: PropertyKey[], issues: NormalizeIssue[]): (ExpectationCheck & { at?: number; by?: number }) | undefined {
  const time = { ...(e.at !== undefined ? { at: ms(e.at) } : {}), ...(e.by !== undefined ? { by: ms(e.by) } : {}), ...(e.from !== undefined ? { from: ms(e.from) } : {}) };
  if (time.from !== undefined && time.from > (time.at ?? time.by ?? Infinity)) issues.push({ path: [...path, 'from'], message: 'from is after the time it is checked' });
  const between = e.between ? ([ms(e.between[0]), ms(e.between[1])] as [number, number]) : undefined;
  if (between && between[0] > between[1]) issues.push({ path: [...path, 'between'], message: 'from is after to' });
  const within = between ? { between } : {};
  if (e.field !== undefined) {
    const ref = parseObjectRef(e.object ?? '');
    if (!ref) return void issues.push({ path: [...path, 'object'], message: `expected "<resource>/<name>", got "${e.object ?? ''}"` });
    if (e.matches !== undefined) checkRegex(e.matches, [...path, 'matches'], issues);
    if (!parseFieldPath(e.field)) issues.push({ path: [...path, 'field'], message: `invalid field path "${e.field}" (e.g. status.readyReplicas, status.conditions[type=Available].status)` });
    const test = e.matches !== undefined ? { matches: e.matches } : e.exists !== undefined ? { exists: e.exists } : { equals: e.equals };
    const object: ObjectSelector = { ...ref, ...(e.namespace !== undefined ? { namespace: e.namespace } : {}) };
    return { kind: 'field', object, field: e.field, test, ...time };
  }
  if (e.event !== undefined) {
    if (e.event.message !== undefined) checkRegex(e.event.message, [...path, 'event', 'message'], issues);
    const count = e.count ? { count: toCount(e.count, path, issues) } : {};
    return { kind: 'event', event: e.event, happened: e.happened ?? true, ...count, ...within, ...time };
  }
  if (e.trace !== undefined) {
    // A string written /re/ is a pattern (matchers.ts matchesTrace): checked now, not when the run meets it.
    for (const [field, want] of Object.entries(e.trace)) {
      if (typeof want === 'string' && want.length > 1 && want.startsWith('/') && want.endsWith('/')) checkRegex(want.slice(1, -1), [...path, 'trace', field], issues);
    }
    const count = toCount(e.count ?? {}, path, issues);
    return { kind: 'trace', match: e.trace, count, ...within, ...time };
  }
  if (e.converged) return { kind: 'converged', ...time };
  if (e.objects !== undefined) {
    const count = e.equals !== undefined ? { min: e.equals as number, max: e.equals as number } : e.count ? toCount(e.count, path, issues) : undefined;
    let every: { field: string; test: FieldTest } | undefined;
    if (e.every) {
      if (!parseFieldPath(e.every.field)) issues.push({ path: [...path, 'every', 'field'], message: `invalid field path "${e.every.field}"` });
      if (e.every.matches !== undefined) checkRegex(e.every.matches, [...path, 'every', 'matches'], issues);
      every = { field: e.every.field, test: e.every.matches !== undefined ? { matches: e.every.matches } : e.every.exists !== undefined ? { exists: e.every.exists } : { equals: e.every.equals } };
    }
    return { kind: 'objects', objects: { ...e.objects }, ...(count ? { count } : {}), ...(every ? { every } : {}), ...time };
  }
  if (e.fight !== undefined) {
    if (e.fight.object !== undefined && !parseObjectRef(e.fight.object)) issues.push({ path: [...path, 'fight', 'object'], message: `expected "<resource>/<name>", got "${e.fight.object}"` });
    return { kind: 'fight', fight: { ...e.fight }, ...(e.live !== undefined ? { live: e.live } : { happened: e.happened ?? true }), ...within, ...time };
  }
  if (e.queue !== undefined) {
    const { depth, ...rest } = e.queue;
    return { kind: 'queue', queue: { ...rest, ...(depth ? { depth: toCount(depth, [...path, 'queue'], issues) } : {}) }, ...time };
  }
  if (e.cache !== undefined) {
    const ref = parseObjectRef(e.cache.object);
    if (!ref) return void issues.push({ path: [...path, 'cache', 'object'], message: `expected "<resource>/<name>", got "${e.cache.object}"` });
    const object: ObjectSelector = { ...ref, ...(e.cache.namespace !== undefined ? { namespace: e.cache.namespace } : {}) };
    return { kind: 'cache', cache: { controller: e.cache.controller, object, agrees: e.cache.agrees }, ...time };
  }
  return undefined;
}

/** `{min?, max?}` → `{min, max?}`: min defaults to 1, or 0 when only max is given. */
function toCount(c: { min?: number; max?: number }, path: PropertyKey[], issues: NormalizeIssue[]): { min: number; max?: number } {
  const count = { min: c.min ?? (c.max !== undefined ? 0 : 1), ...(c.max !== undefined ? { max: c.max } : {}) };
  if (count.max !== undefined && count.min > count.max) issues.push({ path: [...path, 'count'], message: 'min is more than max' });
  return count;
}

/** Exported for the lesson format, which shares the expectation language. */
export { toExpectation, toScenarioAction };

/** A pattern a file carries, checked as pattern.ts will run it (RE2); a refusal is an issue at `path`. */
export function checkRegex(source: string, path: PropertyKey[], issues: NormalizeIssue[]): void {
  const error = patternError(source);
  if (error) issues.push({ path, message: `invalid regular expression (RE2 syntax): ${error}` });
}

function pickDefined<T extends object, K extends keyof T>(obj: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  return out;
}

/** "actions[2]" → ["actions", 2]. */
function pathOf(source: string): PropertyKey[] {
  const m = /^(\w+)\[(\d+)\]$/.exec(source);
  return m ? [m[1]!, Number(m[2])] : [source];
}
