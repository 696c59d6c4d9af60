import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { namespaceDeletionConditions } from './namespace-conditions.ts';

describe('a terminating namespace reports what holds it (namespace controller deletion/status_condition_utils.go)', () => {
  it('the five conditions in upstream order; remaining resources and finalizers counted, sorted', () => {
    const held = (name: string, finalizers: string[]): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, finalizers } });
    const c = namespaceDeletionConditions(
      [
        { resource: 'configmaps', group: '', obj: held('a', ['example.com/hold']) },
        { resource: 'configmaps', group: '', obj: held('b', ['example.com/hold', 'a.io/x']) },
        { resource: 'deployments', group: 'apps', obj: held('d', []) },
      ],
      undefined,
      1000,
    );
    expect(c.map((x) => [x.type, x.status, x.reason])).toEqual([
      ['NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered'],
      ['NamespaceDeletionGroupVersionParsingFailure', 'False', 'ParsedGroupVersions'],
      ['NamespaceDeletionContentFailure', 'False', 'ContentDeleted'],
      ['NamespaceContentRemaining', 'True', 'SomeResourcesRemain'],
      ['NamespaceFinalizersRemaining', 'True', 'SomeFinalizersRemain'],
    ]);
    expect(c[3]!.message).toBe('Some resources are remaining: configmaps. has 2 resource instances, deployments.apps has 1 resource instances');
    expect(c[4]!.message).toBe('Some content in the namespace has finalizers remaining: a.io/x in 1 resource instances, example.com/hold in 2 resource instances');
  });

  it('a failed delete sets NamespaceDeletionContentFailure with the aggregated errors; an unchanged condition keeps its time', () => {
    const first = namespaceDeletionConditions([], undefined, 1000, ['boom']);
    expect(first[2]).toMatchObject({ type: 'NamespaceDeletionContentFailure', status: 'True', reason: 'ContentDeletionFailed', message: 'Failed to delete all resource types, 1 remaining: boom' });
    const two = namespaceDeletionConditions([], first, 5000, ['a', 'b']);
    expect(two[2]!.message).toBe('Failed to delete all resource types, 2 remaining: [a, b]');
    expect(two[2]!.lastTransitionTime).not.toBe(first[2]!.lastTransitionTime);
    expect(two[0]!.lastTransitionTime).toBe(first[0]!.lastTransitionTime);
  });

});
