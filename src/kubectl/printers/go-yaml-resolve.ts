/**
 * go-yaml v2's resolver (resolve.go), as the emitter asks it: would this string, written plain, read back as
 * something else? YAML 1.1's booleans ("yes", "on", "N"), null ("~", ""), numbers as Go's strconv parses them
 * ("0x1F", "0o17", "1_000", "012", "1e3", ".5", "1:20"), and timestamps in the four layouts go-yaml tries
 * ("2024-01-01", "2024-1-2 3:04:05", RFC 3339) all would, so the emitter quotes them.
 */

const RESOLVE_MAP = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON',
  'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF',
  '', '~', 'null', 'Null', 'NULL',
  '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF',
]);
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** Go's strconv.ParseInt(s, 0, 64) / ParseUint accepting it (underscores already removed by the caller). */
function parsesAsGoInt(s: string): boolean {
  const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (!m) return false;
  // Out of int64 and uint64 range: neither parses (the float pattern may still match).
  let v: bigint;
  try {
    const body = m[2]!;
    v = /^0[0-7]+$/.test(body) ? BigInt(`0o${body.slice(1)}`) : BigInt(body);
  } catch {
    return false;
  }
  return m[1] === '-' ? v <= 2n ** 63n : v < 2n ** 64n;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** go-yaml v2 parseTimestamp: the four layouts it tries, with Go's time.Parse range checks. */
function isTimestamp(s: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))|(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?))?$/.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!)) return false;
  const h = m[4] ?? m[7];
  if (h !== undefined && (Number(h) > 23 || Number(m[5] ?? m[8]) > 59 || Number(m[6] ?? m[9]) > 59)) return false;
  return true;
}

/** True when go-yaml would emit this string plain without it reading back as another type. */
export function resolvesToString(s: string): boolean {
  if (RESOLVE_MAP.has(s)) return false;
  const c = s[0];
  if (c === undefined) return false;
  if (c === '.') return !YAML_STYLE_FLOAT.test(s);
  if ((c >= '0' && c <= '9') || c === '+' || c === '-') {
    if (isTimestamp(s)) return false;
    const plain = s.replaceAll('_', '');
    if (parsesAsGoInt(plain)) return false;
    if (YAML_STYLE_FLOAT.test(plain)) return false;
    if (/^-?0b[01]+$/.test(plain)) return false;
    return !BASE60_FLOAT.test(s);
  }
  return true;
}
