/**
 * The OpenAPI v3 documents kubectl asks for before a write: `/openapi/v3` (the index of group versions) and
 * `/openapi/v3/<api/v1|apis/<group>/<version>>` with each resource's PATCH operation, its
 * `x-kubernetes-group-version-kind` and the query parameters it takes (`dryRun`, `fieldManager`,
 * `fieldValidation`, `force`). That is what kubectl's QueryParamVerifierV3 reads (cli-runtime
 * pkg/resource/query_param_verifier_v3.go) to learn that the server validates fields itself (`--validate=strict`,
 * the default) and does server-side dry runs, so `kubectl apply`, `create -f`, `replace` and `--dry-run=server`
 * work without `--validate=false`.
 *
 * The documents carry no schemas (`components.schemas` is empty): `kubectl explain` has nothing to read here, and
 * client-side apply computes its strategic merge patch from kubectl's compiled-in types (apply/patcher.go falls back
 * to them when the OpenAPI has no schema for the kind). `/openapi/v2` is not served.
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

/** `/openapi/v3/<gv path>`, or undefined when the group version is not served. */
export function openApiV3Document(resources: readonly ResourceInfo[], path: string): object | undefined {
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
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: 'v1.35.0' }, paths, components: { schemas: {} } };
}
