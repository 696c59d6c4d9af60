/**
 * Kubernetes resource quantities ("100m", "1Gi", "0.5", "1e3"), after k8s.io/apimachinery/pkg/api/resource/quantity.go.
 *
 * @remarks Values are JavaScript numbers (upstream keeps arbitrary precision as inf.Dec); that is exact for every
 * quantity a learner writes and for comparisons like request <= limit.
 */

/** Upstream's `splitREString`, quoted in its parse error. */
export const QUANTITY_REGEX_TEXT = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';

/** `ErrFormatWrong` as the api-server reports it. */
export const QUANTITY_FORMAT_ERROR = `quantities must match the regular expression '${QUANTITY_REGEX_TEXT}'`;

const SUFFIXES: Readonly<Record<string, number>> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const QUANTITY = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(.*)$/;
const EXPONENT = /^[eE]([-+]?[0-9]+)$/;

/**
 * The value of a quantity in base units (cores, bytes), or undefined when `q` is not a valid quantity.
 * Numbers (a YAML `cpu: 2`) are accepted as upstream's JSON decoder accepts them.
 */
export function parseQuantity(q: unknown): number | undefined {
  if (typeof q === 'number') return Number.isFinite(q) ? q : undefined;
  if (typeof q !== 'string') return undefined;
  const m = QUANTITY.exec(q.trim() === q ? q : '');
  if (!m) return undefined;
  const num = Number(m[1]);
  const suffix = m[2] ?? '';
  if (!Number.isFinite(num)) return undefined;
  const mult = SUFFIXES[suffix];
  if (mult !== undefined) return num * mult;
  const e = EXPONENT.exec(suffix);
  if (e) return num * 10 ** Number(e[1]);
  return undefined;
}

/** Millicores of a CPU quantity (`Quantity.MilliValue`, rounded up as upstream does), or undefined when invalid. */
export function milliValue(q: unknown): number | undefined {
  const v = parseQuantity(q);
  return v === undefined ? undefined : Math.ceil(Math.round(v * 1e6) / 1e3);
}
