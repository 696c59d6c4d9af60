/**
 * The garbage collector's REST mapping: whether a kind is namespaced, for the built-in kinds and for the kinds
 * CustomResourceDefinitions add (learned by custom-resource-monitors.ts, which is loaded on demand: CRDs come only
 * from input that loads the simulation's libraries first).
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/operations.go` (`apiResource`, over the
 * controller-manager's deferred discovery REST mapper).
 */
import { parseApiVersion } from '../../api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../api/resources.ts';

/** The mapping the garbage collector's API calls go through. */
export class RestMapper {
  /** "group|kind" → namespaced, for custom kinds (learned from CRDs). */
  private readonly custom = new Map<string, boolean>();

  /**
   * `apiResource`: whether the kind is namespaced; undefined for a kind no mapping knows (upstream's
   * `restMappingError`, retried).
   */
  isNamespaced(apiVersion: string, kind: string): boolean | undefined {
    const { group } = parseApiVersion(apiVersion);
    const builtin = BUILTIN_RESOURCES.find((r) => r.group === group && r.kind === kind);
    if (builtin) return builtin.namespaced;
    return this.custom.get(`${group}|${kind}`);
  }

  /** A CRD was seen: the kinds of its served versions' resources are mapped. */
  learn(infos: readonly ResourceInfo[]): void {
    for (const i of infos) this.custom.set(`${i.group}|${i.kind}`, i.namespaced);
  }

  /** A CRD was deleted: the kinds of its resources are no longer mapped. */
  forget(infos: readonly ResourceInfo[]): void {
    for (const i of infos) this.custom.delete(`${i.group}|${i.kind}`);
  }
}
