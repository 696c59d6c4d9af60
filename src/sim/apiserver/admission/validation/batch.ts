/**
 * Job and CronJob validation, ported from kubernetes `pkg/apis/batch/validation/validation.go` (`ValidateJob`,
 * `validateJobSpec`, `ValidateJobSpecUpdate`, `ValidateCronJobCreate`, `validateCronJobSpec`).
 *
 * @remarks A Job without a selector and without `manualSelector: true` is accepted: upstream's registry strategy
 * generates the `batch.kubernetes.io/controller-uid` selector before validation (see `generateJobSelector`). Pod
 * failure policies, success policies and backoffLimitPerIndex are only type-checked. "field is immutable" on a
 * template prints the template as JSON where upstream prints Go's `%#v`.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isObject, type JsonObject } from '../json-shape.ts';
import { child, readBool, readInt, readObject, readString, readStringMap, typeError, goStringMap, invalidRendered } from './shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate, validateImmutable } from './object-meta.ts';
import { validatePodTemplateSpec } from './pod.ts';
import { validateLabelSelector, selectorMatches, selectorIsEmpty } from './label-selector.ts';
import { isDNS1123Subdomain, maxLenError } from './names.ts';
import { cronScheduleError, timeZoneError } from './cron-schedule.ts';
import { JOB_CONTROLLER_UID_LABEL, JOB_NAME_LABEL } from '../defaults/batch-v1.ts';

const NEGATIVE = 'must be greater than or equal to 0';
const JOB_RESTART_POLICIES = ['OnFailure', 'Never'];
const COMPLETION_MODES = ['NonIndexed', 'Indexed'];
const CONCURRENCY_POLICIES = ['Allow', 'Forbid', 'Replace'];
/** A CronJob's name plus the 11-character scheduled-time suffix must fit a 63-character label. */
const CRONJOB_NAME_MAX = 52;

function nonNegative(errs: FieldError[], o: JsonObject, k: string, path: string): number | undefined {
  const v = readInt(errs, o, k, path);
  if (v !== undefined && v < 0) errs.push(fieldError.invalid(child(path, k), v, NEGATIVE));
  return v;
}

/** `validateJobSpec` (shared by Jobs and CronJob job templates). */
export function validateJobSpec(errs: FieldError[], spec: JsonObject, path: string, isTemplate: boolean): void {
  nonNegative(errs, spec, 'parallelism', path);
  const completions = nonNegative(errs, spec, 'completions', path);
  const active = readInt(errs, spec, 'activeDeadlineSeconds', path);
  if (active !== undefined && active <= 0) errs.push(fieldError.invalid(child(path, 'activeDeadlineSeconds'), active, 'must be greater than or equal to 1'));
  nonNegative(errs, spec, 'backoffLimit', path);
  nonNegative(errs, spec, 'ttlSecondsAfterFinished', path);
  readBool(errs, spec, 'suspend', path);
  const manualSelector = readBool(errs, spec, 'manualSelector', path);
  const mode = readString(errs, spec, 'completionMode', path);
  if (mode !== undefined && !COMPLETION_MODES.includes(mode)) errs.push(fieldError.notSupported(child(path, 'completionMode'), mode, COMPLETION_MODES));
  if (mode === 'Indexed' && completions === undefined) errs.push(fieldError.required(child(path, 'completions'), 'when completion mode is Indexed'));
  const selectorObj = readObject(errs, spec, 'selector', path);
  const template = readObject(errs, spec, 'template', path);
  const tp = child(path, 'template');
  if (selectorObj) {
    const selector = validateLabelSelector(errs, selectorObj, child(path, 'selector'));
    const labels = readStringMap([], readObject([], template, 'metadata', tp), 'labels', tp) ?? {};
    if (!selectorIsEmpty(selector) && !selectorMatches(selector, labels)) {
      errs.push(invalidRendered(child(tp, 'metadata.labels'), goStringMap(labels), '`selector` does not match template `labels`'));
    }
  } else if (!isTemplate && manualSelector === true) {
    errs.push(fieldError.required(child(path, 'selector'), ''));
  }
  if (isTemplate && selectorObj) errs.push(fieldError.invalid(child(path, 'selector'), selectorObj, '`selector` will be auto-generated'));
  if (isTemplate && manualSelector === true) errs.push(fieldError.notSupported(child(path, 'manualSelector'), true, ['nil', 'false']));
  if (!template) {
    errs.push(fieldError.required(tp, ''));
    return;
  }
  validatePodTemplateSpec(errs, template, tp);
  const restartPolicy = readString([], readObject([], template, 'spec', tp), 'restartPolicy', child(tp, 'spec')) ?? '';
  if (!JOB_RESTART_POLICIES.includes(restartPolicy)) errs.push(fieldError.notSupported(child(tp, 'spec.restartPolicy'), restartPolicy, JOB_RESTART_POLICIES));
}

