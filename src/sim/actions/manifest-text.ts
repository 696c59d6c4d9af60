/**
 * Reading manifests given as YAML text (manifests.ts reads objects, and hands text here): the api-server's 3 MiB
 * request limit (counted in UTF-8 bytes before any parsing, refused with its own 413), a document count, nesting and
 * duplicate keys by linear scans (yaml/yaml-guards.ts), an alias cap (a "billion laughs" document expands
 * exponentially), and every syntax error reported with its line and column.
 *
 * Only a person gives text (the editor, the console, a scenario, a lesson; the page's boot sends objects), so this is
 * loaded with the simulation's libraries and the yaml library it parses with (`src/sim/libraries.ts`, through
 * cluster/on-demand.ts).
 */
import { libraries } from '../libraries.ts';
import { requestEntityTooLarge } from '../api/status.ts';
import { duplicateKey, tooDeep, utf8BytesOver } from '../yaml/yaml-guards.ts';
import { MAX_MANIFEST_BYTES, MAX_MANIFEST_DOCUMENTS, whole, type ManifestDocument, type ManifestError, type ParsedManifests } from './manifests.ts';

const MAX_ALIAS_COUNT = 100;

/** The documents of manifest `input` text, or its errors (nothing is applied if any document fails). */
export function parseManifestText(input: string): ParsedManifests {
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

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}
