import { describe, expect, it } from 'vitest';
import type { Node, NodeSelectorRequirement, Pod } from 'kubernetes-types/core/v1';
import { requiredNodeAffinityMatches } from './node-affinity';

const node: Node = { metadata: { name: 'node-1', labels: { foo: 'bar', gpu: '4', zone: 'a' } } };
const withExpressions = (...matchExpressions: NodeSelectorRequirement[]): Pod => ({
  spec: { containers: [], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions }] } } } },
});

describe('required node affinity and nodeSelector (upstream TestNodeAffinity / nodeaffinity_test.go)', () => {
  it.each([
    ['no selector', { spec: { containers: [] } }, true],
    ['missing labels', { spec: { containers: [], nodeSelector: { foo: 'bar', baz: 'x' } } }, false],
    ['same labels', { spec: { containers: [], nodeSelector: { foo: 'bar' } } }, true],
    ['node labels are superset', { spec: { containers: [], nodeSelector: { zone: 'a' } } }, true],
    ['In matches', withExpressions({ key: 'foo', operator: 'In', values: ['value1', 'bar'] }), true],
    ['In does not match', withExpressions({ key: 'foo', operator: 'In', values: ['value1', 'value2'] }), false],
    ['NotIn matches a different value', withExpressions({ key: 'foo', operator: 'NotIn', values: ['value1'] }), true],
    ['NotIn matches a missing label', withExpressions({ key: 'missing', operator: 'NotIn', values: ['x'] }), true],
    ['Exists', withExpressions({ key: 'foo', operator: 'Exists' }), true],
    ['DoesNotExist on a present label', withExpressions({ key: 'foo', operator: 'DoesNotExist' }), false],
    ['Gt compares integers', withExpressions({ key: 'gpu', operator: 'Gt', values: ['3'] }), true],
    ['Lt compares integers', withExpressions({ key: 'gpu', operator: 'Lt', values: ['3'] }), false],
    ['Gt on a non-integer label never matches', withExpressions({ key: 'foo', operator: 'Gt', values: ['1'] }), false],
    ['expressions within a term are ANDed', withExpressions({ key: 'foo', operator: 'Exists' }, { key: 'zone', operator: 'In', values: ['b'] }), false],
    ['an empty term matches nothing', { spec: { containers: [], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}] } } } } }, false],
    ['terms are ORed', { spec: { containers: [], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [
      { matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] },
      { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] },
    ] } } } } }, true],
    ['nodeSelector and affinity must both hold', { spec: { containers: [], nodeSelector: { foo: 'nope' }, affinity: withExpressions({ key: 'foo', operator: 'Exists' }).spec!.affinity } }, false],
  ] as [string, Pod, boolean][])('%s', (_name, pod, expected) => {
    expect(requiredNodeAffinityMatches(pod, node)).toBe(expected);
  });
});
