import { describe, expect, it } from 'vitest';
import { createErrors } from '../test-fixtures.ts';

describe('HorizontalPodAutoscaler validation', () => {
  it.each<[string, (o: Record<string, any>) => void, string]>([ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['minReplicas 0', (o) => (o.spec.minReplicas = 0), 'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1'],
    ['maxReplicas below minReplicas', (o) => (o.spec.minReplicas = 6), 'spec.maxReplicas: Invalid value: 5: must be greater than or equal to `minReplicas`'],
    ['maxReplicas 0', (o) => (o.spec.maxReplicas = 0), '[spec.maxReplicas: Invalid value: 0: must be greater than 0, spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`]'],
    ['a missing scale target kind', (o) => delete o.spec.scaleTargetRef.kind, 'spec.scaleTargetRef.kind: Required value'],
    ['a scale target name with a slash', (o) => (o.spec.scaleTargetRef.name = 'a/b'), 'spec.scaleTargetRef.name: Invalid value: "a/b": may not contain \'/\''],
    [
      'a Utilization target without averageUtilization',
      (o) => (o.spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization' } } }]),
      'spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization',
    ],
    [
      'an unknown metric type',
      (o) => (o.spec.metrics = [{ type: 'Vibes' }]),
      'spec.metrics[0].type: Unsupported value: "Vibes": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"',
    ],
    [
      'a metric without its source',
      (o) => (o.spec.metrics = [{ type: 'Pods' }]),
      'spec.metrics[0].pods: Required value: must populate information for the given metric source',
    ],
    [
      'a scaling policy with value 0',
      (o) => (o.spec.behavior = { scaleUp: { policies: [{ type: 'Pods', value: 0, periodSeconds: 15 }] } }),
      'spec.behavior.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero',
    ],
  ])('rejects %s', (_what, edit, message) => {
    expect(createErrors('HorizontalPodAutoscaler', edit)).toBe(message);
  });
});
