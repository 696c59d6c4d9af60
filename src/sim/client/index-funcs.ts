/**
 * Named index functions for {@link Indexer}s (client-go `tools/cache/index.go`: `IndexFunc`, `MetaNamespaceIndexFunc`).
 *
 * An indexer stores the NAMES of its index functions, never the functions: checkpoints copy the simulation graph and
 * a stored closure cannot be copied. The functions live in this module-level registry, looked up by name.
 */
import { controllerOf, type KubeObject } from '../api/object.ts';

/** `cache.IndexFunc`: the values under which an object is indexed (none = not in this index). */
export type IndexFunc = (obj: KubeObject) => string[];

/** `cache.NamespaceIndex`. */
export const NAMESPACE_INDEX = 'namespace';
/** Objects by the UID of their controller owner (the ReplicaSet/Job controllers' `controllerUIDIndex`). */
export const CONTROLLER_UID_INDEX = 'controller-uid';
/** Pods by `spec.nodeName` (the scheduler and kubelet's `NodeNameKeyIndex`). */
export const NODE_NAME_INDEX = 'spec.nodeName';

const registry = new Map<string, IndexFunc>();

/**
 * Registers (or replaces) an index function under `name`. Register at module load time: a checkpoint restored in a
 * fresh process finds only what its modules registered.
 */
export function registerIndexFunc(name: string, fn: IndexFunc): void {
  registry.set(name, fn);
  if (name === NAMESPACE_INDEX) namespaceIndexIsMetaNamespace = fn === metaNamespaceIndexFunc;
}

/**
 * Whether {@link NAMESPACE_INDEX} is registered as {@link metaNamespaceIndexFunc} (it is unless replaced): lets an
 * indexer skip looking the function up for an object whose namespace did not change (every watch event).
 */
export function isNamespaceIndexDefault(name: string): boolean {
  return name === NAMESPACE_INDEX && namespaceIndexIsMetaNamespace;
}

let namespaceIndexIsMetaNamespace = false;

/** The index function registered under `name`; throws for an unknown name. */
export function indexFunc(name: string): IndexFunc {
  const fn = registry.get(name);
  if (!fn) throw new Error(`no index function registered as ${JSON.stringify(name)}`);
  return fn;
}

/** Whether `name` is registered. */
export function hasIndexFunc(name: string): boolean {
  return registry.has(name);
}

/**
 * Whether `fn` certainly gives `obj` the values it gives `old`, told from the fields it reads alone (without calling
 * it, and without the two value arrays): for an update whose indexed fields did not change, which is nearly every
 * watch event (a pod's status write keeps its owner references and spec.nodeName; the api-server keeps unchanged
 * subtrees as the stored ones, so the owner references are the very same array). False only means "not known":
 * the caller then compares the values themselves.
 *
 * Both objects are cached ones, never changed in place (the indexer already relies on it when it takes `fn(old)` to
 * find the entries `old` was put under), so one array read from both gives both the same values.
 */
export function indexValuesUnchanged(fn: IndexFunc, old: KubeObject, obj: KubeObject): boolean {
  if (fn === podControllerUIDIndexFunc || fn === controllerUIDIndexFunc) {
    // Both read the kind (podControllerUIDIndexFunc) and the owner references alone.
    return old.kind === obj.kind && old.metadata?.ownerReferences === obj.metadata?.ownerReferences;
  }
  if (fn === nodeNameIndexFunc) {
    return old.kind === obj.kind && nodeNameOf(old) === nodeNameOf(obj);
  }
  return false;
}

/** `cache.MetaNamespaceIndexFunc`: the object's namespace ("" for cluster-scoped objects). */
export function metaNamespaceIndexFunc(obj: KubeObject): string[] {
  return [obj.metadata.namespace ?? ''];
}

/** The UID of the owner reference with `controller: true`, if any. */
export function controllerUIDIndexFunc(obj: KubeObject): string[] {
  const uid = controllerOf(obj)?.uid;
  return uid ? [uid] : [];
}

/**
 * kube-controller-manager's `controller.PodControllerUIDIndex` (pkg/controller/controller_utils.go): a pod under its
 * controller's UID, or under {@link ORPHAN_POD_INDEX_KEY} when it has no controller, so a ReplicaSet finds the pods
 * it owns or may adopt without scanning the namespace.
 */
export const POD_CONTROLLER_UID_INDEX = 'podControllerUID';
export const ORPHAN_POD_INDEX_KEY = '_ORPHAN_POD';

export function podControllerUIDIndexFunc(obj: KubeObject): string[] {
  if (obj.kind !== 'Pod') return [];
  const uid = controllerOf(obj)?.uid;
  return [uid ?? ORPHAN_POD_INDEX_KEY];
}

/** A pod's `spec.nodeName`; unscheduled pods are indexed under "". */
export function nodeNameIndexFunc(obj: KubeObject): string[] {
  if (obj.kind !== 'Pod') return [];
  return [nodeNameOf(obj)];
}

function nodeNameOf(obj: KubeObject): string {
  const spec = obj.spec as { nodeName?: string } | undefined;
  return spec?.nodeName ?? '';
}

registerIndexFunc(NAMESPACE_INDEX, metaNamespaceIndexFunc);
registerIndexFunc(CONTROLLER_UID_INDEX, controllerUIDIndexFunc);
registerIndexFunc(POD_CONTROLLER_UID_INDEX, podControllerUIDIndexFunc);
registerIndexFunc(NODE_NAME_INDEX, nodeNameIndexFunc);
