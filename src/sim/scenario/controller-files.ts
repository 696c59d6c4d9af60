/**
 * A scenario's controllers given as files (`installController: { file }`, `controllers: [{ file }]`): the host reads
 * them before the run (the simulation reads no files). The CLI passes a reader relative to the scenario file.
 */
import type { Scenario } from './scenario.ts';

/** The scenario with every controller file's text as its source; errors name the file and the line of the scenario. */
export function resolveControllerFiles(scenario: Scenario, read: (file: string) => string): { scenario: Scenario; errors: string[] } {
  const errors: string[] = [];
  const actions = scenario.actions.map((a) => {
    if (a.action.type !== 'install-controller' || a.action.file === undefined || a.action.source) return a;
    try {
      const source = read(a.action.file);
      return { ...a, action: { type: 'install-controller' as const, source } };
    } catch (e) {
      errors.push(`line ${a.source.line}: cannot read controller file ${JSON.stringify(a.action.file)}: ${e instanceof Error ? e.message : String(e)}`);
      return a;
    }
  });
  return { scenario: { ...scenario, actions }, errors };
}
