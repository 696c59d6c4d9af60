/**
 * HorizontalPodAutoscaler validation, ported from kubernetes `pkg/apis/autoscaling/validation/validation.go`
 * (`ValidateHorizontalPodAutoscaler`, `validateHorizontalPodAutoscalerSpec`, `ValidateCrossVersionObjectReference`,
 * `validateMetrics`, `validateBehavior`).
 *
 * @remarks Object/External/ContainerResource metric sources are checked for their target only.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isObject, type JsonObject } from '../json-shape.ts';
import { child, readInt, readObject, readObjects, readString, typeError } from './shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import { isDNS1123Subdomain } from './names.ts';
import { parseQuantity } from '../../../api/quantity.ts';

const METRIC_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
const TARGET_TYPES = ['AverageValue', 'Utilization', 'Value'];
const SELECT_POLICIES = ['Disabled', 'Max', 'Min'];
const POLICY_TYPES = ['Percent', 'Pods'];
const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

function validateTarget(errs: FieldError[], source: JsonObject, path: string): void {
  const target = readObject(errs, source, 'target', path);
  const tp = child(path, 'target');
  if (!target) {
    errs.push(fieldError.required(tp, 'must specify a metric target'));
    return;
  }
  const type = readString(errs, target, 'type', tp);
  if (!type) errs.push(fieldError.required(child(tp, 'type'), 'must specify a metric target type'));
  else if (!TARGET_TYPES.includes(type)) errs.push(fieldError.notSupported(child(tp, 'type'), type, TARGET_TYPES));
  const util = readInt(errs, target, 'averageUtilization', tp);
  if (util !== undefined && util < 1) errs.push(fieldError.invalid(child(tp, 'averageUtilization'), util, 'must be greater than 0'));
  for (const k of ['value', 'averageValue']) {
    const q = target[k];
    if (q === undefined || q === null) continue;
    const v = parseQuantity(q);
    if (v === undefined) errs.push(typeError(child(tp, k), q, 'quantity'));
    else if (v <= 0) errs.push(fieldError.invalid(child(tp, k), q, 'must be positive'));
  }
  if (type === 'Utilization' && util === undefined) errs.push(fieldError.required(child(tp, 'averageUtilization'), 'must set either a target raw value or a target utilization'));
  if (type === 'AverageValue' && target['averageValue'] == null) errs.push(fieldError.required(child(tp, 'averageValue'), 'must set either a target raw value or a target utilization'));
  if (type === 'Value' && target['value'] == null) errs.push(fieldError.required(child(tp, 'value'), 'must set either a target raw value or a target utilization'));
}

function validateMetrics(errs: FieldError[], spec: JsonObject): void {
  for (const { item: metric, path: p } of readObjects(errs, spec, 'metrics', 'spec')) {
    const type = readString(errs, metric, 'type', p);
    if (!type) {
      errs.push(fieldError.required(child(p, 'type'), 'must specify a metric source type'));
      continue;
    }
    if (!METRIC_TYPES.includes(type)) {
      errs.push(fieldError.notSupported(child(p, 'type'), type, METRIC_TYPES));
      continue;
    }
    const sourceKey = type.charAt(0).toLowerCase() + type.slice(1);
    const source = readObject(errs, metric, sourceKey, p);
    if (!source) {
      errs.push(fieldError.required(child(p, sourceKey), 'must populate information for the given metric source'));
      continue;
    }
    const sp = child(p, sourceKey);
    if (type === 'Resource' || type === 'ContainerResource') {
      const name = readString(errs, source, 'name', sp);
      if (!name) errs.push(fieldError.required(child(sp, 'name'), 'must specify a resource name'));
    }
    validateTarget(errs, source, sp);
  }
}

function validateScalingRules(errs: FieldError[], rules: JsonObject, path: string): void {
  const window = readInt(errs, rules, 'stabilizationWindowSeconds', path);
  if (window !== undefined && window < 0) errs.push(fieldError.invalid(child(path, 'stabilizationWindowSeconds'), window, 'must be greater than or equal to zero'));
  if (window !== undefined && window > MAX_STABILIZATION_WINDOW_SECONDS) {
    errs.push(fieldError.invalid(child(path, 'stabilizationWindowSeconds'), window, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  }
  const select = readString(errs, rules, 'selectPolicy', path);
  if (select !== undefined && !SELECT_POLICIES.includes(select)) errs.push(fieldError.notSupported(child(path, 'selectPolicy'), select, SELECT_POLICIES));
  const policies = readObjects(errs, rules, 'policies', path);
  if (Array.isArray(rules['policies']) && (rules['policies'] as unknown[]).length === 0) errs.push(fieldError.required(child(path, 'policies'), 'must specify at least one Policy'));
  for (const { item: policy, path: p } of policies) {
    const type = readString(errs, policy, 'type', p);
    if (type === undefined || !POLICY_TYPES.includes(type)) errs.push(fieldError.notSupported(child(p, 'type'), type ?? '', POLICY_TYPES));
    const value = readInt(errs, policy, 'value', p);
    if (value !== undefined && value <= 0) errs.push(fieldError.invalid(child(p, 'value'), value, 'must be greater than zero'));
    const period = readInt(errs, policy, 'periodSeconds', p);
    if (period !== undefined && period <= 0) errs.push(fieldError.invalid(child(p, 'periodSeconds'), period, 'must be greater than zero'));
    if (period !== undefined && period > MAX_PERIOD_SECONDS) errs.push(fieldError.invalid(child(p, 'periodSeconds'), period, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  }
}

/** apimachinery `path.IsValidPathSegmentName`: what may not appear in a name used as a URL path segment. */
function pathSegmentProblems(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const out: string[] = [];
  if (name.includes('/')) out.push("may not contain '/'");
  if (name.includes('%')) out.push("may not contain '%'");
  return out;
}

