/**
 * YAML as `kubectl -o yaml` writes it: sigs.k8s.io/yaml (JSON → go-yaml v2), so map keys in go-yaml's key order,
 * block style with sequences not indented under their key, `{}` and `[]` for empty collections, and go-yaml's
 * emitter (emitterc.go) for scalars: a string stays plain unless it would read back as something else (a bool such
 * as "yes" or "on", a number, null, a timestamp: then double-quoted) or cannot be plain (indicators, leading or
 * trailing space: then single-quoted); strings with line breaks are literal blocks (`|`, `|-`, `|+`); non-printable
 * characters force double quotes with escapes; and long plain or quoted values are folded at the first space after
 * column 80, as libyaml's best_width does.
 *
 * The `yaml` npm package cannot be configured to this: its folding breaks before the width, not after, its quoting
 * decisions follow YAML 1.2 (it leaves "yes", "on", "0o17" or "2024-01-01" plain) and its key order is not
 * go-yaml's, so the emitter is ported here for the JSON data model only (maps with string keys, arrays, strings,
 * numbers, booleans, null).
 */
import { resolvesToString } from './go-yaml-resolve.ts';
import { goFloat } from './values.ts';

const BEST_WIDTH = 80;
const BEST_INDENT = 2;

// --- character classes (emitterc.go / yamlprivateh.go)

const isBreak = (c: string | undefined): boolean => c === '\r' || c === '\n' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isSpace = (c: string | undefined): boolean => c === ' ';
const isBlankz = (c: string | undefined): boolean => c === undefined || c === ' ' || c === '\t' || isBreak(c) || c === '\0';
function isPrintable(c: string): boolean {
  const cp = c.codePointAt(0)!;
  return cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff);
}

interface Analysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** emitterc.go yaml_emitter_analyze_scalar (block context: flow indicators do not matter). */
function analyzeScalar(value: string): Analysis {
  const chars = [...value];
  if (chars.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  let blockIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  if (value.startsWith('---') || value.startsWith('...')) blockIndicators = true;
  let precededByWhitespace = true;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const followedByWhitespace = isBlankz(chars[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      else if ((c === '?' || c === ':') && followedByWhitespace) blockIndicators = true;
      else if (c === '-' && followedByWhitespace) blockIndicators = true;
    } else if (c === ':' && followedByWhitespace) {
      blockIndicators = true;
    } else if (c === '#' && precededByWhitespace) {
      blockIndicators = true;
    }
    if (!isPrintable(c)) specialCharacters = true;
    if (isBreak(c)) lineBreaks = true;
    if (isSpace(c)) {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousBreak = true;
      previousSpace = false;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankz(c);
  }
  const a: Analysis = { multiline: lineBreaks, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) a.blockPlainAllowed = false;
  if (trailingSpace) a.blockAllowed = false;
  if (breakSpace) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
    a.blockAllowed = false;
  }
  if (lineBreaks) a.blockPlainAllowed = false;
  if (blockIndicators) a.blockPlainAllowed = false;
  return a;
}

type Style = 'plain' | 'single' | 'double' | 'literal';

/** encode.go stringv + emitterc.go yaml_emitter_select_scalar_style. */
function selectStyle(s: string, simpleKey: boolean): Style {
  const canUsePlain = resolvesToString(s) || s === '<<';
  let style: Style = s.includes('\n') ? 'literal' : canUsePlain ? 'plain' : 'double';
  const a = analyzeScalar(s);
  if (simpleKey && a.multiline) style = 'double';
  if (style === 'plain') {
    if (!a.blockPlainAllowed) style = 'single';
    if (s.length === 0 && simpleKey) style = 'single';
  }
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}

const DOUBLE_ESCAPES: Record<string, string> = {
  '\0': '0', '\x07': 'a', '\b': 'b', '\t': 't', '\n': 'n', '\v': 'v', '\f': 'f', '\r': 'r', '\x1b': 'e',
  '"': '"', '\\': '\\', '\u0085': 'N', '\u00a0': '_', '\u2028': 'L', '\u2029': 'P',
};

/** The emitter's output and cursor. */
class Out {
  text = '';
  column = 0;
  put(s: string): void {
    this.text += s;
    this.column += [...s].length;
  }
  /** yaml_emitter_write_indent after content: a line break and `indent` spaces. */
  indent(indent: number): void {
    // After a block scalar's final line break the cursor is already at the start of a line.
    if (!(this.column === 0 && this.text.endsWith('\n'))) this.text += '\n';
    this.text += ' '.repeat(indent);
    this.column = indent;
  }
}

function writePlain(out: Out, value: string, indent: number, allowBreaks: boolean): void {
  const chars = [...value];
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (isSpace(c)) {
      if (allowBreaks && !spaces && out.column > BEST_WIDTH && !isSpace(chars[i + 1])) out.indent(indent);
      else out.put(c);
      spaces = true;
    } else {
      out.put(c);
      spaces = false;
    }
  }
}

