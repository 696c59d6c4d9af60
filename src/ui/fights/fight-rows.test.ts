import { describe, expect, it } from 'vitest';
import type { FieldFight } from '../../worker/protocol.ts';
import { fightRows, refKey, side } from './fight-rows.ts';

const fight = (p: Partial<FieldFight> = {}): FieldFight => ({
  object: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' },
  field: 'spec.replicas',
  managers: ['kube-controller-manager', 'argocd-controller'],
  loops: ['horizontal-pod-autoscaler', 'argocd-application-controller'],
  flips: 5,
  firstFlipAt: 30_000,
  lastFlipAt: 90_000,
  recent: [
    { manager: 'kube-controller-manager', at: 30_000 },
    { manager: 'argocd-controller', at: 31_000 },
  ],
  ...p,
});

describe('fightRows', () => {
  it('names the object as kubectl does, each side as manager (loop), and the flip period', () => {
    const [row] = fightRows([fight()]);
    expect(row).toMatchObject({
      objectKey: 'apps/v1/Deployment/default/web',
      object: 'deployment/web',
      field: 'spec.replicas',
      sides: ['kube-controller-manager (horizontal-pod-autoscaler)', 'argocd-controller (argocd-application-controller)'],
      flips: 5,
      period: 15,
      recent: ['kube-controller-manager', 'argocd-controller'],
    });
  });
  it('orders by flips, then the latest flip', () => {
    const rows = fightRows([fight({ field: 'a', flips: 3, lastFlipAt: 5 }), fight({ field: 'b', flips: 7 }), fight({ field: 'c', flips: 3, lastFlipAt: 9 })]);
    expect(rows.map((r) => r.field)).toEqual(['b', 'c', 'a']);
  });
  it('says the namespace outside default and keys cluster-scoped objects with an empty namespace', () => {
    expect(fightRows([fight({ object: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'argocd', name: 'x' } })])[0]!.object).toBe('configmap/x in argocd');
    expect(refKey({ apiVersion: 'v1', kind: 'Node', name: 'node-1' })).toBe('v1/Node//node-1');
  });
  it('names a side once when its loop carries the manager’s name', () => {
    expect(side('kubectl', 'kubectl')).toBe('kubectl');
    expect(side('kubectl', '')).toBe('kubectl');
  });
});
