import { describe, expect, it } from 'vitest';
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import {
  bySizeNewer,
  bySizeOlder,
  equalIgnoreHash,
  filterActiveReplicaSets,
  findActiveOrLatest,
  findNewReplicaSet,
  findOldReplicaSets,
  getActualReplicaCountForReplicaSets,
  getReplicaCountForReplicaSets,
  getTerminatingReplicaCountForReplicaSets,
} from './replica-sets';
import { newDeployment, rs } from './test-fixtures';

const names = (rss: readonly ReplicaSet[]) => rss.map((r) => r.metadata?.name);
const withTemplate = (r: ReplicaSet, image: string, hash: string): ReplicaSet => ({
  ...r,
  spec: { ...r.spec!, template: { metadata: { labels: { foo: 'bar', 'pod-template-hash': hash } }, spec: { containers: [{ name: 'c', image }] } } },
});

describe('finding the new and old replica sets', () => {
  const d = newDeployment('foo', 3);
  const newer = withTemplate(rs('foo-b', 1, 2000), 'nginx', 'bbb');
  const older = withTemplate(rs('foo-a', 1, 1000), 'nginx', 'aaa');
  const old = withTemplate(rs('foo-old', 2, 0), 'nginx:1.0', 'ccc');
  const oldZero = withTemplate(rs('foo-zero', 0, 0), 'nginx:0.9', 'ddd');

  it('the new replica set is the oldest of those whose template matches, ignoring pod-template-hash', () => {
    expect(findNewReplicaSet(d, [newer, old, older])?.metadata?.name).toBe('foo-a');
  });
  it('old replica sets are all the others; the first list drops those scaled to zero', () => {
    const { oldRSs, allOldRSs } = findOldReplicaSets(d, [old, older, oldZero]);
    expect(names(allOldRSs)).toEqual(['foo-old', 'foo-zero']);
    expect(names(oldRSs)).toEqual(['foo-old']);
  });
  it('equalIgnoreHash tells a different image apart but not a different hash label', () => {
    expect(equalIgnoreHash(newer.spec?.template, older.spec?.template)).toBe(true);
    expect(equalIgnoreHash(newer.spec?.template, old.spec?.template)).toBe(false);
    expect(equalIgnoreHash({ metadata: { labels: { a: '1' } } }, { metadata: { labels: { a: '2' } } })).toBe(false);
  });
});

describe('sort orders (controller_utils.go)', () => {
  const a = rs('a', 3, 1000);
  const b = rs('b', 3, 2000);
  const c = rs('c', 5, 3000);
  it('by size, newer first on ties (scale up) and older first on ties (scale down)', () => {
    expect(names([a, b, c].sort(bySizeNewer))).toEqual(['c', 'b', 'a']);
    expect(names([b, a, c].sort(bySizeOlder))).toEqual(['c', 'a', 'b']);
  });
  it('active replica sets and the active-or-latest rule', () => {
    expect(names(filterActiveReplicaSets([rs('z', 0), a, undefined]))).toEqual(['a']);
    expect(findActiveOrLatest(rs('n', 0, 5000), [rs('o1', 0, 1000), rs('o2', 0, 2000)])?.metadata?.name).toBe('n');
    expect(findActiveOrLatest(undefined, [rs('o1', 0, 1000), rs('o2', 0, 2000)])?.metadata?.name).toBe('o2');
    expect(findActiveOrLatest(rs('n', 0, 5000), [rs('o1', 2, 1000)])?.metadata?.name).toBe('o1');
    expect(findActiveOrLatest(rs('n', 1, 5000), [rs('o1', 2, 1000)])).toBeUndefined();
  });
});

describe('replica counts (upstream TestGetReplicaCountForReplicaSets)', () => {
  const mk = (name: string, spec: number, status: number, terminating: number | undefined, observedGeneration: number): ReplicaSet => ({
    ...rs(name, spec),
    status: { replicas: status, observedGeneration, ...(terminating === undefined ? {} : { terminatingReplicas: terminating }) } as ReplicaSet['status'],
  });
  const rs1 = mk('foo-rs', 1, 2, 3, 1);
  const rs2 = mk('bar-rs', 2, 3, 1, 0);
  const rs3 = mk('unsynced-rs', 3, 0, undefined, 0);
  const rs4 = mk('dropped-rs', 1, 1, undefined, 1);
  it.each([
    ['scaling down rs1', [rs1], 1, 2, 3],
    ['scaling down rs1 and rs2', [rs1, rs2], 3, 5, 4],
    ['scaling up rs3', [rs3], 3, 0, 0],
    ['scaling down rs1 and rs2 and scaling up rs3', [rs1, rs2, rs3], 6, 5, 4],
    ['invalid/unknown terminating status for rs4', [rs4], 1, 1, undefined],
    ['invalid/unknown terminating status for rs4 with rs1, rs2 and rs3', [rs1, rs2, rs3, rs4], 7, 6, undefined],
  ] as const)('%s', (_name, sets, count, actual, terminating) => {
    expect(getReplicaCountForReplicaSets(sets)).toBe(count);
    expect(getActualReplicaCountForReplicaSets(sets)).toBe(actual);
    expect(getTerminatingReplicaCountForReplicaSets(sets)).toBe(terminating);
  });
});
