/**
 * Reading the manifests a person applies: YAML text with one or more documents, or objects. Hostile input is
 * bounded before anything reaches the api-server, cheapest check first. Text is read by manifest-text.ts (the
 * api-server's 3 MiB request limit, a document count, nesting, an alias cap, every syntax error with its line and
 * column), which is loaded on demand with the yaml library: the page's boot sends objects. Objects given directly,
 * read here, get the same bounds (size, count, nesting) and must be JSON data (no cycles, functions, NaN). Nothing
 * is applied if any document fails.
 */
import { libraries } from '../libraries.ts';
import { requestEntityTooLarge, type Status } from '../api/status.ts';
import { MAX_REQUEST_BODY_BYTES } from '../apiserver/handlers/decode.ts';
import { jsonDataProblem, MAX_OBJECT_DEPTH } from './json-data.ts';

/**
 * The api-server's request body limit (k8s.io/apiserver `server/config.go` MaxRequestBodyBytes, 3 MiB). An apply
 * sends the text as one request here, so the whole text is held to it.
 */
export const MAX_MANIFEST_BYTES = MAX_REQUEST_BODY_BYTES;
/** Documents in one apply: far above any real `kubectl apply -f`, and each costs a request and a trial write. */
export const MAX_MANIFEST_DOCUMENTS = 10_000;

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
  // YAML text is only a person's (the boot's objects are objects): its reader, with the yaml library, is on demand.
  return libraries().cluster.parseManifestText(input);
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

/** A failure of the whole input (no document is read). */
export function whole(message: string): ParsedManifests {
  return { documents: [], errors: [{ line: 0, column: 0, message }] };
}

export { MAX_OBJECT_DEPTH };
