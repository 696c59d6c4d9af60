/**
 * What this controller last wrote to each EndpointSlice, by Service: the generation of each slice it created or
 * updated, or "deletion expected" for the ones it deleted. It tells a stale informer cache (the controller's own
 * write has not arrived yet) from a change somebody else made.
 *
 * Ported from kubernetes `staging/src/k8s.io/endpointslice/util/endpointslice_tracker.go` (EndpointSliceTracker:
 * Has, ShouldSync, StaleSlices, Update, DeleteService, ExpectDeletion, HandleDeletion).
 *
 * @remarks This api-server does not set `metadata.generation` on EndpointSlices (upstream's strategy bumps it on
 * every change outside metadata), so a slice's "generation" here is its generation when set, else its
 * resourceVersion: it grows with every write, as the generation does with every write this controller makes.
 */
import type { KubeObject } from '../../api/object.ts';
import { LABEL_SERVICE_NAME } from './endpoint-utils.ts';

/** `deletionExpected`. */
export const DELETION_EXPECTED = -1;

/** The number the tracker compares: `metadata.generation`, else the resourceVersion. */
export function sliceGeneration(slice: KubeObject): number {
  const g = slice.metadata.generation;
  if (g !== undefined && g > 0) return g;
  return Number(slice.metadata.resourceVersion ?? 0) || 0;
}

function serviceNN(slice: KubeObject): string {
  return `${slice.metadata.namespace ?? ''}/${slice.metadata.labels?.[LABEL_SERVICE_NAME] ?? ''}`;
}

/** `EndpointSliceTracker`: the generations this controller wrote, by Service and slice UID. */
export class EndpointSliceTracker {
  /** "namespace/service" → slice UID → generation (or {@link DELETION_EXPECTED}). */
  private readonly generationsByService = new Map<string, Map<string, number>>();

  private generationsForSlice(slice: KubeObject): Map<string, number> | undefined {
    return this.generationsByService.get(serviceNN(slice));
  }

  /** `Has`: the tracker has a generation for the slice. */
  has(slice: KubeObject): boolean {
    return this.generationsForSlice(slice)?.has(slice.metadata.uid ?? '') ?? false;
  }

  /** `ShouldSync`: the slice is unknown, or newer than what this controller wrote. */
  shouldSync(slice: KubeObject): boolean {
    const g = this.generationsForSlice(slice)?.get(slice.metadata.uid ?? '');
    return g === undefined || sliceGeneration(slice) > g;
  }

  /**
   * `StaleSlices`: a cached slice is older than what was written, or is expected to be deleted; or a tracked slice
   * (not expected to be deleted) is missing from the cache.
   */
  staleSlices(service: KubeObject, slices: readonly KubeObject[]): boolean {
    const gfs = this.generationsByService.get(`${service.metadata.namespace ?? ''}/${service.metadata.name ?? ''}`);
    if (!gfs) return false;
    const provided = new Set<string>();
    for (const s of slices) {
      const uid = s.metadata.uid ?? '';
      provided.add(uid);
      const g = gfs.get(uid);
      if (g !== undefined && (g === DELETION_EXPECTED || g > sliceGeneration(s))) return true;
    }
    for (const [uid, g] of gfs) {
      if (g === DELETION_EXPECTED) continue;
      if (!provided.has(uid)) return true;
    }
    return false;
  }

  /** `Update`: remembers what was just written. */
  update(slice: KubeObject): void {
    const key = serviceNN(slice);
    let gfs = this.generationsByService.get(key);
    if (!gfs) {
      gfs = new Map();
      this.generationsByService.set(key, gfs);
    }
    gfs.set(slice.metadata.uid ?? '', sliceGeneration(slice));
  }

  /** `DeleteService`. */
  deleteService(namespace: string, name: string): void {
    this.generationsByService.delete(`${namespace}/${name}`);
  }

  /** `ExpectDeletion`. */
  expectDeletion(slice: KubeObject): void {
    const key = serviceNN(slice);
    let gfs = this.generationsByService.get(key);
    if (!gfs) {
      gfs = new Map();
      this.generationsByService.set(key, gfs);
    }
    gfs.set(slice.metadata.uid ?? '', DELETION_EXPECTED);
  }

  /** `HandleDeletion`: forgets the slice; false when its deletion was not expected (someone else deleted it). */
  handleDeletion(slice: KubeObject): boolean {
    const gfs = this.generationsForSlice(slice);
    if (!gfs) return true;
    const uid = slice.metadata.uid ?? '';
    const g = gfs.get(uid);
    gfs.delete(uid);
    return !(g !== undefined && g !== DELETION_EXPECTED);
  }
}
