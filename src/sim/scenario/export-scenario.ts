/**
 * A session as a scenario file: what the page's Share popover downloads as "Scenario file (.yaml)", and what
 * `npx loopscope run` replays to the same trace. Built from the run's recipe (`SimulationRecipe`): its seed, nodes and
 * options, the manifests it started from (the input applied at step 0), and every later input (a user action or a
 * fault) as a timed action placed exactly, `at` its time and `afterStep` its step, since an input taken after step k
 * at time t may share t with later events. The run ends where the viewer was: `until` the viewed time and `untilStep`
 * the viewed step; inputs after it (the viewer stepped back) are left out, as the trace export leaves their events out.
 *
 * The file is checked before it is handed out: read back with the scenario reader, each action must be the input it
 * was written from and the cluster options the recipe's, so what cannot be written exactly (a user-written
 * controller, client limits or a network that the scenario format has no words for, a file over the reader's limits)
 * is an error in words, never a file that replays to something else.
 */
import { formatDuration, parseDuration } from '../engine/clock.ts';
import type { ApplyAction, UserAction } from '../actions/user-action.ts';
import type { NodeSpec } from '../cluster/cluster-options.ts';
import { DEFAULT_MAX_PODS, DEFAULT_NODE_CPU, DEFAULT_NODE_MEMORY } from '../controllers/kubelet/node-status.ts';
import { libraries } from '../libraries.ts';
import type { SimulationRecipe } from '../simulation.ts';
import { simulationOptionsFor } from '../simulation.ts';
import { canonicalJson } from '../api/canonical-json.ts';
import { nodeSpecs } from '../cluster/cluster-options.ts';
import { formatScenarioError, parseScenario } from './parse-scenario.ts';

export type ExportedScenario = { ok: true; text: string } | { ok: false; error: string };

/** A Go-style duration when it reads back exactly ("12.5s"), else the number of milliseconds. */
function duration(ms: number): string | number {
  const text = formatDuration(ms);
  return parseDuration(text) === ms ? text : ms;
}

function target(a: { resource: string; name: string; namespace?: string }): Record<string, unknown> {
  return { resource: a.resource, name: a.name, ...(a.namespace !== undefined ? { namespace: a.namespace } : {}) };
}

/** Keys of `obj` that are set, in the order given. */
function defined(obj: object, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if ((obj as Record<string, unknown>)[k] !== undefined) out[k] = (obj as Record<string, unknown>)[k];
  return out;
}

/** The verb and its body of a scenario action for `action`; a string says why there is none. */
function verbOf(action: UserAction): Record<string, unknown> | string {
  switch (action.type) {
    case 'apply':
    case 'create': {
      const options = defined(action, ['fieldManager', 'force', 'replace']);
      return { [action.type]: Object.keys(options).length ? { manifests: action.manifests, ...options } : action.manifests };
    }
    case 'delete':
      return { delete: { ...target(action), ...defined(action, ['propagationPolicy', 'gracePeriodSeconds']) } };
    case 'scale':
      return { scale: { ...target(action), replicas: action.replicas } };
    case 'patch':
      return { patch: { ...target(action), ...(action.patchType ? { type: action.patchType } : {}), patch: action.patch, ...defined(action, ['subresource', 'fieldManager']) } };
    case 'rollout':
      return { rollout: { ...target(action), op: action.op, ...defined(action, ['toRevision']) } };
    case 'cordon':
    case 'uncordon':
    case 'drain':
      return { [action.type]: action.node };
    case 'add-node':
      return { addNode: defined(action, ['name', 'cpu', 'memory', 'pods', 'labels']) };
    case 'set-load':
      return { setLoad: { ...target(action), ...defined(action, ['cpu', 'memory']) } };
    case 'git-commit':
      return { gitCommit: { files: action.files, ...defined(action, ['message']) } };
    case 'fault': {
      const fault: Record<string, unknown> = { ...action.fault };
      for (const k of ['restartAfter', 'duration', 'delay', 'readyAfter', 'runFor']) if (typeof fault[k] === 'number') fault[k] = duration(fault[k]);
      return { fault };
    }
    case 'install-controller':
      return { installController: { source: action.source, ...(action.replicas !== undefined ? { replicas: action.replicas } : {}) } };
    case 'uninstall-controller':
      return { uninstallController: action.name };
  }
}

/** The nodes as the cluster made them: a count or names alone get the cluster's defaults, written out. */
function nodesOf(nodes: SimulationRecipe['options']['nodes']): Array<Record<string, unknown>> {
  return nodeSpecs(nodes).map((n: NodeSpec) => ({
    name: n.name,
    cpu: n.cpu ?? DEFAULT_NODE_CPU,
    memory: n.memory ?? DEFAULT_NODE_MEMORY,
    pods: n.pods ?? DEFAULT_MAX_PODS,
    ...(n.labels && Object.keys(n.labels).length ? { labels: n.labels } : {}),
    ...(n.taints?.length ? { taints: n.taints } : {}),
  }));
}

