/**
 * The argocd-application-controller's informer event handlers (argo-cd `controller/appcontroller.go`
 * newApplicationInformerAndLister's handlers, and the cluster cache's resource-updated callback).
 */
import type { KubeObject } from '../api/object.ts';
import { deepEqual } from '../apiserver/strategy/object-diff.ts';
import type { ResourceEventHandler } from '../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../client/store.ts';
import type { ApplicationController } from './application-controller.ts';

/** Enqueues the Application on its own changes (spec or refresh annotation) — not on its status writes. */
export class ApplicationEventHandler implements ResourceEventHandler {
  constructor(readonly controller: ApplicationController) {}
  onAdd(obj: KubeObject): void {
    const key = `${obj.metadata.namespace}/${obj.metadata.name}`;
    this.controller.refreshLatest.add(key);
    this.controller.runner?.enqueue(key, 'add');
  }
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const refresh = 'argocd.argoproj.io/refresh';
    const operation = (o: KubeObject): unknown => (o as unknown as { operation?: unknown }).operation;
    if (deepEqual(oldObj.spec, newObj.spec) && deepEqual(operation(oldObj), operation(newObj)) && oldObj.metadata.annotations?.[refresh] === newObj.metadata.annotations?.[refresh]) return;
    const key = `${newObj.metadata.namespace}/${newObj.metadata.name}`;
    this.controller.refreshLatest.add(key);
    this.controller.runner?.enqueue(key, 'update');
  }
  onDelete(): void {}
}

/** A change to a resource carrying the tracking label refreshes its Application (upstream: the cluster cache's handler). */
export class TrackedResourceHandler implements ResourceEventHandler {
  constructor(readonly controller: ApplicationController) {}
  onAdd(obj: KubeObject): void {
    this.controller.refreshOwnerOf(obj, 'add');
  }
  onUpdate(_old: KubeObject, obj: KubeObject): void {
    this.controller.refreshOwnerOf(obj, 'update');
  }
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const o = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (o) this.controller.refreshOwnerOf(o, 'delete');
  }
}
