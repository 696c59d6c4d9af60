/**
 * Cases from kubernetes `pkg/controller/daemon/util/daemonset_util_test.go` (TestIsPodUpdated,
 * TestCreatePodTemplate, TestReplaceDaemonSetPodNodeNameNodeAffinity, TestGetTargetNodeName) and
 * `daemon_controller_test.go` (the NodeShouldRunDaemonPod table: nodeSelector, node affinity, taints).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import {
  addOrUpdateDaemonPodTolerations,
  allowsSurge,
  createPodTemplate,
  getTargetNodeName,
  isPodUpdated,
  nodeShouldRunDaemonPod,
  replaceDaemonSetPodNodeNameNodeAffinity,
  scaledValueFromIntOrPercent,
  type DaemonSetObject,
} from './daemonset-util.ts';

function ds(spec: Record<string, unknown> = {}, templateSpec: Record<string, unknown> = {}): DaemonSetObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'foo', namespace: 'default', uid: 'u1', annotations: { 'deprecated.daemonset.template.generation': '1' } },
    spec: {
      selector: { matchLabels: { name: 'simple-daemon' } },
      template: { metadata: { labels: { name: 'simple-daemon' } }, spec: { containers: [{ name: 'foo', image: 'foo/bar' }], ...templateSpec } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      ...spec,
    },
  } as DaemonSetObject;
}

function node(name: string, o: { labels?: Record<string, string>; taints?: Node['spec'] extends infer S ? (S extends { taints?: infer T } ? T : never) : never } = {}): Node {
  return { metadata: { name, labels: o.labels ?? {} }, spec: o.taints ? { taints: o.taints } : {} };
}

describe('NodeShouldRunDaemonPod', () => {
  it.each<[string, DaemonSetObject, Node, boolean, boolean]>([
    ['a plain DaemonSet runs on a plain node', ds(), node('node1'), true, true],
    ['nodeSelector matching', ds({}, { nodeSelector: { zone: 'a' } }), node('node1', { labels: { zone: 'a' } }), true, true],
    ['nodeSelector not matching', ds({}, { nodeSelector: { zone: 'a' } }), node('node1', { labels: { zone: 'b' } }), false, false],
    ['spec.nodeName of another node', ds({}, { nodeName: 'node2' }), node('node1'), false, false],
    ['spec.nodeName of this node', ds({}, { nodeName: 'node1' }), node('node1'), true, true],
    [
      'required node affinity not matching',
      ds({}, { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'type', operator: 'In', values: ['production'] }] }] } } } }),
      node('node1', { labels: { type: 'dev' } }),
      false,
      false,
    ],
    [
      'required node affinity on metadata.name',
      ds({}, { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node1'] }] }] } } } }),
      node('node1'),
      true,
      true,
    ],
    ['an untolerated NoSchedule taint: not placed, but a pod there may stay', ds(), node('node1', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }), false, true],
    ['an untolerated NoExecute taint: not placed, and a pod there goes', ds(), node('node1', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoExecute' }] }), false, false],
    ['a PreferNoSchedule taint is no obstacle', ds(), node('node1', { taints: [{ key: 'dedicated', effect: 'PreferNoSchedule' }] }), true, true],
    [
      'a tolerated taint',
      ds({}, { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] }),
      node('node1', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }),
      true,
      true,
    ],
    ['not-ready NoExecute is tolerated by every daemon pod', ds(), node('node1', { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }] }), true, true],
    ['unschedulable (cordoned) is tolerated by every daemon pod', ds(), node('node1', { taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] }), true, true],
    ['network-unavailable only with hostNetwork', ds(), node('node1', { taints: [{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }] }), false, true],
    ['network-unavailable with hostNetwork', ds({}, { hostNetwork: true }), node('node1', { taints: [{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }] }), true, true],
  ])('%s', (_, d, n, shouldRun, shouldContinueRunning) => {
    expect(nodeShouldRunDaemonPod(n, d)).toEqual({ shouldRun, shouldContinueRunning });
  });
});

describe('daemonset util', () => {
  it('AddOrUpdateDaemonPodTolerations adds the six (seven with hostNetwork) in upstream order, and replaces an equal one', () => {
    const spec = { containers: [], tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] };
    addOrUpdateDaemonPodTolerations(spec);
    expect(spec.tolerations.map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/unschedulable:NoSchedule',
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/unreachable:NoExecute',
      'node.kubernetes.io/disk-pressure:NoSchedule',
      'node.kubernetes.io/memory-pressure:NoSchedule',
      'node.kubernetes.io/pid-pressure:NoSchedule',
    ]);
  });

  it('CreatePodTemplate stamps the generation and the hash and keeps the template untouched (TestCreatePodTemplate)', () => {
    const d = ds();
    const t = createPodTemplate(d.spec!.template, 1, 'abc');
    expect(t.metadata?.labels).toEqual({ name: 'simple-daemon', 'pod-template-generation': '1', 'controller-revision-hash': 'abc' });
    expect(t.spec?.tolerations).toHaveLength(6);
    expect(d.spec!.template.metadata?.labels).toEqual({ name: 'simple-daemon' });
    expect(d.spec!.template.spec?.tolerations).toBeUndefined();
    expect(createPodTemplate(d.spec!.template, undefined, '').metadata?.labels).toEqual({ name: 'simple-daemon' });
  });

  it.each<[string, Pod, string, number | undefined, boolean]>([
    ['templateGeneration matches', { metadata: { labels: { 'pod-template-generation': '12345' } } }, '', 12345, true],
    ['hash matches', { metadata: { labels: { 'controller-revision-hash': 'aaa' } } }, 'aaa', undefined, true],
    ['both match', { metadata: { labels: { 'pod-template-generation': '1', 'controller-revision-hash': 'aaa' } } }, 'aaa', 1, true],
    ['generation differs, hash matches', { metadata: { labels: { 'pod-template-generation': '1', 'controller-revision-hash': 'aaa' } } }, 'aaa', 2, true],
    ['neither matches', { metadata: { labels: { 'pod-template-generation': '1', 'controller-revision-hash': 'aaa' } } }, 'bbb', 2, false],
    ['empty hash never matches', { metadata: { labels: { 'controller-revision-hash': '' } } }, '', undefined, false],
  ])('IsPodUpdated: %s', (_, pod, hash, generation, want) => {
    expect(isPodUpdated(pod, hash, generation)).toBe(want);
  });

  it('ReplaceDaemonSetPodNodeNameNodeAffinity replaces the required terms and keeps the preferred ones (TestReplaceDaemonSetPodNodeNameNodeAffinity)', () => {
    const pinned = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host_1'] }] }] };
    expect(replaceDaemonSetPodNodeNameNodeAffinity(undefined, 'host_1')).toEqual({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pinned } });
    const preferred = [{ weight: 1, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] } }];
    const before = {
      nodeAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: preferred,
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host_2'] }] }] },
      },
    };
    expect(replaceDaemonSetPodNodeNameNodeAffinity(before, 'host_1')).toEqual({ nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: preferred, requiredDuringSchedulingIgnoredDuringExecution: pinned } });
    expect(before.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]!.matchFields[0]!.values).toEqual(['host_2']);
  });

  it.each<[string, Pod, { nodeName: string } | { error: string }]>([
    ['bound', { metadata: { name: 'p', namespace: 'default' }, spec: { nodeName: 'node-1', containers: [] } }, { nodeName: 'node-1' }],
    [
      'pinned by affinity',
      { metadata: { name: 'p', namespace: 'default' }, spec: { containers: [], affinity: replaceDaemonSetPodNodeNameNodeAffinity(undefined, 'node-2') } },
      { nodeName: 'node-2' },
    ],
    ['no affinity', { metadata: { name: 'p', namespace: 'default' }, spec: { containers: [] } }, { error: 'no spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution for pod default/p' }],
    [
      'two values',
      { metadata: { name: 'p', namespace: 'default' }, spec: { containers: [], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a', 'b'] }] }] } } } } },
      { error: "the matchFields value of 'metadata.name' is not unique for pod default/p" },
    ],
  ])('GetTargetNodeName: %s', (_, pod, want) => {
    expect(getTargetNodeName(pod)).toEqual(want);
  });

  it('scales int-or-percent rounding up, and reports a malformed value', () => {
    expect(scaledValueFromIntOrPercent('10%', 3)).toBe(1);
    expect(scaledValueFromIntOrPercent('50%', 3)).toBe(2);
    expect(scaledValueFromIntOrPercent(2, 3)).toBe(2);
    expect(scaledValueFromIntOrPercent('x', 3)).toEqual({ error: 'invalid type: string is not a percentage' });
    expect(allowsSurge(ds({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } } }))).toBe(true);
    expect(allowsSurge(ds())).toBe(false);
    expect(allowsSurge(ds({ updateStrategy: { type: 'OnDelete' } }))).toBe(false);
  });
});
