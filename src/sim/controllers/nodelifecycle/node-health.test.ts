import { describe, expect, it } from 'vitest';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { rfc3339 } from '../../engine/clock';
import { nodeConditionsAfterGracePeriod, podConditionsMarkedNotReady } from './node-health';
import { desiredNoExecuteTaint, reconcileNodeTaints, withDefaultTolerations } from './taints';

const readyNode = (status = 'True'): Node => ({
  metadata: { name: 'n1', creationTimestamp: rfc3339(0) },
  spec: { taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] },
  status: { conditions: [{ type: 'Ready', status, reason: 'KubeletReady', lastTransitionTime: rfc3339(0) }, { type: 'MemoryPressure', status: 'False' }] },
});

describe('node health (tryUpdateNodeHealth)', () => {
  it('stays as it is within the grace period', () => {
    expect(nodeConditionsAfterGracePeriod(readyNode(), 10_000, 60_000)).toBeUndefined();
  });
  it('goes Unknown with NodeStatusUnknown after the grace period, and adds never-posted conditions', () => {
    const c = nodeConditionsAfterGracePeriod(readyNode(), 10_000, 60_001)!;
    expect(c.find((x) => x.type === 'Ready')).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: rfc3339(60_001) });
    expect(c.find((x) => x.type === 'MemoryPressure')).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown' });
    expect(c.find((x) => x.type === 'DiskPressure')).toMatchObject({ status: 'Unknown', reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.' });
  });
  it('changes nothing once every condition is already Unknown', () => {
    const node = readyNode();
    const unknown = { ...node, status: { conditions: nodeConditionsAfterGracePeriod(node, 0, 100_000) } };
    expect(nodeConditionsAfterGracePeriod(unknown, 0, 200_000)).toBeUndefined();
  });
  it("marks the node's pods not ready", () => {
    const pod: Pod = { status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(0) }] } };
    expect(podConditionsMarkedNotReady(pod, 70_000)).toEqual([{ type: 'Ready', status: 'False', lastTransitionTime: rfc3339(70_000) }]);
    expect(podConditionsMarkedNotReady({ status: { conditions: [{ type: 'Ready', status: 'False' }] } }, 0)).toBeUndefined();
  });
});

describe('node taints from conditions', () => {
  it('Ready Unknown means unreachable (NoSchedule and NoExecute); Ready False means not-ready; user taints stay', () => {
    const unknown = readyNode('Unknown');
    expect(desiredNoExecuteTaint(unknown)).toEqual({ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' });
    expect(reconcileNodeTaints(unknown, rfc3339(5000))).toEqual([
      { key: 'dedicated', value: 'x', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: rfc3339(5000) },
    ]);
    expect(desiredNoExecuteTaint(readyNode('False'))?.key).toBe('node.kubernetes.io/not-ready');
  });
  it('a node that is Ready again loses the controller taints', () => {
    const tainted = { ...readyNode('True'), spec: { taints: reconcileNodeTaints(readyNode('Unknown'), rfc3339(0)) } };
    expect(reconcileNodeTaints(tainted, rfc3339(9000))).toEqual([{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }]);
  });
  it('admission adds the two default NoExecute tolerations of 300 s unless the pod has its own', () => {
    expect(withDefaultTolerations(undefined)).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ]);
    const own = [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }];
    expect(withDefaultTolerations(own)).toHaveLength(2);
  });
});
