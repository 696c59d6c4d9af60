/**
 * kube-apiserver's `fieldValidation` query parameter: what a write does with fields its kind does not declare.
 *
 * - `Strict`: the request fails. A create or update answers 400 BadRequest, `Deployment in version "v1" cannot be
 *   handled as a Deployment: strict decoding error: unknown field "spec.replicaz", unknown field "spec.x"`
 *   (handlers/create.go, update.go: `transformDecodeError` of a `runtime.StrictDecodingError`); a strategic merge
 *   patch answers 422 `"" is invalid: patch: Invalid value: "map[spec:map[replicaz:3]]": strict decoding error: …`
 *   and a merge or JSON patch the same with the patched object's JSON as the value (handlers/patch.go
 *   `applyPatchToObject`, `jsonPatcher.applyPatchToCurrentObject`).
 * - `Warn`: the request succeeds and the response carries one warning per field, `unknown field "spec.replicaz"`
 *   (`addStrictDecodingWarnings`; kubectl prints them as `Warning: …`).
 * - `Ignore` (and no directive): unknown fields are dropped silently, as the typed decoder does. kube-apiserver's
 *   default for a request without the parameter is Warn; the simulation's own controllers send none and write only
 *   declared fields (so they would never be warned), and what a person's client leaves out gets that default where it
 *   enters: a console or scenario `patch` (cluster/kubectl-verbs.ts, as kubectl patch sends none) and every write
 *   `loopscope serve` takes (serve/writes.ts).
 *
 * Server-side apply is checked whatever the directive, as structured-merge-diff types the applied object against the
 * schema: 500 `failed to create typed patch object (default/web; apps/v1, Kind=Deployment): .spec.replicaz: field
 * not declared in schema` (fieldmanager/internal/structuredmerge.go Apply; upstream answers it as an error without a
 * reason, a 500, kubernetes/kubernetes#122480).
 *
 * @remarks Duplicate fields (`json: duplicate field`, YAML's `key "replicas" already set in map`) cannot reach the
 * api-server here: request bodies arrive as parsed objects, and the manifest reader (actions/manifests.ts) already
 * refuses duplicate keys in the text it parses.
 */
import type { KubeObject } from '../../api/object.ts';
import { badRequest, invalid, type Status } from '../../api/status.ts';
import { fieldError } from '../../api/field-errors.ts';
import { knownRootType, unknownFields, type UnknownField } from './unknown-fields.ts';

export type FieldValidationDirective = 'Strict' | 'Warn' | 'Ignore';

/** What a decoded body's unknown fields mean for the request: fail with `status`, or go on with `warnings`. */
export type FieldValidationOutcome = { status: Status } | { warnings: string[] };

const NONE: FieldValidationOutcome = Object.freeze({ warnings: [] as string[] }) as FieldValidationOutcome;

/** `runtime.NewStrictDecodingError(errs).Error()`. */
export function strictDecodingMessage(fields: readonly UnknownField[]): string {
  return `strict decoding error: ${fields.map((f) => `unknown field ${JSON.stringify(f.strictPath)}`).join(', ')}`;
}

function unknownOf(obj: unknown, apiVersion: string, kind: string): UnknownField[] {
  const root = knownRootType(apiVersion, kind);
  return root === undefined ? [] : unknownFields(obj, root);
}

function warningsOf(fields: readonly UnknownField[]): FieldValidationOutcome {
  return { warnings: fields.map((f) => `unknown field ${JSON.stringify(f.strictPath)}`) };
}

/** A create's or update's body (create.go / update.go). `version` is the body's ("v1" of "apps/v1"). */
export function validateBodyFields(directive: FieldValidationDirective | undefined, body: KubeObject, apiVersion: string, kind: string): FieldValidationOutcome {
  if (directive !== 'Strict' && directive !== 'Warn') return NONE;
  const fields = unknownOf(body, apiVersion, kind);
  if (fields.length === 0) return NONE;
  if (directive === 'Warn') return warningsOf(fields);
  const version = apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
  return { status: badRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${strictDecodingMessage(fields)}`) };
}

/**
 * A patched object (patch.go): the unknown fields of the result. The 422's value is the strategic patch as Go's
 * `%+v` prints the decoded map, or, for merge and JSON patches, the patched object's JSON.
 */
export function validatePatchedFields(
  directive: FieldValidationDirective | undefined,
  patched: KubeObject,
  apiVersion: string,
  kind: string,
  strategicPatch: unknown | undefined,
): FieldValidationOutcome {
  if (directive !== 'Strict' && directive !== 'Warn') return NONE;
  const fields = unknownOf(patched, apiVersion, kind);
  if (fields.length === 0) return NONE;
  if (directive === 'Warn') return warningsOf(fields);
  const value = strategicPatch !== undefined ? goValue(strategicPatch) : JSON.stringify(patched);
  return { status: invalid({ group: '', kind: '' }, '', [fieldError.invalid('patch', value, strictDecodingMessage(fields))]) };
}

/** Server-side apply's typed conversion of the applied object: a 500 naming every undeclared field, or null. */
export function validateAppliedFields(applied: KubeObject, apiVersion: string, kind: string, namespace: string | undefined, name: string): Status | null {
  const fields = unknownOf(applied, apiVersion, kind);
  if (fields.length === 0) return null;
  const errs = fields.map((f) => `${f.smdPath}: field not declared in schema`);
  // ValidationErrors.Error(): one error alone, or "errors:" and each on its own line, indented.
  const detail = errs.length === 1 ? errs[0]! : ['errors:', ...errs.map((e) => `  ${e}`)].join('\n');
  const group = apiVersion.includes('/') ? apiVersion : `/${apiVersion}`;
  const id = `${namespace ? `${namespace}/` : '/'}${name}; ${group}, Kind=${kind}`;
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `failed to create typed patch object (${id}): ${detail}`,
    code: 500,
  } as Status;
}

/** Go's `fmt.Sprintf("%+v", v)` of decoded JSON: `map[k:v k2:[a b]]` with sorted keys, numbers as Go prints them. */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o)
      .sort()
      .map((k) => `${k}:${goValue(o[k])}`)
      .join(' ')}]`;
  }
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : goFloat(v);
  return String(v);
}

/** Go's `%v` of a float64: the shortest form, exponent for large or small magnitudes (strconv 'g' with -1). */
function goFloat(n: number): string {
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e21)) return n.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  return String(n);
}
