/**
 * The "Git" repository of a GitOps run: desired manifests as files (path → YAML text) with a linear history of
 * commits, edited in the page or by a scenario's `gitCommit:` step. It lives in the simulation (on virtual time,
 * copied by checkpoints) so that seeking back also rewinds Git.
 *
 * @remarks Not Git: one branch (HEAD), no trees or blobs, no merges. A commit's sha is a deterministic 40-hex hash
 * of its parent, author, message, virtual time and full file set, so the same run gives the same shas.
 */
import type { ContainerRuntime } from '../cluster/container-runtime.ts';

/** One commit: the full file set after it (files are small; a snapshot per commit keeps history reads trivial). */
export interface GitCommit {
  sha: string;
  parent: string | null;
  author: string;
  message: string;
  /** Virtual ms. */
  time: number;
  /** Paths added, modified, deleted by this commit (sorted). */
  changes: Array<{ path: string; change: 'added' | 'modified' | 'deleted' }>;
  files: Record<string, string>;
}

/** The runtime slot the cluster's repo is kept in (never a node's name: node names cannot contain "/"). */
import { GIT_REPO_SLOT, gitRepoOf } from './git-repo-slot.ts';

export { GIT_REPO_SLOT, gitRepoOf };

/** A valid repo path: relative, "/"-separated, no "." or ".." segments. */
export function isValidPath(path: string): boolean {
  if (!path || path.length > 512 || path.startsWith('/') || path.endsWith('/')) return false;
  return path.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !/[\0\\]/.test(s));
}

/** 40 hex digits from a string: five 32-bit FNV-1a lanes with different offsets (deterministic, not cryptographic). */
export function contentSha(text: string): string {
  let out = '';
  for (let lane = 0; lane < 5; lane++) {
    let h = (0x811c9dc5 ^ Math.imul(lane + 1, 0x9e3779b1)) >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h = (h ^ (h >>> 15)) >>> 0;
    h = Math.imul(h, 0x2c1b3c6d) >>> 0;
    h = (h ^ (h >>> 12)) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}

export class GitRepo {
  private readonly history: GitCommit[] = [];

  /** The commits, oldest first. */
  log(): readonly GitCommit[] {
    return this.history;
  }

  /** HEAD's sha, or null for an empty repository. */
  head(): string | null {
    return this.history.length ? this.history[this.history.length - 1]!.sha : null;
  }

  /** The files at `sha` (default HEAD); an unknown sha gives undefined. */
  files(sha?: string): Record<string, string> | undefined {
    if (sha === undefined) return this.history.length ? this.history[this.history.length - 1]!.files : {};
    return this.history.find((c) => c.sha === sha || (sha.length >= 7 && c.sha.startsWith(sha)))?.files;
  }

  /**
   * The manifest files under `dir` at `sha` (default HEAD): `.yaml`, `.yml` and `.json` files in the folder and its
   * subfolders, sorted by path (Argo CD's directory source with `recurse: true`). `""` or `"."` is the root.
   */
  manifestsUnder(dir: string, sha?: string): Array<{ path: string; text: string }> {
    const files = this.files(sha) ?? {};
    const prefix = dir === '' || dir === '.' || dir === './' ? '' : `${dir.replace(/^\.\//, '').replace(/\/+$/, '')}/`;
    return Object.keys(files)
      .filter((p) => p.startsWith(prefix) && /\.(ya?ml|json)$/.test(p))
      .sort()
      .map((path) => ({ path, text: files[path]! }));
  }

  /**
   * Commits `changes` (path → new text, or null to delete) on top of HEAD. Returns the commit, or an error message
   * when a path is invalid or nothing would change.
   */
  commit(changes: Record<string, string | null>, options: { message?: string; author?: string; time: number }): GitCommit | { error: string } {
    const parent = this.history.length ? this.history[this.history.length - 1]! : null;
    const files: Record<string, string> = { ...(parent?.files ?? {}) };
    const changed: GitCommit['changes'] = [];
    for (const path of Object.keys(changes).sort()) {
      if (!isValidPath(path)) return { error: `invalid path ${JSON.stringify(path)}` };
      const text = changes[path];
      if (text === null || text === undefined) {
        if (path in files) {
          delete files[path];
          changed.push({ path, change: 'deleted' });
        }
      } else if (typeof text !== 'string') {
        return { error: `the content of ${path} must be text or null` };
      } else if (files[path] !== text) {
        changed.push({ path, change: path in files ? 'modified' : 'added' });
        files[path] = text;
      }
    }
    if (!changed.length) return { error: 'nothing to commit, working tree clean' };
    const sorted: Record<string, string> = {};
    for (const p of Object.keys(files).sort()) sorted[p] = files[p]!;
    const author = options.author ?? 'user';
    const message = options.message?.trim() || `Update ${changed.map((c) => c.path).join(', ')}`;
    const sha = contentSha(JSON.stringify([parent?.sha ?? null, author, message, options.time, sorted]));
    const commit: GitCommit = { sha, parent: parent?.sha ?? null, author, message, time: options.time, changes: changed, files: sorted };
    this.history.push(commit);
    return commit;
  }
}

/**
 * Creates the cluster's repo (once) in the runtime, where every process can reach it — as the repo-server reaches
 * the Git host. With `files`, the first commit ("Initial commit") holds them.
 */
export function installGitRepo(runtime: ContainerRuntime, files: Record<string, string> | undefined, time: number): GitRepo {
  const existing = gitRepoOf(runtime);
  if (existing) return existing;
  const repo = new GitRepo();
  runtime.setNodeState(GIT_REPO_SLOT, repo);
  if (files && Object.keys(files).length) repo.commit(files, { message: 'Initial commit', author: 'user', time });
  return repo;
}
