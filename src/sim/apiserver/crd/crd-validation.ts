/**
 * CustomResourceDefinition defaulting and validation, ported from apiextensions-apiserver
 * `pkg/apis/apiextensions/v1/defaults.go` (`SetDefaults_CustomResourceDefinitionSpec`) and
 * `pkg/apis/apiextensions/validation/validation.go` (`ValidateCustomResourceDefinition`,
 * `ValidateCustomResourceDefinitionNames`, `ValidateCustomResourceDefinitionSpec`) plus the structural-schema basics of
 * `pkg/apiserver/schema/validation.go` (`validateStructuralInvariants`, `validateStructuralCompleteness`).
 *
 * @remarks Conversion webhooks, CEL rules, printer columns and selectable fields are not validated. Errors inside a
 * `default:` are named from the default value's own root (`<schema path>.default.<field>`). "Invalid value"
 * messages that upstream renders with Go's `%#v` of the versions list render it as JSON here.
 */
import { fieldError, type FieldError } from '../../api/field-errors.ts';
import type { KubeObject } from '../../api/object.ts';
import { isObject, ensureObject, setDefault, type JsonObject } from '../admission/json-shape.ts';
import { child, index, key, readArray, readBool, readObject, readString, typeError } from '../admission/validation/shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../admission/validation/object-meta.ts';
import { isDNS1035Label, isDNS1123Subdomain } from '../admission/validation/names.ts';
import { validateValueAgainstSchema } from './schema-validation.ts';

/** `SetDefaults_CustomResourceDefinitionSpec`: singular = lower-case kind, listKind = kind + "List", conversion None. */
export function defaultCRD(crd: JsonObject): void {
  const spec = crd['spec'];
  if (!isObject(spec)) return;
  const names = spec['names'];
  if (isObject(names) && typeof names['kind'] === 'string' && names['kind'] !== '') {
    setDefault(names, 'singular', names['kind'].toLowerCase());
    setDefault(names, 'listKind', `${names['kind']}List`);
  }
  const conversion = ensureObject(spec, 'conversion');
  if (conversion) setDefault(conversion, 'strategy', 'None');
}

/** `ValidateCustomResourceDefinitionNames`. */
function validateNames(errs: FieldError[], names: JsonObject, path: string): void {
  for (const k of ['plural', 'singular']) {
    const v = readString(errs, names, k, path);
    if (!v) {
      if (k === 'plural') errs.push(fieldError.required(child(path, k), ''));
    } else {
      const problems = isDNS1035Label(v);
      if (problems.length) errs.push(fieldError.invalid(child(path, k), v, problems.join(',')));
    }
  }
  for (const k of ['kind', 'listKind']) {
    const v = readString(errs, names, k, path);
    if (!v) {
      if (k === 'kind') errs.push(fieldError.required(child(path, k), ''));
      continue;
    }
    const problems = isDNS1035Label(v.toLowerCase());
    if (problems.length) errs.push(fieldError.invalid(child(path, k), v, 'may have mixed case, but should otherwise match: ' + problems.join(',')));
  }
  const kind = names['kind'];
  if (typeof kind === 'string' && kind !== '' && names['listKind'] === kind) errs.push(fieldError.invalid(child(path, 'listKind'), kind, 'kind and listKind may not be the same'));
  const shortNames = readArray(errs, names, 'shortNames', path) ?? [];
  shortNames.forEach((s, i) => {
    const p = index(child(path, 'shortNames'), i);
    if (typeof s !== 'string') errs.push(typeError(p, s, 'string'));
    else {
      const problems = isDNS1035Label(s);
      if (problems.length) errs.push(fieldError.invalid(p, s, problems.join(',')));
    }
  });
}

/** Structural basics: a `type` on every node (unless int-or-string / preserve-unknown-fields), `object` at the root. */
function validateStructural(errs: FieldError[], schema: JsonObject, path: string, root: boolean): void {
  const type = schema['type'];
  const intOrString = schema['x-kubernetes-int-or-string'] === true;
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  if (type !== undefined && typeof type !== 'string') {
    errs.push(typeError(child(path, 'type'), type, 'string'));
    return;
  }
  if (root && type !== undefined && type !== 'object') errs.push(fieldError.invalid(child(path, 'type'), type, 'must be object at the root'));
  if (root && type === undefined) errs.push(fieldError.required(child(path, 'type'), 'must not be empty at the root'));
  else if (!root && !type && !intOrString && !preserve) errs.push(fieldError.required(child(path, 'type'), 'must not be empty for specified object fields'));
  if (schema['default'] !== undefined) {
    // ValidateDefaults: a default must itself validate against the schema it sits in (it is used unpruned).
    if (root) errs.push(fieldError.forbidden(child(path, 'default'), 'must not be specified at the root'));
    else errs.push(...validateValueAgainstSchema(schema['default'], schema, child(path, 'default')));
  }
  const props = schema['properties'];
  if (isObject(props)) {
    if (type !== undefined && type !== 'object') errs.push(fieldError.forbidden(child(path, 'properties'), 'must not be specified for non-object types'));
    for (const [k, sub] of Object.entries(props)) {
      const p = key(child(path, 'properties'), k);
      if (isObject(sub)) validateStructural(errs, sub, p, false);
      else errs.push(typeError(p, sub, 'object'));
    }
  }
  const items = schema['items'];
  if (isObject(items)) validateStructural(errs, items, child(path, 'items'), false);
  else if (type === 'array') errs.push(fieldError.required(child(path, 'items'), 'must be specified'));
  const additional = schema['additionalProperties'];
  if (isObject(additional)) {
    if (isObject(props)) errs.push(fieldError.forbidden(child(path, 'additionalProperties'), 'additionalProperties and properties are mutual exclusive'));
    validateStructural(errs, additional, child(path, 'additionalProperties'), false);
  }
}

