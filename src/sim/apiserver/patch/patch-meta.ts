/**
 * The schema facts that strategic merge patch and server-side apply need: for each field of each API type, the
 * type it holds and how its lists merge. Transcribed from the markers of k8s.io/api v1.30 `types.go`
 * (`+patchMergeKey`, `+patchStrategy`, `+listType`, `+listMapKey`, `+structType=atomic`, `+mapType=atomic`; e.g. core/v1 types.go
 * `Containers []Container ... patchStrategy:"merge" patchMergeKey:"name"`) as also found in kubernetes-types.
 *
 * Types are named after their Go types ("PodSpec", "Container"); a kind maps to its root type. Fields not listed
 * here are plain: objects and maps merge key by key, lists are atomic (SMP replaces them; SSA owns them whole).
 *
 * @remarks Only the kinds the simulation serves are transcribed; custom resources have no merge keys (upstream
 * refuses strategic merge patch on them with 415, which the api-server decides, not this table).
 */

/** How a list field merges. `map`: items identified by `keys`; `set`: items are primitives; `atomic`: whole list. */
export type ListType = 'atomic' | 'set' | 'map';

/** What SMP and SSA need to know about one field of one type. */
export interface FieldMeta {
  /** The named type of the field's value, or of its list items / map values. */
  type?: string;
  /** SSA list semantics (`+listType`); absent for non-lists. */
  listType?: ListType;
  /** SSA map-list keys (`+listMapKey`), in order. */
  keys?: readonly string[];
  /** SMP `+patchMergeKey` (the first map key upstream chose for strategic merge). */
  patchMergeKey?: string;
  /** SMP `+patchStrategy`: `merge`, `retainKeys` or `merge,retainKeys`. Absent means replace. */
  patchStrategy?: 'merge' | 'retainKeys' | 'merge,retainKeys';
  /** `+structType=atomic` / `+mapType=atomic`: the whole value is one field for SSA. */
  atomic?: boolean;
  /**
   * Defaults of map-list key fields (`protocol: TCP` for ports), which the item's identity uses when the item
   * leaves them out: structured-merge-diff typed/complete_keys.go fills them from the schema's defaults.
   */
  keyDefaults?: Readonly<Record<string, unknown>>;
}

/** Every key-field default in {@link TYPES}; identifying items in an object path falls back on these. */
export const KEY_FIELD_DEFAULTS: Readonly<Record<string, unknown>> = { protocol: 'TCP' };

type TypeTable = Record<string, Record<string, FieldMeta>>;

const mapList = (key: string, type?: string, extraKeys: string[] = []): FieldMeta => ({
  type,
  listType: 'map',
  keys: [key, ...extraKeys],
  patchMergeKey: key,
  patchStrategy: 'merge',
});
const atomicList = (type?: string): FieldMeta => ({ type, listType: 'atomic' });
const conditions = (): FieldMeta => mapList('type');

const CONTAINER: Record<string, FieldMeta> = {
  ports: { ...mapList('containerPort', undefined, ['protocol']), keyDefaults: KEY_FIELD_DEFAULTS },
  env: mapList('name'),
  envFrom: atomicList(),
  command: atomicList(),
  args: atomicList(),
  volumeMounts: mapList('mountPath'),
  volumeDevices: mapList('devicePath'),
  resizePolicy: atomicList(),
  resources: { type: 'ResourceRequirements' },
};

