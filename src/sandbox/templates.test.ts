/**
 * Every controller template (controllers/*.ts) comes with a scenario (controllers/<template>.scenario.yaml) that
 * installs it from its file, as `npx loopscope run` does: the scenario must parse and every expectation hold. For the
 * correct templates that is their behaviour; for the buggy ones, the scenario shows the bug where a plain fault can
 * (the bug hunter, src/hunt, finds them all by itself).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveControllerFiles } from '../sim/scenario/controller-files.ts';
import { formatScenarioError, parseScenario } from '../sim/scenario/parse-scenario.ts';
import { runScenario } from '../sim/scenario/run-scenario.ts';
import { createSimulationHost } from '../sim/scenario/simulation-host.ts';
import { loadSandbox } from './load.ts';

const dir = fileURLToPath(new URL('../../controllers/', import.meta.url));
const scenarios = readdirSync(dir).filter((f) => f.endsWith('.scenario.yaml')).sort();
const templates = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).sort();

beforeAll(async () => {
  await loadSandbox();
});

describe('controller templates', () => {
  it('each template has its scenario', () => {
    expect(scenarios.map((f) => f.replace('.scenario.yaml', '.ts'))).toEqual(templates);
    expect(templates.length).toBe(7);
  });

  for (const file of scenarios) {
    it(file, () => {
      const parsed = parseScenario(readFileSync(`${dir}${file}`, 'utf8'));
      if (!parsed.ok) throw new Error(parsed.errors.map((e) => formatScenarioError(e, file)).join('\n'));
      const { scenario, errors } = resolveControllerFiles(parsed.scenario, (f) => readFileSync(`${dir}${f}`, 'utf8'));
      expect(errors).toEqual([]);
      const report = runScenario(scenario, createSimulationHost(scenario));
      const failures = [
        ...report.expectations.filter((e) => !e.passed).map((e) => `line ${e.source.line}: ${e.message}`),
        ...report.actions.filter((a) => !a.asExpected).map((a) => `line ${a.source.line}: action ${a.description}: ${a.error ?? 'unexpected outcome'}`),
      ];
      expect(failures, `${file}:\n${failures.join('\n')}`).toEqual([]);
    }, 120_000);
  }

  it('a controller file that was not read is an error naming it', () => {
    const parsed = parseScenario(readFileSync(`${dir}cronbackup.scenario.yaml`, 'utf8'));
    if (!parsed.ok) throw new Error('cronbackup.scenario.yaml does not parse');
    const report = runScenario(parsed.scenario, createSimulationHost(parsed.scenario));
    expect(report.actions.find((a) => a.source.path === 'controllers[0]')).toMatchObject({ description: 'install controller cronbackup.ts', ok: false });
    expect(report.actions.find((a) => a.source.path === 'controllers[0]')?.error).toMatch(/the file "cronbackup.ts" was not read/);
    const missing = resolveControllerFiles(parsed.scenario, () => {
      throw new Error('ENOENT');
    });
    expect(missing.errors[0]).toMatch(/line \d+: cannot read controller file "cronbackup.ts": ENOENT/);
  });
});
