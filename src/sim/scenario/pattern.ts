/**
 * The regular expressions scenario and lesson files carry (`expectError`, `matches`, an event's `message`, a `/re/`
 * value in a `trace:` pattern), compiled by RE2 (re2js): matching takes time linear in the text whatever the
 * pattern (`((a*)*)*b` cannot hang a run), and a pattern RE2 does not accept is reported when the file is read, with
 * RE2's words. One form RE2 lacks is kept, since files use it to say "and not": negative look-aheads at the start,
 * `^(?!X)(?!Z)…Y`, which match when `^Y` matches and no `^X` does (each part run by RE2). Other look-arounds and
 * back-references are refused. Compiled patterns are kept in a small pure cache.
 */
import { RE2JS } from 're2js';

/** Longer patterns are refused when the file is read: far past any real one, and each costs memory to compile. */
export const MAX_PATTERN_LENGTH = 1000;
const CACHE_SIZE = 256;

/** A compiled pattern: `^Y` must match, and no `^X` of the leading look-aheads. */
interface Compiled {
  must: RE2JS;
  mustNot: RE2JS[];
}

const compiled = new Map<string, Compiled | string>();

/** `^(?!X)…` split into its look-aheads' bodies and the rest, or undefined when the pattern does not start so. */
function leadingLookaheads(source: string): { not: string[]; rest: string } | undefined {
  if (!source.startsWith('^(?!')) return undefined;
  const not: string[] = [];
  let i = 1;
  while (source.startsWith('(?!', i)) {
    const start = i + 3;
    let depth = 1;
    let j = start;
    let inClass = false;
    for (; j < source.length && depth > 0; j++) {
      const c = source[j];
      if (c === '\\') j++;
      else if (inClass) inClass = c !== ']';
      else if (c === '[') inClass = true;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    if (depth !== 0) return undefined;
    not.push(source.slice(start, j - 1));
    i = j;
  }
  return { not, rest: source.slice(i) };
}

function compile(source: string): Compiled | string {
  let c = compiled.get(source);
  if (c === undefined) {
    if (source.length > MAX_PATTERN_LENGTH) c = `the pattern is ${source.length} characters long; at most ${MAX_PATTERN_LENGTH}`;
    else {
      try {
        const split = leadingLookaheads(source);
        c = split ? { must: RE2JS.compile(`^(?:${split.rest})`), mustNot: split.not.map((x) => RE2JS.compile(`^(?:${x})`)) } : { must: RE2JS.compile(source), mustNot: [] };
      } catch (e) {
        c = e instanceof Error ? e.message : String(e);
      }
    }
    if (compiled.size >= CACHE_SIZE) compiled.clear();
    compiled.set(source, c);
  }
  return c;
}

/** Why `source` is not a pattern this runner accepts, or null. */
export function patternError(source: string): string | null {
  const c = compile(source);
  return typeof c === 'string' ? c : null;
}

/** Whether `source` matches somewhere in `text` (as RegExp's `test`); false for a pattern that does not compile. */
export function matchesPattern(source: string, text: string): boolean {
  const c = compile(source);
  if (typeof c === 'string' || !c.must.matcher(text).find()) return false;
  return !c.mustNot.some((x) => x.matcher(text).find());
}
