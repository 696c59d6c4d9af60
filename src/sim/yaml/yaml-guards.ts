/**
 * Guards that keep hostile YAML cheap: size, line and nesting caps checked by a linear scan before the parser runs
 * (it composes recursively, and some of its checks are quadratic), and a linear duplicate-key check.
 */
import type { Document } from 'yaml';
import { libraries } from '../libraries.ts';

/**
 * Scenario files are small: 256 Ki characters is far above any real lesson, and keeps the worst hostile input
 * (hundreds of thousands of anchors, aliases or keys) under a second of parsing.
 */
export const MAX_SCENARIO_CHARS = 256 * 1024;
/** A lesson is a few hundred lines; the YAML parser's cost grows with lines of errors and anchors. */
export const MAX_SCENARIO_LINES = 10_000;
/** Errors reported for one file: the first ones are the useful ones, and locating each costs a walk. */
export const MAX_ERRORS = 20;
/** How many times aliases may be expanded in one file (yaml's `maxAliasCount`). */
export const MAX_ALIAS_COUNT = 100;
/**
 * Nesting limits checked before the YAML parser sees the text: it composes recursively, and a few thousand levels
 * ("[[[[…", "- - - - …") overflow its stack or, with pretty errors, exhaust memory building the error excerpt.
 */
export const MAX_FLOW_DEPTH = 64;
export const MAX_INDENT = 256;

/**
 * Whether `text` is over `limit` bytes in UTF-8, without encoding it; stops counting once past the limit, so a
 * 50 MB string costs no more than the limit.
 */
export function utf8BytesOver(text: string, limit: number): boolean {
  if (text.length <= limit / 3) return false; // at most 3 bytes per UTF-16 unit
  if (text.length > limit) return true; // at least 1
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
    if (n > limit) return true;
  }
  return false;
}

/** A cheap linear scan for absurd nesting (see {@link MAX_FLOW_DEPTH}); brackets inside strings count too. */
export function tooDeep(text: string): { line: number; column: number; message: string } | undefined {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (atLineStart) {
      // Indentation plus compact block markers ("- - - x") on the line.
      let j = i;
      for (;;) {
        while (text[j] === ' ' || text[j] === '\t') j++;
        if ((text[j] === '-' || text[j] === '?' || text[j] === ':') && (text[j + 1] === ' ' || text[j + 1] === '\t')) j += 2;
        else break;
        if (j - lineStart > MAX_INDENT) break;
      }
      if (j - lineStart > MAX_INDENT) return { line, column: MAX_INDENT + 1, message: `nested too deeply (indentation past column ${MAX_INDENT}); refusing to parse` };
      atLineStart = false;
    }
    if (c === 10) {
      line++;
      lineStart = i + 1;
      atLineStart = true;
    } else if (c === 91 || c === 123) {
      if (++depth > MAX_FLOW_DEPTH) return { line, column: i - lineStart + 1, message: `nested too deeply (more than ${MAX_FLOW_DEPTH} levels of [ ] or { }); refusing to parse` };
    } else if ((c === 93 || c === 125) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** The first repeated key of any mapping (YAML forbids them; the last would silently win). */
export function duplicateKey(doc: Document): { key: string; offset: number } | undefined {
  const { isMap, isScalar, isSeq } = libraries().yaml;
  let found: { key: string; offset: number } | undefined;
  const walk = (node: unknown): void => {
    if (found || !node) return;
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const p of node.items) {
        const key = isScalar(p.key) ? p.key.value : p.key;
        if (seen.has(key) && isScalar(p.key)) {
          found = { key: String(key), offset: p.key.range?.[0] ?? 0 };
          return;
        }
        seen.add(key);
        walk(p.value);
      }
    } else if (isSeq(node)) {
      for (const n of node.items) walk(n);
    }
  };
  walk(doc.contents);
  return found;
}

/** The offset of the first alias, to point at when alias expansion is refused. */
export function firstAlias(doc: Document): number | undefined {
  const { isAlias, isMap, isSeq } = libraries().yaml;
  let found: number | undefined;
  const walk = (node: unknown): void => {
    if (found !== undefined || !node) return;
    if (isAlias(node)) found = node.range?.[0];
    else if (isMap(node)) {
      for (const p of node.items) {
        walk(p.key);
        walk(p.value);
      }
    }
    else if (isSeq(node)) for (const n of node.items) walk(n);
  };
  walk(doc.contents);
  return found;
}
