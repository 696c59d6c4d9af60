/**
 * Errors onto lines: YAML syntax errors, and the api-server's `Status` answers to an apply, as editor markers on the
 * lines they are about. Pure (no Monaco, no DOM) so it runs in node tests and anywhere in the UI.
 *
 * A manifest is a multi-document YAML stream; `splitDocuments` is the one place that decides what a document is, so the
 * apply code and this mapping agree on document indexes.
 */
import { LineCounter, isMap, isPair, isScalar, isSeq, parseAllDocuments, type Document, type Node, type Pair } from 'yaml';

/** A marker in Monaco's coordinates: 1-based lines and columns, end column exclusive. */
export interface EditorMarker {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
  /** Where it came from: "yaml" (syntax), "api-server" (a Status). */
  source?: string;
}

/** One document of a YAML stream. */
export interface YamlDocumentSlice {
  /** Position among the non-empty documents of the stream (what an apply sends, in order). */
  index: number;
  /** 1-based, inclusive line range of the document's content. */
  startLine: number;
  endLine: number;
  /** The parsed value; `undefined` when the document has a syntax error. */
  value: unknown;
  /** Syntax errors and warnings of this document. */
  errors: EditorMarker[];
  /** The yaml AST, for mapping field paths back to ranges. */
  document: Document.Parsed;
  lineCounter: LineCounter;
}

/** The structural part of an api-server `Status` this module reads (src/sim/api/status.ts; src/ui may not import sim). */
export interface StatusLike {
  message: string;
  reason?: string;
  code?: number;
  details?: { name?: string; kind?: string; causes?: { reason?: string; message: string; field?: string }[] };
}

/** A Status returned for the document at `documentIndex` (a `YamlDocumentSlice.index`). */
export interface DocumentStatus {
  documentIndex: number;
  status: StatusLike;
}

/** One step of a Kubernetes field path: a map key or a list index. */
export type FieldPathSegment = string | number;

type Range = Pick<EditorMarker, 'startLineNumber' | 'startColumn' | 'endLineNumber' | 'endColumn'>;

/**
 * Splits a YAML stream into its documents. Empty documents (only comments, a bare `---`, `null`) are dropped: an apply
 * skips them, as kubectl does, so they take no index.
 */
export function splitDocuments(text: string): YamlDocumentSlice[] {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter, prettyErrors: true });
  const slices: YamlDocumentSlice[] = [];
  for (const document of docs) {
    const errors = [
      ...document.errors.map((e) => yamlErrorMarker(e, 'error')),
      ...document.warnings.map((e) => yamlErrorMarker(e, 'warning')),
    ];
    const [start, , end] = document.range;
    const startLine = document.contents?.range ? lineCounter.linePos(document.contents.range[0]).line : lineCounter.linePos(start).line;
    const endLine = lineCounter.linePos(Math.max(start, end - 1)).line;
    let value: unknown;
    if (document.errors.length === 0) {
      try {
        value = document.toJS({ maxAliasCount: 100 });
      } catch (e) {
        errors.push({ ...lineRange(text, startLine), message: String((e as Error).message), severity: 'error', source: 'yaml' });
      }
    }
    // kubectl skips documents that decode to nothing (comments only, a bare `---`, `~`).
    if (errors.length === 0 && (value === null || value === undefined)) continue;
    slices.push({ index: slices.length, startLine, endLine: Math.max(startLine, endLine), value, errors, document, lineCounter });
  }
  return slices;
}

/** All syntax errors and warnings of a YAML stream, as markers. */
export function syntaxMarkers(text: string): EditorMarker[] {
  return splitDocuments(text).flatMap((d) => d.errors);
}

interface YamlErrorLike {
  message: string;
  linePos?: [{ line: number; col: number }] | [{ line: number; col: number }, { line: number; col: number }];
}

