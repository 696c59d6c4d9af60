import { describe, expect, it } from 'vitest';
import {
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  getNonNegativeInt32FromAnnotation,
  isSaturated,
  lastRevision,
  maxRevision,
  replicasAnnotationsNeedUpdate,
  setNewReplicaSetAnnotations,
  setReplicasAnnotations,
} from './annotations';
import { newDeployment, rs } from './test-fixtures';

const withRevision = (name: string, rev?: string) => rs(name, 1, 0, 0, rev === undefined ? {} : { [REVISION_ANNOTATION]: rev });

describe('revisions', () => {
  it('maxRevision is the highest and lastRevision the second highest, skipping unparsable ones', () => {
    const rss = [withRevision('a', '3'), withRevision('b', '7'), withRevision('c', 'x'), withRevision('d', '5'), withRevision('e')];
    expect(maxRevision(rss)).toBe(7);
    expect(lastRevision(rss)).toBe(5);
  });
});

describe('getNonNegativeInt32FromAnnotation (upstream TestGetNonNegativeInt32FromAnnotation)', () => {
  it.each([
    ['invalid empty', undefined, 0, false, undefined],
    ['invalid', 'invalid', 0, false, 'invalid syntax'],
    ['invalid negative', '-1', 0, false, 'invalid syntax'],
    ['valid zero', '0', 0, true, undefined],
    ['valid', '13', 13, true, undefined],
    ['valid max', '2147483647', 2147483647, true, undefined],
    ['invalid max out of range', '2147483648', 0, false, 'out of range'],
    ['invalid max out of range 2', '4294967296', 0, false, 'out of range'],
  ] as const)('%s', (_name, value, expectedValue, expectedValid, expectedErr) => {
    const r = rs('r', 1, 0, 0, value === undefined ? undefined : { test: value, foo: '2' });
    const got = getNonNegativeInt32FromAnnotation(r, 'test');
    expect(got.value).toBe(expectedValue);
    expect(got.valid).toBe(expectedValid);
    if (expectedErr) expect(got.error).toContain(expectedErr);
    else expect(got.error).toBeUndefined();
  });
});

describe('annotation utils (upstream TestAnnotationUtils)', () => {
  it('SetNewReplicaSetAnnotations raises the revision and keeps a bounded revision-history', () => {
    const d = newDeployment('nginx', 1);
    d.metadata!.annotations = { [REVISION_ANNOTATION]: '1' };
    let annotations: Record<string, string> | undefined;
    for (let i = 10; i < 20; i++) {
      const next = String(i + 1);
      annotations = setNewReplicaSetAnnotations(d, annotations, next, true, 5).annotations;
      if (i >= 12) expect(annotations[REVISION_HISTORY_ANNOTATION]).toBe(`${i - 1},${i}`);
      expect(annotations[REVISION_ANNOTATION]).toBe(next);
    }
  });
  it('SetReplicasAnnotations sets desired and max replicas', () => {
    const { annotations, updated } = setReplicasAnnotations(undefined, 10, 11);
    expect(updated).toBe(true);
    expect(annotations).toEqual({ [DESIRED_REPLICAS_ANNOTATION]: '10', [MAX_REPLICAS_ANNOTATION]: '11' });
    expect(setReplicasAnnotations(annotations, 10, 11).updated).toBe(false);
  });
  it('IsSaturated when spec, desired annotation and available all equal the deployment', () => {
    const d = newDeployment('nginx', 1);
    expect(isSaturated(d, rs('r', 1, 0, 1, { [DESIRED_REPLICAS_ANNOTATION]: '1' }))).toBe(true);
    expect(isSaturated(d, rs('r', 1, 0, 0, { [DESIRED_REPLICAS_ANNOTATION]: '1' }))).toBe(false);
    expect(isSaturated(d, rs('r', 1, 0, 1))).toBe(false);
  });
  it('a new replica set gets copied annotations (not the skipped ones) and the replicas annotations', () => {
    const d = newDeployment('nginx', 4, 1, 0);
    d.metadata!.annotations = { team: 'a', [REVISION_ANNOTATION]: '9', 'kubectl.kubernetes.io/last-applied-configuration': '{}' };
    const { annotations } = setNewReplicaSetAnnotations(d, undefined, '3', false);
    expect(annotations).toEqual({ team: 'a', [REVISION_ANNOTATION]: '3', [DESIRED_REPLICAS_ANNOTATION]: '4', [MAX_REPLICAS_ANNOTATION]: '5' });
  });
});

describe('replicasAnnotationsNeedUpdate (upstream TestReplicasAnnotationsNeedUpdate)', () => {
  it.each([
    ['test Annotations nil', undefined, true],
    ['test desiredReplicas update', { [DESIRED_REPLICAS_ANNOTATION]: '8', [MAX_REPLICAS_ANNOTATION]: '20' }, true],
    ['test maxReplicas update', { [DESIRED_REPLICAS_ANNOTATION]: '10', [MAX_REPLICAS_ANNOTATION]: '16' }, true],
    ["test needn't update", { [DESIRED_REPLICAS_ANNOTATION]: '10', [MAX_REPLICAS_ANNOTATION]: '20' }, false],
  ] as const)('%s', (_name, annotations, expected) => {
    expect(replicasAnnotationsNeedUpdate(rs('hello', 1, 0, 0, annotations), 10, 20)).toBe(expected);
  });
});
