/**
 * JSON as Go's encoding/json writes a decoded (unstructured) object: map keys sorted, '<', '>', '&', U+2028 and
 * U+2029 escaped as \u003c…, compact (`json.Marshal`) or indented (`json.MarshalIndent(v, "", "    ")`, what
 * `kubectl -o json` prints). kubectl holds what it gets from the server as unstructured maps, so its JSON output has
 * sorted keys whatever order the server sent.
 */

const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

function quote(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]!);
}

function encode(v: unknown, indent: string | undefined, prefix: string, depth: number): string {
  if (depth > 10_000) throw new RangeError('json: nested too deeply');
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'bigint') return v.toString();
  const inner = indent === undefined ? '' : prefix + indent;
  const nl = indent === undefined ? '' : '\n';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    const items = v.map((x) => inner + encode(x, indent, inner, depth + 1));
    return `[${nl}${items.join(`,${nl}`)}${nl}${indent === undefined ? '' : prefix}]`;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined && typeof o[k] !== 'function')
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (keys.length === 0) return '{}';
    const sep = indent === undefined ? ':' : ': ';
    const items = keys.map((k) => inner + quote(k) + sep + encode(o[k], indent, inner, depth + 1));
    return `{${nl}${items.join(`,${nl}`)}${nl}${indent === undefined ? '' : prefix}}`;
  }
  return 'null';
}

/** `json.Marshal` of a decoded JSON value. */
export function goJsonMarshal(v: unknown): string {
  return encode(v, undefined, '', 0);
}

/** `json.MarshalIndent(v, "", "    ")`. */
export function goJsonMarshalIndent(v: unknown, indent = '    '): string {
  return encode(v, indent, '', 0);
}
