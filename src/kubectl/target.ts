/**
 * What kubectl can read and do: the cluster as kubectl sees it through its kubeconfig. Discovery (`resources`,
 * `resolve`), reads (`get`, `list`, `select`) and one way to change anything (`act`), which the simulation logs as a
 * user input (replayable: time travel, share links) and traces.
 *
 * Reads are untraced, as they change nothing: replaying the input log gives the same trace whether or not someone
 * typed `kubectl get` in between. Every mutation goes through `act` as a {@link UserAction}.
 *
 * `targetOf(sim)` adapts a {@link Simulation}; the served API (src/serve) can offer the same interface.
 */
import type { UserAction } from '../sim/actions/user-action.ts';
import type { KubeObject } from '../sim/api/object.ts';
import { apiVersionOf, type ResourceInfo } from '../sim/api/resources.ts';
import type { Status } from '../sim/api/status.ts';
import type { ActResult } from '../sim/cluster/act-result.ts';
import type { Simulation } from '../sim/simulation.ts';
import type { LoadModel } from '../sim/metrics/load-model.ts';

export type { ActResult, ResourceInfo, KubeObject, Status };

/** A list filtered by the api-server's own label and field selectors (its 400 for a bad one). */
export interface SelectOptions {
  labelSelector?: string;
  fieldSelector?: string;
}

export interface KubectlTarget {
  /** Virtual ms; ages are computed against it. */
  readonly now: number;
  /** Discovery: the built-in kinds and the served custom resources. */
  resources(): readonly ResourceInfo[];
  /** kubectl's name resolution: "po", "pods", "deploy", "deployments.apps", "Deployment". */
  resolve(resource: string): ResourceInfo | undefined;
  get(info: ResourceInfo, namespace: string | undefined, name: string): KubeObject | undefined;
  /** `namespace` undefined = all namespaces. Sorted by namespace, then name. */
  list(info: ResourceInfo, namespace: string | undefined): KubeObject[];
  /** A list with selectors, as the api-server filters it; a bad selector is the api-server's Status. */
  select(info: ResourceInfo, namespace: string | undefined, options: SelectOptions): KubeObject[] | { status: Status };
  /** A mutation: logged as a user input (replayable) and traced. */
  act(action: UserAction): ActResult;
  /** The simulated metrics-server's source (`kubectl top`); absent or undefined: the Metrics API is not served. */
  loadModel?(): LoadModel | undefined;
}

/** The target over a simulation: reads the api-server's store without requests; writes are `sim.act`. */
export function targetOf(sim: Simulation): KubectlTarget {
  // Always the current cluster: a seek replaces it.
  const api = () => sim.cluster.apiServer;
  return {
    get now() {
      return sim.now;
    },
    resources: () => api().resourcesInfo(),
    resolve: (resource) => (resource ? api().resolve(resource) : undefined),
    get: (info, namespace, name) => api().getObject(apiVersionOf(info), info.kind, info.namespaced ? namespace : undefined, name),
    list: (info, namespace) => api().listObjects(apiVersionOf(info), info.kind, info.namespaced ? namespace : undefined),
    select: (info, namespace, options) => {
      if (!options.labelSelector && !options.fieldSelector) return api().listObjects(apiVersionOf(info), info.kind, info.namespaced ? namespace : undefined);
      const res = api().handle({
        verb: 'list',
        apiVersion: apiVersionOf(info),
        kind: info.kind,
        namespace: info.namespaced ? namespace : undefined,
        labelSelector: options.labelSelector,
        fieldSelector: options.fieldSelector,
        user: 'kubectl',
      });
      if (!res.ok) return { status: res.status };
      return 'list' in res ? res.list.items : [];
    },
    act: (action) => sim.act(action),
    loadModel: () => sim.cluster.loadModel,
  };
}
