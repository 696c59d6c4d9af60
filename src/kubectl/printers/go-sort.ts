/**
 * Go's `sort.Sort` (Go 1.19+: pattern-defeating quicksort, `src/sort/zsortinterface.go` and `sort.go`), ported so
 * that a sort kubectl does with it puts equal elements where kubectl puts them. It is not stable: up to 12 elements
 * it is an insertion sort (stable), beyond that ties land where pdqsort's partitions leave them, deterministically.
 * kubectl sorts a describe's events this way (`sort.Sort(event.SortableEvents(…))`), by time only, so events of the
 * same second keep pdqsort's order.
 */

type Less = (i: number, j: number) => boolean;

interface Data {
  less: Less;
  swap(i: number, j: number): void;
}

const MAX_INSERTION = 12;

function insertionSort(d: Data, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) for (let j = i; j > a && d.less(j, j - 1); j--) d.swap(j, j - 1);
}

function siftDown(d: Data, lo: number, hi: number, first: number): void {
  let root = lo;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && d.less(first + child, first + child + 1)) child++;
    if (!d.less(first + root, first + child)) return;
    d.swap(first + root, first + child);
    root = child;
  }
}

function heapSort(d: Data, a: number, b: number): void {
  const first = a;
  const hi = b - a;
  for (let i = Math.trunc((hi - 1) / 2); i >= 0; i--) siftDown(d, i, hi, first);
  for (let i = hi - 1; i >= 0; i--) {
    d.swap(first, first + i);
    siftDown(d, 0, i, first);
  }
}

/** bits.Len(uint(x)). */
const bitsLen = (x: number): number => (x <= 0 ? 0 : 32 - Math.clz32(x));

const MASK64 = (1n << 64n) - 1n;

/** sort.go xorshift (seeded with the length). */
class Xorshift {
  constructor(private r: bigint) {}
  next(): bigint {
    this.r ^= (this.r << 13n) & MASK64;
    this.r ^= this.r >> 7n;
    this.r ^= (this.r << 17n) & MASK64;
    return this.r;
  }
}

function breakPatterns(d: Data, a: number, b: number): void {
  const length = b - a;
  if (length < 8) return;
  const random = new Xorshift(BigInt(length));
  const modulus = BigInt(2 ** bitsLen(length));
  const start = a + Math.trunc(length / 4) * 2 - 1;
  for (let idx = start; idx <= a + Math.trunc(length / 4) * 2 + 1; idx++) {
    let other = Number(random.next() & (modulus - 1n));
    if (other >= length) other -= length;
    d.swap(idx, a + other);
  }
}

const enum Hint {
  Unknown,
  Increasing,
  Decreasing,
}

function choosePivot(d: Data, a: number, b: number): [number, Hint] {
  const shortestNinther = 50;
  const maxSwaps = 4 * 3;
  const l = b - a;
  const swaps = { n: 0 };
  let i = a + Math.trunc(l / 4) * 1;
  let j = a + Math.trunc(l / 4) * 2;
  let k = a + Math.trunc(l / 4) * 3;
  const order2 = (x: number, y: number): [number, number] => {
    if (d.less(y, x)) {
      swaps.n++;
      return [y, x];
    }
    return [x, y];
  };
  const median = (x: number, y: number, z: number): number => {
    [x, y] = order2(x, y);
    [y, z] = order2(y, z);
    [x, y] = order2(x, y);
    return y;
  };
  if (l >= 8) {
    if (l >= shortestNinther) {
      i = median(i - 1, i, i + 1);
      j = median(j - 1, j, j + 1);
      k = median(k - 1, k, k + 1);
    }
    j = median(i, j, k);
  }
  if (swaps.n === 0) return [j, Hint.Increasing];
  if (swaps.n === maxSwaps) return [j, Hint.Decreasing];
  return [j, Hint.Unknown];
}

function reverseRange(d: Data, a: number, b: number): void {
  for (let i = a, j = b - 1; i < j; i++, j--) d.swap(i, j);
}

function partialInsertionSort(d: Data, a: number, b: number): boolean {
  const maxSteps = 5;
  const shortestShifting = 50;
  let i = a + 1;
  for (let step = 0; step < maxSteps; step++) {
    while (i < b && !d.less(i, i - 1)) i++;
    if (i === b) return true;
    if (b - a < shortestShifting) return false;
    d.swap(i, i - 1);
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!d.less(j, j - 1)) break;
        d.swap(j, j - 1);
      }
    }
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!d.less(j, j - 1)) break;
        d.swap(j, j - 1);
      }
    }
  }
  return false;
}

function partitionEqual(d: Data, a: number, b: number, pivot: number): number {
  d.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  for (;;) {
    while (i <= j && !d.less(a, i)) i++;
    while (i <= j && d.less(a, j)) j--;
    if (i > j) break;
    d.swap(i, j);
    i++;
    j--;
  }
  return i;
}

function partition(d: Data, a: number, b: number, pivot: number): [number, boolean] {
  d.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && d.less(i, a)) i++;
  while (i <= j && !d.less(j, a)) j--;
  if (i > j) {
    d.swap(j, a);
    return [j, true];
  }
  d.swap(i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && d.less(i, a)) i++;
    while (i <= j && !d.less(j, a)) j--;
    if (i > j) break;
    d.swap(i, j);
    i++;
    j--;
  }
  d.swap(j, a);
  return [j, false];
}

function pdqsort(d: Data, a: number, b: number, limit: number): void {
  let wasBalanced = true;
  let wasPartitioned = true;
  for (;;) {
    const length = b - a;
    if (length <= MAX_INSERTION) {
      insertionSort(d, a, b);
      return;
    }
    if (limit === 0) {
      heapSort(d, a, b);
      return;
    }
    if (!wasBalanced) {
      breakPatterns(d, a, b);
      limit--;
    }
    let [pivot, hint] = choosePivot(d, a, b);
    if (hint === Hint.Decreasing) {
      reverseRange(d, a, b);
      pivot = b - 1 - (pivot - a);
      hint = Hint.Increasing;
    }
    if (wasBalanced && wasPartitioned && hint === Hint.Increasing && partialInsertionSort(d, a, b)) return;
    if (a > 0 && !d.less(a - 1, pivot)) {
      a = partitionEqual(d, a, b, pivot);
      continue;
    }
    const [mid, alreadyPartitioned] = partition(d, a, b, pivot);
    wasPartitioned = alreadyPartitioned;
    const leftLen = mid - a;
    const rightLen = b - mid;
    const balanceThreshold = Math.trunc(length / 8);
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      pdqsort(d, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      pdqsort(d, mid + 1, b, limit);
      b = mid;
    }
  }
}

/** `sort.Sort` over a copy of `items` with `less`: the order Go leaves them in. */
export function goSort<T>(items: readonly T[], less: (x: T, y: T) => boolean): T[] {
  const data = [...items];
  const n = data.length;
  if (n <= 1) return data;
  const d: Data = {
    less: (i, j) => less(data[i]!, data[j]!),
    swap: (i, j) => {
      const t = data[i]!;
      data[i] = data[j]!;
      data[j] = t;
    },
  };
  pdqsort(d, 0, n, bitsLen(n));
  return data;
}
