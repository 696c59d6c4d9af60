/**
 * Generates the JSON schema the YAML editor validates against, from the pinned `kubernetes-types` package (the
 * upstream OpenAPI types with their field descriptions as doc comments), with `ts-json-schema-generator`.
 *
 * Output: `src/ui/editor/schemas/generated/kubernetes.schema.json`, one draft-07 schema for every kind the simulated
 * api-server serves (src/sim/api/resources.ts). Its root constrains `apiVersion`/`kind` to the served values (so
 * completion offers them) and picks the kind's own schema with `if kind == K then $ref K`: yaml-language-server
 * validates, completes and hovers each document of a multi-document file against the branch its `kind` selects.
 * Shared definitions (ObjectMeta, PodSpec…) are stored once.
 *
 * Run: `npx tsx scripts/generate-schemas.ts` (about 2 s: one TypeScript program, one `createSchema` per kind).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator, type Schema } from 'ts-json-schema-generator';
import { BUILTIN_RESOURCES, apiVersionOf } from '../src/sim/api/resources.ts';

/** A kind to generate: its apiVersion, and the `kubernetes-types` module that declares it (e.g. "apps/v1"). */
export interface KindSource {
  apiVersion: string;
  kind: string;
  module: string;
}

/** A JSON schema object as this script handles it (draft-07, plain data). */
export type JsonSchema = { [key: string]: unknown };

/** The generated file's shape: a draft-07 schema plus the list of kinds it covers. */
export interface KubernetesSchema extends JsonSchema {
  $schema: string;
  definitions: Record<string, JsonSchema>;
  allOf: JsonSchema[];
  'x-loopscope-kinds': { apiVersion: string; kind: string }[];
}

/** `kubernetes-types` groups its modules by the first label of the API group: "discovery.k8s.io" → "discovery/v1". */
export function kubernetesTypesModule(group: string, version: string): string {
  const folder = group === '' ? 'core' : group.split('.')[0];
  return `${folder}/${version}`;
}

/** The kinds the simulation serves, in discovery order. */
export function builtinKindSources(): KindSource[] {
  return BUILTIN_RESOURCES.map((r) => ({
    apiVersion: apiVersionOf(r),
    kind: r.kind,
    module: kubernetesTypesModule(r.group, r.version),
  }));
}

/** The definition name of a kind's root schema. Upstream OpenAPI names it the same way (`io.k8s.api.apps.v1.Deployment`). */
export function kindDefinitionName(apiVersion: string, kind: string): string {
  return `${apiVersion.replace(/[./]/g, '_')}_${kind}`;
}

/**
 * Adds `defs` into `into`, keeping one copy of each shared definition.
 * @throws when two kinds bring different definitions under one name (the output would silently be wrong).
 */
export function mergeDefinitions(into: Record<string, JsonSchema>, defs: Record<string, JsonSchema>): void {
  for (const name of Object.keys(defs).sort()) {
    const def = defs[name]!;
    const existing = into[name];
    if (existing === undefined) into[name] = def;
    else if (JSON.stringify(existing) !== JSON.stringify(def)) {
      throw new Error(`generate-schemas: two different definitions are both named "${name}"`);
    }
  }
}

/**
 * Two API groups may declare different types under one name (admissionregistration/v1 and apiextensions/v1 both have a
 * `ServiceReference`). Before a kind's definitions are merged, each of its definitions that differs from one already
 * kept under the same name is renamed `<scope>_<name>`, and every `$ref` of the kind to it is rewritten; renaming can
 * change a definition that refers to it, so this runs until nothing more clashes.
 */
export function scopeClashingDefinitions(
  into: Readonly<Record<string, JsonSchema>>,
  defs: Record<string, JsonSchema>,
  root: JsonSchema,
  scope: string,
): { defs: Record<string, JsonSchema>; root: JsonSchema } {
  const renamed = new Set<string>();
  let current = { defs, root };
  for (;;) {
    const clashes = Object.keys(current.defs).filter(
      (n) => !renamed.has(n) && into[n] !== undefined && JSON.stringify(into[n]) !== JSON.stringify(current.defs[n]),
    );
    if (clashes.length === 0) return current;
    for (const n of clashes) renamed.add(n);
    const rename = (n: string) => (renamed.has(n) ? `${scope}_${n}` : n);
    const rewrite = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rewrite);
      if (v && typeof v === 'object') {
        const out: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) {
          out[k] = k === '$ref' && typeof x === 'string' && x.startsWith('#/definitions/') ? `#/definitions/${rename(decodeURIComponent(x.slice(14)))}` : rewrite(x);
        }
        return out;
      }
      return v;
    };
    const next: Record<string, JsonSchema> = {};
    for (const [n, d] of Object.entries(defs)) next[rename(n)] = rewrite(d) as JsonSchema;
    current = { defs: next, root: rewrite(root) as JsonSchema };
  }
}

/**
 * `kubernetes-types` declares `Quantity` as a string, but the api-server also accepts YAML numbers (`cpu: 1`), as the
 * upstream OpenAPI's `x-kubernetes-int-or-string` format says; widen it so the editor does not flag valid manifests.
 */
export function patchDefinitions(defs: Record<string, JsonSchema>): void {
  const quantity = defs['Quantity'];
  if (quantity) defs['Quantity'] = { ...quantity, type: ['string', 'number'] };
}

/** A kind's root schema, made strict where kubectl is: `apiVersion` and `kind` are required and fixed. */
export function kindRootSchema(root: JsonSchema): JsonSchema {
  const { $schema: _s, definitions: _d, ...rest } = root;
  const required = new Set([...((rest['required'] as string[] | undefined) ?? []), 'apiVersion', 'kind']);
  return { ...rest, required: [...required].sort() };
}

