/**
 * The node's active pods as the kubelet's admission counts them, kept as a running tally: how many there are and
 * what they request, so that admitting a pod does not list and add up every pod of the node again.
 *
 * Upstream's admission (`pkg/kubelet/lifecycle/predicate.go`: predicateAdmitHandler.Admit) builds a scheduler
 * NodeInfo from `kl.GetActivePods()` (`pkg/kubelet/kubelet_pods.go`: the pod manager's pods, less the terminated
 * ones) on every admission, and the scheduler's cache keeps NodeInfo.Requested up to date pod by pod the same way
 * this does. Which pod counts is the kubelet's to say ({@link Kubelet}: in its pod cache, with a sandbox in the
 * runtime, phase neither Succeeded nor Failed); this keeps the sums over those it was told about, by pod key.
 *
 * @remarks The sums must be the numbers adding up the pods' requests in the cache's order gives. They are: while
 * every counted request is a non-negative integer and every total a safe integer, each addition and subtraction is
 * exact, so the order does not matter. Otherwise (a fractional or huge quantity) {@link requested} says so and the
 * caller adds the list up itself.
 */
import { emptyResource, sumResources, type Resource } from '../scheduler/pod-resources.ts';

export class ActivePods {
  /** Pod key → its requests, for every pod counted. */
  private readonly counted = new Map<string, Resource>();
  /** The sums over `counted`. */
  private totals: Resource = emptyResource();
  /** Counted pods with a request that is not a non-negative safe integer: the sums may then be rounded. */
  private inexactPods = 0;
  /** A total left the safe integers (it may have been rounded): added up again from `counted` when next asked. */
  private stale = false;

  /** How many pods are counted. */
  get count(): number {
    return this.counted.size;
  }

  /** Counts the pod at `key` with `requests`, or stops counting it (`undefined`). */
  set(key: string, requests: Resource | undefined): void {
    const before = this.counted.get(key);
    if (before === requests) return;
    if (before !== undefined) {
      this.counted.delete(key);
      this.add(before, -1);
    }
    if (requests !== undefined) {
      this.counted.set(key, requests);
      this.add(requests, 1);
    }
  }

  /**
   * What the counted pods request in all: the same numbers as {@link sumResources} over their requests in any order,
   * or `undefined` when that cannot be promised (some request is not a non-negative safe integer, or a total is not
   * a safe integer).
   */
  requested(): Resource | undefined {
    if (this.inexactPods > 0) return undefined;
    if (this.stale) {
      this.totals = sumResources(this.counted.values());
      this.stale = !isSafeTotal(this.totals);
      if (this.stale) return undefined;
    }
    const t = this.totals;
    return { milliCPU: t.milliCPU, memory: t.memory, ephemeralStorage: t.ephemeralStorage, scalar: { ...t.scalar } };
  }

  private add(r: Resource, sign: 1 | -1): void {
    if (!isExactRequest(r)) {
      // Its fractions may round the totals, also once it is gone: added up again then.
      this.inexactPods += sign;
      this.stale = true;
    }
    const t = this.totals;
    t.milliCPU += sign * r.milliCPU;
    t.memory += sign * r.memory;
    t.ephemeralStorage += sign * r.ephemeralStorage;
    for (const k in r.scalar) t.scalar[k] = (t.scalar[k] ?? 0) + sign * r.scalar[k]!;
    if (!isSafeTotal(t)) this.stale = true;
  }
}

function isExactRequest(r: Resource): boolean {
  if (!isCount(r.milliCPU) || !isCount(r.memory) || !isCount(r.ephemeralStorage)) return false;
  for (const k in r.scalar) if (!isCount(r.scalar[k]!)) return false;
  return true;
}

function isSafeTotal(r: Resource): boolean {
  if (!Number.isSafeInteger(r.milliCPU) || !Number.isSafeInteger(r.memory) || !Number.isSafeInteger(r.ephemeralStorage)) return false;
  for (const k in r.scalar) if (!Number.isSafeInteger(r.scalar[k])) return false;
  return true;
}

/** A non-negative safe integer. */
function isCount(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}