function writeSingleQuoted(out: Out, value: string, indent: number, allowBreaks: boolean): void {
  const chars = [...value];
  out.put("'");
  let spaces = false;
  let breaks = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (isSpace(c)) {
      if (allowBreaks && !spaces && out.column > BEST_WIDTH && i > 0 && i < chars.length - 1 && !isSpace(chars[i + 1])) out.indent(indent);
      else out.put(c);
      spaces = true;
    } else if (isBreak(c)) {
      // Only reached for \r, U+0085, U+2028, U+2029 (a \n makes a literal or double-quoted scalar).
      if (!breaks && c === '\n') out.text += '\n';
      out.text += c === '\r' || c === '\n' ? '\n' : c;
      out.column = 0;
      breaks = true;
    } else {
      if (breaks) out.indent(indent);
      if (c === "'") out.put("'");
      out.put(c);
      spaces = false;
      breaks = false;
    }
  }
  out.put("'");
}

function writeDoubleQuoted(out: Out, value: string, indent: number, allowBreaks: boolean): void {
  const chars = [...value];
  out.put('"');
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (!isPrintable(c) || c === '\ufeff' || isBreak(c) || c === '"' || c === '\\') {
      const e = DOUBLE_ESCAPES[c];
      if (e !== undefined) {
        out.put(`\\${e}`);
      } else {
        const cp = c.codePointAt(0)!;
        const hex = cp.toString(16).toUpperCase();
        out.put(cp <= 0xff ? `\\x${hex.padStart(2, '0')}` : cp <= 0xffff ? `\\u${hex.padStart(4, '0')}` : `\\U${hex.padStart(8, '0')}`);
      }
      spaces = false;
    } else if (isSpace(c)) {
      if (allowBreaks && !spaces && out.column > BEST_WIDTH && i > 0 && i < chars.length - 1) {
        out.indent(indent);
        if (isSpace(chars[i + 1])) out.put('\\');
      } else {
        out.put(c);
      }
      spaces = true;
    } else {
      out.put(c);
      spaces = false;
    }
  }
  out.put('"');
}

function writeLiteral(out: Out, value: string, indent: number): void {
  const chars = [...value];
  out.put('|');
  if (isSpace(chars[0]) || isBreak(chars[0])) out.put(String(BEST_INDENT));
  // Chomping: "-" without a final break, "+" with more than one (or only one), clip otherwise.
  const last = chars[chars.length - 1];
  if (!isBreak(last)) out.put('-');
  else if (chars.length === 1 || isBreak(chars[chars.length - 2])) out.put('+');
  out.text += '\n';
  out.column = 0;
  let breaks = true;
  for (const c of chars) {
    if (isBreak(c)) {
      out.text += c === '\r' || c === '\n' ? '\n' : c;
      out.column = 0;
      breaks = true;
    } else {
      if (breaks) {
        out.text += ' '.repeat(indent);
        out.column = indent;
        breaks = false;
      }
      out.put(c);
    }
  }
}

/** A string scalar after "key: ", "- " or as a key; `indent` is where folded lines continue. */
function writeString(out: Out, s: string, indent: number, simpleKey: boolean): void {
  const style = selectStyle(s, simpleKey);
  const allowBreaks = !simpleKey;
  switch (style) {
    case 'plain': return writePlain(out, s, indent, allowBreaks);
    case 'single': return writeSingleQuoted(out, s, indent, allowBreaks);
    case 'double': return writeDoubleQuoted(out, s, indent, allowBreaks);
    case 'literal': return writeLiteral(out, s, indent);
  }
}

function scalarText(v: unknown): string | undefined {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return '.nan';
    if (!Number.isFinite(v)) return v > 0 ? '.inf' : '-.inf';
    // go-yaml reads an integer beyond int64 but within uint64 as a uint64.
    if (Number.isInteger(v) && v >= 2 ** 63 && v < 2 ** 64) return BigInt(v).toString();
    return goFloat(v);
  }
  if (typeof v === 'bigint') return v.toString();
  return undefined;
}

