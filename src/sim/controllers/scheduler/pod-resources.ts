/**
 * What a pod asks of a node (its effective requests) and what a node has left.
 *
 * Ported from kubernetes `pkg/scheduler/framework/types.go` (NodeInfo.Requested / NonZeroRequested, calculateResource),
 * `k8s.io/component-helpers/resource/helpers.go` (PodRequests) and `pkg/scheduler/util/pod_resources.go`
 * (DefaultMilliCPURequest, DefaultMemoryRequest).
 */
import type { Container, Node, Pod } from 'kubernetes-types/core/v1';
import { milliValue, parseQuantity } from '../../api/quantity';

/** Requests of one pod or the sum over a node's pods: milli-CPU, bytes, and every other resource by name. */
export interface Resource {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  /** Extended/scalar resources (e.g. "nvidia.com/gpu"), in their own units. */
  scalar: Record<string, number>;
}

/** Used for scoring when a container does not request CPU (0.1 core) or memory (200 MiB). */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

/**
 * Every Resource is built here, so all have one shape: the scores read them for every node of every cycle, and
 * objects of one shape are read fastest.
 */
function resource(milliCPU: number, memory: number, ephemeralStorage: number, scalar: Record<string, number>): Resource {
  return { milliCPU, memory, ephemeralStorage, scalar };
}

export const emptyResource = (): Resource => resource(0, 0, 0, {});

function addList(r: Resource, list: Readonly<Record<string, unknown>> | undefined): Resource {
  const out = resource(r.milliCPU, r.memory, r.ephemeralStorage, { ...r.scalar });
  for (const name of Object.keys(list ?? {}).sort()) {
    const q = list![name];
    if (name === 'cpu') out.milliCPU += milliValue(q) ?? 0;
    else if (name === 'memory') out.memory += parseQuantity(q) ?? 0;
    else if (name === 'ephemeral-storage') out.ephemeralStorage += parseQuantity(q) ?? 0;
    else if (name !== 'pods') out.scalar[name] = (out.scalar[name] ?? 0) + (parseQuantity(q) ?? 0);
  }
  return out;
}

function max(a: Resource, b: Resource): Resource {
  const scalar: Record<string, number> = { ...a.scalar };
  for (const [k, v] of Object.entries(b.scalar)) scalar[k] = Math.max(scalar[k] ?? 0, v);
  return resource(Math.max(a.milliCPU, b.milliCPU), Math.max(a.memory, b.memory), Math.max(a.ephemeralStorage, b.ephemeralStorage), scalar);
}

/**
 * The sum of many resources, added in order: the same numbers as folding {@link addResources} from
 * {@link emptyResource}, without a new object per addition.
 */
export function sumResources(items: Iterable<Resource>): Resource {
  let milliCPU = 0;
  let memory = 0;
  let ephemeralStorage = 0;
  const scalar: Record<string, number> = {};
  for (const r of items) {
    milliCPU += r.milliCPU;
    memory += r.memory;
    ephemeralStorage += r.ephemeralStorage;
    for (const k in r.scalar) scalar[k] = (scalar[k] ?? 0) + r.scalar[k]!;
  }
  return resource(milliCPU, memory, ephemeralStorage, scalar);
}

/** Sum of two resources. */
export function addResources(a: Resource, b: Resource): Resource {
  const scalar: Record<string, number> = { ...a.scalar };
  for (const [k, v] of Object.entries(b.scalar)) scalar[k] = (scalar[k] ?? 0) + v;
  return resource(a.milliCPU + b.milliCPU, a.memory + b.memory, a.ephemeralStorage + b.ephemeralStorage, scalar);
}

/**
 * `PodRequests`: max(Σ containers + Σ sidecars, the largest regular init container) + overhead. With `nonZero`,
 * a container without a CPU or memory request counts the defaults (the scorers' view).
 * @remarks upstream accounts sidecars started before each init container; we add all sidecars to the regular sum.
 */
export function podRequests(pod: Pod, nonZero = false): Resource {
  // Objects from the api-server and informer caches are deep-frozen, so their requests never change: parse once.
  // The requests depend on the spec alone, and a status write keeps the stored spec object: memoise on the spec,
  // so a pod whose status changed (every kubelet write) is not parsed again.
  const spec = pod.spec;
  if (!spec || !Object.isFrozen(spec)) return computePodRequests(pod, nonZero);
  let cached = requestsCache.get(spec);
  if (!cached) requestsCache.set(spec, (cached = {}));
  const slot = nonZero ? 'nonZero' : 'plain';
  return (cached[slot] ??= freezeResource(computePodRequests(pod, nonZero)));
}

/**
 * Parsed requests of frozen pods. A pure memo of immutable inputs (never part of the simulation's state: entries
 * are recomputed identically if lost), so checkpoints and determinism are unaffected.
 */
const requestsCache = new WeakMap<object, { plain?: Resource; nonZero?: Resource }>();
const allocatableCache = new WeakMap<Node, { resource: Resource; allowedPodNumber: number }>();

function freezeResource(r: Resource): Resource {
  Object.freeze(r.scalar);
  return Object.freeze(r);
}