function yamlErrorMarker(e: YamlErrorLike, severity: 'error' | 'warning'): EditorMarker {
  // prettyErrors appends " at line L, column C:" and a code excerpt; the marker already sits on that spot.
  const message = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const start = e.linePos?.[0] ?? { line: 1, col: 1 };
  const end = e.linePos?.[1] ?? { line: start.line, col: start.col + 1 };
  const sameSpot = end.line === start.line && end.col <= start.col;
  return {
    startLineNumber: start.line,
    startColumn: start.col,
    endLineNumber: end.line,
    endColumn: sameSpot ? start.col + 1 : end.col,
    message,
    severity,
    source: 'yaml',
  };
}

/**
 * Parses a field path as the api-server writes it (field.Path.String()): `spec.template.spec.containers[0].image`,
 * `metadata.labels[app]`, `metadata.annotations[example.com/owner]`. Bracketed digits are list indexes; other
 * bracketed text is a map key, dots and slashes included.
 */
export function parseFieldPath(field: string): FieldPathSegment[] {
  const segments: FieldPathSegment[] = [];
  let i = 0;
  let name = '';
  const flush = () => {
    if (name !== '') segments.push(name);
    name = '';
  };
  while (i < field.length) {
    const c = field[i]!;
    if (c === '.') {
      flush();
      i++;
    } else if (c === '[') {
      flush();
      const close = field.indexOf(']', i + 1);
      const inner = close < 0 ? field.slice(i + 1) : field.slice(i + 1, close);
      segments.push(/^\d+$/.test(inner) ? Number(inner) : inner);
      i = close < 0 ? field.length : close + 1;
    } else {
      name += c;
      i++;
    }
  }
  flush();
  return segments;
}

/** Where a field path lands in a document: the node's range, and whether the whole path exists. */
export interface FieldLocation extends Range {
  /** False when the path does not exist and the range is that of its nearest existing parent. */
  exact: boolean;
}

/**
 * The range of a field in a document: a scalar's key and value, a collection's key (or first line). A missing field
 * (a "Required value" error) falls back to the nearest existing parent's key.
 */
export function locateField(slice: YamlDocumentSlice, path: readonly FieldPathSegment[]): FieldLocation {
  let node: unknown = slice.document.contents;
  let pair: Pair<unknown, unknown> | undefined;
  let exact = true;
  for (const segment of path) {
    const next = child(node, segment);
    if (!next) {
      exact = false;
      break;
    }
    node = next.node;
    pair = next.pair;
  }
  return { ...nodeRange(slice, node, pair), exact };
}

function child(node: unknown, segment: FieldPathSegment): { node: unknown; pair?: Pair<unknown, unknown> } | undefined {
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { node: item };
  }
  // A list item named by its key, as structured-merge-diff's paths name them: `containers[name="web"]`.
  const byKey = isSeq(node) && typeof segment === 'string' ? /^([^=]+)="?([^"]*)"?$/.exec(segment) : null;
  if (isSeq(node) && byKey) {
    const item = node.items.find((i) => isMap(i) && i.items.some((p) => isPair(p) && keyText(p.key) === byKey[1] && isScalar(p.value) && String(p.value.value) === byKey[2]));
    return item === undefined ? undefined : { node: item };
  }
  if (isMap(node)) {
    const key = String(segment);
    const pair = node.items.find((p) => isPair(p) && keyText(p.key) === key);
    return pair ? { node: pair.value, pair } : undefined;
  }
  return undefined;
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return typeof key === 'string' ? key : undefined;
}

