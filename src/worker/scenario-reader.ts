/**
 * What the worker needs of the scenario machinery (src/sim/scenario): reading a scenario file and resolving its
 * actions' selectors; also reading a share link's recipe and writing trace and session exports. Loaded on demand (on-demand.ts):
 * only a lesson, a share link or an export needs them, never the page's first frame.
 */
export { formatScenarioError, parseScenario } from '../sim/scenario/parse-scenario.ts';
export { resolveSelection } from '../sim/scenario/run-scenario.ts';
export { parseRecipe } from './recipe-schema.ts';
export { toChromeTrace, toJsonLines } from '../sim/trace/chrome-trace.ts';
export { exportScenario } from '../sim/scenario/export-scenario.ts';
