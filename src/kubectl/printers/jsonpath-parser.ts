/**
 * The parser of client-go's JSONPath dialect (`k8s.io/client-go/util/jsonpath/parser.go`): text with `{…}` actions,
 * fields, array indexes and slices, unions, recursive descent, filters, quoted text, and the `range`/`end`
 * identifiers, into the node tree the evaluator (jsonpath.ts) walks. Syntax errors carry upstream's messages.
 */

export type Node =
  | { type: 'list'; nodes: Node[] }
  | { type: 'text'; text: string }
  | { type: 'field'; value: string }
  | { type: 'array'; params: [Param, Param, Param] }
  | { type: 'filter'; left: Node & { type: 'list' }; right: Node & { type: 'list' }; operator: string }
  | { type: 'int'; value: number }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'wildcard' }
  | { type: 'recursive' }
  | { type: 'union'; nodes: (Node & { type: 'list' })[] }
  | { type: 'identifier'; name: string };

export interface Param {
  value: number;
  known: boolean;
  derived: boolean;
}

/** A parsed template. */
export interface JsonPath {
  readonly template: string;
  readonly root: Node & { type: 'list' };
  /** Missing fields give no result instead of an error (kubectl's default, --allow-missing-template-keys=true). */
  allowMissingKeys: boolean;
}

class ParseError extends Error {}

const EOF = '';
const list = (): Node & { type: 'list' } => ({ type: 'list', nodes: [] });
const isSpace = (r: string): boolean => r === ' ' || r === '\t';
const isEndOfLine = (r: string): boolean => r === '\r' || r === '\n';
const isDigit = (r: string): boolean => /^\p{Nd}$/u.test(r);
const isAlphaNumeric = (r: string): boolean => r === '_' || /^[\p{L}\p{Nd}]$/u.test(r);
function isTerminator(r: string): boolean {
  if (isSpace(r) || isEndOfLine(r)) return true;
  return r === EOF || '.,[]$@{}'.includes(r);
}

/** Go's %#U of a rune: "U+007E '~'". */
function formatRune(r: string): string {
  const cp = r.codePointAt(0) ?? 0;
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  return /\p{L}|\p{N}|\p{P}|\p{S}|\p{Zs}/u.test(r) ? `U+${hex} '${r}'` : `U+${hex}`;
}

const MAX_DEPTH = 200;

class Parser {
  root = list();
  private input = '';
  private pos = 0;
  private start = 0;
  private width = 0;
  private depth = 0;

  parse(text: string): void {
    this.input = text;
    this.root = list();
    this.pos = 0;
    this.start = 0;
    this.parseText(this.root);
  }

  private consumeText(): string {
    const value = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return value;
  }
  private next(): string {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    const r = String.fromCodePoint(this.input.codePointAt(this.pos)!);
    this.width = r.length;
    this.pos += this.width;
    return r;
  }
  private peek(): string {
    const r = this.next();
    this.backup();
    return r;
  }
  private backup(): void {
    this.pos -= this.width;
  }

  // The Go parser recurses once per token; here the same calls are made in loops where they were tail calls.
  private parseText(cur: Node & { type: 'list' }): void {
    for (;;) {
      if (this.input.startsWith('{', this.pos)) {
        if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
        // parseLeftDelim
        this.pos += 1;
        this.consumeText();
        const node = list();
        cur.nodes.push(node);
        if (this.parseInsideAction(node) === 'closed') {
          cur = this.root;
          continue;
        }
        return;
      }
      if (this.next() === EOF) break;
    }
    if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
  }

  /** Returns 'closed' when the action's right delimiter was consumed (the caller goes on with text). */
  private parseInsideAction(cur: Node & { type: 'list' }): 'closed' {
    for (;;) {
      const rest = this.input.slice(this.pos, this.pos + 3);
      if (rest.startsWith('}')) {
        this.pos += 1;
        this.consumeText();
        return 'closed';
      }
      if (rest.startsWith('[?(')) {
        this.parseFilter(cur);
        continue;
      }
      if (rest.startsWith('..')) {
        const last = cur.nodes[cur.nodes.length - 1];
        if (last && last.type === 'recursive') throw new ParseError('invalid multiple recursive descent');
        this.pos += 2;
        this.consumeText();
        cur.nodes.push({ type: 'recursive' });
        if (isAlphaNumeric(this.peek())) this.parseField(cur);
        continue;
      }
      const r = this.next();
      if (r === EOF || isEndOfLine(r)) throw new ParseError('unclosed action');
      if (r === ' ' || r === '@' || r === '$') {
        this.consumeText();
      } else if (r === '[') {
        this.parseArray(cur);
      } else if (r === '"' || r === "'") {
        this.parseQuote(cur, r);
      } else if (r === '.') {
        this.parseField(cur);
      } else if (r === '+' || r === '-' || isDigit(r)) {
        this.backup();
        this.parseNumber(cur);
      } else if (isAlphaNumeric(r)) {
        this.backup();
        this.parseIdentifier(cur);
      } else {
        throw new ParseError(`unrecognized character in action: ${formatRune(r)}`);
      }
    }
  }

