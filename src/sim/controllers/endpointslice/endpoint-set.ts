/**
 * Endpoints as a set: keyed by the pod they stand for (addresses, hostname, targetRef namespace/name), so that a
 * desired endpoint finds the existing one it replaces; and slices grouped by their set of ports.
 *
 * Ported from kubernetes `staging/src/k8s.io/endpointslice/util/endpointset.go` (hashEndpoint, EndpointSet) and
 * `util/controller_utils.go` (EndpointsEqualBeyondHash, NewPortMapKey).
 *
 * @remarks `PopAny` pops in insertion order (upstream: Go's random map order), so that runs are deterministic.
 */
import type { Endpoint, EndpointPort } from 'kubernetes-types/discovery/v1';

/** `hashEndpoint`'s identity: sorted addresses, hostname, targetRef namespace and name. */
export function hashEndpoint(ep: Endpoint): string {
  return JSON.stringify([[...ep.addresses].sort(), ep.hostname ?? '', ep.targetRef?.namespace ?? '', ep.targetRef?.name ?? '']);
}

/** `EndpointSet`: endpoints by hash, in insertion order. */
export class EndpointSet {
  private readonly items = new Map<string, Endpoint>();

  insert(ep: Endpoint): void {
    this.items.set(hashEndpoint(ep), ep);
  }

  /** The desired endpoint standing for the same pod as `ep`, if any. */
  get(ep: Endpoint): Endpoint | undefined {
    return this.items.get(hashEndpoint(ep));
  }

  delete(ep: Endpoint): void {
    this.items.delete(hashEndpoint(ep));
  }

  get len(): number {
    return this.items.size;
  }

  /** `PopAny` (the oldest entry). */
  popAny(): Endpoint | undefined {
    const first = this.items.entries().next();
    if (first.done) return undefined;
    this.items.delete(first.value[0]);
    return first.value[1];
  }
}

/** `EndpointsEqualBeyondHash`: node, zone, conditions, hints and targetRef are the same. */
export function endpointsEqualBeyondHash(a: Endpoint, b: Endpoint): boolean {
  if ((a.nodeName ?? null) !== (b.nodeName ?? null)) return false;
  if ((a.zone ?? null) !== (b.zone ?? null)) return false;
  const ca = a.conditions ?? {};
  const cb = b.conditions ?? {};
  if ((ca.ready ?? null) !== (cb.ready ?? null)) return false;
  if ((ca.serving ?? null) !== (cb.serving ?? null)) return false;
  if ((ca.terminating ?? null) !== (cb.terminating ?? null)) return false;
  if (JSON.stringify(a.hints ?? null) !== JSON.stringify(b.hints ?? null)) return false;
  return JSON.stringify(canonicalRef(a.targetRef)) === JSON.stringify(canonicalRef(b.targetRef));
}

function canonicalRef(r: Endpoint['targetRef']): unknown {
  if (!r) return null;
  return [r.kind ?? '', r.namespace ?? '', r.name ?? '', r.uid ?? '', r.apiVersion ?? '', r.resourceVersion ?? '', r.fieldPath ?? ''];
}

/** `NewPortMapKey`: the same key for the same set of ports, in any order. */
export function portMapKey(ports: readonly EndpointPort[]): string {
  return JSON.stringify(
    ports.map((p) => [p.name ?? '', p.port ?? null, p.protocol ?? '', p.appProtocol ?? null]).map((x) => JSON.stringify(x)).sort(),
  );
}
