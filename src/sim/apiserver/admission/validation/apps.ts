/**
 * Deployment and ReplicaSet validation, ported from kubernetes `pkg/apis/apps/validation/validation.go`
 * (`ValidateDeploymentSpec`, `ValidateDeploymentStrategy`, `ValidateRollingUpdateDeployment`,
 * `ValidateReplicaSetSpec`, `ValidatePodTemplateSpecForReplicaSet`, `ValidateDeploymentUpdate`, `ValidateReplicaSetUpdate`).
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isObject, type JsonObject } from '../json-shape.ts';
import { child, readInt, readIntOrString, readObject, readString, readStringMap, typeError, goStringMap, invalidRendered } from './shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import { validatePodTemplateSpec } from './pod.ts';
import { validateLabelSelector, selectorIsEmpty, selectorMatches, goLabelSelector, type ParsedSelector } from './label-selector.ts';
import { isDNS1123Subdomain, isValidPercent } from './names.ts';

const NEGATIVE = 'must be greater than or equal to 0';

/** Reads an integer field and refuses a negative one (`ValidateNonnegativeField`). */
export function nonNegative(errs: FieldError[], o: unknown, k: string, path: string): number | undefined {
  const v = readInt(errs, o, k, path);
  if (v !== undefined && v < 0) errs.push(fieldError.invalid(child(path, k), v, NEGATIVE));
  return v;
}

/** Renders an IntOrString as Go's `%s` of its `String()`: bare, never quoted. */
function intstrText(v: number | string): string {
  return String(v);
}

/** `ValidatePositiveIntOrPercent` (also the DaemonSet's). */
export function validatePositiveIntOrPercent(errs: FieldError[], v: number | string | undefined, path: string): void {
  if (typeof v === 'string') for (const msg of isValidPercent(v)) errs.push(invalidRendered(path, intstrText(v), msg));
  else if (typeof v === 'number' && v < 0) errs.push(fieldError.invalid(path, v, NEGATIVE));
}

/** `getIntOrPercentValue`: the number, or the percent's number (a malformed percent counts as 0). */
export function intOrPercentValue(v: number | string | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const n = Number.parseInt(v.replace(/%$/, ''), 10);
    return Number.isNaN(n) ? 0 : n;
  }
  return 0;
}

/** `ValidateDeploymentStrategy` and `ValidateRollingUpdateDeployment`. */
function validateDeploymentStrategy(errs: FieldError[], strategy: JsonObject, path: string): void {
  const type = readString(errs, strategy, 'type', path);
  const ru = readObject(errs, strategy, 'rollingUpdate', path);
  const ruPath = child(path, 'rollingUpdate');
  if (type === 'Recreate') {
    if (ru) errs.push(fieldError.forbidden(ruPath, "may not be specified when strategy `type` is 'Recreate'"));
  } else if (type === 'RollingUpdate') {
    if (!ru) {
      errs.push(fieldError.required(ruPath, 'this should be defaulted and never be nil'));
      return;
    }
    const maxUnavailable = readIntOrString(errs, ru, 'maxUnavailable', ruPath);
    const maxSurge = readIntOrString(errs, ru, 'maxSurge', ruPath);
    validatePositiveIntOrPercent(errs, maxUnavailable, child(ruPath, 'maxUnavailable'));
    validatePositiveIntOrPercent(errs, maxSurge, child(ruPath, 'maxSurge'));
    if (intOrPercentValue(maxUnavailable) === 0 && intOrPercentValue(maxSurge) === 0) {
      errs.push(invalidRendered(child(ruPath, 'maxUnavailable'), intstrText(maxUnavailable ?? 0), 'may not be 0 when `maxSurge` is 0'));
    }
    if (typeof maxUnavailable === 'string' && isValidPercent(maxUnavailable).length === 0 && intOrPercentValue(maxUnavailable) > 100) {
      errs.push(invalidRendered(child(ruPath, 'maxUnavailable'), maxUnavailable, 'must not be greater than 100%'));
    }
  } else {
    // Upstream reports the whole strategy struct at spec.strategy (`field.NotSupported(fldPath, strategy, …)`).
    const rendered = `apps.DeploymentStrategy{Type:${JSON.stringify(type ?? '')}, RollingUpdate:${ru ? '&apps.RollingUpdateDeployment{…}' : '(*apps.RollingUpdateDeployment)(nil)'}}`;
    errs.push({ type: 'FieldValueNotSupported', field: path, body: `Unsupported value: ${rendered}: supported values: "Recreate", "RollingUpdate"` });
  }
}

