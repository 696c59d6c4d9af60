/**
 * `resource.Quantity` as describe prints it: the canonical text of a value (`Quantity.String()`: "100m", "1536Mi",
 * "2", "1k"), sums that keep the first operand's format (`Quantity.Add`), MilliValue and Value (rounded up).
 * apimachinery `pkg/api/resource/quantity.go`. Values are exact: BigInt nano-units.
 */

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  /** The value in units of 1e-9 (quantities finer than a nano round up, as upstream's scale limit). */
  nanos: bigint;
  format: QuantityFormat;
}

const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

export const ZERO: Quantity = Object.freeze({ nanos: 0n, format: 'DecimalSI' });

const pow10 = (e: number): bigint => 10n ** BigInt(e);

/** Parses a quantity as the API carries it (a string, or a number in JSON); undefined when invalid. */
export function parseQuantity(v: unknown): Quantity | undefined {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  if (typeof text !== 'string') return undefined;
  const m = /^([+-]?)([0-9]+(?:\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+|[numkMGTPE]|[KMGTPE]i)?$/.exec(text);
  if (!m) return undefined;
  const negative = m[1] === '-';
  const [intPart, fracPart = ''] = m[2]!.split('.');
  const digits = BigInt(`${intPart || '0'}${fracPart}`);
  const suffix = m[3] ?? '';
  let nanos: bigint;
  let format: QuantityFormat = 'DecimalSI';
  // value = digits * 10^-len(frac) * multiplier; in nanos: * 10^9.
  const scaleDown = fracPart.length;
  const divideUp = (num: bigint, den: bigint): bigint => (num + den - 1n) / den;
  if (BINARY[suffix] !== undefined) {
    format = 'BinarySI';
    nanos = divideUp(digits * (1n << BigInt(BINARY[suffix]!)) * pow10(9), pow10(scaleDown));
  } else {
    let exp: number;
    if (/^[eE]/.test(suffix)) {
      format = 'DecimalExponent';
      exp = Number(suffix.slice(1));
      if (Math.abs(exp) > 100) return undefined;
    } else {
      exp = DECIMAL[suffix]!;
    }
    const e = exp + 9 - scaleDown;
    nanos = e >= 0 ? digits * pow10(e) : divideUp(digits, pow10(-e));
  }
  return { nanos: negative ? -nanos : nanos, format };
}

/** `Quantity.Add`: the sum, in the receiver's format (a zero receiver takes the other's). */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos + b.nanos, format: a.nanos === 0n && a.format === ZERO.format ? b.format : a.format };
}

export function cmpQuantity(a: Quantity, b: Quantity): number {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** `MilliValue()`: rounded up. */
export function milliValue(q: Quantity): bigint {
  const d = 1_000_000n;
  return q.nanos >= 0n ? (q.nanos + d - 1n) / d : q.nanos / d;
}

/** `Value()`: rounded up. */
export function value(q: Quantity): bigint {
  const d = 1_000_000_000n;
  return q.nanos >= 0n ? (q.nanos + d - 1n) / d : q.nanos / d;
}

const DECIMAL_SUFFIX: Record<number, string> = { [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** `Quantity.String()`: the canonical text. */
export function formatQuantity(q: Quantity): string {
  if (q.nanos === 0n) return '0';
  const negative = q.nanos < 0n;
  const abs = negative ? -q.nanos : q.nanos;
  const sign = negative ? '-' : '';
  let format = q.format;
  if (format === 'BinarySI') {
    const oneKi = 1024n * pow10(9);
    if (abs < oneKi || abs % pow10(9) !== 0n) format = 'DecimalSI';
  }
  if (format === 'BinarySI') {
    let units = abs / pow10(9);
    let k = 0;
    while (k < 6 && units % 1024n === 0n) {
      units /= 1024n;
      k++;
    }
    return `${sign}${units}${BINARY_SUFFIX[k]}`;
  }
  // Decimal: the largest exponent (a multiple of 3, from -9) that keeps the mantissa an integer.
  let exp = -9;
  let mantissa = abs;
  while (exp < 18 && mantissa % 1000n === 0n) {
    mantissa /= 1000n;
    exp += 3;
  }
  if (format === 'DecimalExponent') return exp === 0 ? `${sign}${mantissa}` : `${sign}${mantissa}e${exp}`;
  return `${sign}${mantissa}${DECIMAL_SUFFIX[exp]}`;
}

/** The canonical text of a quantity as the API carries it; the text itself when it does not parse. */
export function quantityString(v: unknown): string {
  const q = parseQuantity(v);
  if (q) return formatQuantity(q);
  return typeof v === 'string' ? v : '0';
}