/** Field metadata per API type (k8s.io/api v1.30). */
export const TYPES: TypeTable = {
  ObjectMeta: {
    ownerReferences: mapList('uid'),
    finalizers: { listType: 'set', patchStrategy: 'merge' },
    managedFields: atomicList(),
  },
  LabelSelector: {},
  PodTemplateSpec: { metadata: { type: 'ObjectMeta' }, spec: { type: 'PodSpec' } },
  PodSpec: {
    volumes: { ...mapList('name'), patchStrategy: 'merge,retainKeys' },
    initContainers: mapList('name', 'Container'),
    containers: mapList('name', 'Container'),
    ephemeralContainers: mapList('name', 'Container'),
    imagePullSecrets: mapList('name'),
    hostAliases: mapList('ip'),
    tolerations: atomicList(),
    readinessGates: atomicList(),
    topologySpreadConstraints: mapList('topologyKey', undefined, ['whenUnsatisfiable']),
    resourceClaims: { ...mapList('name'), patchStrategy: 'merge,retainKeys' },
    schedulingGates: mapList('name'),
    nodeSelector: { atomic: true },
  },
  Container: CONTAINER,
  ResourceRequirements: { claims: { listType: 'map', keys: ['name'] } },
  PodStatus: {
    conditions: conditions(),
    podIPs: mapList('ip'),
    hostIPs: mapList('ip'),
    containerStatuses: atomicList(),
    initContainerStatuses: atomicList(),
    ephemeralContainerStatuses: atomicList(),
  },
  DeploymentSpec: {
    selector: { type: 'LabelSelector', atomic: true },
    template: { type: 'PodTemplateSpec' },
    strategy: { patchStrategy: 'retainKeys' },
  },
  DeploymentStatus: { conditions: conditions() },
  ReplicaSetSpec: { selector: { type: 'LabelSelector', atomic: true }, template: { type: 'PodTemplateSpec' } },
  ReplicaSetStatus: { conditions: conditions() },
  JobSpec: { selector: { type: 'LabelSelector', atomic: true }, template: { type: 'PodTemplateSpec' } },
  // JobStatus.Conditions: patchStrategy=merge, patchMergeKey=type, but +listType=atomic.
  JobStatus: { conditions: { type: undefined, listType: 'atomic', patchMergeKey: 'type', patchStrategy: 'merge' } },
  JobTemplateSpec: { metadata: { type: 'ObjectMeta' }, spec: { type: 'JobSpec' } },
  CronJobSpec: { jobTemplate: { type: 'JobTemplateSpec' } },
  CronJobStatus: { active: atomicList() },
  ServiceSpec: {
    selector: { atomic: true },
    ports: { ...mapList('port', undefined, ['protocol']), keyDefaults: KEY_FIELD_DEFAULTS },
    clusterIPs: atomicList(),
    externalIPs: atomicList(),
    ipFamilies: atomicList(),
    loadBalancerSourceRanges: atomicList(),
  },
  ServiceStatus: { conditions: conditions() },
  NodeSpec: { taints: atomicList(), podCIDRs: { listType: 'set', patchStrategy: 'merge' } },
  NodeStatus: { conditions: conditions(), addresses: mapList('type'), images: atomicList(), volumesInUse: atomicList() },
  NamespaceSpec: { finalizers: atomicList() },
  NamespaceStatus: { conditions: conditions() },
  HorizontalPodAutoscalerSpec: { metrics: atomicList() },
  HorizontalPodAutoscalerStatus: { conditions: conditions(), currentMetrics: atomicList() },
  EndpointSlice: { endpoints: atomicList(), ports: atomicList() },
};

/** Root types per kind ("group/Kind"): the type of the object itself, whose spec/status fields name theirs. */
const KIND_ROOTS: Record<string, Record<string, FieldMeta>> = {
  '/Pod': { spec: { type: 'PodSpec' }, status: { type: 'PodStatus' } },
  'apps/Deployment': { spec: { type: 'DeploymentSpec' }, status: { type: 'DeploymentStatus' } },
  'apps/ReplicaSet': { spec: { type: 'ReplicaSetSpec' }, status: { type: 'ReplicaSetStatus' } },
  'batch/Job': { spec: { type: 'JobSpec' }, status: { type: 'JobStatus' } },
  'batch/CronJob': { spec: { type: 'CronJobSpec' }, status: { type: 'CronJobStatus' } },
  '/Service': { spec: { type: 'ServiceSpec' }, status: { type: 'ServiceStatus' } },
  '/Node': { spec: { type: 'NodeSpec' }, status: { type: 'NodeStatus' } },
  '/Namespace': { spec: { type: 'NamespaceSpec' }, status: { type: 'NamespaceStatus' } },
  'autoscaling/HorizontalPodAutoscaler': {
    spec: { type: 'HorizontalPodAutoscalerSpec' },
    status: { type: 'HorizontalPodAutoscalerStatus' },
  },
  'discovery.k8s.io/EndpointSlice': TYPES.EndpointSlice!,
};

/** The name under which a kind's root type is registered. */
export function rootTypeOf(gvk: { group: string; kind: string }): string {
  return `${gvk.group}/${gvk.kind}`;
}

/**
 * The metadata of `field` inside a value of type `typeName` (a name from {@link TYPES} or {@link rootTypeOf}).
 * Unknown types and fields give `{}`: a plain field. Every root type has `metadata: ObjectMeta`.
 */
export function fieldMeta(typeName: string | undefined, field: string): FieldMeta {
  if (typeName === undefined) return PLAIN_FIELD;
  let t = tableCache.get(typeName);
  if (t === undefined) {
    t = KIND_ROOTS[typeName] ?? TYPES[typeName] ?? null;
    tableCache.set(typeName, t);
  }
  if (t?.[field]) return t[field];
  if (field === 'metadata' && typeName.includes('/')) return OBJECT_META_FIELD;
  return PLAIN_FIELD;
}

/** Shared answers (callers only read them). */
const PLAIN_FIELD: FieldMeta = Object.freeze({});
const OBJECT_META_FIELD: FieldMeta = Object.freeze({ type: 'ObjectMeta' });

/**
 * The field table of each type name asked for (null: none), so a field lookup does not resolve a built type name
 * ("apps/Deployment") against the tables' property keys every time: a pure cache; the tables never change.
 */
const tableCache = new Map<string, Record<string, FieldMeta> | null>();
