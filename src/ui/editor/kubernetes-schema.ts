/**
 * The editor's schema: the generated schema of the built-in kinds (scripts/generate-schemas.ts) plus one branch per
 * custom resource, built from its CRD's `openAPIV3Schema`. Pure data in, data out; monaco-setup.ts hands the result
 * to monaco-yaml.
 */

/** A JSON schema as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** The generated schema's shape (see scripts/generate-schemas.ts). */
export interface KubernetesSchema extends JsonSchema {
  properties: { apiVersion: JsonSchema & { enum: string[] }; kind: JsonSchema & { enum: string[] } };
  allOf: JsonSchema[];
  definitions: Record<string, JsonSchema>;
}

/** A custom resource's schema for one served version, as a CRD declares it. */
export interface CustomResourceSchema {
  group: string;
  version: string;
  kind: string;
  /** `spec.versions[].schema.openAPIV3Schema` of the CRD. */
  openAPIV3Schema: JsonSchema;
}

/** The definition name a custom resource's root schema gets. */
export function customResourceDefinitionName(group: string, version: string, kind: string): string {
  return `cr_${group.replace(/[./]/g, '_')}_${version}_${kind}`;
}

/**
 * Turns a CRD's structural OpenAPI v3 schema into draft-07 JSON schema, as the api-server reads it:
 * `x-kubernetes-int-or-string` accepts an integer or a string, `nullable` accepts null, and an object with declared
 * `properties` rejects unknown fields (kubectl's default `--validate=strict`) unless it has
 * `x-kubernetes-preserve-unknown-fields`.
 * @remarks CEL rules (`x-kubernetes-validations`), list-type and map-type markers are not checked in the editor: the
 * simulated api-server reports them on apply.
 */
export function openAPIV3ToJsonSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-kubernetes-') || key === 'nullable' || key === 'externalDocs' || key === 'example') continue;
    if (key === 'properties' || key === 'patternProperties' || key === 'definitions') {
      const props: Record<string, JsonSchema> = {};
      for (const [name, sub] of Object.entries(value as Record<string, JsonSchema>)) props[name] = openAPIV3ToJsonSchema(sub);
      out[key] = props;
    } else if (key === 'items' || key === 'not' || (key === 'additionalProperties' && typeof value === 'object' && value !== null)) {
      out[key] = Array.isArray(value) ? value.map((v) => openAPIV3ToJsonSchema(v as JsonSchema)) : openAPIV3ToJsonSchema(value as JsonSchema);
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      out[key] = (value as JsonSchema[]).map(openAPIV3ToJsonSchema);
    } else {
      out[key] = value;
    }
  }
  if (schema['x-kubernetes-int-or-string'] === true) {
    delete out['type'];
    out['anyOf'] = [{ type: 'integer' }, { type: 'string' }];
  }
  if (schema['nullable'] === true && typeof out['type'] === 'string') out['type'] = [out['type'], 'null'];
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  if (out['properties'] !== undefined && out['additionalProperties'] === undefined && !preserve) out['additionalProperties'] = false;
  return out;
}

/** A custom resource's root schema: the CRD's schema with `apiVersion`, `kind` and `metadata` filled in as for built-ins. */
export function customResourceRootSchema(cr: CustomResourceSchema, objectMetaRef: string | undefined): JsonSchema {
  const apiVersion = `${cr.group}/${cr.version}`;
  const root = openAPIV3ToJsonSchema(cr.openAPIV3Schema);
  const properties = { ...((root['properties'] as Record<string, JsonSchema> | undefined) ?? {}) };
  properties['apiVersion'] = { type: 'string', const: apiVersion, description: `The custom resource's group/version: ${apiVersion}.` };
  properties['kind'] = { type: 'string', const: cr.kind, description: `A custom resource of kind ${cr.kind}.` };
  properties['metadata'] = objectMetaRef ? { $ref: objectMetaRef } : { type: 'object' };
  const required = [...new Set([...((root['required'] as string[] | undefined) ?? []), 'apiVersion', 'kind'])];
  const preserve = cr.openAPIV3Schema['x-kubernetes-preserve-unknown-fields'] === true;
  return { ...root, type: 'object', properties, required, ...(preserve ? {} : { additionalProperties: false }) };
}

/**
 * The base schema with the custom resources added: their kinds and apiVersions join the enums (so completion offers
 * them) and each gets an `if kind and apiVersion then …` branch. Does not modify `base`.
 */
export function withCustomResources(base: KubernetesSchema, crs: readonly CustomResourceSchema[]): KubernetesSchema {
  if (crs.length === 0) return base;
  const definitions = { ...base.definitions };
  const allOf = [...base.allOf];
  const kinds = [...base.properties.kind.enum];
  const apiVersions = [...base.properties.apiVersion.enum];
  const objectMetaRef = definitions['ObjectMeta'] ? '#/definitions/ObjectMeta' : undefined;
  for (const cr of crs) {
    const name = customResourceDefinitionName(cr.group, cr.version, cr.kind);
    const apiVersion = `${cr.group}/${cr.version}`;
    definitions[name] = customResourceRootSchema(cr, objectMetaRef);
    allOf.push({
      if: { properties: { kind: { const: cr.kind }, apiVersion: { const: apiVersion } }, required: ['kind', 'apiVersion'] },
      then: { $ref: `#/definitions/${name}` },
    });
    if (!kinds.includes(cr.kind)) kinds.push(cr.kind);
    if (!apiVersions.includes(apiVersion)) apiVersions.push(apiVersion);
  }
  return {
    ...base,
    properties: {
      ...base.properties,
      apiVersion: { ...base.properties.apiVersion, enum: apiVersions },
      kind: { ...base.properties.kind, enum: kinds },
    },
    allOf,
    definitions,
  };
}
