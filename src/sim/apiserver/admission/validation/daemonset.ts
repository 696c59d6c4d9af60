/**
 * DaemonSet validation, ported from kubernetes `pkg/apis/apps/validation/validation.go` (`ValidateDaemonSet`,
 * `ValidateDaemonSetSpec`, `ValidateDaemonSetUpdateStrategy`, `ValidateRollingUpdateDaemonSet`,
 * `IsNotMoreThan100Percent`, `ValidateDaemonSetUpdate`).
 *
 * @remarks A missing selector is reported as Required (and the template's labels as not matching it), as this
 * api-server reports it for Deployments.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isObject, objectAt, type JsonObject } from '../json-shape.ts';
import { child, goStringMap, invalidRendered, readInt, readIntOrString, readObject, readString, readStringMap, typeError } from './shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import { validatePodTemplateSpec } from './pod.ts';
import { goLabelSelector, selectorIsEmpty, selectorMatches, validateLabelSelector } from './label-selector.ts';
import { isDNS1123Subdomain, isValidPercent } from './names.ts';
import { intOrPercentValue, validatePositiveIntOrPercent } from './apps.ts';

const NEGATIVE = 'must be greater than or equal to 0';

function nonNegative(errs: FieldError[], o: unknown, k: string, path: string): void {
  const v = readInt(errs, o, k, path);
  if (v !== undefined && v < 0) errs.push(fieldError.invalid(child(path, k), v, NEGATIVE));
}

/** `getPercentValue`: the number of a well-formed percent. */
function percentValue(v: number | string | undefined): number | undefined {
  if (typeof v !== 'string' || isValidPercent(v).length > 0) return undefined;
  return Number.parseInt(v.slice(0, -1), 10);
}

/** `IsNotMoreThan100Percent`. */
function notMoreThan100Percent(errs: FieldError[], v: number | string | undefined, path: string): void {
  const p = percentValue(v);
  if (p !== undefined && p > 100) errs.push(invalidRendered(path, String(v), 'must not be greater than 100%'));
}

