/**
 * The REST mapping a CustomResourceDefinition adds to discovery (apiextensions-apiserver
 * `pkg/apiserver/customresource_discovery_controller.go`, `customresource_handler.go`): one resource per served
 * version, with the CRD's names, scope and subresources.
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo, ScaleSubresource } from '../../api/resources.ts';
import { isObject, type JsonObject } from '../admission/json-shape.ts';

function str(o: unknown, k: string): string {
  return isObject(o) && typeof o[k] === 'string' ? o[k] : '';
}

function versionsOf(spec: JsonObject): JsonObject[] {
  const v = spec['versions'];
  return Array.isArray(v) ? v.filter(isObject) : [];
}

function scaleOf(subresources: JsonObject | undefined): ScaleSubresource | undefined {
  const scale = subresources?.['scale'];
  if (!isObject(scale)) return undefined;
  const out: ScaleSubresource = { specReplicasPath: str(scale, 'specReplicasPath'), statusReplicasPath: str(scale, 'statusReplicasPath') };
  const selector = str(scale, 'labelSelectorPath');
  if (selector) out.labelSelectorPath = selector;
  return out;
}

/**
 * One ResourceInfo per served version of `crd`, in the CRD's version order. Each version's own `subresources`
 * decide `status`/`scale`. `generation` is `all-but-meta-status` with a status subresource (any change outside
 * metadata and status bumps it), else `spec`-like "everything but metadata" is approximated as the same.
 * Returns [] for a CRD without usable names or versions (validateCRD reports why).
 */
export function resourceInfosFromCRD(crd: KubeObject): ResourceInfo[] {
  const spec = crd.spec;
  if (!isObject(spec)) return [];
  const names = isObject(spec['names']) ? spec['names'] : {};
  const group = str(spec, 'group');
  const kind = str(names, 'kind');
  const plural = str(names, 'plural');
  if (!group || !kind || !plural) return [];
  const shortNames = Array.isArray(names['shortNames']) ? names['shortNames'].filter((s): s is string => typeof s === 'string') : [];
  const singular = str(names, 'singular') || kind.toLowerCase();
  const namespaced = str(spec, 'scope') !== 'Cluster';
  const infos: ResourceInfo[] = [];
  for (const version of versionsOf(spec)) {
    if (version['served'] !== true) continue;
    const name = str(version, 'name');
    if (!name) continue;
    const subresources = isObject(version['subresources']) ? version['subresources'] : undefined;
    const status = isObject(subresources?.['status']);
    const info: ResourceInfo = {
      group,
      version: name,
      kind,
      resource: plural,
      singular,
      namespaced,
      shortNames: Object.freeze([...shortNames]),
      status,
      generation: 'all-but-meta-status',
    };
    const scale = scaleOf(subresources);
    if (scale) info.scale = scale;
    infos.push(Object.freeze(info));
  }
  return infos;
}
