/**
 * What the api-server's typed JSON decoder refuses before any validation runs: a number that does not fit the Go
 * integer field it lands in (`progressDeadlineSeconds: 1e308`, `replicas: 1.5`, `replicas: 3000000000`), and an
 * ObjectMeta string given as something else (`metadata.name: {a: 1}`). Answered with a 400 as upstream words it:
 *
 *   Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 1e+308 into Go
 *   struct field DeploymentSpec.spec.progressDeadlineSeconds of type int32
 *
 * Sources: the inner text is encoding/json's `UnmarshalTypeError.Error()` as sigs.k8s.io/json (the decoder of
 * k8s.io/apimachinery's json serializer) keeps it: "json: cannot unmarshal " + value + " into Go struct field " +
 * Struct + "." + Field + " of type " + Type, where Struct is the innermost Go struct's name, Field the full path of
 * JSON names from the root (no list indexes), and value "number <literal>" or the JSON type ("object", "array",
 * "bool"); the number's literal is what kubectl sends, Go's float formatting, which is ECMAScript's. The wrapping is
 * k8s.io/apiserver `endpoints/handlers/rest.go` transformDecodeError: `%s in version %q cannot be handled as a %s: %v`.
 * `kubectl apply --dry-run=client` does not decode, so this text cannot be read off the real kubectl offline.
 *
 * @remarks Only the integer fields below are bounded (the ones of the kinds the simulation serves; Go's int32 and
 * int64). Custom resources are checked by their schema instead (crd/). Every verb gets this text: upstream's create
 * and update decode the body so; its patches (server-side apply included) convert the patched object without a range
 * check (runtime.DefaultUnstructuredConverter), which would store a wrapped or truncated number instead.
 */
import { badRequest, type Status } from '../../api/status.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { knownFields } from '../fieldvalidation/known-fields.ts';

type IntType = 'int32' | 'int64';

const I32 = 'int32';
const I64 = 'int64';

/** Go struct type (as the known-fields table names it) → JSON field → its integer type. */
const INT_FIELDS: Readonly<Record<string, Readonly<Record<string, IntType>>>> = {
  ObjectMeta: { generation: I64, deletionGracePeriodSeconds: I64 },
  DeploymentSpec: { replicas: I32, minReadySeconds: I32, revisionHistoryLimit: I32, progressDeadlineSeconds: I32 },
  DeploymentStatus: { observedGeneration: I64, replicas: I32, updatedReplicas: I32, readyReplicas: I32, availableReplicas: I32, unavailableReplicas: I32, terminatingReplicas: I32, collisionCount: I32 },
  ReplicaSetSpec: { replicas: I32, minReadySeconds: I32 },
  ReplicaSetStatus: { replicas: I32, fullyLabeledReplicas: I32, readyReplicas: I32, availableReplicas: I32, terminatingReplicas: I32, observedGeneration: I64 },
  DaemonSetSpec: { minReadySeconds: I32, revisionHistoryLimit: I32 },
  DaemonSetStatus: {
    currentNumberScheduled: I32, numberMisscheduled: I32, desiredNumberScheduled: I32, numberReady: I32, observedGeneration: I64,
    updatedNumberScheduled: I32, numberAvailable: I32, numberUnavailable: I32, collisionCount: I32,
  },
  StatefulSetSpec: { replicas: I32, minReadySeconds: I32, revisionHistoryLimit: I32 },
  StatefulSetStatus: { observedGeneration: I64, replicas: I32, readyReplicas: I32, currentReplicas: I32, updatedReplicas: I32, availableReplicas: I32, collisionCount: I32 },
  StatefulSetOrdinals: { start: I32 },
  RollingUpdateStatefulSetStrategy: { partition: I32 },
  JobSpec: { parallelism: I32, completions: I32, activeDeadlineSeconds: I64, backoffLimit: I32, backoffLimitPerIndex: I32, maxFailedIndexes: I32, ttlSecondsAfterFinished: I32 },
  JobStatus: { active: I32, succeeded: I32, failed: I32, ready: I32, terminating: I32 },
  CronJobSpec: { startingDeadlineSeconds: I64, successfulJobsHistoryLimit: I32, failedJobsHistoryLimit: I32 },
  PodSpec: { activeDeadlineSeconds: I64, terminationGracePeriodSeconds: I64, priority: I32 },
  Probe: { initialDelaySeconds: I32, timeoutSeconds: I32, periodSeconds: I32, successThreshold: I32, failureThreshold: I32, terminationGracePeriodSeconds: I64 },
  ContainerPort: { containerPort: I32, hostPort: I32 },
  ContainerStatus: { restartCount: I32 },
  ContainerStateTerminated: { exitCode: I32 },
  GRPCAction: { port: I32 },
  Toleration: { tolerationSeconds: I64 },
  PreferredSchedulingTerm: { weight: I32 },
  WeightedPodAffinityTerm: { weight: I32 },
  ServicePort: { port: I32, nodePort: I32 },
  ServiceSpec: { healthCheckNodePort: I32 },
  ClientIPConfig: { timeoutSeconds: I32 },
  EndpointPort: { port: I32 },
  HorizontalPodAutoscalerSpec: { minReplicas: I32, maxReplicas: I32 },
  HorizontalPodAutoscalerStatus: { observedGeneration: I64, currentReplicas: I32, desiredReplicas: I32 },
  HPAScalingRules: { stabilizationWindowSeconds: I32 },
  HPAScalingPolicy: { value: I32, periodSeconds: I32 },
  MetricTarget: { averageUtilization: I32 },
  MetricValueStatus: { averageUtilization: I32 },
  LeaseSpec: { leaseDurationSeconds: I32, leaseTransitions: I32 },
  MutatingWebhook: { timeoutSeconds: I32 },
  ValidatingWebhook: { timeoutSeconds: I32 },
  ServiceReference: { port: I32 },
  apiextensions_v1_ServiceReference: { port: I32 },
  ServiceAccountTokenProjection: { expirationSeconds: I64 },
  PodCondition: { observedGeneration: I64 },
  PodStatus: { observedGeneration: I64 },
  Condition: { observedGeneration: I64 },
  v1_Event: { count: I32 },
};

