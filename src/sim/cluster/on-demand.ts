/**
 * What only a person's actions ask of the cluster, loaded with the simulation's libraries (`src/sim/libraries.ts`);
 * the cluster reaches it through `libraries().cluster`. Nothing in the page's first script imports this module.
 *
 * - every user action but an apply, and their trace lines (user-actions.ts: kubectl's other verbs, add-node,
 *   set-load, git-commit, faults, installing a user controller);
 * - a user-written controller's build (user-controller.ts), for the process an install starts;
 * - reading manifests given as YAML text (actions/manifest-text.ts, with yaml/yaml-guards.ts): only a person's apply
 *   is text; the boot's objects are read by actions/manifests.ts;
 * - the shapes of the user actions but apply and create, and of faults (actions/action-shapes.ts), which
 *   actions/validate-action.ts checks.
 */
export { describeAction, performAction } from './user-actions.ts';
export { buildUserController } from './user-controller.ts';
export { parseManifestText } from '../actions/manifest-text.ts';
export { ACTION_SHAPES, FAULT_SHAPES } from '../actions/action-shapes.ts';
