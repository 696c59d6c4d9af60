import { describe, expect, it } from 'vitest';
import { concealing, isConcealed, matchesPattern } from './concealment.ts';
import type { K8sEvent } from '../state/sim-store.ts';

const ev = (over: Partial<K8sEvent> = {}): K8sEvent =>
  ({
    id: 1,
    time: 0,
    actor: 'kube-controller-manager/replicaset-controller',
    causeId: null,
    kind: 'k8s.event',
    type: 'Normal',
    reason: 'SuccessfulCreate',
    message: 'Created pod: web-7d4b8c6-x2k9p',
    involvedObject: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', name: 'web-7d4b8c6' },
    reportingController: 'replicaset-controller',
    ...over,
  }) as K8sEvent;

describe('learner-mode concealment', () => {
  it('matches every given field, the object by any of kubectl names, the message as a regex', () => {
    expect(matchesPattern({ reason: 'SuccessfulCreate' }, ev())).toBe(true);
    expect(matchesPattern({ reason: 'SuccessfulCreate', object: 'rs/web-7d4b8c6' }, ev())).toBe(true);
    expect(matchesPattern({ reason: 'SuccessfulCreate', object: 'replicaset/web-7d4b8c6', message: '^Created pod: web-' }, ev())).toBe(true);
    expect(matchesPattern({ reason: 'SuccessfulCreate', object: 'deployment/web' }, ev())).toBe(false);
    expect(matchesPattern({ reason: 'Scheduled' }, ev())).toBe(false);
    expect(matchesPattern({ reason: 'SuccessfulCreate', type: 'Warning' }, ev())).toBe(false);
    expect(matchesPattern({ reason: 'SuccessfulCreate', message: '^Deleted' }, ev())).toBe(false);
  });

  it('an unreadable message pattern hides rather than shows', () => {
    expect(matchesPattern({ reason: 'SuccessfulCreate', message: '(' }, ev())).toBe(true);
  });

  it('nothing is hidden without a lesson or once revealed', () => {
    expect(isConcealed(ev(), undefined)).toBe(false);
    expect(isConcealed(ev(), { events: [], causes: false, objects: [] })).toBe(false);
    expect(concealing({ events: [], causes: false, objects: [] })).toBe(false);
    expect(concealing({ events: [], causes: true, objects: [] })).toBe(true);
    expect(isConcealed(ev(), { events: [{ reason: 'SuccessfulCreate' }], causes: true, objects: [] })).toBe(true);
  });
});