/** Each type's least value and the first one past its greatest (JavaScript cannot hold 2^63 - 1 exactly). */
const INT_RANGE: Record<IntType, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31],
  int64: [-(2 ** 63), 2 ** 63],
};

/** Whether `n` is an integer Go's int64 holds. */
export function fitsInt64(n: number): boolean {
  return Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 63;
}

/** Whether `n` fits every Go integer field without a look at which one (the fast path of every write). */
export function fitsInt32(n: number): boolean {
  return (n | 0) === n;
}

/** Go's name for a struct type of the table: "apps_v1_Deployment" → "Deployment". */
function goStructName(type: string): string {
  return type.replace(/^[a-z0-9_]+?_v\d+[a-z0-9]*_/, '');
}

/** The value part of encoding/json's UnmarshalTypeError for a JSON value. */
function goValue(v: unknown): string {
  if (typeof v === 'number') return `number ${String(v)}`;
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

function decodeError(info: ResourceInfo, inner: string): Status {
  return badRequest(`${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: json: cannot unmarshal ${inner}`);
}

/** ObjectMeta's string fields given as another JSON type (`metadata.name: {}`). Cheap: every write. */
export function metadataTypeError(info: ResourceInfo, metadata: Record<string, unknown>): Status | undefined {
  for (const k of ['name', 'generateName', 'namespace', 'uid', 'resourceVersion'] as const) {
    const v = metadata[k];
    if (v !== undefined && v !== null && typeof v !== 'string') return decodeError(info, `${goValue(v)} into Go struct field ObjectMeta.metadata.${k} of type string`);
  }
  return undefined;
}

/**
 * The first integer field of `body` (read as `rootType`, in the body's key order) whose number is not an integer
 * of its Go type, as the decoder's 400; undefined when every one fits. Walks only the typed parts of the body.
 */
export function integerFieldError(info: ResourceInfo, body: unknown, rootType: string): Status | undefined {
  const path: string[] = [];
  let found: Status | undefined;
  const walk = (value: unknown, type: string): void => {
    if (found || typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const fields = knownFields(type);
    if (!fields) return;
    const ints = INT_FIELDS[type];
    for (const key of Object.keys(value)) {
      const code = fields[key];
      if (code === undefined) continue;
      const child = (value as Record<string, unknown>)[key];
      path.push(key);
      const intType = ints?.[key];
      if (intType !== undefined) {
        const [min, past] = INT_RANGE[intType];
        if (typeof child === 'number' && !(Number.isInteger(child) && child >= min && child < past)) {
          found = decodeError(info, `${goValue(child)} into Go struct field ${goStructName(type)}.${path.join('.')} of type ${intType}`);
          return;
        }
      } else if (code.startsWith('[]')) {
        if (Array.isArray(child)) for (const item of child) walk(item, code.slice(2));
      } else if (code.startsWith('{}')) {
        if (typeof child === 'object' && child !== null) for (const v of Object.values(child)) walk(v, code.slice(2));
      } else if (code !== '') walk(child, code);
      path.pop();
      if (found) return;
    }
  };
  walk(body, rootType);
  return found;
}
