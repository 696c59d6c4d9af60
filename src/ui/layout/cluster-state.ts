/**
 * What the top bar's badge says about the cluster, never more reassuring than the truth: `degraded` while something
 * is broken (the api-server unavailable, a controller crashed, paused or stopped, a node not ready), `fighting` while
 * two managers flip a field (the fight detector), `reconciling` while a loop has work or a status lags its spec,
 * and `converged` only when none of these holds. The reasons are in words, most important first.
 */
import type { ControllerSummary, FieldFight, ObjectSummary } from '../../worker/protocol.ts';

export type ClusterStateKind = 'converged' | 'reconciling' | 'fighting' | 'degraded';

export interface ClusterState {
  kind: ClusterStateKind;
  /** Why, in words (the badge's tooltip and its accessible description). */
  reasons: string[];
}

export interface ClusterStateInput {
  converged: boolean;
  convergence: readonly string[];
  fights: readonly FieldFight[];
  controllers: readonly ControllerSummary[];
  objects: ReadonlyMap<string, ObjectSummary>;
  apiServerUnavailable: boolean;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function clusterState(s: ClusterStateInput): ClusterState {
  const broken: string[] = [];
  if (s.apiServerUnavailable) broken.push('the api-server is unavailable (every request answers 503)');
  const byProcess = new Map<string, ControllerSummary>();
  for (const c of s.controllers) if (!byProcess.has(c.process)) byProcess.set(c.process, c);
  for (const c of byProcess.values()) {
    if (!c.alive || c.state === 'crashed') broken.push(`${c.process} is down`);
    else if (c.state === 'stopped') broken.push(`${c.process} is stopped`);
  }
  for (const c of s.controllers) if (c.alive && c.paused) broken.push(`${c.name} is paused`);
  for (const o of s.objects.values()) if (o.kind === 'Node' && o.phase !== undefined && o.phase !== 'Ready') broken.push(`node ${o.name} is ${o.phase}`);
  if (broken.length) return { kind: 'degraded', reasons: broken };
  if (s.fights.length) {
    return {
      kind: 'fighting',
      reasons: s.fights.slice(0, 5).map((f) => describeFight(f)),
    };
  }
  if (!s.converged) return { kind: 'reconciling', reasons: s.convergence.length ? [...s.convergence] : ['a loop has work to do'] };
  return { kind: 'converged', reasons: ['every loop is idle and every status matches its spec'] };
}

function describeFight(f: FieldFight): string {
  return `${f.object.kind.toLowerCase()}/${f.object.name} ${f.field} flips between ${f.managers[0]} and ${f.managers[1]} (${plural(f.flips, 'flip', 'flips')})`;
}

export const STATE_WORDS: Record<ClusterStateKind, string> = {
  converged: 'converged',
  reconciling: 'reconciling…',
  fighting: 'fighting',
  degraded: 'degraded',
};
