/**
 * StatefulSet validation, ported from kubernetes `pkg/apis/apps/validation/validation.go` (ValidateStatefulSetName,
 * ValidateStatefulSet, ValidateStatefulSetSpec, validateRollingUpdateStatefulSet,
 * ValidatePersistentVolumeClaimRetentionPolicy, ValidatePodTemplateSpecForStatefulSet, ValidateStatefulSetUpdate)
 * with 1.32's gates (MaxUnavailableStatefulSet off: `maxUnavailable` is not checked).
 *
 * @remarks As upstream, the template's pod spec is not validated here (its pods' creates are): only its labels
 * against the selector, its labels and annotations, `restartPolicy` Always and no `activeDeadlineSeconds`.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isObject, type JsonObject } from '../json-shape.ts';
import { goStringMap, invalidRendered, readInt, readObject, readString, readStringMap } from './shape.ts';
import { validateAnnotations, validateLabels, validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import { goLabelSelector, selectorIsEmpty, selectorMatches, validateLabelSelector, type ParsedSelector } from './label-selector.ts';
import { isDNS1123Label } from './names.ts';
import { nonNegative, specOf } from './apps.ts';
import { canonicalJson } from '../../../api/canonical-json.ts';

const NEGATIVE = 'must be greater than or equal to 0';

function isUnset(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/** `ValidateStatefulSetSpec`. */
function validateStatefulSetSpec(errs: FieldError[], spec: JsonObject): void {
  const policy = readString(errs, spec, 'podManagementPolicy', 'spec');
  if (isUnset(policy)) errs.push(fieldError.required('spec.podManagementPolicy', ''));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') errs.push(fieldError.invalid('spec.podManagementPolicy', policy, "must be 'OrderedReady' or 'Parallel'"));

  const strategy = readObject(errs, spec, 'updateStrategy', 'spec');
  const type = strategy ? readString(errs, strategy, 'type', 'spec.updateStrategy') : undefined;
  const ru = strategy ? readObject(errs, strategy, 'rollingUpdate', 'spec.updateStrategy') : undefined;
  if (isUnset(type)) errs.push(fieldError.required('spec.updateStrategy', ''));
  else if (type === 'OnDelete') {
    if (ru) errs.push(invalidRendered('spec.updateStrategy.rollingUpdate', `&apps.RollingUpdateStatefulSetStrategy{Partition:${ru['partition'] ?? 0}, MaxUnavailable:<nil>}`, "only allowed for updateStrategy 'RollingUpdate'"));
  } else if (type === 'RollingUpdate') {
    if (ru) nonNegative(errs, ru, 'partition', 'spec.updateStrategy.rollingUpdate');
  } else {
    errs.push(invalidRendered('spec.updateStrategy', `apps.StatefulSetUpdateStrategy{Type:${JSON.stringify(type)}, RollingUpdate:${ru ? '&apps.RollingUpdateStatefulSetStrategy{…}' : '(*apps.RollingUpdateStatefulSetStrategy)(nil)'}}`, "must be 'RollingUpdate' or 'OnDelete'"));
  }

  const retention = readObject(errs, spec, 'persistentVolumeClaimRetentionPolicy', 'spec');
  if (retention) {
    for (const k of ['whenDeleted', 'whenScaled']) {
      const v = readString(errs, retention, k, 'spec.persistentVolumeClaimRetentionPolicy');
      if (v !== 'Retain' && v !== 'Delete') errs.push(fieldError.notSupported(`spec.persistentVolumeClaimRetentionPolicy.${k}`, v ?? '', ['Retain', 'Delete']));
    }
  }
  const ordinals = readObject(errs, spec, 'ordinals', 'spec');
  if (ordinals) {
    const start = readInt(errs, ordinals, 'start', 'spec.ordinals');
    if (start !== undefined && start < 0) errs.push(fieldError.invalid('spec.ordinals.start', start, NEGATIVE));
  }
  nonNegative(errs, spec, 'replicas', 'spec');
  nonNegative(errs, spec, 'minReadySeconds', 'spec');

  const selectorObj = readObject(errs, spec, 'selector', 'spec');
  let selector: ParsedSelector | undefined;
  if (!selectorObj) {
    if (spec['selector'] === undefined || spec['selector'] === null) errs.push(fieldError.required('spec.selector', ''));
  } else {
    selector = validateLabelSelector(errs, selectorObj, 'spec.selector');
    if (selectorIsEmpty(selector)) errs.push(invalidRendered('spec.selector', goLabelSelector(selector), 'empty selector is invalid for statefulset'));
  }
  validateTemplate(errs, spec, selector);
}

/** `ValidatePodTemplateSpecForStatefulSet` and the restartPolicy / activeDeadlineSeconds checks after it. */
function validateTemplate(errs: FieldError[], spec: JsonObject, selector: ParsedSelector | undefined): void {
  const template = readObject(errs, spec, 'template', 'spec');
  if (!template) {
    if (spec['template'] === undefined || spec['template'] === null) errs.push(fieldError.required('spec.template', ''));
  } else {
    const meta = isObject(template['metadata']) ? template['metadata'] : undefined;
    const labels = readStringMap(errs, meta, 'labels', 'spec.template.metadata');
    if (selector && !selectorIsEmpty(selector) && !selectorMatches(selector, labels ?? {})) {
      errs.push(invalidRendered('spec.template.metadata.labels', goStringMap(labels), '`selector` does not match template `labels`'));
    }
    if (labels) errs.push(...validateLabels(labels, 'spec.template.labels'));
    const annotations = readStringMap(errs, meta, 'annotations', 'spec.template.metadata');
    if (annotations) errs.push(...validateAnnotations(annotations, 'spec.template.annotations'));
  }
  const podSpec = isObject(template?.['spec']) ? template['spec'] : undefined;
  const restartPolicy = podSpec?.['restartPolicy'];
  if (restartPolicy !== 'Always') errs.push(fieldError.notSupported('spec.template.spec.restartPolicy', restartPolicy ?? '', ['Always']));
  if (podSpec?.['activeDeadlineSeconds'] !== undefined && podSpec['activeDeadlineSeconds'] !== null) {
    errs.push(fieldError.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
}

/** `ValidateStatefulSet` (create): the name must be a DNS label (it becomes the pods' hostnames' prefix). */
export function validateStatefulSet(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Label);
  const spec = specOf(errs, obj);
  if (spec) validateStatefulSetSpec(errs, spec);
  return errs;
}

/** The spec fields an update may change (`ValidateStatefulSetUpdate`). */
const UPDATABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

/**
 * `ValidateStatefulSetUpdate`: the spec checks (not the name's), and every spec field but replicas, ordinals,
 * template, updateStrategy, revisionHistoryLimit, persistentVolumeClaimRetentionPolicy and minReadySeconds unchanged.
 */
export function validateStatefulSetUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata);
  const spec = specOf(errs, obj);
  if (!spec) return errs;
  validateStatefulSetSpec(errs, spec);
  const rest = (s: unknown): string => {
    const o = isObject(s) ? { ...s } : {};
    for (const k of UPDATABLE) delete o[k];
    return canonicalJson(o);
  };
  if (rest(spec) !== rest(old.spec)) {
    errs.push(
      fieldError.forbidden(
        'spec',
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      ),
    );
  }
  return errs;
}
