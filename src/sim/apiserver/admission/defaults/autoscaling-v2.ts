/**
 * Defaults of autoscaling/v2 HorizontalPodAutoscaler, ported from kubernetes `pkg/apis/autoscaling/v2/defaults.go`
 * (`SetDefaults_HorizontalPodAutoscaler`, `SetDefaults_HorizontalPodAutoscalerBehavior`).
 */
import { ensureObject, objectAt, setDefault, type JsonObject } from '../json-shape.ts';

/** Scale-up: no stabilization, Max of [4 pods / 15 s, 100% / 15 s]. */
function defaultScaleUpRules(rules: JsonObject): void {
  setDefault(rules, 'stabilizationWindowSeconds', 0);
  setDefault(rules, 'selectPolicy', 'Max');
  setDefault(rules, 'policies', [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ]);
}

/** Scale-down: window left nil (the controller's 300 s flag applies), Max of [100% / 15 s]. */
function defaultScaleDownRules(rules: JsonObject): void {
  setDefault(rules, 'selectPolicy', 'Max');
  setDefault(rules, 'policies', [{ type: 'Percent', value: 100, periodSeconds: 15 }]);
}

/**
 * `SetDefaults_HorizontalPodAutoscaler`: minReplicas 1; no metrics means 80% average CPU utilization; behavior
 * defaults only when `spec.behavior` is set (a nil behavior keeps the controller's legacy normalization).
 */
export function defaultHorizontalPodAutoscaler(obj: JsonObject): void {
  const spec = ensureObject(obj, 'spec');
  if (!spec) return;
  setDefault(spec, 'minReplicas', 1);
  if (spec['metrics'] === undefined || spec['metrics'] === null) {
    spec['metrics'] = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }];
  }
  const behavior = objectAt(spec, 'behavior');
  if (!behavior) return;
  const up = ensureObject(behavior, 'scaleUp');
  if (up) defaultScaleUpRules(up);
  const down = ensureObject(behavior, 'scaleDown');
  if (down) defaultScaleDownRules(down);
}
