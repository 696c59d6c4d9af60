/** Prints a {@link ScenarioReport}: actions that did not go as declared, each expectation with ✓/✗, the summary. */
import { formatDuration } from '../sim/engine/clock.ts';
import type { ScenarioReport } from '../sim/scenario/run-scenario.ts';
import type { Paint } from './paint.ts';

function where(line: number, path: string): string {
  return line > 0 ? `line ${line}` : path;
}

/** "N passed, M failed": the last line of every run. */
export function summaryLine(report: Pick<ScenarioReport, 'passed' | 'failed'>): string {
  return `${report.passed} passed, ${report.failed} failed`;
}

export function formatReport(report: ScenarioReport, paint: Paint): string[] {
  const out: string[] = [];
  const badActions = report.actions.filter((a) => !a.asExpected);
  if (badActions.length) {
    out.push('', paint.bold('Actions'));
    for (const a of badActions) {
      const why = a.ok ? 'succeeded, but the scenario expected an error' : `failed: ${a.error ?? ''}`;
      out.push(`  ${paint.red('✗')} ${where(a.source.line, a.source.path)}  at ${formatDuration(a.at)}: ${a.description} ${why}`);
    }
  }
  if (report.expectations.length) {
    out.push('', paint.bold('Expectations'));
    for (const x of report.expectations) {
      const mark = x.passed ? paint.green('✓') : paint.red('✗');
      const ids = x.traceIds.length ? `, trace #${x.traceIds.slice(0, 5).join(' #')}${x.traceIds.length > 5 ? ' …' : ''}` : '';
      out.push(`  ${mark} ${where(x.source.line, x.source.path)}  ${x.description}`);
      out.push(paint.dim(`      ${x.message} (decided at ${formatDuration(x.time)}${ids})`));
    }
  }
  out.push('', report.failed ? paint.red(summaryLine(report)) : paint.green(summaryLine(report)));
  return out;
}
