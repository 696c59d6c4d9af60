import { describe, expect, it } from 'vitest';
import { manageReplicasDiff, skippedAfterFailedBatch, slowStartBatchSizes } from './slow-start';

describe('slowStartBatch (replica_set.go)', () => {
  it('batches are 1, 2, 4, 8, ... and the last one is capped by what remains', () => {
    expect(slowStartBatchSizes(0)).toEqual([]);
    expect(slowStartBatchSizes(1)).toEqual([1]);
    expect(slowStartBatchSizes(10)).toEqual([1, 2, 4, 3]);
    expect(slowStartBatchSizes(15)).toEqual([1, 2, 4, 8]);
    expect(slowStartBatchSizes(500).reduce((a, b) => a + b, 0)).toBe(500);
  });
  it('a failure in the second batch of 10 leaves 7 creates unattempted', () => {
    expect(skippedAfterFailedBatch(10, 1)).toBe(7);
    expect(skippedAfterFailedBatch(10, 0)).toBe(9);
  });
  it('manageReplicas creates or deletes the difference, at most 500 per sync', () => {
    expect(manageReplicasDiff(2, 5)).toEqual({ create: 3 });
    expect(manageReplicasDiff(5, 2)).toEqual({ delete: 3 });
    expect(manageReplicasDiff(0, 1000)).toEqual({ create: 500 });
    expect(manageReplicasDiff(3, 3)).toBeNull();
  });
});
