/**
 * One-line human descriptions of scenario actions and expectations, kubectl-flavoured, for reports and the timeline.
 */
import { formatDuration } from '../engine/clock.ts';
import type { UserAction } from '../actions/user-action.ts';
import { describeProgramName } from '../cluster/install-controller.ts';
import type { Expectation, FieldTest, ScenarioAction } from './scenario.ts';

function target(a: { resource: string; name: string; namespace?: string }, select?: ScenarioAction['select']): string {
  const ns = a.namespace ? ` -n ${a.namespace}` : '';
  return select ? `${a.resource} -l ${select.selector} (${select.pick})${ns}` : `${a.resource}/${a.name}${ns}`;
}

function manifestCount(m: string | object[]): string {
  if (Array.isArray(m)) return `${m.length} object${m.length === 1 ? '' : 's'}`;
  const docs = m.split(/^---\s*$/m).filter((d) => d.trim() !== '').length;
  return `${docs} document${docs === 1 ? '' : 's'}`;
}

/** "scale deployment/web --replicas=5", "fault crash-controller replicaset-controller". */
export function describeAction(a: UserAction, select?: ScenarioAction['select']): string {
  switch (a.type) {
    case 'apply':
    case 'create':
      return `${a.type} ${manifestCount(a.manifests)}`;
    case 'delete':
      return `delete ${target(a, select)}`;
    case 'scale':
      return `scale ${target(a, select)} --replicas=${a.replicas}`;
    case 'patch':
      return `patch ${target(a, select)} --type=${a.patchType ?? 'strategic'}${a.subresource ? ` --subresource=${a.subresource}` : ''}`;
    case 'rollout':
      return `rollout ${a.op} ${target(a)}`;
    case 'cordon':
    case 'uncordon':
    case 'drain':
      return `${a.type} ${a.node}`;
    case 'add-node':
      return `add node ${a.name}`;
    case 'set-load':
      return `set load ${target(a)}${a.cpu !== undefined ? ` cpu=${a.cpu}` : ''}${a.memory !== undefined ? ` memory=${a.memory}` : ''}`;
    case 'git-commit':
      return `git commit ${Object.keys(a.files).length} file${Object.keys(a.files).length === 1 ? '' : 's'}${a.message ? ` -m ${JSON.stringify(a.message)}` : ''}`;
    case 'install-controller':
      return `install controller ${describeProgramName(a.source, a.name ?? a.file)}`;
    case 'uninstall-controller':
      return `uninstall controller ${a.name}`;
    case 'fault': {
      const f = a.fault as Record<string, unknown>;
      const on = f.controller ?? f.node ?? f.resource ?? f.image ?? '';
      return `fault ${a.fault.type}${on ? ` ${String(on)}` : ''}`;
    }
  }
}

/** "at 30s: deployment/web status.readyReplicas equals 3". */
export function describeExpectation(e: Expectation): string {
  const since = e.from !== undefined ? `from ${formatDuration(e.from)} ` : '';
  const when = since + (e.at !== undefined ? `at ${formatDuration(e.at)}: ` : e.by !== undefined ? `by ${formatDuration(e.by)}: ` : since ? 'on: ' : '');
  const range = 'between' in e && e.between ? ` between ${formatDuration(e.between[0])} and ${formatDuration(e.between[1])}` : '';
  switch (e.kind) {
    case 'field': {
      const t = e.test;
      const test = 'equals' in t ? `equals ${JSON.stringify(t.equals)}` : 'matches' in t ? `matches /${t.matches}/` : t.exists ? 'exists' : 'does not exist';
      return `${when}${e.object.resource}/${e.object.name} ${e.field} ${test}`;
    }
    case 'event': {
      const m = e.event;
      const what = [m.type, m.reason].filter(Boolean).join(' ');
      const on = m.object ? ` on ${m.object}` : '';
      const times = e.count ? (e.count.max === undefined ? ` at least ${e.count.min} times` : e.count.min === e.count.max ? ` exactly ${e.count.min} times` : ` ${e.count.min}..${e.count.max} times`) : '';
      return `${when}event ${what}${on} ${e.happened ? `happened${times}` : 'never happened'}${range}`;
    }
    case 'trace': {
      const { kind, ...rest } = e.match;
      const fields = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
      const count = e.count.max === undefined ? `at least ${e.count.min}` : e.count.min === e.count.max ? `exactly ${e.count.min}` : `${e.count.min}..${e.count.max}`;
      return `${when}${count} trace ${kind}${fields.length ? ` {${fields.join(', ')}}` : ''}${range}`;
    }
    case 'converged':
      return `${when}converged`;
    case 'objects': {
      const set = `${e.objects.resource}${e.objects.selector ? ` matching "${e.objects.selector}"` : ''}${e.objects.namespace ? ` in ${e.objects.namespace}` : ''}`;
      const count = e.count ? (e.count.max === undefined ? `at least ${e.count.min} ` : e.count.min === e.count.max ? `exactly ${e.count.min} ` : `${e.count.min}..${e.count.max} `) : '';
      const every = e.every ? `, every one's ${e.every.field} ${testText(e.every.test)}` : '';
      return `${when}${count}${set}${every}`;
    }
    case 'fight': {
      const f = e.fight;
      const what = [f.object, f.field].filter(Boolean).join(' ') || 'any field';
      const who = f.managers?.length ? ` between ${f.managers.join(' and ')}` : '';
      const state = e.live !== undefined ? (e.live ? 'is live' : 'is not live') : e.happened ? 'happened' : 'never happened';
      return `${when}a fight over ${what}${who} ${state}${range}`;
    }
    case 'queue': {
      const q = e.queue;
      const depth = q.depth ? ` depth ${q.depth.max === undefined ? `≥ ${q.depth.min}` : q.depth.min === q.depth.max ? `= ${q.depth.min}` : `${q.depth.min}..${q.depth.max}`}` : '';
      const key = q.key !== undefined ? ` ${q.key} ${q.backoff === false ? 'not ' : ''}in backoff` : '';
      return `${when}${q.controller} queue${depth}${key}`;
    }
    case 'cache':
      return `${when}${e.cache.controller}'s cache ${e.cache.agrees ? 'agrees' : 'disagrees'} with the api-server on ${e.cache.object.resource}/${e.cache.object.name}`;
  }
}

function testText(t: FieldTest): string {
  return 'equals' in t ? `equals ${JSON.stringify(t.equals)}` : 'matches' in t ? `matches /${t.matches}/` : t.exists ? 'exists' : 'does not exist';
}
