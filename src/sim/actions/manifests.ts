/**
 * Reading the manifests a person applies: YAML text with one or more documents, or objects. Hostile input is
 * bounded here, before anything reaches the api-server, cheapest check first: the api-server's 3 MiB request limit
 * (counted in UTF-8 bytes before any parsing, refused with its own 413), a document count, nesting, an alias cap (a
 * "billion laughs" document expands exponentially), and every syntax error reported with its line and column.
 * Objects given directly get the same bounds (size, count, nesting) and must be JSON data (no cycles, functions,
 * NaN). Nothing is applied if any document fails.
 */
import { libraries } from '../libraries.ts';
import { requestEntityTooLarge, type Status } from '../api/status.ts';
import { MAX_REQUEST_BODY_BYTES } from '../apiserver/handlers/decode.ts';
import { duplicateKey, tooDeep, utf8BytesOver } from '../yaml/yaml-guards.ts';
import { jsonDataProblem, MAX_OBJECT_DEPTH } from './json-data.ts';

/**
 * The api-server's request body limit (k8s.io/apiserver `server/config.go` MaxRequestBodyBytes, 3 MiB). An apply
 * sends the text as one request here, so the whole text is held to it.
 */
export const MAX_MANIFEST_BYTES = MAX_REQUEST_BODY_BYTES;
/** Documents in one apply: far above any real `kubectl apply -f`, and each costs a request and a trial write. */
export const MAX_MANIFEST_DOCUMENTS = 10_000;
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
  /** The api-server's answer when it is one (413 RequestEntityTooLarge for text over the request limit). */
  status?: Status;
}

export interface ParsedManifests {
  documents: ManifestDocument[];
  errors: ManifestError[];
}

export function parseManifests(input: string | readonly object[]): ParsedManifests {
  if (typeof input !== 'string') return Array.isArray(input) ? fromObjects(input) : whole(`manifests must be YAML text or a list of objects, not ${typeof input}`);
  if (utf8BytesOver(input, MAX_MANIFEST_BYTES)) {
    const status = requestEntityTooLarge(`limit is ${MAX_MANIFEST_BYTES}`);
    return { documents: [], errors: [{ line: 0, column: 0, message: status.message, status }] };
  }
  const markers = documentMarkers(input);
  if (markers > MAX_MANIFEST_DOCUMENTS) return whole(`too many documents (at least ${markers}); one apply takes at most ${MAX_MANIFEST_DOCUMENTS}`);
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
  if (documents.length > MAX_MANIFEST_DOCUMENTS) return whole(`too many documents (${documents.length}); one apply takes at most ${MAX_MANIFEST_DOCUMENTS}`);
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
  if (objects.length > MAX_MANIFEST_DOCUMENTS) return whole(`too many objects (${objects.length}); one apply takes at most ${MAX_MANIFEST_DOCUMENTS}`);
  const documents: ManifestDocument[] = [];
  const errors: ManifestError[] = [];
  let bytes = 0;
  for (let index = 0; index < objects.length; index++) {
    const o: unknown = objects[index];
    if (typeof o !== 'object' || o === null || Array.isArray(o)) {
      errors.push({ line: 0, column: 0, message: `item ${index + 1} is not an object`, documentIndex: index });
      continue;
    }
    // Checked before anything copies or walks it recursively (structuredClone, the timeline's clone).
    const checked = jsonDataProblem(o, MAX_MANIFEST_BYTES - bytes);
    if ('problem' in checked) {
      if (checked.tooLarge) {
        const status = requestEntityTooLarge(`limit is ${MAX_MANIFEST_BYTES}`);
        return { documents: [], errors: [{ line: 0, column: 0, message: status.message, status }] };
      }
      errors.push({ line: 0, column: 0, message: `item ${index + 1}: ${checked.problem}`, documentIndex: index });
      continue;
    }
    bytes += checked.bytes;
    documents.push({ index, object: checked.copy as Record<string, unknown>, startLine: 0, endLine: 0 });
  }
  return { documents, errors };
}

function whole(message: string): ParsedManifests {
  return { documents: [], errors: [{ line: 0, column: 0, message }] };
}

/** Lines that start a document ("---" at column 0): a linear upper bound on the documents, before parsing. */
function documentMarkers(text: string): number {
  let n = 0;
  for (let i = text.indexOf('---'); i !== -1; i = text.indexOf('---', i + 3)) {
    if (i !== 0 && text.charCodeAt(i - 1) !== 10) continue;
    const next = text.charCodeAt(i + 3);
    if (Number.isNaN(next) || next === 10 || next === 13 || next === 32 || next === 9) n++;
  }
  return n;
}

export { MAX_OBJECT_DEPTH };

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}
