/**
 * Where the cluster's Git repository lives (a slot of the container runtime's node state), and how to read it: kept
 * apart from git-repo.ts so the page's worker reads it each frame without loading the repository's code, which comes
 * with the simulation's on-demand libraries (a repository exists only once GitOps was turned on).
 */
import type { ContainerRuntime } from '../cluster/container-runtime.ts';
import type { GitRepo } from './git-repo.ts';

export const GIT_REPO_SLOT = 'gitops.loopscope/repo';

/** The cluster's repository, if GitOps was turned on. */
export function gitRepoOf(runtime: ContainerRuntime): GitRepo | undefined {
  return runtime.nodeState<GitRepo>(GIT_REPO_SLOT);
}
