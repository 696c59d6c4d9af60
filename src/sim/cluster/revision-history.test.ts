import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { controlledHistory, currentTemplatePatch, findHistory, historyMatches, historyToRollBackTo, templateOfHistory, type RevisionObject } from './revision-history.ts';

const ds = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent', namespace: 'default', uid: 'u1' },
  spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'x:2' }] } } },
} as unknown as KubeObject;

const revision = (name: string, n: number, image: string, extra: Partial<RevisionObject['metadata']> = {}): RevisionObject => ({
  apiVersion: 'apps/v1',
  kind: 'ControllerRevision',
  metadata: { name, namespace: 'default', labels: { app: 'agent' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'u1', controller: true }], ...extra },
  revision: n,
  data: { spec: { template: { $patch: 'replace', metadata: { creationTimestamp: null, labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image }] } } } },
});

describe('ControllerRevision history as kubectl reads it (history.go, rollback.go)', () => {
  it('controlledHistory: selected by the selector and controlled by the object', () => {
    const mine = revision('agent-1', 1, 'x:1');
    const otherOwner = revision('agent-2', 2, 'x:2', { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'u2', controller: true }] });
    const unselected = revision('agent-3', 3, 'x:3', { labels: { app: 'other' } });
    const otherNamespace = revision('agent-4', 4, 'x:4', { namespace: 'kube-system' });
    expect(controlledHistory(ds, [mine, otherOwner, unselected, otherNamespace]).map((r) => r.metadata.name)).toEqual(['agent-1']);
  });

  it('findHistory: the second newest for 0, else by number; the undo errors', () => {
    const all = [revision('c', 3, 'x:3'), revision('a', 1, 'x:1'), revision('b', 2, 'x:2')];
    expect(findHistory(0, all)?.metadata.name).toBe('b');
    expect(findHistory(1, all)?.metadata.name).toBe('a');
    expect(findHistory(9, all)).toBeUndefined();
    expect(historyToRollBackTo(0, [all[0]!])).toEqual({ error: 'no last revision to roll back to' });
    expect(historyToRollBackTo(9, all)).toEqual({ error: 'unable to find specified revision 9 in history' });
    expect(historyToRollBackTo(-2, all)).toEqual({ error: 'unable to find specified revision -2 in history' });
  });

  it('a revision matches the object whose template it stores, and applies as a template replacement', () => {
    expect(currentTemplatePatch(ds)).toEqual(revision('b', 2, 'x:2').data);
    expect(historyMatches(ds, revision('b', 2, 'x:2'))).toBe(true);
    expect(historyMatches(ds, revision('a', 1, 'x:1'))).toBe(false);
    const withAnnotation = { ...ds, spec: { ...(ds.spec as object), template: { metadata: { labels: { app: 'agent' }, annotations: { k: 'v' } }, spec: { containers: [{ name: 'a', image: 'x:2' }] } } } } as KubeObject;
    // `$patch: replace`: the revision's template whole, not merged into the object's (the annotation goes).
    expect(templateOfHistory(withAnnotation, revision('a', 1, 'x:1'))).toEqual({ metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'x:1' }] } });
  });
});
