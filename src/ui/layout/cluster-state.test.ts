import { describe, expect, it } from 'vitest';
import { clusterState, type ClusterStateInput } from './cluster-state.ts';
import type { ControllerSummary, FieldFight, ObjectSummary } from '../../worker/protocol.ts';

const controller = (over: Partial<ControllerSummary> = {}): ControllerSummary => ({ name: 'replicaset-controller', process: 'kube-controller-manager', alive: true, paused: false, state: 'leading', depth: 0, processing: 0, backoff: 0, requeueAfter: 0, ...over });
const node = (name: string, phase: string): ObjectSummary => ({ key: `v1/Node//${name}`, uid: name, apiVersion: 'v1', kind: 'Node', name, resourceVersion: '1', phase, deleting: false });
const fight: FieldFight = { object: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' }, field: 'spec.replicas', managers: ['argocd-controller', 'horizontal-pod-autoscaler'], loops: ['argocd', 'hpa'], flips: 7, firstFlipAt: 1, lastFlipAt: 2, recent: [] };

const base: ClusterStateInput = { converged: true, convergence: [], fights: [], controllers: [controller()], objects: new Map([['n1', node('node-1', 'Ready')]]), apiServerUnavailable: false };

describe('the cluster state badge', () => {
  it('says converged only when nothing is broken, fighting or pending', () => {
    expect(clusterState(base).kind).toBe('converged');
    expect(clusterState({ ...base, converged: false, convergence: ['deployment/web: 2 of 3 ready'] })).toEqual({ kind: 'reconciling', reasons: ['deployment/web: 2 of 3 ready'] });
  });

  it('a live fight is not convergence, even when every queue is empty', () => {
    const s = clusterState({ ...base, fights: [fight] });
    expect(s.kind).toBe('fighting');
    expect(s.reasons[0]).toBe('deployment/web spec.replicas flips between argocd-controller and horizontal-pod-autoscaler (7 flips)');
  });

  it('degraded wins, with every reason: an api-server outage, a crashed or paused controller, a lost node', () => {
    const s = clusterState({
      ...base,
      fights: [fight],
      apiServerUnavailable: true,
      controllers: [controller({ alive: false, state: 'crashed' }), controller({ name: 'deployment-controller', paused: true, process: 'kube-scheduler' })],
      objects: new Map([['n1', node('node-1', 'NotReady')], ['n2', node('node-2', 'Ready')]]),
    });
    expect(s.kind).toBe('degraded');
    expect(s.reasons).toEqual(['the api-server is unavailable (every request answers 503)', 'kube-controller-manager is down', 'deployment-controller is paused', 'node node-1 is NotReady']);
  });
});
