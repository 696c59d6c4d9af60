/**
 * Reading the manifests a person applies: YAML text with one or more documents, or objects. Hostile input is
 * bounded here, before anything reaches the api-server: a size cap, an alias cap (a "billion laughs" document expands
 * exponentially), and every syntax error reported with its line and column. Nothing is applied if any document fails.
 */
import { libraries } from '../libraries.ts';
import { duplicateKey, tooDeep } from '../yaml/yaml-guards.ts';

/** Upstream's request body limit (3 MiB); a manifest bigger than a few of those is certainly a mistake. */
export const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;
const MAX_ALIAS_COUNT = 100;

export interface ManifestDocument {
  /** 0-based position among the non-empty documents. */
  index: number;
  object: Record<string, unknown>;
  /** 1-based first and last line of the document in the text. */
  startLine: number;
  endLine: number;
}

export interface ManifestError {
  /** 1-based; 0 when the error is about the whole input. */
  line: number;
  column: number;
  message: string;
  documentIndex?: number;
}

export interface ParsedManifests {
  documents: ManifestDocument[];
  errors: ManifestError[];
}

export function parseManifests(input: string | readonly object[]): ParsedManifests {
  if (typeof input !== 'string') return fromObjects(input);
  if (input.length > MAX_MANIFEST_BYTES) {
    return {
      documents: [],
      errors: [{ line: 0, column: 0, message: `manifest is ${(input.length / 1048576).toFixed(1)} MiB; the limit is ${MAX_MANIFEST_BYTES / 1048576} MiB` }],
    };
  }
  // The parser composes recursively and its pretty errors and unique-key check are super-linear: absurd nesting is
  // refused by a linear scan first, errors are located with the line counter, and duplicates by a linear walk.
  const deep = tooDeep(input);
  if (deep) return { documents: [], errors: [{ line: deep.line, column: deep.column, message: deep.message }] };
  const { LineCounter, parseAllDocuments } = libraries().yaml;
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(input, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const documents: ManifestDocument[] = [];
  const errors: ManifestError[] = [];
  const list = Array.isArray(docs) ? docs : [docs];
  let index = 0;
  for (const doc of list) {
    const start = lineCounter.linePos(doc.contents?.range?.[0] ?? doc.range[0]).line;
    const end = lineCounter.linePos(Math.max(doc.range[0], doc.range[2] - 1)).line;
    for (const e of doc.errors) {
      const pos = lineCounter.linePos(e.pos[0]);
      errors.push({ line: pos.line, column: pos.col, message: firstLine(e.message), documentIndex: index });
    }
    if (doc.errors.length) {
      index++;
      continue;
    }
    const dup = duplicateKey(doc);
    if (dup) {
      const pos = lineCounter.linePos(dup.offset);
      errors.push({ line: pos.line, column: pos.col, message: `duplicate key ${JSON.stringify(dup.key)} (a mapping may not have the same key twice)`, documentIndex: index });
      index++;
      continue;
    }
    if (doc.contents === null) continue; // an empty document between separators
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (err) {
      errors.push({ line: start, column: 1, message: firstLine(String((err as Error).message ?? err)), documentIndex: index });
      index++;
      continue;
    }
    if (value === null || value === undefined) continue;
    if (typeof value !== 'object' || Array.isArray(value)) {
      errors.push({ line: start, column: 1, message: `document ${index + 1} is not an object (a Kubernetes manifest is a mapping with apiVersion, kind and metadata)`, documentIndex: index });
      index++;
      continue;
    }
    documents.push({ index, object: value as Record<string, unknown>, startLine: start, endLine: end });
    index++;
  }
  for (const d of documents) {
    const o = d.object;
    if (typeof o.apiVersion !== 'string' || typeof o.kind !== 'string') {
      errors.push({
        line: d.startLine,
        column: 1,
        message: `document ${d.index + 1}: ${typeof o.kind !== 'string' ? "'kind'" : "'apiVersion'"} is missing (every manifest needs apiVersion and kind)`,
        documentIndex: d.index,
      });
    }
  }
  return { documents, errors };
}

function fromObjects(objects: readonly object[]): ParsedManifests {
  const documents: ManifestDocument[] = [];
  const errors: ManifestError[] = [];
  objects.forEach((o, index) => {
    if (typeof o !== 'object' || o === null || Array.isArray(o)) {
      errors.push({ line: 0, column: 0, message: `item ${index + 1} is not an object`, documentIndex: index });
    } else {
      documents.push({ index, object: structuredClone(o) as Record<string, unknown>, startLine: 0, endLine: 0 });
    }
  });
  return { documents, errors };
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}