/** Selector required, valid and non-empty; template valid, labelled to match it, restartPolicy Always. */
function validateSelectorAndTemplate(errs: FieldError[], spec: JsonObject): ParsedSelector | undefined {
  const selectorObj = readObject(errs, spec, 'selector', 'spec');
  let selector: ParsedSelector | undefined;
  if (!selectorObj) {
    if (spec['selector'] === undefined || spec['selector'] === null) errs.push(fieldError.required('spec.selector', ''));
  } else {
    selector = validateLabelSelector(errs, selectorObj, 'spec.selector');
    // ReplicaSets say "deployment" too (ValidateReplicaSetSpec reuses the text).
    if (selectorIsEmpty(selector)) errs.push(invalidRendered('spec.selector', goLabelSelector(selector), 'empty selector is invalid for deployment'));
  }
  const template = readObject(errs, spec, 'template', 'spec');
  if (!template) {
    if (spec['template'] === undefined || spec['template'] === null) errs.push(fieldError.required('spec.template', ''));
    return selector;
  }
  const labels = readStringMap([], objectAt(template, 'metadata'), 'labels', 'spec.template.metadata');
  // A missing selector converts to labels.Nothing(), which is not Empty() and matches nothing: upstream then reports
  // the mismatch as well as the Required.
  const mismatch = selector ? !selectorIsEmpty(selector) && !selectorMatches(selector, labels ?? {}) : spec['selector'] === undefined || spec['selector'] === null;
  if (mismatch) errs.push(invalidRendered('spec.template.metadata.labels', goStringMap(labels), '`selector` does not match template `labels`'));
  validatePodTemplateSpec(errs, template, 'spec.template');
  const podSpec = objectAt(template, 'spec');
  const restartPolicy = podSpec?.['restartPolicy'];
  if (typeof restartPolicy === 'string' && restartPolicy !== '' && restartPolicy !== 'Always') {
    errs.push(fieldError.notSupported('spec.template.spec.restartPolicy', restartPolicy, ['Always']));
  }
  if (podSpec?.['activeDeadlineSeconds'] !== undefined && podSpec['activeDeadlineSeconds'] !== null) {
    errs.push(fieldError.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in ReplicaSet is not Supported'));
  }
  return selector;
}

function objectAt(o: unknown, k: string): JsonObject | undefined {
  return isObject(o) && isObject(o[k]) ? o[k] : undefined;
}

/** The object's spec; a missing one is reported as upstream's first complaint (`spec.selector: Required value`). */
export function specOf(errs: FieldError[], obj: KubeObject): JsonObject | undefined {
  if (isObject(obj.spec)) return obj.spec;
  if (obj.spec !== undefined && obj.spec !== null) errs.push(typeError('spec', obj.spec, 'object'));
  else errs.push(fieldError.required('spec.selector', ''));
  return undefined;
}

/** `ValidateDeployment` (create). */
export function validateDeployment(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  const spec = specOf(errs, obj);
  if (!spec) return errs;
  nonNegative(errs, spec, 'replicas', 'spec');
  validateSelectorAndTemplate(errs, spec);
  const strategy = readObject(errs, spec, 'strategy', 'spec');
  if (strategy) validateDeploymentStrategy(errs, strategy, 'spec.strategy');
  const minReady = nonNegative(errs, spec, 'minReadySeconds', 'spec') ?? 0;
  nonNegative(errs, spec, 'revisionHistoryLimit', 'spec');
  readBoolIfAny(errs, spec, 'paused');
  const deadline = nonNegative(errs, spec, 'progressDeadlineSeconds', 'spec');
  if (deadline !== undefined && deadline <= minReady) {
    errs.push(fieldError.invalid('spec.progressDeadlineSeconds', deadline, 'must be greater than minReadySeconds'));
  }
  return errs;
}

function readBoolIfAny(errs: FieldError[], spec: JsonObject, k: string): void {
  const v = spec[k];
  if (v !== undefined && v !== null && typeof v !== 'boolean') errs.push(typeError(child('spec', k), v, 'boolean'));
}

/** `ValidateReplicaSet` (create). */
export function validateReplicaSet(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  const spec = specOf(errs, obj);
  if (!spec) return errs;
  nonNegative(errs, spec, 'replicas', 'spec');
  nonNegative(errs, spec, 'minReadySeconds', 'spec');
  validateSelectorAndTemplate(errs, spec);
  return errs;
}

/** apps/v1 selectors are immutable: `spec.selector: Invalid value: &v1.LabelSelector{…}: field is immutable`. */
function validateSelectorImmutable(obj: KubeObject, old: KubeObject): FieldError[] {
  const next = objectAt(obj.spec, 'selector');
  const prev = objectAt(old.spec, 'selector');
  if (JSON.stringify(normalizeSelector(next)) === JSON.stringify(normalizeSelector(prev))) return [];
  const parsed = next ? validateLabelSelector([], next, 'spec.selector') : undefined;
  return [invalidRendered('spec.selector', goLabelSelector(parsed), 'field is immutable')];
}

function normalizeSelector(s: JsonObject | undefined): unknown {
  if (!s) return null;
  const labels = isObject(s['matchLabels']) ? s['matchLabels'] : {};
  const sorted = Object.fromEntries(Object.keys(labels).sort().map((k) => [k, labels[k]]));
  const exprs = Array.isArray(s['matchExpressions']) ? s['matchExpressions'] : [];
  return { matchLabels: sorted, matchExpressions: exprs };
}

/** `ValidateDeploymentUpdate` plus the apps/v1 strategy's selector immutability. */
export function validateDeploymentUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateDeployment(obj), ...validateSelectorImmutable(obj, old)];
}

/** `ValidateReplicaSetUpdate` plus the apps/v1 strategy's selector immutability. */
export function validateReplicaSetUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateReplicaSet(obj), ...validateSelectorImmutable(obj, old)];
}
