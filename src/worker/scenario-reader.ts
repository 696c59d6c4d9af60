/**
 * What the worker needs of the scenario machinery (src/sim/scenario): reading a scenario file and resolving its
 * actions' selectors. Loaded on demand (on-demand.ts): only a lesson or a share link brings a scenario.
 */
export { formatScenarioError, parseScenario } from '../sim/scenario/parse-scenario.ts';
export { resolveSelection } from '../sim/scenario/run-scenario.ts';
