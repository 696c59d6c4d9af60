/**
 * What of GitOps is loaded on demand, with the simulation's libraries (`src/sim/libraries.ts`): the
 * argocd-application-controller's build and the repository itself. GitOps is turned on only by input that loads them
 * first (a scenario's or link's `gitops` option, a `git-commit` action).
 */
export { buildArgocdApplicationController } from './logic.ts';
export { installGitRepo } from './git-repo.ts';