/** The scenario `options` for the recipe's cluster options; a string names what the format cannot say. */
function optionsOf(o: SimulationRecipe['options']): Record<string, unknown> | string {
  const out: Record<string, unknown> = {};
  if (o.clientQPS === 'off') out.clientQPS = false;
  else if (o.clientQPS !== undefined) return `client limits of ${o.clientQPS.qps} qps, burst ${o.clientQPS.burst}`;
  if (o.network !== undefined) {
    const l = o.network.requestLatency?.meanMs;
    const same = { requestLatency: { meanMs: l, jitterMs: (l ?? 0) / 2 }, watchLatency: { meanMs: l, jitterMs: (l ?? 0) / 2 } };
    if (l === undefined || canonicalJson(o.network) !== canonicalJson(same)) return 'a network other than one latency for every call';
    out.networkLatency = duration(l);
  }
  if (o.controllers) out.controllers = o.controllers;
  if (o.controllerManagerReplicas !== undefined) out.controllerManagerReplicas = o.controllerManagerReplicas;
  for (const k of ['gitops', 'watchHistory', 'runtime'] as const) if (o[k] !== undefined) return `the cluster option ${k}`;
  return out;
}

/**
 * The scenario file that replays `recipe` to the viewed step. `name` is the scenario's metadata.name. Needs the yaml
 * library (src/sim/libraries.ts) loaded.
 */
export function exportScenario(recipe: SimulationRecipe, name = 'exported-session'): ExportedScenario {
  const fail = (why: string): ExportedScenario => ({ ok: false, error: `this session cannot be written as a scenario file: ${why}` });
  const options = optionsOf(recipe.options);
  if (typeof options === 'string') return fail(`the scenario format has no words for ${options}`);
  const time = recipe.time ?? 0;
  const inputs = recipe.inputs.filter((i) => i.afterStep <= recipe.step).sort((a, b) => a.afterStep - b.afterStep || a.at - b.at);
  const first = inputs[0];
  const startsWithManifests = first !== undefined && first.afterStep === 0 && first.at === 0 && first.action.type === 'apply' && Object.keys(first.action).length === 2;
  const actions: Array<Record<string, unknown>> = [];
  for (const input of startsWithManifests ? inputs.slice(1) : inputs) {
    const verb = verbOf(input.action);
    if (typeof verb === 'string') return fail(verb);
    actions.push({ at: duration(input.at), afterStep: input.afterStep, ...defined(input.action, ['command', 'dryRun', 'fieldValidation']), ...verb });
  }
  const file = {
    apiVersion: 'loopscope/v1',
    kind: 'Scenario',
    metadata: { name, description: `A Loopscope session to step ${recipe.step} (${formatDuration(time)}): npx loopscope run replays it to the same trace.` },
    seed: recipe.options.seed,
    nodes: nodesOf(recipe.options.nodes),
    ...(Object.keys(options).length ? { options } : {}),
    ...(startsWithManifests ? { manifests: (first!.action as ApplyAction).manifests } : {}),
    ...(actions.length ? { actions } : {}),
    until: duration(time),
    untilStep: recipe.step,
  };
  const text = libraries().yaml.stringify(file, { lineWidth: 0 });
  const manifests = startsWithManifests ? (first!.action as ApplyAction).manifests : undefined;
  return checked(text, recipe, manifests, startsWithManifests ? inputs.slice(1) : inputs) ?? { ok: true, text };
}

/** Reads `text` back: undefined when it is the recipe's run, else the failure. */
function checked(text: string, recipe: SimulationRecipe, manifests: unknown, inputs: SimulationRecipe['inputs']): ExportedScenario | undefined {
  const fail = (why: string): ExportedScenario => ({ ok: false, error: `this session cannot be written as a scenario file exactly: ${why}` });
  const parsed = parseScenario(text);
  if (!parsed.ok) return fail(parsed.errors.map((e) => formatScenarioError(e)).join('; '));
  const s = parsed.scenario;
  const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
  const wanted = { ...recipe.options, nodes: nodeSpecs(recipe.options.nodes) };
  const got = simulationOptionsFor(s);
  for (const k of ['seed', 'clientQPS', 'controllers', 'controllerManagerReplicas', 'network'] as const) {
    if (!same(got[k] ?? null, wanted[k] ?? null)) return fail(`its option ${k} reads back differently`);
  }
  const wantedNodes = wanted.nodes.map((n) => ({ name: n.name, cpu: n.cpu ?? DEFAULT_NODE_CPU, memory: n.memory ?? DEFAULT_NODE_MEMORY, pods: n.pods ?? DEFAULT_MAX_PODS, labels: n.labels ?? {}, taints: n.taints ?? [] }));
  if (!same(s.nodes, wantedNodes)) return fail('its nodes read back differently');
  if (!same(s.manifests ?? null, manifests ?? null)) return fail('its manifests read back differently');
  if (s.until !== (recipe.time ?? 0) || s.untilStep !== recipe.step) return fail('its end reads back differently');
  const i = s.actions.findIndex((a, n) => a.at !== inputs[n]?.at || a.afterStep !== inputs[n]?.afterStep || !same(a.action, inputs[n]?.action));
  if (i >= 0 || s.actions.length !== inputs.length) return fail(`actions[${i < 0 ? s.actions.length : i}] reads back differently`);
  return undefined;
}
