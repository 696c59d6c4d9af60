/**
 * The garbage collector's REST mapping: whether a kind is namespaced, for the built-in kinds and for the kinds
 * CustomResourceDefinitions add; and which version of a custom kind to monitor.
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/operations.go` (`apiResource`, over the
 * controller-manager's deferred discovery REST mapper) and `k8s.io/apimachinery/pkg/version/helpers.go`
 * (`CompareKubeAwareVersionStrings`, which orders discovery's preferred versions).
 */
import { parseApiVersion, type KubeObject } from '../../api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../api/resources.ts';
import { resourceInfosFromCRD } from '../../apiserver/crd/resource-infos.ts';

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

  /** A CRD was seen: its kind is mapped. Returns the served versions' resources. */
  learn(crd: KubeObject): ResourceInfo[] {
    const infos = resourceInfosFromCRD(crd);
    for (const i of infos) this.custom.set(`${i.group}|${i.kind}`, i.namespaced);
    return infos;
  }

  /** A CRD was deleted: its kind is no longer mapped. */
  forget(crd: KubeObject): void {
    for (const i of resourceInfosFromCRD(crd)) this.custom.delete(`${i.group}|${i.kind}`);
  }
}

/** A version's rank in `CompareKubeAwareVersionStrings`: GA before beta before alpha, higher numbers first. */
function versionRank(v: string): [number, number, number] | undefined {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
  if (!m) return undefined;
  const stability = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
  return [stability, Number(m[1]), m[3] === undefined ? 0 : Number(m[3])];
}

/** `CompareKubeAwareVersionStrings`: negative when `a` is preferred to `b`. */
export function compareKubeAwareVersions(a: string, b: string): number {
  const ra = versionRank(a);
  const rb = versionRank(b);
  if (ra && !rb) return -1;
  if (!ra && rb) return 1;
  if (!ra || !rb) return a < b ? -1 : a > b ? 1 : 0;
  // GA, then beta, then alpha; within each, the higher major, then the higher minor:
  // v2 > v1 > v11beta2 > v10beta3 > v3beta1 > v12alpha1 > v11alpha2 > foo1 > foo10.
  if (ra[0] !== rb[0]) return rb[0] - ra[0];
  if (ra[1] !== rb[1]) return rb[1] - ra[1];
  return rb[2] - ra[2];
}

/** Discovery's preferred version of a custom kind: the first of its served versions in kube-aware order. */
export function preferredResource(infos: readonly ResourceInfo[]): ResourceInfo | undefined {
  return [...infos].sort((a, b) => compareKubeAwareVersions(a.version, b.version))[0];
}
