/**
 * After a CustomResourceDefinition is applied, the editor learns its kinds: each served version's openAPIV3Schema
 * becomes the schema of documents of that group/version/kind (validation, completion and hover in the editor, as the
 * api-server now validates them).
 */
import { splitDocuments } from '../editor/markers.ts';

export interface CrdSchema {
  group: string;
  version: string;
  kind: string;
  schema: Record<string, unknown>;
}

interface CrdDoc {
  kind?: unknown;
  spec?: { group?: unknown; names?: { kind?: unknown }; versions?: Array<{ name?: unknown; served?: unknown; schema?: { openAPIV3Schema?: unknown } }> };
}

/** The schemas of the CRDs among the documents of `text` (served versions with a schema only). */
export function crdSchemasIn(text: string): CrdSchema[] {
  const out: CrdSchema[] = [];
  for (const slice of splitDocuments(text)) {
    const doc = slice.value as CrdDoc | undefined;
    if (!doc || doc.kind !== 'CustomResourceDefinition') continue;
    const group = doc.spec?.group;
    const kind = doc.spec?.names?.kind;
    if (typeof group !== 'string' || typeof kind !== 'string') continue;
    for (const v of doc.spec?.versions ?? []) {
      const schema = v.schema?.openAPIV3Schema;
      if (typeof v.name === 'string' && v.served !== false && schema && typeof schema === 'object') {
        out.push({ group, version: v.name, kind, schema: schema as Record<string, unknown> });
      }
    }
  }
  return out;
}
