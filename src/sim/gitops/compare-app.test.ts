import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { compareAppState, renderDesired } from './compare-app.ts';
import { GitRepo } from './git-repo.ts';

const CM = (name: string, mode: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  mode: ${mode}\n`;
const spec = { source: { path: 'apps/web' }, destination: { namespace: 'shop' } };

describe('CompareAppState', () => {
  it('renders the folder: namespace from the destination, the tracking label, cluster-scoped kinds without a namespace', () => {
    const repo = new GitRepo();
    repo.commit({ 'apps/web/cm.yaml': CM('a', 'fast'), 'apps/web/ns.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n' }, { time: 0 });
    const { objects, errors } = renderDesired(repo, 'web', spec);
    expect(errors).toEqual([]);
    expect(objects.map((o) => [o.kind, o.metadata.namespace, o.metadata.labels?.['app.kubernetes.io/instance']])).toEqual([
      ['ConfigMap', 'shop', 'web'],
      ['Namespace', undefined, 'web'],
    ]);
  });

  it('missing and differing resources make the app OutOfSync; a tracked object Git no longer has requires pruning', () => {
    const repo = new GitRepo();
    repo.commit({ 'apps/web/a.yaml': CM('a', 'fast'), 'apps/web/b.yaml': CM('b', 'fast') }, { time: 0 });
    const liveA = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'shop', labels: { 'app.kubernetes.io/instance': 'web' } }, data: { mode: 'slow' } } as KubeObject;
    const old = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'old', namespace: 'shop', labels: { 'app.kubernetes.io/instance': 'web' } } } as KubeObject;
    const cmp = compareAppState(repo, 'web', spec, (_av, _k, _ns, name) => (name === 'a' ? liveA : undefined), [liveA, old]);
    expect(cmp.syncStatus).toBe('OutOfSync');
    expect(cmp.health).toBe('Missing');
    expect(cmp.resources.map((r) => [r.status.name, r.status.status, r.status.diff, r.status.requiresPruning ?? false])).toEqual([
      ['a', 'OutOfSync', ['data.mode: git fast, live slow'], false],
      ['b', 'OutOfSync', ['(missing from the cluster)'], false],
      ['old', 'OutOfSync', ['(not in Git: requires pruning)'], true],
    ]);
  });

  it('an unparsable file is a ComparisonError naming the file and line', () => {
    const repo = new GitRepo();
    repo.commit({ 'apps/web/bad.yaml': 'kind: [\n' }, { time: 0 });
    const cmp = compareAppState(repo, 'web', spec, () => undefined);
    expect(cmp.syncStatus).toBe('Unknown');
    expect(cmp.errors[0]).toMatch(/^apps\/web\/bad\.yaml:\d+: /);
  });

  it('the compared revision can be pinned to an older commit (CompareWithRecent)', () => {
    const repo = new GitRepo();
    const first = repo.commit({ 'apps/web/a.yaml': CM('a', 'fast') }, { time: 0 });
    repo.commit({ 'apps/web/a.yaml': CM('a', 'slow') }, { time: 1 });
    if ('error' in first) throw new Error(first.error);
    expect(renderDesired(repo, 'web', spec, first.sha).objects[0]!.data).toEqual({ mode: 'fast' });
    expect(renderDesired(repo, 'web', spec).objects[0]!.data).toEqual({ mode: 'slow' });
  });
});