function computePodRequests(pod: Pod, nonZero: boolean): Resource {
  const one = (c: Container): Resource => {
    let r = addList(emptyResource(), c.resources?.requests);
    if (nonZero) {
      const req = c.resources?.requests ?? {};
      if (!('cpu' in req)) r = resource(r.milliCPU + DEFAULT_MILLI_CPU_REQUEST, r.memory, r.ephemeralStorage, r.scalar);
      if (!('memory' in req)) r = resource(r.milliCPU, r.memory + DEFAULT_MEMORY_REQUEST, r.ephemeralStorage, r.scalar);
    }
    return r;
  };
  let sum = emptyResource();
  for (const c of pod.spec?.containers ?? []) sum = addResources(sum, one(c));
  let initMax = emptyResource();
  for (const c of pod.spec?.initContainers ?? []) {
    if (c.restartPolicy === 'Always') sum = addResources(sum, one(c));
    else initMax = max(initMax, one(c));
  }
  return addList(max(sum, initMax), pod.spec?.overhead);
}

/** The node's allocatable resources and pod count (`NodeInfo.Allocatable`). */
export function nodeAllocatable(node: Node): { resource: Resource; allowedPodNumber: number } {
  const cached = allocatableCache.get(node);
  if (cached) return cached;
  const alloc = node.status?.allocatable ?? {};
  const result = { resource: addList(emptyResource(), alloc), allowedPodNumber: parseQuantity(alloc['pods']) ?? 0 };
  if (!Object.isFrozen(node)) return result;
  freezeResource(result.resource);
  allocatableCache.set(node, Object.freeze(result));
  return result;
}

/** `NodeInfo.Requested` (or `NonZeroRequested`): the sum over the pods assigned to the node. */
export function nodeRequested(podsOnNode: readonly Pod[], nonZero = false): Resource {
  if (!Object.isFrozen(podsOnNode)) return sumRequests(podsOnNode, nonZero);
  // A frozen list (the scheduler's snapshot reuses it while a node's pods do not change): sum once.
  const cached = requestedMemo(podsOnNode);
  const slot = nonZero ? 'nonZero' : 'plain';
  return (cached[slot] ??= freezeResource(sumRequests(podsOnNode, nonZero)));
}

const requestedCache = new WeakMap<readonly Pod[], { plain?: Resource; nonZero?: Resource }>();

/** The memo of a frozen list's sums, made empty on first use. */
function requestedMemo(podsOnNode: readonly Pod[]): { plain?: Resource; nonZero?: Resource } {
  let cached = requestedCache.get(podsOnNode);
  if (!cached) requestedCache.set(podsOnNode, (cached = {}));
  return cached;
}

/** Both of {@link nodeRequested}'s sums of a node's pods (one lookup of a frozen list's memo for the two). */
export function nodeRequestedSums(podsOnNode: readonly Pod[]): NodeRequested {
  if (!Object.isFrozen(podsOnNode)) return sumNodeRequested(podsOnNode);
  const cached = requestedMemo(podsOnNode);
  cached.plain ??= freezeResource(sumRequests(podsOnNode, false));
  cached.nonZero ??= freezeResource(sumRequests(podsOnNode, true));
  return cached as NodeRequested;
}

/** A node's sums, plain and non-zero (`NodeInfo.Requested` and `NonZeroRequested`). */
export interface NodeRequested {
  plain: Resource;
  nonZero: Resource;
}

/** The sums over `pods` in order, as {@link nodeRequested} adds them up. */
export function sumNodeRequested(pods: readonly Pod[]): NodeRequested {
  return { plain: sumRequests(pods, false), nonZero: sumRequests(pods, true) };
}

/** `sums` plus one more pod (the next of the list, so the additions happen in {@link nodeRequested}'s order). */
export function addPodRequested(sums: NodeRequested, pod: Pod): NodeRequested {
  return { plain: addResources(sums.plain, podRequests(pod)), nonZero: addResources(sums.nonZero, podRequests(pod, true)) };
}

/**
 * Hands a node's frozen pod list the sums the scheduler cache kept for it as pods came and went (upstream keeps
 * NodeInfo.Requested up to date the same way), so {@link nodeRequested} need not add the node's pods up again.
 * `sums` must be the sums over `pods` in order.
 */
export function setNodeRequested(pods: readonly Pod[], sums: NodeRequested): void {
  if (!Object.isFrozen(pods)) return;
  const copy = (r: Resource) => freezeResource(resource(r.milliCPU, r.memory, r.ephemeralStorage, { ...r.scalar }));
  requestedCache.set(pods, { plain: copy(sums.plain), nonZero: copy(sums.nonZero) });
}

/** Hands `to` the sums `from` has (if any): `to` is `from` with pods of the same specs in the same places. */
export function shareNodeRequested(from: readonly Pod[], to: readonly Pod[]): void {
  const sums = requestedCache.get(from);
  if (sums && Object.isFrozen(to)) requestedCache.set(to, sums);
}

function sumRequests(podsOnNode: readonly Pod[], nonZero: boolean): Resource {
  const requests = new Array<Resource>(podsOnNode.length);
  for (let i = 0; i < podsOnNode.length; i++) requests[i] = podRequests(podsOnNode[i]!, nonZero);
  return sumResources(requests);
}