/** `ValidateCustomResourceDefinitionSubresources`: the scale paths point into spec and status. */
function validateSubresources(errs: FieldError[], version: JsonObject, path: string): void {
  const subresources = readObject(errs, version, 'subresources', path);
  const scale = readObject(errs, subresources, 'scale', child(path, 'subresources'));
  if (!scale) return;
  const sp = child(path, 'subresources.scale');
  for (const [k, prefix] of [['specReplicasPath', '.spec.'], ['statusReplicasPath', '.status.']] as const) {
    const v = readString(errs, scale, k, sp);
    if (!v) errs.push(fieldError.required(child(sp, k), ''));
    else if (!v.startsWith(prefix)) errs.push(fieldError.invalid(child(sp, k), v, `should be a json path under ${prefix.slice(0, -1)}`));
  }
  const selector = readString(errs, scale, 'labelSelectorPath', sp);
  if (selector && !selector.startsWith('.spec.') && !selector.startsWith('.status.')) {
    errs.push(fieldError.invalid(child(sp, 'labelSelectorPath'), selector, 'should be a json path under either .spec or .status'));
  }
}

/** `ValidateCustomResourceDefinition` (create). */
export function validateCRD(crd: KubeObject): FieldError[] {
  const errs = validateObjectMeta(crd.metadata, false, isDNS1123Subdomain);
  if (!isObject(crd.spec)) {
    errs.push(crd.spec === undefined || crd.spec === null ? fieldError.required('spec', '') : typeError('spec', crd.spec, 'object'));
    return errs;
  }
  const spec = crd.spec;
  const group = readString(errs, spec, 'group', 'spec');
  if (!group) errs.push(fieldError.required('spec.group', ''));
  else {
    for (const msg of isDNS1123Subdomain(group)) errs.push(fieldError.invalid('spec.group', group, msg));
    if (group.split('.').length < 2) errs.push(fieldError.invalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  const names = readObject(errs, spec, 'names', 'spec');
  if (!names) errs.push(fieldError.required('spec.names.plural', ''), fieldError.required('spec.names.kind', ''));
  else validateNames(errs, names, 'spec.names');
  const plural = names && typeof names['plural'] === 'string' ? names['plural'] : '';
  const name = isObject(crd.metadata) ? crd.metadata.name : undefined;
  if (typeof name === 'string' && name !== '' && name !== `${plural}.${group ?? ''}`) {
    errs.push(fieldError.invalid('metadata.name', name, 'must be spec.names.plural+"."+spec.group'));
  }
  const scope = readString(errs, spec, 'scope', 'spec');
  if (!scope) errs.push(fieldError.required('spec.scope', ''));
  else if (scope !== 'Cluster' && scope !== 'Namespaced') errs.push(fieldError.notSupported('spec.scope', scope, ['Cluster', 'Namespaced']));
  const versions = readArray(errs, spec, 'versions', 'spec') ?? [];
  if (versions.length === 0) errs.push(fieldError.required('spec.versions', 'must have exactly one version marked as storage version'));
  let storage = 0;
  let served = 0;
  const seen = new Set<string>();
  let unique = true;
  versions.forEach((v, i) => {
    const p = index('spec.versions', i);
    if (!isObject(v)) {
      errs.push(typeError(p, v, 'object'));
      return;
    }
    const vName = readString(errs, v, 'name', p) ?? '';
    if (seen.has(vName)) unique = false;
    seen.add(vName);
    const problems = isDNS1035Label(vName);
    if (problems.length) errs.push(fieldError.invalid(child(p, 'name'), vName, problems.join(',')));
    validateSubresources(errs, v, p);
    if (readBool(errs, v, 'storage', p) === true) storage++;
    if (readBool(errs, v, 'served', p) === true) served++;
    const schemaHolder = readObject(errs, v, 'schema', p);
    const schema = readObject(errs, schemaHolder, 'openAPIV3Schema', child(p, 'schema'));
    if (!schema) errs.push(fieldError.required(child(p, 'schema.openAPIV3Schema'), 'schemas are required'));
    else validateStructural(errs, schema, child(p, 'schema.openAPIV3Schema'), true);
  });
  if (versions.length > 0) {
    if (!unique) errs.push(fieldError.invalid('spec.versions', versions, 'must contain unique version names'));
    if (storage !== 1) errs.push(fieldError.invalid('spec.versions', versions, 'must have exactly one version marked as storage version'));
    if (served === 0) errs.push(fieldError.invalid('spec.versions', versions, 'must have at least one version marked as served'));
  }
  return errs;
}

/** `ValidateCustomResourceDefinitionUpdate`: the create checks; scope and group may not change. */
export function validateCRDUpdate(crd: KubeObject, old: KubeObject): FieldError[] {
  const errs = [...validateObjectMetaUpdate(crd.metadata, old.metadata), ...validateCRD(crd)];
  const next = isObject(crd.spec) ? crd.spec : {};
  const prev = isObject(old.spec) ? old.spec : {};
  if (next['group'] !== prev['group']) errs.push(fieldError.invalid('spec.group', next['group'], 'field is immutable'));
  if (next['scope'] !== prev['scope']) errs.push(fieldError.invalid('spec.scope', next['scope'], 'field is immutable'));
  return errs;
}
