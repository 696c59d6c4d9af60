/**
 * The api-server's discovery: which kinds it serves and under which REST names. The built-in kinds are always
 * there; custom resources come and go with their CustomResourceDefinitions.
 *
 * Upstream: the discovery document (k8s.io/apiserver/pkg/endpoints/discovery) and kubectl's RESTMapper
 * (k8s.io/client-go/restmapper), which resolves "deploy", "deployments", "deployments.apps", "Deployment".
 *
 * @remarks One version per group/kind: the simulation serves no kind at two versions at once.
 */
import { apiVersionOf, BUILTIN_RESOURCES, type ResourceInfo } from '../../api/resources.ts';
import { parseApiVersion } from '../../api/object.ts';

/** Map key of a kind: "apps/v1/Deployment". */
export function gvkKey(apiVersion: string, kind: string): string {
  return `${apiVersion}/${kind}`;
}

/** Storage key of a resource: "deployments.apps" (or "pods"). Stable across versions. */
export function resourceKey(info: Pick<ResourceInfo, 'group' | 'resource'>): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

export class ResourceRegistry {
  private readonly byGvk = new Map<string, ResourceInfo>();
  /** Custom kinds in registration order, keyed by gvk. */
  private readonly custom = new Map<string, ResourceInfo>();
  /** `byGvk` by apiVersion then kind, for {@link lookup}; rebuilt after a change (null). */
  private byVersion: Map<string, Map<string, ResourceInfo>> | null = null;

  constructor() {
    for (const info of BUILTIN_RESOURCES) this.byGvk.set(gvkKey(apiVersionOf(info), info.kind), info);
  }

  /** The served kind for an apiVersion + kind, or undefined (a 404 / "no matches for kind"). */
  lookup(apiVersion: string, kind: string): ResourceInfo | undefined {
    // By apiVersion then kind: the request's own strings, no "apps/v1/Deployment" key built per request.
    if (this.byVersion === null) {
      this.byVersion = new Map();
      for (const info of this.byGvk.values()) {
        const v = apiVersionOf(info);
        let kinds = this.byVersion.get(v);
        if (!kinds) this.byVersion.set(v, (kinds = new Map()));
        kinds.set(info.kind, info);
      }
    }
    return this.byVersion.get(apiVersion)?.get(kind);
  }

  /** Whether some version of `group`/`kind` is served (tells "wrong apiVersion" from "unknown kind"). */
  servedVersionsOf(group: string, kind: string): string[] {
    const out: string[] = [];
    for (const info of this.byGvk.values()) if (info.group === group && info.kind === kind) out.push(info.version);
    return out;
  }

  /**
   * kubectl-style resolution, case-insensitive: plural ("deployments"), singular ("deployment"), short name
   * ("deploy"), Kind ("Deployment"), each optionally qualified by its group ("deployments.apps").
   * Built-ins win over custom resources on ties, as kubectl's priority RESTMapper prefers the core groups.
   */
  resolve(name: string): ResourceInfo | undefined {
    const lower = name.trim().toLowerCase();
    if (lower === '') return undefined;
    const all = [...this.byGvk.values()];
    for (const info of all) if (matchesName(info, lower, false)) return info;
    for (const info of all) if (matchesName(info, lower, true)) return info;
    return undefined;
  }

  /** Adds a custom kind. Replaces an earlier registration of the same apiVersion + kind. */
  registerCustomResource(info: ResourceInfo): void {
    const key = gvkKey(apiVersionOf(info), info.kind);
    if (this.byGvk.has(key) && !this.custom.has(key)) return; // never shadow a built-in
    this.custom.set(key, info);
    this.byGvk.set(key, info);
    this.byVersion = null;
  }

  /** Removes every custom kind of `group` + `kind` (all versions). */
  unregister(group: string, kind: string): void {
    for (const [key, info] of [...this.custom]) {
      if (info.group === group && info.kind === kind) {
        this.custom.delete(key);
        this.byGvk.delete(key);
        this.byVersion = null;
      }
    }
  }

  /** A function that puts the custom kinds back as they are now (undoes a trial's CRD writes). */
  snapshot(): () => void {
    const byGvk = new Map(this.byGvk);
    const custom = new Map(this.custom);
    return () => {
      this.byGvk.clear();
      for (const [k, v] of byGvk) this.byGvk.set(k, v);
      this.custom.clear();
      for (const [k, v] of custom) this.custom.set(k, v);
      this.byVersion = null;
    };
  }

  /** Whether `info` is a custom resource. */
  isCustom(info: ResourceInfo): boolean {
    if (this.custom.size === 0) return false;
    return this.custom.has(gvkKey(apiVersionOf(info), info.kind));
  }

  /** Every served kind: built-ins first in their table order, then custom ones by registration. */
  all(): ResourceInfo[] {
    return [...this.byGvk.values()];
  }
}

function matchesName(info: ResourceInfo, lower: string, qualified: boolean): boolean {
  const names = [info.resource, info.singular, info.kind.toLowerCase(), ...info.shortNames.map((s) => s.toLowerCase())];
  if (!qualified) return names.includes(lower);
  if (!info.group) return false;
  return names.some((n) => lower === `${n}.${info.group}` || lower === `${n}.${info.version}.${info.group}`);
}

/** The `group` of an apiVersion string ("apps/v1" → "apps"). */
export function groupOf(apiVersion: string): string {
  return parseApiVersion(apiVersion).group;
}
