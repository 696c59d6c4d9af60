/**
 * Pod and pod-spec validation, ported from kubernetes `pkg/apis/core/validation/validation.go` (`ValidatePodSpec`,
 * `ValidatePodCreate`, `ValidatePodUpdate`, `validateRestartPolicy`, `validateDNSPolicy`, `ValidateTolerations`,
 * `ValidatePodTemplateSpec`).
 *
 * @remarks Volume sources, affinity and topology spread are only type-checked. The pod-update diff that upstream appends to
 * its "pod updates may not change fields" message (`cmp.Diff`) is rendered one level deep (see `podSpecDiff`).
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isObject, type JsonObject } from '../json-shape.ts';
import { child, readInt, readObject, readObjects, readString, readStringMap, typeError } from './shape.ts';
import { validateContainers } from './container.ts';
import { validateObjectMeta, validateObjectMetaUpdate, validateLabels, validateAnnotations } from './object-meta.ts';
import { inclusiveRangeError, isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from './names.ts';

/** A pod's supported restart policies, in upstream's order. */
export const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'];
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const TOLERATION_OPERATORS = ['Equal', 'Exists'];

/** `ValidateTolerations`. */
export function validateTolerations(errs: FieldError[], spec: JsonObject, path: string): void {
  for (const { item: t, path: p } of readObjects(errs, spec, 'tolerations', path)) {
    const k = readString(errs, t, 'key', p) ?? '';
    if (k) for (const msg of isQualifiedName(k)) errs.push(fieldError.invalid(child(p, 'key'), k, msg));
    const operator = readString(errs, t, 'operator', p) ?? '';
    const value = readString(errs, t, 'value', p) ?? '';
    if (k === '' && operator !== 'Exists') errs.push(fieldError.invalid(child(p, 'operator'), operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    const effect = readString(errs, t, 'effect', p) ?? '';
    const seconds = readInt(errs, t, 'tolerationSeconds', p);
    if (seconds !== undefined && effect !== 'NoExecute') errs.push(fieldError.invalid(child(p, 'effect'), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    if (operator === 'Exists' && value !== '') errs.push(fieldError.invalid(child(p, 'operator'), t, "value must be empty when `operator` is 'Exists'"));
    else if (operator !== '' && !TOLERATION_OPERATORS.includes(operator)) errs.push(fieldError.notSupported(child(p, 'operator'), operator, TOLERATION_OPERATORS));
    if (effect !== '' && !TAINT_EFFECTS.includes(effect)) errs.push(fieldError.notSupported(child(p, 'effect'), effect, TAINT_EFFECTS));
  }
}

/** `ValidateVolumes`: names are DNS labels and unique; exactly one source is not checked. */
function validateVolumes(errs: FieldError[], spec: JsonObject, path: string): void {
  const seen = new Set<string>();
  for (const { item: volume, path: p } of readObjects(errs, spec, 'volumes', path)) {
    const name = readString(errs, volume, 'name', p) ?? '';
    if (name === '') errs.push(fieldError.required(child(p, 'name'), ''));
    else for (const msg of isDNS1123Label(name)) errs.push(fieldError.invalid(child(p, 'name'), name, msg));
    if (name !== '' && seen.has(name)) errs.push(fieldError.duplicate(child(p, 'name'), name));
    seen.add(name);
  }
}

/**
 * Frozen pod specs (stored objects' and their subtrees; frozen means deep-frozen, as engine/clone-graph.ts
 * `deepFreeze` assumes) that {@link validatePodSpec} found valid, with the path they were validated at. A /status
 * write keeps the stored spec object, and a controller's status write keeps its template: validating such a spec
 * again gives the same empty answer (the validation reads only the spec and the path). A pure cache, weakly held.
 */
const VALID_FROZEN_SPECS = new WeakMap<JsonObject, string>();

/** `ValidatePodSpec`. */
export function validatePodSpec(errs: FieldError[], spec: JsonObject, path: string): void {
  if (VALID_FROZEN_SPECS.get(spec) === path) return;
  const before = errs.length;
  validatePodSpecFields(errs, spec, path);
  if (errs.length === before && Object.isFrozen(spec)) VALID_FROZEN_SPECS.set(spec, path);
}

function validatePodSpecFields(errs: FieldError[], spec: JsonObject, path: string): void {
  validateVolumes(errs, spec, path);
  const names = new Set<string>();
  validateContainers(errs, spec, path, names, false);
  validateContainers(errs, spec, path, names, true);
  const restartPolicy = readString(errs, spec, 'restartPolicy', path);
  if (restartPolicy === '' || restartPolicy === undefined) errs.push(fieldError.required(child(path, 'restartPolicy'), ''));
  else if (!RESTART_POLICIES.includes(restartPolicy)) errs.push(fieldError.notSupported(child(path, 'restartPolicy'), restartPolicy, RESTART_POLICIES));
  const dnsPolicy = readString(errs, spec, 'dnsPolicy', path);
  if (dnsPolicy === '' || dnsPolicy === undefined) errs.push(fieldError.required(child(path, 'dnsPolicy'), ''));
  else if (!DNS_POLICIES.includes(dnsPolicy)) errs.push(fieldError.notSupported(child(path, 'dnsPolicy'), dnsPolicy, DNS_POLICIES));
  const nodeSelector = readStringMap(errs, spec, 'nodeSelector', path);
  if (nodeSelector) errs.push(...validateLabels(nodeSelector, child(path, 'nodeSelector')));
  const nodeName = readString(errs, spec, 'nodeName', path);
  if (nodeName) for (const msg of isDNS1123Subdomain(nodeName)) errs.push(fieldError.invalid(child(path, 'nodeName'), nodeName, msg));
  const active = readInt(errs, spec, 'activeDeadlineSeconds', path);
  if (active !== undefined && (active < 1 || active > 4294967295)) errs.push(fieldError.invalid(child(path, 'activeDeadlineSeconds'), active, inclusiveRangeError(1, 4294967295)));
  readInt(errs, spec, 'terminationGracePeriodSeconds', path);
  readObject(errs, spec, 'securityContext', path);
  readObject(errs, spec, 'affinity', path);
  readString(errs, spec, 'schedulerName', path);
  readString(errs, spec, 'serviceAccountName', path);
  validateTolerations(errs, spec, path);
}

/** `ValidatePodTemplateSpec`: the template's labels and annotations, and its spec. */
export function validatePodTemplateSpec(errs: FieldError[], template: JsonObject, path: string): void {
  const meta = readObject(errs, template, 'metadata', path);
  const mp = child(path, 'metadata');
  const labels = readStringMap(errs, meta, 'labels', mp);
  if (labels) errs.push(...validateLabels(labels, child(mp, 'labels')));
  const annotations = readStringMap(errs, meta, 'annotations', mp);
  if (annotations) errs.push(...validateAnnotations(annotations, child(mp, 'annotations')));
  const spec = readObject(errs, template, 'spec', path);
  validatePodSpec(errs, spec ?? {}, child(path, 'spec'));
}

function podNameRule(name: string): string[] {
  return isDNS1123Subdomain(name);
}

/** `ValidatePodCreate`. */
export function validatePod(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, podNameRule);
  if (obj.spec !== undefined && !isObject(obj.spec)) return [...errs, typeError('spec', obj.spec, 'object')];
  validatePodSpec(errs, isObject(obj.spec) ? obj.spec : {}, 'spec');
  return errs;
}

/** `updatablePodSpecFields`, as listed in the Forbidden message. */
export const POD_UPDATABLE_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The diff upstream appends (`cmp.Diff(oldPod.Spec, mungedPodSpec)`), in the same shape but one level deep: changed
 * top-level fields as `-`/`+` lines with Go field names and JSON values.
 */
export function podSpecDiff(old: JsonObject, next: JsonObject): string {
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort();
  const changed = keys.filter((k) => !sameJson(normalize(old[k]), normalize(next[k])));
  const goName = (k: string) => k.charAt(0).toUpperCase() + k.slice(1);
  const render = (v: unknown) => (v === undefined ? 'nil' : JSON.stringify(v));
  const lines = ['  core.PodSpec{'];
  const identical = keys.length - changed.length;
  if (identical > 0) lines.push(`  \t... // ${identical} identical fields`);
  for (const k of changed) {
    lines.push(`- \t${goName(k)}: ${render(old[k])},`);
    lines.push(`+ \t${goName(k)}: ${render(next[k])},`);
  }
  lines.push('  }');
  return lines.join('\n');
}

/**
 * `ValidatePodUpdate`: only images, activeDeadlineSeconds (set, or lowered) and tolerations (additions only) may change;
 * anything else is `spec: Forbidden: pod updates may not change fields other than …`.
 */
export function validatePodUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validatePod(obj)];
  const next = isObject(obj.spec) ? obj.spec : {};
  const prev = isObject(old.spec) ? old.spec : {};
  const oldActive = prev['activeDeadlineSeconds'];
  const newActive = next['activeDeadlineSeconds'];
  if (typeof oldActive === 'number') {
    if (newActive === undefined || newActive === null) errs.push(fieldError.invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
    else if (typeof newActive === 'number' && newActive > oldActive) errs.push(fieldError.invalid('spec.activeDeadlineSeconds', newActive, 'must be less than or equal to previous value'));
  }
  // The same spec object (a /status write keeps the stored spec) cannot differ: skip the munge and compare.
  if (next === prev) return errs;
  // Munge: copy the updatable fields from the new spec onto the old one, then compare whole specs.
  const munged: JsonObject = structuredClone(prev);
  for (const k of ['containers', 'initContainers']) {
    const newList = next[k];
    const mungedList = munged[k];
    if (Array.isArray(newList) && Array.isArray(mungedList) && newList.length === mungedList.length) {
      mungedList.forEach((c, i) => {
        const nc: unknown = newList[i];
        if (isObject(c) && isObject(nc)) c['image'] = nc['image'];
      });
    }
  }
  munged['activeDeadlineSeconds'] = next['activeDeadlineSeconds'];
  const oldTolerations = Array.isArray(prev['tolerations']) ? prev['tolerations'] : [];
  const newTolerations = Array.isArray(next['tolerations']) ? next['tolerations'] : [];
  const keepsOld = oldTolerations.every((t) => newTolerations.some((n) => sameJson(n, t)));
  if (keepsOld) munged['tolerations'] = next['tolerations'];
  const oldGrace = prev['terminationGracePeriodSeconds'];
  if (typeof oldGrace === 'number' && oldGrace < 0 && next['terminationGracePeriodSeconds'] === 1) munged['terminationGracePeriodSeconds'] = 1;
  if (munged['activeDeadlineSeconds'] === undefined) delete munged['activeDeadlineSeconds'];
  if (munged['tolerations'] === undefined) delete munged['tolerations'];
  if (!sameJson(normalize(munged), normalize(next))) {
    errs.push(fieldError.forbidden('spec', `pod updates may not change fields other than ${POD_UPDATABLE_FIELDS.join(',')}\n${podSpecDiff(munged, next)}`));
  }
  return errs;
}

/** Key order must not count as a change. */
function normalize(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalize);
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v).sort()) if (v[k] !== undefined) out[k] = normalize(v[k]);
  return out;
}
