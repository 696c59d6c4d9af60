/**
 * Defaults of an apps/v1 StatefulSet, ported from kubernetes `pkg/apis/apps/v1/defaults.go` (`SetDefaults_StatefulSet`)
 * with 1.32's gates: StatefulSetAutoDeletePVC on (the retention policy defaults to Retain/Retain),
 * MaxUnavailableStatefulSet off (no `maxUnavailable` default). `SetObjectDefaults_StatefulSet` also defaults the pod
 * template and each volume claim template.
 */
import { ensureObject, isObject, setDefault, type JsonObject } from '../json-shape.ts';
import { defaultPodTemplate } from './core-v1.ts';
import { defaultPersistentVolumeClaim } from './persistent-volume-claim.ts';

/**
 * `SetDefaults_StatefulSet`: podManagementPolicy OrderedReady; updateStrategy RollingUpdate with partition 0;
 * persistentVolumeClaimRetentionPolicy Retain/Retain; replicas 1; revisionHistoryLimit 10.
 */
export function defaultStatefulSet(obj: JsonObject): void {
  const spec = ensureObject(obj, 'spec');
  if (!spec) return;
  if (spec['podManagementPolicy'] === undefined || spec['podManagementPolicy'] === null || spec['podManagementPolicy'] === '') spec['podManagementPolicy'] = 'OrderedReady';
  const strategy = ensureObject(spec, 'updateStrategy');
  if (strategy) {
    if (strategy['type'] === undefined || strategy['type'] === null || strategy['type'] === '') {
      strategy['type'] = 'RollingUpdate';
      setDefault(strategy, 'rollingUpdate', {});
    }
    const ru = strategy['rollingUpdate'];
    if (strategy['type'] === 'RollingUpdate' && isObject(ru)) setDefault(ru, 'partition', 0);
  }
  const policy = ensureObject(spec, 'persistentVolumeClaimRetentionPolicy');
  if (policy) {
    if (policy['whenDeleted'] === undefined || policy['whenDeleted'] === null || policy['whenDeleted'] === '') policy['whenDeleted'] = 'Retain';
    if (policy['whenScaled'] === undefined || policy['whenScaled'] === null || policy['whenScaled'] === '') policy['whenScaled'] = 'Retain';
  }
  setDefault(spec, 'replicas', 1);
  setDefault(spec, 'revisionHistoryLimit', 10);
  const template = spec['template'];
  if (isObject(template)) defaultPodTemplate(template);
  const claims = spec['volumeClaimTemplates'];
  if (Array.isArray(claims)) for (const c of claims) if (isObject(c)) defaultPersistentVolumeClaim(c);
}
