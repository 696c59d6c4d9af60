/**
 * The fields of a request body that its kind's schema does not declare, found by walking the body against the
 * table of known fields (known-fields.ts), in the body's own key order (the order a decoder
 * meets them). Two renderings of the same finding, as the two upstream decoders write them:
 *
 * - strict JSON decoding (sigs.k8s.io/json `UnmarshalStrict`, used by create, update and patch with
 *   `fieldValidation=Strict|Warn`): `spec.template.spec.containers[0].imagez`;
 * - structured-merge-diff's typed conversion (server-side apply, always): `.spec.template.spec.containers[name="web"].imagez`,
 *   list items named by their map keys (patch-meta.ts) where the list has them, by index otherwise.
 *
 * @remarks Built-in kinds only: custom resources are pruned by their structural schema (crd/), not checked here.
 * Values whose inside the table does not describe (quantities, int-or-strings, free-form maps, raw extensions)
 * are not walked.
 */
import { fieldMeta } from '../patch/patch-meta.ts';
import { KIND_ROOTS, knownFields } from './known-fields.ts';

/** One unknown field: both renderings of its path. */
export interface UnknownField {
  /** sigs.k8s.io/json's path: `spec.replicaz`, `spec.template.spec.containers[0].imagez`. */
  strictPath: string;
  /** structured-merge-diff's path: `.spec.replicaz`, `.spec.template.spec.containers[name="web"].imagez`. */
  smdPath: string;
}

/** The root type name of a served built-in kind ("apps_v1_Deployment"), or undefined (custom or unknown kinds). */
export function knownRootType(apiVersion: string, kind: string): string | undefined {
  return KIND_ROOTS[`${apiVersion}/${kind}`];
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The unknown fields of `body` read as the root type `rootType`, in document order. */
export function unknownFields(body: unknown, rootType: string): UnknownField[] {
  const out: UnknownField[] = [];
  walkStruct(body, rootType, '', '', out);
  return out;
}

function walkStruct(value: unknown, typeName: string, strict: string, smd: string, out: UnknownField[]): void {
  if (!isPlainObject(value)) return;
  const fields = knownFields(typeName);
  if (!fields) return;
  for (const key of Object.keys(value)) {
    const strictPath = strict ? `${strict}.${key}` : key;
    const smdPath = `${smd}.${key}`;
    const code = fields[key];
    if (code === undefined) {
      out.push({ strictPath, smdPath });
      continue;
    }
    if (code === '') continue;
    const child = value[key];
    if (code.startsWith('[]')) {
      if (!Array.isArray(child)) continue;
      const itemType = code.slice(2);
      const keys = fieldMeta(typeName, key).keys;
      child.forEach((item, i) => walkStruct(item, itemType, `${strictPath}[${i}]`, `${smdPath}${itemName(item, keys, i)}`, out));
    } else if (code.startsWith('{}')) {
      if (!isPlainObject(child)) continue;
      const valueType = code.slice(2);
      for (const k of Object.keys(child)) walkStruct(child[k], valueType, `${strictPath}.${k}`, `${smdPath}.${k}`, out);
    } else walkStruct(child, code, strictPath, smdPath, out);
  }
}

/** An item's path element as structured-merge-diff prints it: `[name="web"]`, `[containerPort=80,protocol="TCP"]`, `[0]`. */
function itemName(item: unknown, keys: readonly string[] | undefined, index: number): string {
  if (!keys || !isPlainObject(item) || !keys.some((k) => item[k] !== undefined)) return `[${index}]`;
  const parts = keys.filter((k) => item[k] !== undefined).map((k) => `${k}=${JSON.stringify(item[k])}`);
  return `[${parts.join(',')}]`;
}

/**
 * Drops the fields the schema does not declare from a private draft, as the typed decoder does with
 * `fieldValidation=Ignore`. Frozen subtrees came from the store (a /status body shares what it did not change) and
 * were checked when they were written: they are skipped. Returns how many fields went.
 */
export function pruneUnknownFields(draft: unknown, rootType: string): number {
  return prune(draft, rootType);
}

function prune(value: unknown, typeName: string): number {
  if (!isPlainObject(value) || Object.isFrozen(value)) return 0;
  const fields = knownFields(typeName);
  if (!fields) return 0;
  let n = 0;
  for (const key of Object.keys(value)) {
    const code = fields[key];
    if (code === undefined) {
      delete value[key];
      n++;
      continue;
    }
    if (code === '') continue;
    const child = value[key];
    if (code.startsWith('[]')) {
      if (Array.isArray(child) && !Object.isFrozen(child)) for (const item of child) n += prune(item, code.slice(2));
    } else if (code.startsWith('{}')) {
      if (isPlainObject(child) && !Object.isFrozen(child)) for (const k of Object.keys(child)) n += prune(child[k], code.slice(2));
    } else n += prune(child, code);
  }
  return n;
}
