/**
 * What a describer may read besides the object: the events of its namespace, other objects (a Deployment's
 * ReplicaSets, a node's pods and Lease, a Service's EndpointSlices), and discovery. Pure data access, as the
 * describers' client calls upstream; `now` (virtual ms) is what ages are counted against.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';

export interface DescribeContext {
  now: number;
  /** core/v1 Events that may concern the object (its namespace's; for cluster-scoped objects, all namespaces'). */
  events: KubeObject[];
  list(info: ResourceInfo, namespace?: string): KubeObject[];
  resolve(resource: string): ResourceInfo | undefined;
  /** `--show-events` (default true). */
  showEvents?: boolean;
}
