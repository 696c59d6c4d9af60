/**
 * Defaults of a v1 PersistentVolumeClaim, ported from kubernetes `pkg/apis/core/v1/defaults.go`
 * (`SetDefaults_PersistentVolumeClaim`: phase Pending; `SetDefaults_PersistentVolumeClaimSpec`: volumeMode
 * Filesystem). Also what a StatefulSet's `volumeClaimTemplates` get (`SetObjectDefaults_StatefulSet`).
 */
import { ensureObject, isObject, setDefault, type JsonObject } from '../json-shape.ts';

/** `SetDefaults_PersistentVolumeClaim` and its spec's: `spec.volumeMode: Filesystem`, `status.phase: Pending`. */
export function defaultPersistentVolumeClaim(obj: JsonObject): void {
  const spec = obj['spec'];
  if (isObject(spec)) setDefault(spec, 'volumeMode', 'Filesystem');
  const status = ensureObject(obj, 'status');
  if (status && (status['phase'] === undefined || status['phase'] === null || status['phase'] === '')) status['phase'] = 'Pending';
}
