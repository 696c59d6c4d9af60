/**
 * The lessons of the repository (`lessons/*.yaml`), bundled into the page as text (static, offline), with what the
 * lesson list shows of each: its id, title, summary and order, read from the file's `metadata` block. The worker
 * parses and checks the whole file when one is opened (src/lessons); a file whose metadata cannot be read is still
 * listed, under its file name, and its error is shown when it is opened.
 *
 * This module is a chunk of its own (the files' text and the YAML parser), imported when the lesson list or a
 * lesson's address needs it, never by the page's entry.
 */
import { parse } from 'yaml';
import { metadataBlock } from '../layout/scenario-metadata.ts';

const files = import.meta.glob('../../../lessons/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface LessonEntry {
  id: string;
  title: string;
  summary: string;
  order: number;
  text: string;
  /** Steps in the file (for the list's progress); 0 when it could not be counted. */
  steps: number;
}

let cached: LessonEntry[] | null = null;

/** Every bundled lesson, in their `order` (then id). */
export function lessonCatalog(): LessonEntry[] {
  cached ??= Object.entries(files)
    .map(([path, text]) => readEntry(path.split('/').pop()!.replace(/\.yaml$/, ''), text))
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  return cached;
}

/** The lesson with this id, if bundled. */
export function lessonById(id: string): LessonEntry | undefined {
  return lessonCatalog().find((l) => l.id === id);
}

function readEntry(file: string, text: string): LessonEntry {
  const entry: LessonEntry = { id: file, title: file, summary: '', order: Number.MAX_SAFE_INTEGER, text, steps: countSteps(text) };
  try {
    const block = metadataBlock(text);
    const doc = parse(block ?? text, { maxAliasCount: 10 }) as { metadata?: Record<string, unknown> } | null;
    const m = doc?.metadata;
    if (!m || typeof m !== 'object') return entry;
    if (typeof m.name === 'string' && m.name) entry.id = m.name;
    if (typeof m.title === 'string') entry.title = m.title;
    if (typeof m.summary === 'string') entry.summary = m.summary.trim();
    if (typeof m.order === 'number' && Number.isFinite(m.order)) entry.order = m.order;
  } catch {
    // listed under its file name; opening it reports the error
  }
  return entry;
}

/** Steps of a lesson file, counted from its `steps:` list items at the list's own indentation (no full parse). */
function countSteps(text: string): number {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^steps:\s*(#.*)?$/.test(l));
  if (start < 0) return 0;
  let indent: string | undefined;
  let n = 0;
  for (const l of lines.slice(start + 1)) {
    if (/^\S/.test(l) && !l.startsWith('#')) break;
    const m = /^(\s*)- /.exec(l);
    if (!m) continue;
    indent ??= m[1];
    if (m[1] === indent) n++;
  }
  return n;
}
