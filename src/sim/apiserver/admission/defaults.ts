/**
 * Defaulting: what the api-server fills in between decoding a request and validating it (the generated
 * `SetObjectDefaults_*` functions of each API group, plus the mutating admission plugins the simulation models).
 * One file per API group under `defaults/`; this file only dispatches by kind.
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { isObject, type JsonObject } from './json-shape.ts';
import { defaultDeployment, defaultReplicaSet } from './defaults/apps-v1.ts';
import { defaultPod, defaultService, defaultNamespace, defaultNode, defaultNothing } from './defaults/core-v1.ts';
import { defaultEndpointSlice, defaultLease } from './defaults/coordination-discovery.ts';
import { addDefaultTolerations } from './default-toleration-seconds.ts';
import { libraries } from '../../libraries.ts';
import { ON_DEMAND_KINDS } from './on-demand-kinds.ts';

type Defaulter = (obj: JsonObject) => void;

function defaultPodAndTolerations(pod: JsonObject): void {
  defaultPod(pod);
  addDefaultTolerations(pod);
}

/** Keyed by "group/Kind" ("" group for core). */
const DEFAULTERS: ReadonlyMap<string, Defaulter> = new Map<string, Defaulter>([
  ['apps/Deployment', defaultDeployment],
  ['apps/ReplicaSet', defaultReplicaSet],
  ['/Pod', defaultPodAndTolerations],
  ['/Service', defaultService],
  ['/Namespace', defaultNamespace],
  ['/Node', defaultNode],
  ['/ConfigMap', defaultNothing],
  ['/Event', defaultNothing],
  ['coordination.k8s.io/Lease', defaultLease],
  ['discovery.k8s.io/EndpointSlice', defaultEndpointSlice],
  // Loaded on demand (on-demand.ts): only a person's input brings these kinds' objects.
  ...ON_DEMAND_KINDS.map((kind) => [kind, (obj: JsonObject) => libraries().admission.defaulters[kind](obj)] as const),
]);

/**
 * Applies the built-in defaults for `info`'s kind to `obj`, in place. `obj` must be a fresh, unfrozen draft (the
 * decoded request body). Never throws: fields of the wrong JSON type are left for validation to report.
 * Kinds without defaults (and custom resources, see crd/custom-resources.ts) are left unchanged.
 *
 * @remarks Pods also get the DefaultTolerationSeconds admission plugin's tolerations here, since the simulation has no
 * separate mutating-admission chain.
 */
export function applyDefaults(obj: KubeObject, info: ResourceInfo): void {
  if (!isObject(obj)) return;
  const defaulter = DEFAULTERS.get(`${info.group}/${info.kind}`);
  if (defaulter) defaulter(obj);
}
