/**
 * `kubectl describe`: the describer of each kind (kubectl `pkg/describe/describe.go`), over plain objects. Kinds
 * without one of their own get the generic describer, as kubectl's GenericDescriberFor does. Never throws: an
 * object a describer cannot read (a cycle, a getter that throws) is described generically, and failing that in
 * one line.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { describeCronJob, describeJob } from './batch.ts';
import type { DescribeContext } from './context.ts';
import { describeConfigMap, describeNamespace } from './core.ts';
import { describeDaemonSet } from './daemonset.ts';
import { describeEndpointSlice } from './endpointslice.ts';
import { describeGeneric } from './generic.ts';
import { describeHPA } from './hpa.ts';
import { describeNode } from './node.ts';
import { describePod } from './pod.ts';
import { describeService } from './service.ts';
import { describePersistentVolumeClaim } from './persistent-volume-claim.ts';
import { describeStatefulSet } from './statefulset.ts';
import { describeDeployment, describeReplicaSet } from './workloads.ts';

export type { DescribeContext } from './context.ts';

const DESCRIBERS: Record<string, (o: KubeObject, ctx: DescribeContext) => string> = {
  '/Pod': describePod,
  '/Node': describeNode,
  '/Service': describeService,
  '/Namespace': (o) => describeNamespace(o),
  '/ConfigMap': describeConfigMap,
  '/PersistentVolumeClaim': describePersistentVolumeClaim,
  'apps/Deployment': describeDeployment,
  'apps/ReplicaSet': describeReplicaSet,
  'apps/DaemonSet': describeDaemonSet,
  'apps/StatefulSet': describeStatefulSet,
  'batch/Job': describeJob,
  'batch/CronJob': describeCronJob,
  'autoscaling/HorizontalPodAutoscaler': describeHPA,
  'discovery.k8s.io/EndpointSlice': describeEndpointSlice,
};

/** The text `kubectl describe <kind> <name>` prints for `obj` (one object; the caller separates several). */
export function describe(info: ResourceInfo, obj: KubeObject, ctx: DescribeContext): string {
  const describer = DESCRIBERS[`${info.group}/${info.kind}`] ?? describeGeneric;
  try {
    return describer(obj, ctx);
  } catch {
    try {
      return describeGeneric(obj, ctx);
    } catch (e) {
      return `error: cannot describe ${info.resource} ${JSON.stringify(String(obj?.metadata?.name ?? ''))}: ${e instanceof Error ? e.message : String(e)}\n`;
    }
  }
}