/** `ValidateRollingUpdateDaemonSet`: both int-or-percent, at most 100%, exactly one of them non-zero. */
function validateRollingUpdate(errs: FieldError[], ru: JsonObject, path: string): void {
  const maxUnavailable = readIntOrString(errs, ru, 'maxUnavailable', path);
  const maxSurge = readIntOrString(errs, ru, 'maxSurge', path);
  validatePositiveIntOrPercent(errs, maxUnavailable, child(path, 'maxUnavailable'));
  validatePositiveIntOrPercent(errs, maxSurge, child(path, 'maxSurge'));
  notMoreThan100Percent(errs, maxUnavailable, child(path, 'maxUnavailable'));
  notMoreThan100Percent(errs, maxSurge, child(path, 'maxSurge'));
  const hasUnavailable = intOrPercentValue(maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(maxSurge) !== 0;
  if (hasUnavailable && hasSurge) errs.push(invalidRendered(child(path, 'maxSurge'), String(maxSurge), 'may not be set when maxUnavailable is non-zero'));
  else if (!hasUnavailable && !hasSurge) errs.push(fieldError.required(child(path, 'maxUnavailable'), 'cannot be 0 when maxSurge is 0'));
}

/** `ValidateDaemonSetUpdateStrategy`. */
function validateUpdateStrategy(errs: FieldError[], strategy: JsonObject, path: string): void {
  const type = readString(errs, strategy, 'type', path);
  const ru = readObject(errs, strategy, 'rollingUpdate', path);
  if (type === 'OnDelete') return;
  if (type === 'RollingUpdate') {
    if (!ru) errs.push(fieldError.required(child(path, 'rollingUpdate'), ''));
    else validateRollingUpdate(errs, ru, child(path, 'rollingUpdate'));
    return;
  }
  // Upstream reports the whole strategy struct (`field.NotSupported(fldPath, strategy, validValues)`).
  const rendered = `apps.DaemonSetUpdateStrategy{Type:${JSON.stringify(type ?? '')}, RollingUpdate:${ru ? '&apps.RollingUpdateDaemonSet{…}' : '(*apps.RollingUpdateDaemonSet)(nil)'}}`;
  errs.push({ type: 'FieldValueNotSupported', field: path, body: `Unsupported value: ${rendered}: supported values: "RollingUpdate", "OnDelete"` });
}

/** `ValidateDaemonSetSpec`. */
function validateSpec(errs: FieldError[], spec: JsonObject): void {
  const selectorObj = readObject(errs, spec, 'selector', 'spec');
  const selector = selectorObj ? validateLabelSelector(errs, selectorObj, 'spec.selector') : undefined;
  if (!selectorObj && (spec['selector'] === undefined || spec['selector'] === null)) errs.push(fieldError.required('spec.selector', ''));
  const template = readObject(errs, spec, 'template', 'spec');
  const labels = readStringMap([], objectAt(template, 'metadata'), 'labels', 'spec.template.metadata');
  // A nil selector is labels.Nothing(): it matches no labels.
  if (!selector || (!selectorIsEmpty(selector) && !selectorMatches(selector, labels ?? {}))) {
    errs.push(invalidRendered('spec.template.metadata.labels', goStringMap(labels), '`selector` does not match template `labels`'));
  }
  if (selector && selectorIsEmpty(selector)) errs.push(invalidRendered('spec.selector', goLabelSelector(selector), 'empty selector is invalid for daemonset'));
  if (!template) {
    if (spec['template'] === undefined || spec['template'] === null) errs.push(fieldError.required('spec.template', ''));
  } else {
    validatePodTemplateSpec(errs, template, 'spec.template');
    const podSpec = objectAt(template, 'spec');
    const restartPolicy = podSpec?.['restartPolicy'];
    if (typeof restartPolicy === 'string' && restartPolicy !== 'Always') errs.push(fieldError.notSupported('spec.template.spec.restartPolicy', restartPolicy, ['Always']));
    const deadline = podSpec?.['activeDeadlineSeconds'];
    if (deadline !== undefined && deadline !== null) errs.push(fieldError.invalid('spec.template.spec.activeDeadlineSeconds', deadline as number, 'activeDeadlineSeconds in DaemonSet is not Supported'));
  }
  nonNegative(errs, spec, 'minReadySeconds', 'spec');
  const strategy = readObject(errs, spec, 'updateStrategy', 'spec');
  if (strategy) validateUpdateStrategy(errs, strategy, 'spec.updateStrategy');
  nonNegative(errs, spec, 'revisionHistoryLimit', 'spec');
}

/** `ValidateDaemonSet` (create). */
export function validateDaemonSet(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  if (isObject(obj.spec)) validateSpec(errs, obj.spec);
  else if (obj.spec !== undefined && obj.spec !== null) errs.push(typeError('spec', obj.spec, 'object'));
  else errs.push(fieldError.required('spec.selector', ''));
  return errs;
}

/** `ValidateDaemonSetUpdate`: the create checks, and the selector is immutable. */
export function validateDaemonSetUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateDaemonSet(obj)];
  const next = objectAt(obj.spec, 'selector');
  const prev = objectAt(old.spec, 'selector');
  if (canonicalSelector(next) !== canonicalSelector(prev)) {
    const parsed = next ? validateLabelSelector([], next, 'spec.selector') : undefined;
    errs.push(invalidRendered('spec.selector', goLabelSelector(parsed), 'field is immutable'));
  }
  return errs;
}

function canonicalSelector(s: JsonObject | undefined): string {
  if (!s) return 'null';
  const labels = isObject(s['matchLabels']) ? s['matchLabels'] : {};
  const sorted = Object.fromEntries(Object.keys(labels).sort().map((k) => [k, labels[k]]));
  return JSON.stringify({ matchLabels: sorted, matchExpressions: Array.isArray(s['matchExpressions']) ? s['matchExpressions'] : [] });
}
