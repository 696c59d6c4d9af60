/**
 * The set's replica slots, ordinal `start + i` at index `i`: the pod the set has there, or the pod it would create
 * (built on first use, then kept, so identity comparisons hold within a pass).
 *
 * Upstream (`updateStatefulSet` in `pkg/controller/statefulset/stateful_set_control.go`) fills a slice of
 * `spec.replicas` pods up front. Built lazily here, a pass costs what it touches: OrderedReady stops at the first
 * missing pod, so `replicas: 2000000000` typed by a person does not build two billion pods in one reconcile.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { PodObject } from './identity.ts';

export class ReplicaSlots {
  private readonly pods = new Map<number, PodObject>();

  /**
   * @param length how many slots (`spec.replicas`).
   * @param build the pod the set would create at slot `i` (`newVersionedStatefulSetPod` of its ordinal).
   */
  constructor(
    readonly length: number,
    private readonly build: (i: number) => PodObject,
  ) {}

  /** Puts an existing pod in slot `i`. */
  set(i: number, pod: PodObject): void {
    this.pods.set(i, pod);
  }

  /** The pod in slot `i`, built if the set has none there. */
  at(i: number): PodObject {
    let pod = this.pods.get(i);
    if (!pod) {
      pod = this.build(i);
      this.pods.set(i, pod);
    }
    return pod;
  }

  /** The pods in the slots so far (existing ones and those built), for the status counts. */
  filled(): Iterable<Pod> {
    return this.pods.values();
  }

  /**
   * The first slot whose pod is `unavailable` (a slot without a pod counts: its pod is not even created), or
   * undefined. Visits the existing pods and at most one empty slot.
   */
  firstUnavailable(unavailable: (pod: Pod) => boolean): PodObject | undefined {
    let first: number | undefined;
    for (const [i, pod] of this.pods) if (unavailable(pod) && (first === undefined || i < first)) first = i;
    let empty = 0;
    while (empty < this.length && this.pods.has(empty)) empty++;
    if (empty < this.length && (first === undefined || empty < first)) first = empty;
    return first === undefined ? undefined : this.at(first);
  }
}
