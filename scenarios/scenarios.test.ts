/**
 * Every scenario file in this folder is a lesson and a test: it must parse, and every expectation must hold when it is
 * played on the real simulation (as `npx loopscope run <file>` does).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseScenario, formatScenarioError } from '../src/sim/scenario/parse-scenario.ts';
import { runScenario } from '../src/sim/scenario/run-scenario.ts';
import { createSimulationHost } from '../src/sim/scenario/simulation-host.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();

describe('scenarios', () => {
  it('the folder has the lessons', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  for (const file of files) {
    it(file, () => {
      const parsed = parseScenario(readFileSync(`${dir}${file}`, 'utf8'));
      if (!parsed.ok) throw new Error(parsed.errors.map((e) => formatScenarioError(e, file)).join('\n'));
      const report = runScenario(parsed.scenario, createSimulationHost(parsed.scenario));
      const failures = [
        ...report.expectations.filter((e) => !e.passed).map((e) => `line ${e.source.line}: ${e.message}`),
        ...report.actions.filter((a) => !a.asExpected).map((a) => `line ${a.source.line}: action ${a.description}: ${a.error ?? 'unexpected outcome'}`),
      ];
      expect(failures, `${file}:\n${failures.join('\n')}`).toEqual([]);
      expect(report.passed).toBeGreaterThan(0);
    }, 120_000);
  }
});
