/**
 * Monitors for custom resources: when a CustomResourceDefinition appears, the garbage collector learns its kind's
 * scope and starts watching the kind (its preferred version), so that ownerReferences from and to custom resources
 * are collected like any other.
 *
 * Loaded on demand with the simulation's libraries (`libraries().controllerParts`): CRDs come only from input that
 * loads them first, so the first script holds only the handler that makes this one at the first CRD event
 * (custom-resource-monitors-shell.ts).
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/garbagecollector.go` (`Sync`: discovery every 30 s,
 * `resyncMonitors`), `graph_builder.go` (`syncMonitors`, `controllerFor`) and
 * `k8s.io/apimachinery/pkg/version/helpers.go` (`CompareKubeAwareVersionStrings`, which orders discovery's preferred
 * versions).
 *
 * @remarks Upstream notices new kinds at its next 30 s discovery resync; here a kind is monitored as soon as its CRD
 * is seen. A deleted CRD's kind is unmapped at once, but its informer stays (the shared informer factory cannot drop
 * one): its lists fail and are retried with the reflector's backoff until the CRD comes back, where upstream stops
 * the monitor at the next resync.
 */
import { apiVersionOf, type ResourceInfo } from '../../api/resources.ts';
import type { KubeObject } from '../../api/object.ts';
import { resourceInfosFromCRD } from '../../apiserver/crd/resource-infos.ts';
import type { SharedInformerFactory } from '../../client/shared-informer-factory.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import type { MonitorEventHandler } from './graph-builder.ts';
import type { RestMapper } from './rest-mapper.ts';

/** The CustomResourceDefinition informer's second handler (the first is the graph's own monitor). */
export class CustomResourceMonitors implements ResourceEventHandler {
  /** "apiVersion|kind" of the custom kinds monitored. */
  private readonly monitored = new Set<string>();

  constructor(
    private readonly informers: SharedInformerFactory,
    private readonly mapper: RestMapper,
    private readonly handler: MonitorEventHandler,
  ) {}

  onAdd(obj: KubeObject): void {
    this.sync(obj);
  }

  onUpdate(_oldObj: KubeObject, newObj: KubeObject): void {
    this.sync(newObj);
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const crd = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (crd) this.mapper.forget(resourceInfosFromCRD(crd));
  }

  /** The kinds monitored so far, as "apiVersion kind". */
  monitoredKinds(): string[] {
    return [...this.monitored].map((k) => k.replace('|', ' '));
  }

  /** `syncMonitors` for one CRD: map its kind and watch its preferred version. */
  private sync(crd: KubeObject): void {
    const infos = resourceInfosFromCRD(crd);
    this.mapper.learn(infos);
    const preferred = preferredResource(infos);
    if (!preferred) return;
    const apiVersion = apiVersionOf(preferred);
    const id = `${apiVersion}|${preferred.kind}`;
    if (this.monitored.has(id)) return;
    this.monitored.add(id);
    this.informers.informerFor(apiVersion, preferred.kind).addEventHandler(this.handler);
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
