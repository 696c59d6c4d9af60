/**
 * A scenario file's `metadata` (its name and description, what the lesson picker lists), read from the file's
 * top-level `metadata:` block alone: its first line and the indented, blank and comment lines after it. The picker
 * reads every bundled scenario right after the first frame; parsing a dozen lines of each instead of the whole file
 * (actions, expectations, manifests) takes a fraction of the main thread's time.
 *
 * It is what parsing the whole file gives (`parse(text).metadata`; scenario-metadata.test.ts compares the two on
 * generated files and on every scenario in the repository) whenever the block can be read alone: the whole file is
 * parsed instead when there is no such block or more than one, when the text holds several documents, and when the
 * block does not parse alone (an alias to an anchor, or a tag handle, defined outside it). One difference is
 * accepted: a file whose error lies outside its metadata block still gets its name and description.
 */
import { parse } from 'yaml';

export interface ScenarioMetadata {
  name?: unknown;
  description?: unknown;
}

const OPTIONS = { maxAliasCount: 10 };

const METADATA_LINE = /^metadata:/;
/** A line that continues a top-level block: indented, empty or blank, or a comment. */
const CONTINUATION = /^(?:[ \t]|#|\r?$)/;
/** A document start or end marker: the text may hold more than one document. */
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?:[ \t\r]|$)/m;

/** The top-level `metadata:` block of `text`, or undefined when there is none, or more than one, or several documents. */
export function metadataBlock(text: string): string | undefined {
  if (DOCUMENT_MARKER.test(text)) return undefined;
  const lines = text.split('\n');
  const starts = lines.flatMap((l, i) => (METADATA_LINE.test(l) ? [i] : []));
  if (starts.length !== 1) return undefined;
  const start = starts[0]!;
  let end = start + 1;
  while (end < lines.length && CONTINUATION.test(lines[end]!)) end++;
  // The text itself, up to the next top-level line (a kept block scalar's trailing newlines are its value's).
  return lines.slice(start, end).join('\n') + (end < lines.length ? '\n' : '');
}

/** `parse(text).metadata`, from the metadata block alone when it can be read alone (see the module's comment). Throws as `parse` does. */
export function scenarioMetadata(text: string): ScenarioMetadata | undefined {
  const block = metadataBlock(text);
  if (block !== undefined) {
    try {
      return metadataOf(parse(block, OPTIONS));
    } catch {
      // Not readable alone: read the whole file.
    }
  }
  return metadataOf(parse(text, OPTIONS));
}

function metadataOf(doc: unknown): ScenarioMetadata | undefined {
  return (doc as { metadata?: ScenarioMetadata } | null)?.metadata;
}
