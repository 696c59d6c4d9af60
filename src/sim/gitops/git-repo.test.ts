import { describe, expect, it } from 'vitest';
import { contentSha, GitRepo, isValidPath } from './git-repo.ts';

describe('the simulated Git repository', () => {
  it('commits get deterministic 40-hex shas from parent, content, author, message and time', () => {
    const a = new GitRepo();
    const b = new GitRepo();
    const ca = a.commit({ 'x.yaml': 'a: 1' }, { message: 'm', time: 5 });
    const cb = b.commit({ 'x.yaml': 'a: 1' }, { message: 'm', time: 5 });
    expect('sha' in ca && ca.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(ca).toEqual(cb);
    const cc = b.commit({ 'x.yaml': 'a: 2' }, { message: 'm', time: 5 });
    expect('sha' in cc && cc.sha).not.toBe('sha' in ca && ca.sha);
    expect(contentSha('abc')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('null deletes a file; each commit keeps its snapshot', () => {
    const r = new GitRepo();
    const first = r.commit({ 'apps/web/a.yaml': 'a', 'apps/web/b.yaml': 'b' }, { time: 0 });
    const second = r.commit({ 'apps/web/b.yaml': null, 'apps/web/c.yaml': 'c' }, { message: 'swap', time: 1 });
    if ('error' in first || 'error' in second) throw new Error('commit failed');
    expect(second.changes).toEqual([
      { path: 'apps/web/b.yaml', change: 'deleted' },
      { path: 'apps/web/c.yaml', change: 'added' },
    ]);
    expect(second.parent).toBe(first.sha);
    expect(Object.keys(r.files()!)).toEqual(['apps/web/a.yaml', 'apps/web/c.yaml']);
    expect(Object.keys(r.files(first.sha.slice(0, 7))!)).toEqual(['apps/web/a.yaml', 'apps/web/b.yaml']);
  });

  it('a commit that changes nothing or names a bad path is refused', () => {
    const r = new GitRepo();
    r.commit({ 'a.yaml': 'a' }, { time: 0 });
    expect(r.commit({ 'a.yaml': 'a' }, { time: 1 })).toEqual({ error: 'nothing to commit, working tree clean' });
    expect(r.commit({ '../etc/passwd': 'x' }, { time: 1 })).toMatchObject({ error: expect.stringContaining('invalid path') });
    expect(isValidPath('/abs')).toBe(false);
    expect(isValidPath('apps/./x')).toBe(false);
    expect(r.log()).toHaveLength(1);
  });

  it('manifestsUnder lists YAML and JSON files of a folder and its subfolders, sorted', () => {
    const r = new GitRepo();
    r.commit({ 'apps/web/z.yaml': 'z', 'apps/web/sub/a.yml': 'a', 'apps/web/README.md': '#', 'apps/webby/x.yaml': 'x', 'root.json': '{}' }, { time: 0 });
    expect(r.manifestsUnder('apps/web').map((f) => f.path)).toEqual(['apps/web/sub/a.yml', 'apps/web/z.yaml']);
    expect(r.manifestsUnder('./apps/web/').map((f) => f.path)).toEqual(['apps/web/sub/a.yml', 'apps/web/z.yaml']);
    expect(r.manifestsUnder('.').map((f) => f.path)).toEqual(['apps/web/sub/a.yml', 'apps/web/z.yaml', 'apps/webby/x.yaml', 'root.json']);
  });
});
