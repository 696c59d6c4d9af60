/**
 * Structural-schema defaulting and pruning of custom resources, ported from apiextensions-apiserver
 * `pkg/apiserver/schema/defaulting/algorithm.go` (`Default`) and `pkg/apiserver/schema/pruning/algorithm.go`
 * (`Prune`). The schema is a version's `openAPIV3Schema`, read as plain JSON.
 *
 * @remarks metadata is neither pruned nor defaulted beyond upstream's root handling (apiVersion, kind and metadata
 * are always kept at the root and in `x-kubernetes-embedded-resource` objects).
 */
import { isObject, type JsonObject } from '../admission/json-shape.ts';

function propertiesOf(schema: JsonObject): JsonObject | undefined {
  return isObject(schema['properties']) ? schema['properties'] : undefined;
}

function additionalSchema(schema: JsonObject): JsonObject | undefined {
  return isObject(schema['additionalProperties']) ? schema['additionalProperties'] : undefined;
}

function nullable(schema: JsonObject): boolean {
  return schema['nullable'] === true;
}

/** `Default`: fills absent (or non-nullable null) properties from `default:`, then recurses into every value. */
export function applySchemaDefaults(x: unknown, schema: unknown): void {
  if (!isObject(schema)) return;
  if (Array.isArray(x)) {
    for (const item of x) applySchemaDefaults(item, schema['items']);
    return;
  }
  if (!isObject(x)) return;
  const props = propertiesOf(schema);
  if (props) {
    for (const [k, prop] of Object.entries(props)) {
      if (!isObject(prop) || prop['default'] === undefined) continue;
      if (!(k in x) || (x[k] === null && !nullable(prop))) x[k] = structuredClone(prop['default']);
    }
  }
  const additional = additionalSchema(schema);
  for (const [k, v] of Object.entries(x)) {
    const prop = props?.[k];
    if (isObject(prop)) applySchemaDefaults(v, prop);
    else if (additional) applySchemaDefaults(v, additional);
  }
}

const ROOT_FIELDS = ['apiVersion', 'kind', 'metadata'];

/** `Prune`: drops fields the schema does not specify, unless `x-kubernetes-preserve-unknown-fields` says keep them. */
export function pruneUnknownFields(x: unknown, schema: unknown, isResourceRoot: boolean): void {
  const s = isObject(schema) ? schema : {};
  if (Array.isArray(x)) {
    for (const item of x) pruneUnknownFields(item, s['items'], false);
    return;
  }
  if (!isObject(x)) return;
  const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  const props = propertiesOf(s);
  const additional = additionalSchema(s);
  for (const k of Object.keys(x)) {
    if ((isResourceRoot || embedded) && ROOT_FIELDS.includes(k)) {
      if (k !== 'metadata' && isObject(props?.[k])) pruneUnknownFields(x[k], props[k], false);
      continue;
    }
    const prop = props?.[k];
    if (isObject(prop)) pruneUnknownFields(x[k], prop, false);
    else if (additional) pruneUnknownFields(x[k], additional, false);
    else if (s['additionalProperties'] === true || preserve) continue;
    else delete x[k];
  }
}