/** go-yaml v2 keyList.Less: runs of digits compare as numbers, non-letters before letters. */
export function yamlKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  const isLetter = (c: string): boolean => /^\p{L}$/u.test(c);
  const isDigit = (c: string | undefined): boolean => c !== undefined && /^\p{Nd}$/u.test(c);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]!);
    const bl = isLetter(br[i]!);
    if (al && bl) return ar[i]!.codePointAt(0)! < br[i]!.codePointAt(0)!;
    if (al || bl) return bl;
    let an = 0n;
    let bn = 0n;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10n + BigInt(ar[ai]!.codePointAt(0)! - 48);
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10n + BigInt(br[bi]!.codePointAt(0)! - 48);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i]!.codePointAt(0)! < br[i]!.codePointAt(0)!;
  }
  return ar.length < br.length;
}

function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o)
    .filter((k) => o[k] !== undefined && typeof o[k] !== 'function')
    .sort((a, b) => (yamlKeyLess(a, b) ? -1 : yamlKeyLess(b, a) ? 1 : 0));
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_DEPTH = 1000;

/**
 * Writes a node whose first line continues the current one (after "key:" or "- "). `indent` is the indentation of
 * the mapping or sequence that holds it.
 */
function writeValue(out: Out, v: unknown, indent: number, inSequence: boolean, depth: number): void {
  if (depth > MAX_DEPTH) throw new RangeError('yaml: nested too deeply');
  if (isMap(v)) {
    const keys = sortedKeys(v);
    if (keys.length === 0) return out.put(inSequence ? '{}' : ' {}');
    const childIndent = indent + BEST_INDENT;
    keys.forEach((k, i) => {
      if (i > 0 || !inSequence) out.indent(childIndent);
      writeEntry(out, k, v[k], childIndent, depth);
    });
    return;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return out.put(inSequence ? '[]' : ' []');
    // A sequence in a mapping is not indented (go-yaml's indentless sequences); one in a sequence is.
    const dashIndent = inSequence ? indent + BEST_INDENT : indent;
    v.forEach((item, i) => {
      if (i > 0 || !inSequence) out.indent(dashIndent);
      out.put('- ');
      writeValue(out, item, dashIndent, true, depth + 1);
    });
    return;
  }
  if (!inSequence) out.put(' ');
  const text = scalarText(v);
  if (text !== undefined) out.put(text);
  else writeString(out, typeof v === 'string' ? v : String(v), indent + BEST_INDENT, false);
}

/**
 * emitterc.go yaml_emitter_check_simple_key: a key longer than 128 bytes, or spanning lines, is written in the
 * complex form ("? key" then ": value" on the next line).
 */
function isSimpleKey(key: string): boolean {
  return new TextEncoder().encode(key).length <= 128 && !analyzeScalar(key).multiline;
}

const isEmptyCollection = (v: unknown): boolean => (Array.isArray(v) ? v.length === 0 : isMap(v) && sortedKeys(v).length === 0);

function writeEntry(out: Out, key: string, value: unknown, indent: number, depth: number): void {
  if (isSimpleKey(key)) {
    writeString(out, key, indent, true);
    out.put(':');
    writeValue(out, value, indent, false, depth + 1);
    return;
  }
  out.put('? ');
  writeString(out, key, indent + BEST_INDENT, false);
  out.indent(indent);
  out.put(':');
  // After ": " a block collection starts on the same line, indented as under "- ".
  if ((isMap(value) || Array.isArray(value)) && !isEmptyCollection(value)) {
    out.put(' ');
    writeValue(out, value, indent, true, depth + 1);
  } else {
    writeValue(out, value, indent, false, depth + 1);
  }
}

/** `yaml.Marshal` (sigs.k8s.io/yaml) of a decoded JSON value: the document, ending in "\n". */
export function goYamlMarshal(v: unknown): string {
  const out = new Out();
  if (isMap(v)) {
    const keys = sortedKeys(v);
    if (keys.length === 0) return '{}\n';
    keys.forEach((k, i) => {
      if (i > 0) out.indent(0);
      writeEntry(out, k, v[k], 0, 0);
    });
  } else if (Array.isArray(v)) {
    if (v.length === 0) return '[]\n';
    v.forEach((item, i) => {
      if (i > 0) out.indent(0);
      out.put('- ');
      writeValue(out, item, 0, true, 1);
    });
  } else {
    const text = scalarText(v);
    if (text !== undefined) out.put(text);
    else writeString(out, String(v), 0, false);
  }
  return out.text.endsWith('\n') ? out.text : `${out.text}\n`;
}
