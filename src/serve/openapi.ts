/**
 * The OpenAPI v3 documents kubectl asks for before a write: `/openapi/v3` (the index of group versions) and
 * `/openapi/v3/<api/v1|apis/<group>/<version>>` with each resource's PATCH operation, its
 * `x-kubernetes-group-version-kind` and the query parameters it takes (`dryRun`, `fieldManager`,
 * `fieldValidation`, `force`). That is what kubectl's QueryParamVerifierV3 reads (cli-runtime
 * pkg/resource/query_param_verifier_v3.go) to learn that the server validates fields itself (`--validate=strict`,
 * the default) and does server-side dry runs, so `kubectl apply`, `create -f`, `replace` and `--dry-run=server`
 * work without `--validate=false`.
 *
 * With {@link ExplainSchemas} (the definitions the console's `kubectl explain` reads, generated from
 * kubernetes-types by scripts/generate-schemas.ts), `components.schemas` holds them, each kind's root marked with
 * its `x-kubernetes-group-version-kind`, so real `kubectl explain` prints the same documentation (integers are
 * `<number>` there, as in the console). Without them the documents carry no schemas and explain finds nothing.
 * Client-side apply computes its strategic merge patch from kubectl's compiled-in types either way (apply/patcher.go
 * falls back to them when the OpenAPI v3 has no patch metadata).
 *
 * `/openapi/v2` ({@link openApiV2Document}) is the same in Swagger 2.0, in one document for every group version, as
 * older clients and `kubectl explain --output=plaintext-openapiv2` read it (JSON only: a client asking for the
 * protobuf form gets JSON, which client-go's openapi v2 reader also takes).
 */
import type { ResourceInfo } from '../sim/api/resources.ts';

const PARAMETERS = ['dryRun', 'fieldManager', 'fieldValidation', 'force'].map((name) => ({
  name,
  in: 'query',
  schema: { type: name === 'force' ? 'boolean' : 'string', uniqueItems: true },
}));

const gvPath = (group: string, version: string): string => (group ? `apis/${group}/${version}` : `api/${version}`);

/** A short stable hash of the text (FNV-1a), for the documents' `?hash=` as the api-server gives them. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).toUpperCase().padStart(8, '0');
}

function groupVersions(resources: readonly ResourceInfo[]): Map<string, ResourceInfo[]> {
  const byPath = new Map<string, ResourceInfo[]>();
  for (const r of resources) {
    const key = gvPath(r.group, r.version);
    byPath.set(key, [...(byPath.get(key) ?? []), r]);
  }
  return byPath;
}

/** `/openapi/v3`: every served group version and the URL of its document. */
export function openApiV3Index(resources: readonly ResourceInfo[]): object {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const [path, infos] of groupVersions(resources)) {
    paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${hash(infos.map((i) => `${i.kind}/${i.resource}`).join(','))}` };
  }
  return { paths };
}

/** JSON-schema definitions (`#/definitions/<name>` references) and the kinds they describe. */
export interface ExplainSchemas {
  kinds: ReadonlyArray<{ apiVersion: string; kind: string }>;
  definitions: Readonly<Record<string, unknown>>;
}

/**
 * The definitions as OpenAPI 3 component schemas: references point into `#/components/schemas/`, a reference with
 * a description beside it becomes `allOf: [{$ref}]` (OpenAPI 3.0 ignores a $ref's siblings; the api-server writes
 * them so), `const` is dropped (not OpenAPI 3.0), and each kind's root gets its `x-kubernetes-group-version-kind`.
 */
export function componentSchemas(schemas: ExplainSchemas, refPrefix = '#/components/schemas/'): Record<string, unknown> {
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'const') continue;
      out[key] = key === '$ref' && typeof value === 'string' ? value.replace('#/definitions/', refPrefix) : convert(value);
    }
    // A union type (`["string", "number"]`: IntOrString) is not OpenAPI 3.0: upstream writes it as a string of
    // format int-or-string, which kubectl's explain template compares as one type.
    if (Array.isArray(out.type)) {
      const types = out.type as unknown[];
      out.type = types.includes('string') ? 'string' : (types.find((t) => t !== 'null') ?? 'string');
      if (types.includes('string') && (types.includes('number') || types.includes('integer'))) {
        out.format = 'int-or-string';
        out['x-kubernetes-int-or-string'] = true;
      }
    }
    if (typeof out.$ref === 'string' && Object.keys(out).length > 1) {
      const { $ref, ...rest } = out;
      return { ...rest, allOf: [{ $ref }] };
    }
    return out;
  };
  const out: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(schemas.definitions)) out[name] = convert(definition);
  for (const { apiVersion, kind } of schemas.kinds) {
    const root = Object.entries(schemas.definitions).find(([, d]) => {
      const props = (d as { properties?: Record<string, { const?: unknown }> }).properties;
      return props?.apiVersion?.const === apiVersion && props?.kind?.const === kind;
    });
    if (!root) continue;
    const slash = apiVersion.indexOf('/');
    const gvk = { group: slash < 0 ? '' : apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1), kind };
    // The generated roots require apiVersion and kind (kubernetes-types does); upstream's schemas do not.
    const converted = out[root[0]] as { required?: string[] };
    const required = (converted.required ?? []).filter((r) => r !== 'apiVersion' && r !== 'kind');
    out[root[0]] = { ...converted, ...(converted.required ? { required } : {}), 'x-kubernetes-group-version-kind': [gvk] };
  }
  return out;
}

/** `/openapi/v3/<gv path>`, or undefined when the group version is not served. */
export function openApiV3Document(resources: readonly ResourceInfo[], path: string, schemas: Record<string, unknown> = {}): object | undefined {
  const infos = groupVersions(resources).get(path);
  if (!infos) return undefined;
  const paths: Record<string, object> = {};
  for (const r of infos) {
    const url = `/${path}/${r.namespaced ? 'namespaces/{namespace}/' : ''}${r.resource}/{name}`;
    paths[url] = {
      patch: {
        operationId: `patch${r.kind}`,
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': { group: r.group, version: r.version, kind: r.kind },
        parameters: PARAMETERS,
        responses: { '200': { description: 'OK' } },
      },
    };
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: 'v1.35.0' }, paths, components: { schemas } };
}

/** `/openapi/v2`: every served resource's PATCH operation with its query parameters, and the definitions. */
export function openApiV2Document(resources: readonly ResourceInfo[], definitions: Record<string, unknown> = {}): object {
  const paths: Record<string, object> = {};
  for (const r of resources) {
    const url = `/${gvPath(r.group, r.version)}/${r.namespaced ? 'namespaces/{namespace}/' : ''}${r.resource}/{name}`;
    paths[url] = {
      patch: {
        operationId: `patch${r.group ? r.group.split('.')[0]!.replace(/^./, (c) => c.toUpperCase()) : 'Core'}${r.version.replace(/^./, (c) => c.toUpperCase())}${r.namespaced ? 'Namespaced' : ''}${r.kind}`,
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': { group: r.group, version: r.version, kind: r.kind },
        consumes: ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'],
        produces: ['application/json', 'application/yaml'],
        parameters: PARAMETERS.map(({ name, in: where, schema }) => ({ name, in: where, type: schema.type, uniqueItems: true })),
        responses: { '200': { description: 'OK' } },
      },
    };
  }
  return { swagger: '2.0', info: { title: 'Kubernetes', version: 'v1.35.0' }, paths, definitions };
}