/**
 * One `if kind == K then K's schema` branch of the root `allOf`. Built-in kinds are unique, so the branch keys on the
 * kind alone and a wrong `apiVersion` is reported by the kind's own schema ("Value must be apps/v1"); pass `apiVersion`
 * for a kind served in several versions (custom resources).
 */
export function kindBranch(kind: string, ref: string, apiVersion?: string): JsonSchema {
  const properties: JsonSchema = { kind: { const: kind } };
  if (apiVersion !== undefined) properties['apiVersion'] = { const: apiVersion };
  return { if: { properties, required: Object.keys(properties) }, then: { $ref: ref } };
}

const KIND_DESCRIPTION =
  'Kind is a string value representing the REST resource this object represents. In CamelCase. ' +
  'The simulated api-server serves the kinds listed here, plus those of the CustomResourceDefinitions you create.';

/** The root schema over all kinds; `definitions` must already hold each kind's root under `kindDefinitionName`. */
export function buildKubernetesSchema(kinds: readonly KindSource[], definitions: Record<string, JsonSchema>): KubernetesSchema {
  const apiVersions = [...new Set(kinds.map((k) => k.apiVersion))];
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      apiVersion: {
        type: 'string',
        enum: apiVersions,
        description: 'APIVersion defines the versioned schema of this representation of an object.',
      },
      kind: { type: 'string', enum: kinds.map((k) => k.kind), description: KIND_DESCRIPTION },
    },
    required: ['apiVersion', 'kind'],
    allOf: kinds.map((k) => kindBranch(k.kind, `#/definitions/${kindDefinitionName(k.apiVersion, k.kind)}`)),
    definitions,
    'x-loopscope-kinds': kinds.map((k) => ({ apiVersion: k.apiVersion, kind: k.kind })),
  };
}

/** Generates the schema for `kinds` in one TypeScript program. */
export function generateKubernetesSchema(kinds: readonly KindSource[], typesDir: string): KubernetesSchema {
  const modules = [...new Set(kinds.map((k) => k.module))].sort();
  const path = modules.length === 1 ? `${typesDir}/${modules[0]}.d.ts` : `${typesDir}/{${modules.join(',')}}.d.ts`;
  // A tsconfig without ambient @types: otherwise `Node` resolves to @types/estree's Node, not the Kubernetes kind.
  const configDir = mkdtempSync(join(tmpdir(), 'generate-schemas-'));
  const tsconfig = join(configDir, 'tsconfig.json');
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { types: [], lib: ['es2022'], skipLibCheck: true, noEmit: true } }));
  try {
    return generateWith(kinds, path, tsconfig);
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}

function generateWith(kinds: readonly KindSource[], path: string, tsconfig: string): KubernetesSchema {
  const generator = createGenerator({
    path,
    tsconfig,
    type: kinds[0]?.kind,
    skipTypeCheck: true,
    expose: 'export',
    topRef: false,
    jsDoc: 'extended',
    sortProps: true,
  });
  const definitions: Record<string, JsonSchema> = {};
  for (const source of kinds) {
    const root = generator.createSchema(source.kind) as Schema & JsonSchema;
    const apiVersion = (root.properties?.['apiVersion'] as JsonSchema | undefined)?.['const'];
    if (apiVersion !== source.apiVersion) {
      throw new Error(`generate-schemas: ${source.kind} in ${source.module} has apiVersion ${String(apiVersion)}, want ${source.apiVersion}`);
    }
    const scoped = scopeClashingDefinitions(definitions, (root.definitions ?? {}) as Record<string, JsonSchema>, root, source.module.replace(/\//g, '_'));
    mergeDefinitions(definitions, scoped.defs);
    mergeDefinitions(definitions, { [kindDefinitionName(source.apiVersion, source.kind)]: kindRootSchema(scoped.root as Schema & JsonSchema) });
  }
  patchDefinitions(definitions);
  const sorted: Record<string, JsonSchema> = {};
  for (const name of Object.keys(definitions).sort()) sorted[name] = definitions[name]!;
  return buildKubernetesSchema(kinds, sorted);
}

const here = dirname(fileURLToPath(import.meta.url));
/** Where the editor imports the schema from. */
export const OUTPUT_FILE = resolve(here, '../src/ui/editor/schemas/generated/kubernetes.schema.json');
/** Where `kubectl explain` (src/kubectl/cmd/explain.ts) loads the same definitions from: the kinds and definitions only. */
export const EXPLAIN_FILE = resolve(here, '../src/kubectl/explain/schemas.generated.json');

function main(): void {
  const started = performance.now();
  const schema = generateKubernetesSchema(builtinKindSources(), resolve(here, '../node_modules/kubernetes-types'));
  const text = JSON.stringify(schema);
  mkdirSync(dirname(OUTPUT_FILE), { recursive: true });
  writeFileSync(OUTPUT_FILE, text + '\n');
  mkdirSync(dirname(EXPLAIN_FILE), { recursive: true });
  writeFileSync(EXPLAIN_FILE, JSON.stringify({ kinds: schema['x-loopscope-kinds'], definitions: schema.definitions }) + '\n');
  const ms = Math.round(performance.now() - started);
  console.log(
    `generate-schemas: ${schema['x-loopscope-kinds'].length} kinds, ${Object.keys(schema.definitions).length} definitions, ` +
      `${(text.length / 1024).toFixed(0)} KiB → ${OUTPUT_FILE} (${ms} ms)`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