function nodeRange(slice: YamlDocumentSlice, node: unknown, pair: Pair<unknown, unknown> | undefined): Range {
  const pos = (offset: number) => slice.lineCounter.linePos(offset);
  const keyNode = pair && isScalar(pair.key) ? (pair.key as Node) : undefined;
  const valueNode = node as Node | null | undefined;
  const valueIsScalar = valueNode === null || valueNode === undefined || isScalar(valueNode);
  if (keyNode?.range) {
    const start = pos(keyNode.range[0]);
    const endOffset = valueIsScalar && valueNode?.range ? valueNode.range[1] : keyNode.range[1];
    const end = pos(endOffset);
    return { startLineNumber: start.line, startColumn: start.col, endLineNumber: end.line, endColumn: end.col };
  }
  if (valueNode?.range) {
    const start = pos(valueNode.range[0]);
    if (valueIsScalar) {
      const end = pos(valueNode.range[1]);
      return { startLineNumber: start.line, startColumn: start.col, endLineNumber: end.line, endColumn: end.col };
    }
    return firstLineFrom(slice, start.line, start.col);
  }
  return firstLineFrom(slice, slice.startLine, 1);
}

function firstLineFrom(slice: YamlDocumentSlice, line: number, col: number): Range {
  const lineStarts = slice.lineCounter.lineStarts;
  const startOffset = lineStarts[line - 1] ?? 0;
  const nextStart = lineStarts[line] ?? startOffset + 1;
  const length = Math.max(1, nextStart - startOffset - 1);
  return { startLineNumber: line, startColumn: col, endLineNumber: line, endColumn: Math.max(col + 1, length + 1) };
}

function lineRange(text: string, line: number): Range {
  const content = text.split('\n')[line - 1] ?? '';
  return { startLineNumber: line, startColumn: 1, endLineNumber: line, endColumn: content.length + 1 };
}

/**
 * The markers of one Status answering one document: one per `details.causes[]` entry on its field (message
 * `<field>: <cause message>`, as kubectl prints it). A Status without field causes (NotFound, AlreadyExists,
 * Conflict…), and any cause without a field, marks `metadata.name`, or the document's first line if it has no name.
 */
export function statusMarkersForDocument(slice: YamlDocumentSlice, status: StatusLike): EditorMarker[] {
  const causes = status.details?.causes ?? [];
  const onFields = causes.filter((c) => c.field);
  const name = locateField(slice, ['metadata', 'name']);
  const whole = pick(name.exact ? name : firstLineFrom(slice, slice.startLine, 1));
  if (onFields.length === 0) {
    // Unknown fields are named in the message, not in causes: server-side apply's typed conversion
    // (".spec.replicaz: field not declared in schema", one per line) and strict decoding (unknown field "spec.replicaz").
    const unknown = unknownFieldPaths(status.message);
    if (unknown.length) return unknown.map((path) => ({ ...pick(locateField(slice, parseFieldPath(path))), message: `${path}: unknown field (${status.message.split('\n')[0]})`, severity: 'error' as const, source: 'api-server' }));
    return [{ ...whole, message: status.message, severity: 'error', source: 'api-server' }];
  }
  return causes.map((cause) => {
    if (!cause.field) return { ...whole, message: cause.message, severity: 'error' as const, source: 'api-server' };
    const location = locateField(slice, parseFieldPath(cause.field));
    return { ...pick(location), message: `${cause.field}: ${cause.message}`, severity: 'error' as const, source: 'api-server' };
  });
}

/** The fields an api-server message says are unknown, as field paths ("spec.replicaz"). */
export function unknownFieldPaths(message: string): string[] {
  const out: string[] = [];
  for (const m of message.matchAll(/(?:^|\s)\.([^\s:]+): field not declared in schema/g)) out.push(m[1]!);
  for (const m of message.matchAll(/unknown field "([^"]+)"/g)) out.push(m[1]!);
  return [...new Set(out)];
}

function pick(r: Range): Range {
  return { startLineNumber: r.startLineNumber, startColumn: r.startColumn, endLineNumber: r.endLineNumber, endColumn: r.endColumn };
}

/** The markers of a multi-document apply: each Status goes onto the document it answered. */
export function statusMarkers(text: string, results: readonly DocumentStatus[]): EditorMarker[] {
  const slices = splitDocuments(text);
  return results.flatMap((r) => {
    const slice = slices[r.documentIndex];
    return slice ? statusMarkersForDocument(slice, r.status) : [];
  });
}
