/** HPA conditions and status as the controller writes them (horizontal.go setCondition, setStatus). */
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../engine/clock.ts';
import { canonicalStatus, getCondition, setCondition, setStatus, type HPAObject } from './conditions.ts';

const hpa = (): HPAObject => ({ metadata: { name: 'web' }, spec: { maxReplicas: 10, scaleTargetRef: { kind: 'Deployment', name: 'web' } } });

describe('setCondition', () => {
  it('lastTransitionTime moves only when the status changes; reason and message always follow', () => {
    const h = hpa();
    setCondition(h, 'AbleToScale', 'True', 'SucceededGetScale', 'a', 1000);
    setCondition(h, 'AbleToScale', 'True', 'ReadyForNewScale', 'b', 2000);
    expect(getCondition(h, 'AbleToScale')).toEqual({ type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', message: 'b', lastTransitionTime: rfc3339(1000) });
    setCondition(h, 'AbleToScale', 'False', 'FailedUpdateScale', 'c', 3000);
    expect(getCondition(h, 'AbleToScale')?.lastTransitionTime).toBe(rfc3339(3000));
    setCondition(h, 'ScalingActive', 'True', 'ValidMetricFound', 'd', 3000);
    expect(h.status?.conditions?.map((c) => c.type)).toEqual(['AbleToScale', 'ScalingActive']);
  });
});

describe('setStatus', () => {
  it('lastScaleTime moves only on a rescale; conditions are kept; failed metrics are left out', () => {
    const h = hpa();
    setCondition(h, 'AbleToScale', 'True', 'SucceededRescale', 'x', 0);
    setStatus(h, 3, 6, [undefined, { type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 140 } } }], true, 15_000);
    expect(h.status).toMatchObject({ currentReplicas: 3, desiredReplicas: 6, lastScaleTime: rfc3339(15_000), currentMetrics: [{ type: 'Resource' }] });
    expect(h.status?.conditions).toHaveLength(1);
    setStatus(h, 6, 6, [], false, 30_000);
    expect(h.status?.lastScaleTime).toBe(rfc3339(15_000));
    expect(h.status?.currentMetrics).toBeUndefined();
  });

  it('two statuses that differ only in key order compare equal', () => {
    expect(canonicalStatus({ desiredReplicas: 1, currentReplicas: 2 })).toBe(canonicalStatus({ currentReplicas: 2, desiredReplicas: 1 }));
    expect(canonicalStatus(undefined)).toBe('{}');
  });
});
