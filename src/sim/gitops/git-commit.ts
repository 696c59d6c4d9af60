/**
 * The `git-commit` user action: a commit to the simulated Git repository (the page's Git folder, a scenario's
 * `gitCommit:` step). The first one enables GitOps in a cluster created without it.
 *
 * @remarks Simulator-only: upstream, commits happen outside the cluster and Argo CD polls the repo.
 */
import type { ActResult } from '../cluster/act-result.ts';
import type { GitRepo } from './git-repo.ts';

/** The action, as {@link UserAction} carries it. */
export interface GitCommit {
  type: 'git-commit';
  /** Path → new file text; `null` deletes the file. */
  files: Record<string, string | null>;
  message?: string;
}

/** Commits the change at `now`; errors (bad paths, nothing to commit) go to `result`. */
export function performGitCommit(repo: GitRepo, action: GitCommit, now: number, result: ActResult): void {
  if (!action.files || typeof action.files !== 'object' || Array.isArray(action.files)) {
    result.errors.push({ line: 0, column: 0, message: 'git-commit: files must map paths to text or null' });
    result.messages.push('error: git-commit: files must map paths to text or null');
    return;
  }
  const c = repo.commit(action.files, { ...(action.message !== undefined ? { message: action.message } : {}), author: 'user', time: now });
  if ('error' in c) {
    result.errors.push({ line: 0, column: 0, message: `git-commit: ${c.error}` });
    result.messages.push(`error: git-commit: ${c.error}`);
    return;
  }
  const stats = c.changes.map((x) => `${x.change === 'added' ? 'create' : x.change === 'deleted' ? 'delete' : 'modify'} ${x.path}`);
  result.messages.push(`[main ${c.sha.slice(0, 7)}] ${c.message}`, ...stats);
}

/** One line for the trace: `git commit -m "scale to 3" (2 files)`. */
export function describeGitCommit(action: GitCommit): string {
  const n = Object.keys(action.files ?? {}).length;
  return `git commit${action.message ? ` -m ${JSON.stringify(action.message)}` : ''} (${n} file${n === 1 ? '' : 's'})`;
}
