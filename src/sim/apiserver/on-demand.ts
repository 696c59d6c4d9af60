/**
 * The api-server's request paths that only a person's input (or an on-demand controller) brings, loaded with the
 * simulation's libraries (`src/sim/libraries.ts`); the api-server reaches them through `libraries().apiserver`. Nothing in
 * the page's first script imports this module.
 *
 * - the /scale subresource (handlers/scale.ts): only kubectl scale, a person's patch of /scale and the HPA ask for it;
 * - JSON patch (patch/json-patch.ts): only a person's `kubectl patch --type json`, a rollout undo and a mutating
 *   webhook's answer are one;
 * - the known fields of the types only the kinds whose admission is on demand reach
 *   (fieldvalidation/known-fields-on-demand.generated.ts): their objects come only with such input;
 * - the kinds a CustomResourceDefinition serves (crd/resource-infos.ts), read when one is written;
 * - the DaemonSet's registry strategy (strategy/daemonset-strategy.ts): DaemonSets come only with such input.
 */
export { handleScaleGet, handleScaleUpdate, scaleOf } from './handlers/scale.ts';
export { applyJsonPatch } from './patch/json-patch.ts';
export { ON_DEMAND_KNOWN_FIELDS } from './fieldvalidation/known-fields-on-demand.generated.ts';
export { resourceInfosFromCRD } from './crd/resource-infos.ts';
export { prepareDaemonSetForCreate, prepareDaemonSetForUpdate } from './strategy/daemonset-strategy.ts';