  private parseIdentifier(cur: Node & { type: 'list' }): void {
    for (;;) {
      const r = this.next();
      if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  private parseNumber(cur: Node & { type: 'list' }): void {
    const r = this.peek();
    if (r === '+' || r === '-') this.next();
    for (;;) {
      const c = this.next();
      if (c !== '.' && !isDigit(c)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (/^[+-]?\d+$/.test(value)) {
      cur.nodes.push({ type: 'int', value: Number(value) });
      return;
    }
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) {
      cur.nodes.push({ type: 'float', value: Number(value) });
      return;
    }
    throw new ParseError(`cannot parse number ${value}`);
  }

  private subParse(name: string, text: string): Node & { type: 'list' } {
    if (++this.depth > MAX_DEPTH) throw new ParseError(`${name}: template nested too deeply`);
    try {
      const p = new Parser();
      p.depth = this.depth;
      p.parse(`{${text}}`);
      return p.root.nodes[0] as Node & { type: 'list' };
    } finally {
      this.depth--;
    }
  }

  private parseArray(cur: Node & { type: 'list' }): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new ParseError('unterminated array');
      if (r === ']') break;
    }
    let text = this.consumeText();
    text = text.slice(1, -1);
    if (text === '*') text = ':';

    const strs = text.split(',');
    if (strs.length > 1) {
      const union = strs.map((s) => this.subParse('union', `[${s.replace(/^ +| +$/g, '')}]`));
      cur.nodes.push({ type: 'union', nodes: union });
      return;
    }
    const dict = /^'([^']*)'$/.exec(text);
    if (dict) {
      for (const node of this.subParse('arraydict', `.${dict[1]}`).nodes) cur.nodes.push(node);
      return;
    }
    const m = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/.exec(text);
    if (!m) throw new ParseError(`invalid array index ${text}`);
    const value = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
    const params: [Param, Param, Param] = [
      { value: 0, known: false, derived: false },
      { value: 0, known: false, derived: false },
      { value: 0, known: false, derived: false },
    ];
    for (let i = 0; i < 3; i++) {
      if (value[i] !== '') {
        if (i > 0) value[i] = value[i]!.slice(1);
        if (i > 0 && value[i] === '') {
          params[i]!.known = false;
        } else {
          params[i]!.known = true;
          if (!/^[+-]?\d+$/.test(value[i]!)) throw new ParseError(`array index ${value[i]} is not a number`);
          params[i]!.value = Number(value[i]);
        }
      } else if (i === 1) {
        params[1] = { known: true, value: params[0].value + 1, derived: true };
      }
    }
    cur.nodes.push({ type: 'array', params });
  }

  private parseFilter(cur: Node & { type: 'list' }): void {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = '';
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new ParseError('unterminated filter');
      if (r === '"' || r === "'") {
        if (!begin) {
          begin = true;
          pair = r;
          continue;
        }
        if (this.input[this.pos - 2] !== '\\' && r === pair) end = true;
      } else if (r === ')') {
        if (begin === end) break;
      }
    }
    if (this.next() !== ']') throw new ParseError('unclosed array expect ]');
    let text = this.consumeText();
    text = text.slice(0, -2);
    const m = /^([^!<>=]+)([!<>=]+)(.+?)$/s.exec(text);
    if (!m) {
      cur.nodes.push({ type: 'filter', left: this.subParse('text', text), right: list(), operator: 'exists' });
    } else {
      cur.nodes.push({ type: 'filter', left: this.subParse('left', m[1]!), right: this.subParse('right', m[3]!), operator: m[2]! });
    }
  }

  private parseQuote(cur: Node & { type: 'list' }, end: string): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new ParseError('unterminated quoted string');
      if (r === end && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    const s = unquoteExtend(value);
    if (s === undefined) throw new ParseError(`unquote string ${value} error invalid syntax`);
    cur.nodes.push({ type: 'text', text: s });
  }

  private parseField(cur: Node & { type: 'list' }): void {
    this.consumeText();
    for (;;) {
      const r = this.next();
      if (r === '\\') {
        this.next();
      } else if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === '*') cur.nodes.push({ type: 'wildcard' });
    else cur.nodes.push({ type: 'field', value: value.replaceAll('\\', '') });
  }
}

const SIMPLE_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** parser.go UnquoteExtend: strconv.Unquote that also takes single quotes. Undefined on a syntax error. */
function unquoteExtend(s: string): string | undefined {
  if (s.length < 2) return undefined;
  const quote = s[0]!;
  if (quote !== s[s.length - 1] || (quote !== '"' && quote !== "'")) return undefined;
  const body = s.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; ) {
    const c = body[i]!;
    if (c === quote) return undefined;
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = body[i + 1];
    if (e === undefined) return undefined;
    if (SIMPLE_ESCAPES[e] !== undefined) {
      out += SIMPLE_ESCAPES[e];
      i += 2;
    } else if (e === quote) {
      out += e;
      i += 2;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) return undefined;
      const cp = parseInt(hex, 16);
      if (cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000 && e !== 'x')) return undefined;
      out += e === 'x' ? String.fromCharCode(cp) : String.fromCodePoint(cp);
      i += 2 + n;
    } else if (/[0-7]/.test(e)) {
      const oct = body.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(oct) || parseInt(oct, 8) > 255) return undefined;
      out += String.fromCharCode(parseInt(oct, 8));
      i += 4;
    } else {
      return undefined;
    }
  }
  return out;
}

/** Parses a template; upstream's error text on a syntax error (kubectl prefixes "error parsing jsonpath <t>, "). */
export function parseJsonPath(template: string, options: { allowMissingKeys?: boolean } = {}): JsonPath | { error: string } {
  if (typeof template !== 'string') return { error: 'template is not a string' };
  try {
    const p = new Parser();
    p.parse(template);
    return { template, root: p.root, allowMissingKeys: options.allowMissingKeys ?? true };
  } catch (e) {
    if (e instanceof ParseError) return { error: e.message };
    if (e instanceof RangeError) return { error: 'template nested too deeply' };
    return { error: String(e) };
  }
}
