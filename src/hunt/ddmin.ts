/**
 * Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating Failure-Inducing Input", TSE 2002): the
 * smallest subset of a failing list that still fails, 1-minimal (dropping any one item makes it pass). Deterministic:
 * subsets are tried in a fixed order, and each subset keeps the items' original order.
 *
 * `fails` is called at most `maxTests` times (the hunter's budget); when it runs out, the smallest failing subset
 * found so far is returned.
 */
export interface DdminResult<T> {
  items: T[];
  /** How many times `fails` was called. */
  tests: number;
  /** False when the budget ran out before the result was 1-minimal. */
  minimal: boolean;
}

export function ddmin<T>(items: readonly T[], fails: (subset: T[]) => boolean, maxTests = Infinity): DdminResult<T> {
  let current = [...items];
  let n = 2;
  let tests = 0;
  const cache = new Map<string, boolean>();
  const indexOf = new Map(items.map((x, i) => [x, i]));
  const test = (subset: T[]): boolean | undefined => {
    const key = subset.map((x) => indexOf.get(x)).join(',');
    const known = cache.get(key);
    if (known !== undefined) return known;
    if (tests >= maxTests) return undefined;
    tests++;
    const r = fails(subset);
    cache.set(key, r);
    return r;
  };
  if (current.length === 0) return { items: current, tests, minimal: true };
  // The empty list may fail on its own (a bug without any perturbation).
  const empty = test([]);
  if (empty === undefined) return { items: current, tests, minimal: false };
  if (empty) return { items: [], tests, minimal: true };
  while (current.length >= 2) {
    const chunks = split(current, n);
    let reduced = false;
    for (const chunk of chunks) {
      const r = test(chunk);
      if (r === undefined) return { items: current, tests, minimal: false };
      if (r) {
        current = chunk;
        n = 2;
        reduced = true;
        break;
      }
    }
    if (!reduced && n > 2) {
      for (const chunk of chunks) {
        const complement = current.filter((x) => !chunk.includes(x));
        const r = test(complement);
        if (r === undefined) return { items: current, tests, minimal: false };
        if (r) {
          current = complement;
          n = Math.max(n - 1, 2);
          reduced = true;
          break;
        }
      }
    }
    if (!reduced) {
      if (n >= current.length) break;
      n = Math.min(current.length, n * 2);
    }
  }
  return { items: current, tests, minimal: true };
}

/** `n` contiguous chunks of nearly equal size, in order. */
function split<T>(items: T[], n: number): T[][] {
  const out: T[][] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const end = start + Math.floor((items.length - start) / (n - i));
    if (end > start) out.push(items.slice(start, end));
    start = end;
  }
  return out;
}
