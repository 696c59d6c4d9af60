/**
 * Merging an applied configuration into the live object, as structured-merge-diff's `typed.TypedValue.Merge`
 * (typed/merge.go): maps and structs merge field by field, map-lists merge item by item on their keys, sets are
 * unions, atomic lists and scalars are replaced by the configuration's value.
 */
import { fieldMeta } from '../patch/patch-meta.ts';
import { isMap } from './field-set.ts';
import { keyElement } from './path-keys.ts';
import { valuesEqual } from './object-paths.ts';
import { getOwn, setOwn } from '../../api/own-property.ts';

type JsonMap = Record<string, unknown>;

/**
 * Returns `live` with `config` merged in (`typeName` is the type of both, see patch-meta.ts). Pure.
 *
 * @remarks Map-list order: live items keep their order, new configuration items are appended (SMD interleaves by
 * the configuration's order in some cases).
 */
export function mergeStructured(live: unknown, config: unknown, typeName: string | undefined): unknown {
  if (!isMap(config) || !isMap(live)) return structuredClone(config);
  const out: JsonMap = { ...live };
  for (const k of Object.keys(config)) {
    const cv = config[k];
    if (cv === undefined) continue;
    const meta = fieldMeta(typeName, k);
    const lv = getOwn(out, k);
    if (meta.atomic || cv === null) setOwn(out, k, structuredClone(cv));
    else if (isMap(cv)) setOwn(out, k, mergeStructured(isMap(lv) ? lv : {}, cv, meta.type));
    else if (Array.isArray(cv) && Array.isArray(lv) && meta.listType === 'map' && meta.keys) {
      const keys = meta.keys;
      const merged = [...lv];
      for (const item of cv) {
        const id = keyElement(item, keys, meta.keyDefaults);
        const i = merged.findIndex((x) => keyElement(x, keys, meta.keyDefaults) === id);
        if (i >= 0) merged[i] = mergeStructured(merged[i], item, meta.type);
        else merged.push(structuredClone(item));
      }
      setOwn(out, k, merged);
    } else if (Array.isArray(cv) && Array.isArray(lv) && meta.listType === 'set') {
      setOwn(out, k, [...lv, ...cv.filter((v) => !lv.some((w) => valuesEqual(v, w)))]);
    } else setOwn(out, k, structuredClone(cv));
  }
  return out;
}