/** `ValidateHorizontalPodAutoscaler`. */
export function validateHorizontalPodAutoscaler(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  if (!isObject(obj.spec)) {
    if (obj.spec !== undefined && obj.spec !== null) errs.push(typeError('spec', obj.spec, 'object'));
    else errs.push(fieldError.required('spec.scaleTargetRef.kind', ''));
    return errs;
  }
  const spec = obj.spec;
  const min = readInt(errs, spec, 'minReplicas', 'spec');
  if (min !== undefined && min < 1) errs.push(fieldError.invalid('spec.minReplicas', min, 'must be greater than or equal to 1'));
  const max = readInt(errs, spec, 'maxReplicas', 'spec');
  if (max === undefined || max < 1) errs.push(fieldError.invalid('spec.maxReplicas', max ?? 0, 'must be greater than 0'));
  if (min !== undefined && max !== undefined && max < min) errs.push(fieldError.invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  const ref = readObject(errs, spec, 'scaleTargetRef', 'spec');
  const rp = 'spec.scaleTargetRef';
  const kind = readString(errs, ref, 'kind', rp);
  if (!kind) errs.push(fieldError.required(child(rp, 'kind'), ''));
  else for (const msg of pathSegmentProblems(kind)) errs.push(fieldError.invalid(child(rp, 'kind'), kind, msg));
  const name = readString(errs, ref, 'name', rp);
  if (!name) errs.push(fieldError.required(child(rp, 'name'), ''));
  else for (const msg of pathSegmentProblems(name)) errs.push(fieldError.invalid(child(rp, 'name'), name, msg));
  readString(errs, ref, 'apiVersion', rp);
  validateMetrics(errs, spec);
  const behavior = readObject(errs, spec, 'behavior', 'spec');
  if (behavior) {
    for (const k of ['scaleUp', 'scaleDown']) {
      const rules = readObject(errs, behavior, k, 'spec.behavior');
      if (rules) validateScalingRules(errs, rules, `spec.behavior.${k}`);
    }
  }
  return errs;
}

/** `ValidateHorizontalPodAutoscalerUpdate`: immutable metadata plus the create checks. */
export function validateHorizontalPodAutoscalerUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateHorizontalPodAutoscaler(obj)];
}