/**
 * `ValidateGeneratedSelector`: without manualSelector, the selector must select the Job's own uid (a user selector
 * that pins another controller-uid is rejected with "`selector` not auto-generated").
 */
function validateGeneratedSelector(errs: FieldError[], obj: KubeObject, spec: JsonObject): void {
  if (spec['manualSelector'] === true) return;
  const selectorObj = isObject(spec['selector']) ? spec['selector'] : undefined;
  const uid = isObject(obj.metadata) ? obj.metadata.uid : undefined;
  if (!selectorObj || typeof uid !== 'string' || uid === '') return;
  const name = typeof obj.metadata?.name === 'string' ? obj.metadata.name : '';
  const expected = { [JOB_CONTROLLER_UID_LABEL]: uid, 'controller-uid': uid, [JOB_NAME_LABEL]: name, 'job-name': name };
  const selector = validateLabelSelector([], selectorObj, 'spec.selector');
  if (!selectorMatches(selector, expected)) errs.push(fieldError.invalid('spec.selector', selectorObj, '`selector` not auto-generated'));
}

function specOf(errs: FieldError[], obj: KubeObject, missing: string): JsonObject | undefined {
  if (isObject(obj.spec)) return obj.spec;
  if (obj.spec !== undefined && obj.spec !== null) errs.push(typeError('spec', obj.spec, 'object'));
  else errs.push(fieldError.required(missing, ''));
  return undefined;
}

/** `ValidateJob` (create). */
export function validateJob(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  const spec = specOf(errs, obj, 'spec.template');
  if (!spec) return errs;
  validateGeneratedSelector(errs, obj, spec);
  validateJobSpec(errs, spec, 'spec', false);
  return errs;
}

/** `ValidateJobUpdate`: selector, template (while running), completionMode and completions are immutable. */
export function validateJobUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateJob(obj)];
  const next = isObject(obj.spec) ? obj.spec : {};
  const prev = isObject(old.spec) ? old.spec : {};
  errs.push(...validateImmutable(next['selector'], prev['selector'], 'spec.selector'));
  // Upstream lets a suspended Job that never started change scheduling directives; the simulation keeps templates
  // immutable except for that case, approximated as "suspended now and before".
  if (!(prev['suspend'] === true && next['suspend'] === true)) errs.push(...validateImmutable(next['template'], prev['template'], 'spec.template'));
  errs.push(...validateImmutable(next['completionMode'], prev['completionMode'], 'spec.completionMode'));
  if (next['completionMode'] !== 'Indexed' || next['completions'] !== next['parallelism']) {
    errs.push(...validateImmutable(next['completions'], prev['completions'], 'spec.completions'));
  }
  return errs;
}

/** `ValidateCronJobCreate`. */
export function validateCronJob(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  const name = isObject(obj.metadata) ? obj.metadata.name : undefined;
  if (typeof name === 'string' && name.length > CRONJOB_NAME_MAX) errs.push(fieldError.invalid('metadata.name', name, maxLenError(CRONJOB_NAME_MAX)));
  const spec = specOf(errs, obj, 'spec.schedule');
  if (!spec) return errs;
  const schedule = readString(errs, spec, 'schedule', 'spec');
  const timeZone = readString(errs, spec, 'timeZone', 'spec');
  if (schedule === undefined || schedule === '') errs.push(fieldError.required('spec.schedule', ''));
  else {
    const parseError = cronScheduleError(schedule);
    if (parseError) errs.push(fieldError.invalid('spec.schedule', schedule, parseError));
    if (schedule.includes('TZ')) errs.push(fieldError.invalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  if (timeZone !== undefined) {
    const tzError = timeZoneError(timeZone);
    if (tzError) errs.push(fieldError.invalid('spec.timeZone', timeZone, tzError));
  }
  const policy = readString(errs, spec, 'concurrencyPolicy', 'spec');
  if (policy === undefined || policy === '') errs.push(fieldError.required('spec.concurrencyPolicy', ''));
  else if (!CONCURRENCY_POLICIES.includes(policy)) errs.push(fieldError.notSupported('spec.concurrencyPolicy', policy, CONCURRENCY_POLICIES));
  readBool(errs, spec, 'suspend', 'spec');
  nonNegative(errs, spec, 'startingDeadlineSeconds', 'spec');
  nonNegative(errs, spec, 'successfulJobsHistoryLimit', 'spec');
  nonNegative(errs, spec, 'failedJobsHistoryLimit', 'spec');
  const jobTemplate = readObject(errs, spec, 'jobTemplate', 'spec');
  const jobSpec = readObject(errs, jobTemplate, 'spec', 'spec.jobTemplate');
  if (!jobSpec) errs.push(fieldError.required('spec.jobTemplate.spec.template', ''));
  else validateJobSpec(errs, jobSpec, 'spec.jobTemplate.spec', true);
  return errs;
}

/** `ValidateCronJobUpdate`: immutable metadata plus the create checks. */
export function validateCronJobUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateCronJob(obj)];
}
