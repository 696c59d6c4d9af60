/**
 * What only a person's actions ask of the cluster, loaded with the simulation's libraries (`src/sim/libraries.ts`);
 * the cluster reaches it through `libraries().cluster`. Nothing in the page's first script imports this module.
 */
export {};
