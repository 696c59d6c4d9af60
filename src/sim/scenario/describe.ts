/**
 * One-line human descriptions of scenario actions and expectations, kubectl-flavoured, for reports and the timeline.
 */
import { formatDuration } from '../engine/clock.ts';
import type { UserAction } from '../actions/user-action.ts';
import type { Expectation, ScenarioAction } from './scenario.ts';

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
      return `patch ${target(a, select)} --type=${a.patchType ?? 'merge'}${a.subresource ? ` --subresource=${a.subresource}` : ''}`;
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
    case 'fault': {
      const f = a.fault as Record<string, unknown>;
      const on = f.controller ?? f.node ?? f.resource ?? f.image ?? '';
      return `fault ${a.fault.type}${on ? ` ${String(on)}` : ''}`;
    }
  }
}

/** "at 30s: deployment/web status.readyReplicas equals 3". */
export function describeExpectation(e: Expectation): string {
  const when = e.at !== undefined ? `at ${formatDuration(e.at)}: ` : e.by !== undefined ? `by ${formatDuration(e.by)}: ` : '';
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
      return `${when}event ${what}${on} ${e.happened ? 'happened' : 'never happened'}${range}`;
    }
    case 'trace': {
      const { kind, ...rest } = e.match;
      const fields = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
      const count = e.count.max === undefined ? `at least ${e.count.min}` : e.count.min === e.count.max ? `exactly ${e.count.min}` : `${e.count.min}..${e.count.max}`;
      return `${when}${count} trace ${kind}${fields.length ? ` {${fields.join(', ')}}` : ''}${range}`;
    }
    case 'converged':
      return `${when}converged`;
  }
}
