/**
 * What `loopscope run` does for a scenario with user-written controllers (src/sandbox): reads each controller file
 * named relative to the scenario file, and loads the sandbox (QuickJS) before the run. Scenarios without
 * controllers load nothing.
 */
import { dirname, resolve } from 'node:path';
import { MAX_CONTROLLER_SOURCE } from '../sim/cluster/install-controller.ts';
import { resolveControllerFiles } from '../sim/scenario/controller-files.ts';
import type { ScenarioError } from '../sim/scenario/parse-scenario.ts';
import type { Scenario } from '../sim/scenario/scenario.ts';
import { readTextLimited } from './read-limited.ts';

export async function prepareUserControllers(scenario: Scenario, scenarioFile: string): Promise<{ ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] }> {
  if (!scenario.actions.some((a) => a.action.type === 'install-controller')) return { ok: true, scenario };
  const base = dirname(scenarioFile);
  const { scenario: resolved, errors } = resolveControllerFiles(scenario, (file) => {
    const read = readTextLimited(resolve(base, file), MAX_CONTROLLER_SOURCE * 4, `the controller file (at most ${MAX_CONTROLLER_SOURCE} characters)`);
    if (!read.ok) throw new Error(read.error);
    return read.text;
  });
  if (errors.length) {
    return { ok: false, errors: errors.map((e) => ({ line: Number(/^line (\d+): /.exec(e)?.[1] ?? 1), column: 1, path: '', message: e.replace(/^line \d+: /, '') })) };
  }
  const { loadSandbox } = await import('../sandbox/load.ts');
  await loadSandbox();
  return { ok: true, scenario: resolved };
}
