/**
 * What the "Test my controller" panel shows, as a pure reducer over the hunt worker's messages (hunt-protocol.ts)
 * and the person's Start and Stop, plus the words for a result. No React, no worker: tested in Node.
 */
import type { HuntProgress, HuntResult, HuntWorkerMessage } from '../../worker/protocol.ts';

export type HuntView =
  | { phase: 'idle' }
  | { phase: 'running'; seeds: number; progress?: HuntProgress }
  | { phase: 'stopped'; seeds: number; progress?: HuntProgress }
  | { phase: 'done'; result: HuntResult }
  | { phase: 'error'; message: string };

export type HuntViewEvent = { type: 'start'; seeds: number } | { type: 'stop' } | { type: 'message'; message: HuntWorkerMessage };

export const IDLE: HuntView = { phase: 'idle' };

export function huntReducer(view: HuntView, event: HuntViewEvent): HuntView {
  switch (event.type) {
    case 'start':
      return { phase: 'running', seeds: event.seeds };
    case 'stop':
      return view.phase === 'running' ? { phase: 'stopped', seeds: view.seeds, ...(view.progress ? { progress: view.progress } : {}) } : view;
    case 'message': {
      if (view.phase !== 'running') return view;
      const m = event.message;
      if (m.type === 'progress') return { ...view, progress: m.progress };
      if (m.type === 'result') return { phase: 'done', result: m.result };
      return { phase: 'error', message: m.message };
    }
  }
}

/** The progress bar's value in [0, 1]: plans explored of those asked for (the last stretch is minimisation). */
export function progressFraction(view: HuntView): number {
  if (view.phase === 'done') return 1;
  if (view.phase !== 'running' && view.phase !== 'stopped') return 0;
  const p = view.progress;
  if (!p) return 0;
  if (p.phase === 'minimising' || p.phase === 'replaying') return 0.95;
  return Math.min(0.9, (p.explored / Math.max(1, p.seeds)) * 0.9);
}

/** One line for where the hunt is. */
export function progressText(view: HuntView): string {
  if (view.phase === 'stopped') return `stopped after ${view.progress?.runs ?? 0} run(s), ${view.progress?.explored ?? 0} of ${view.seeds} plans explored`;
  if (view.phase !== 'running') return '';
  const p = view.progress;
  if (!p) return 'starting…';
  const what = p.phase === 'reference' ? 'the unperturbed run' : p.phase === 'minimising' ? 'minimising the failing plan' : p.phase === 'replaying' ? 'checking the replay' : `plan ${p.explored} of ${p.seeds}`;
  return `${what} · ${p.runs} run(s)${p.last ? ` · ${p.last}` : ''}`;
}

/** The result's headline: "✓ no bug found in 41 runs" or "✗ differs-from-unperturbed: …". */
export function resultHeadline(r: HuntResult): string {
  const runs = `${r.runs} run${r.runs === 1 ? '' : 's'}`;
  if (!r.finding) return r.status === 'stopped' ? `no bug found before the budget ran out (${runs})` : `✓ no bug found in ${runs} (${r.explored} plans)`;
  return `✗ ${r.finding.oracle}: ${r.finding.failures[0]?.message ?? ''}`;
}

/** The minimised schedule as lines: "20.005 s  intermediate-state: crash … right after write #3". */
export function scheduleLines(r: HuntResult): string[] {
  const f = r.finding;
  if (!f) return [];
  if (f.schedule.length === 0) return ['none: the unperturbed run already fails'];
  return f.schedule.map((s) => `${(s.at / 1000).toFixed(3)} s  ${s.description}`);
}
