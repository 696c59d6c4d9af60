/**
 * The namespace controller: a namespace with a deletionTimestamp is emptied (namespaced-resources-deleter.ts) and
 * then released through `/finalize`; while content remains it looks again after half the estimate plus a second.
 *
 * The emptying is loaded on demand with the simulation's libraries (`libraries().controllerParts`): a namespace is
 * deleted only by a person, or by the garbage collector when the namespace has ownerReferences, and an init whose
 * objects carry ownerReferences loads the libraries before it is obeyed (worker/needs-libraries.ts). This controller,
 * its informer handlers and its queue stay in the worker's first script, so the trace is the same whenever the code
 * arrived.
 *
 * Ported from kubernetes `pkg/controller/namespace/namespace_controller.go` (NamespaceController, enqueueNamespace:
 * only namespaces being deleted, after `namespaceDeletionGracePeriod` (5 s) so admission caches and other
 * components catch up; worker: a ResourcesRemainingError requeues after estimate/2+1 seconds; syncNamespaceFromKey).
 *
 * @remarks The periodic resync (`--namespace-sync-period`, 5 min) is not modelled: a namespace is looked at when
 * it changes and when its estimate says.
 */
import { keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler, SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { libraries } from '../../libraries.ts';
import { refOf } from '../../trace/trace-event.ts';

/** The controller's name: its queue, its client's user and the trace actor. */
export const NAMESPACE_CONTROLLER = 'namespace-controller';
/** `namespaceDeletionGracePeriod`. */
export const NAMESPACE_DELETION_GRACE_PERIOD_MS = 5_000;
const SYNCED_POLL_PERIOD_MS = 100;

export class NamespaceController implements Reconciler, ResourceEventHandler {
  runner: Controller | null = null;

  constructor(readonly nsInformer: SharedIndexInformer) {}

  /** `enqueueNamespace`: only a namespace being deleted, after the grace period. */
  private enqueueNamespace(obj: KubeObject): void {
    if (!obj.metadata.deletionTimestamp) return;
    this.runner?.enqueueAfter(keyOf(obj), NAMESPACE_DELETION_GRACE_PERIOD_MS, 'after');
  }

  onAdd(obj: KubeObject): void {
    this.enqueueNamespace(obj);
  }

  onUpdate(_oldObj: KubeObject, newObj: KubeObject): void {
    this.enqueueNamespace(newObj);
  }

  onDelete(): void {}

  /** `syncNamespaceFromKey`, and the worker's handling of the remaining-resources estimate. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    if (!this.nsInformer.hasSynced()) {
      ctx.observe('caches not synced yet (WaitForCacheSync)');
      return { requeueAfter: SYNCED_POLL_PERIOD_MS };
    }
    const ns = this.nsInformer.get(undefined, request.name);
    if (!ns) {
      ctx.observe(`namespace ${request.name} not found: deleted`);
      return {};
    }
    ctx.observe(`namespace ${request.name} (rv ${ns.metadata.resourceVersion}) is being deleted since ${ns.metadata.deletionTimestamp}`, [{ ...refOf(ns), rv: ns.metadata.resourceVersion }]);
    const outcome = yield* libraries().controllerParts.deleteNamespace(ctx, request.name);
    if (outcome.done) {
      ctx.status(outcome.summary);
      return {};
    }
    const after = (Math.floor(outcome.estimate / 2) + 1) * 1000;
    ctx.diff(`${outcome.summary}; estimate ${outcome.estimate}s, look again in ${after / 1000}s`, false);
    return { requeueAfter: after };
  }
}
