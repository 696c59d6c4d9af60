/**
 * `cache.Indexer` (client-go `tools/cache/index.go`, `thread_safe_store.go`): a {@link Store} that also keeps named
 * secondary indices, e.g. pods by namespace or by their controller's UID.
 *
 * Index functions are referenced by name (see `index-funcs.ts`) so that the indexer stays plain data.
 */
import type { KubeObject } from '../api/object.ts';
import { indexFunc, indexValuesUnchanged, isNamespaceIndexDefault, metaNamespaceIndexFunc } from './index-funcs.ts';
import { MapStore, type Store } from './store.ts';

export interface Indexer extends Store {
  /** Objects whose index `indexName` contains any value `indexName` computes for `obj` (`Index`). */
  index(indexName: string, obj: KubeObject): KubeObject[];
  /** Keys of the objects indexed under `indexedValue` (`IndexKeys`). */
  indexKeys(indexName: string, indexedValue: string): string[];
  /** Every value indexed so far (`ListIndexFuncValues`), sorted. */
  listIndexFuncValues(indexName: string): string[];
  /** Objects indexed under `indexedValue` (`ByIndex`). */
  byIndex(indexName: string, indexedValue: string): KubeObject[];
  /** Names of the index functions (`GetIndexers`). */
  getIndexers(): readonly string[];
  /** Adds index functions by name (`AddIndexers`); existing objects are indexed at once. */
  addIndexers(names: readonly string[]): void;
}

/**
 * The {@link Indexer} behind every informer.
 * Invariant: `indices.get(name).get(value)` holds exactly the keys whose object's index function yields `value`.
 */
export class CacheIndexer extends MapStore implements Indexer {
  private indexers: string[] = [];
  /** index name → indexed value → keys. */
  private indices = new Map<string, Map<string, Set<string>>>();

  constructor(indexerNames: readonly string[] = []) {
    super();
    this.addIndexers(indexerNames);
  }

  index(indexName: string, obj: KubeObject): KubeObject[] {
    const fn = this.indexFuncOf(indexName);
    const keys = new Set<string>();
    for (const value of fn(obj)) for (const key of this.indices.get(indexName)!.get(value) ?? []) keys.add(key);
    return this.objectsOf(keys);
  }

  indexKeys(indexName: string, indexedValue: string): string[] {
    this.indexFuncOf(indexName);
    return [...(this.indices.get(indexName)!.get(indexedValue) ?? [])];
  }

  listIndexFuncValues(indexName: string): string[] {
    this.indexFuncOf(indexName);
    return [...this.indices.get(indexName)!.keys()].sort();
  }

  byIndex(indexName: string, indexedValue: string): KubeObject[] {
    this.indexFuncOf(indexName);
    return this.objectsOf(this.indices.get(indexName)!.get(indexedValue) ?? []);
  }

  getIndexers(): readonly string[] {
    return this.indexers;
  }

  addIndexers(names: readonly string[]): void {
    for (const name of names) {
      indexFunc(name); // fail fast on an unknown name
      if (this.indices.has(name)) throw new Error(`indexer conflict: ${name}`);
      this.indexers.push(name);
      this.indices.set(name, new Map());
      for (const [key, obj] of this.items) this.updateIndex(name, key, undefined, obj);
    }
  }

  protected override changed(key: string, old: KubeObject | undefined, obj: KubeObject | undefined): void {
    if (old === obj) return;
    for (const name of this.indexers) this.updateIndex(name, key, old, obj);
  }

  private updateIndex(name: string, key: string, old: KubeObject | undefined, obj: KubeObject | undefined): void {
    // The same shortcut as below, before looking the function up.
    if (old && obj && old.metadata.namespace === obj.metadata.namespace && isNamespaceIndexDefault(name)) return;
    const fn = indexFunc(name);
    // Same namespace, same index entry: skip the two value arrays (every watch event of every informer lands here).
    if (fn === metaNamespaceIndexFunc && old && obj && old.metadata.namespace === obj.metadata.namespace) return;
    // The fields the function reads did not change (most updates): neither did its values.
    if (old && obj && indexValuesUnchanged(fn, old, obj)) return;
    const index = this.indices.get(name)!;
    const oldValues = old ? fn(old) : [];
    const newValues = obj ? fn(obj) : [];
    // The common case: the indexed value did not change (client-go's same shortcut in updateSingleIndex).
    if (oldValues.length === 1 && newValues.length === 1 && oldValues[0] === newValues[0]) return;
    for (const value of oldValues) {
      const set = index.get(value);
      if (!set) continue;
      set.delete(key);
      if (set.size === 0) index.delete(value);
    }
    for (const value of newValues) {
      let set = index.get(value);
      if (!set) index.set(value, (set = new Set()));
      set.add(key);
    }
  }

  private indexFuncOf(indexName: string) {
    if (!this.indices.has(indexName)) throw new Error(`Index with name ${indexName} does not exist`);
    return indexFunc(indexName);
  }

  private objectsOf(keys: Iterable<string>): KubeObject[] {
    const out: KubeObject[] = [];
    for (const key of keys) {
      const obj = this.items.get(key);
      if (obj) out.push(obj);
    }
    return out;
  }
}

/** `cache.NewIndexer(MetaNamespaceKeyFunc, indexers)`. */
export function newIndexer(indexerNames: readonly string[] = []): CacheIndexer {
  return new CacheIndexer(indexerNames);
}
