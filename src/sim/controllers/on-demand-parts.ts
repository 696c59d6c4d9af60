/**
 * The parts of the first script's controllers that only input which loads the libraries first can reach (a person's,
 * or an init whose objects name what needs them: worker/needs-libraries.ts), loaded with the simulation's
 * libraries (`src/sim/libraries.ts`); the controllers reach them through `libraries().controllerParts`. Nothing in the
 * page's first script imports this module.
 */
/** The legacy `deprecated.deployment.rollback.to` rollback (deployment/rollback.ts). */
export { rollback } from './deployment/rollback.ts';
/** The garbage collector's monitors of the kinds CRDs add (garbagecollector/custom-resource-monitors.ts). */
export { CustomResourceMonitors } from './garbagecollector/custom-resource-monitors.ts';
/** The namespace controller's emptying of a terminating namespace (namespace/namespaced-resources-deleter.ts). */
export { deleteNamespace } from './namespace/namespaced-resources-deleter.ts';
