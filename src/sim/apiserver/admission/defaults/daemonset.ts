/**
 * Defaults of apps/v1 DaemonSet, ported from kubernetes `pkg/apis/apps/v1/defaults.go` (`SetDefaults_DaemonSet`)
 * plus the pod-template defaults `SetObjectDefaults_DaemonSet` reaches.
 */
import { ensureObject, isObject, setDefault, type JsonObject } from '../json-shape.ts';
import { defaultPodTemplate } from './core-v1.ts';

/**
 * `SetDefaults_DaemonSet`: updateStrategy RollingUpdate with maxUnavailable 1 and maxSurge 0,
 * revisionHistoryLimit 10; then the pod template's defaults.
 */
export function defaultDaemonSet(obj: JsonObject): void {
  const spec = ensureObject(obj, 'spec');
  if (!spec) return;
  const strategy = ensureObject(spec, 'updateStrategy');
  if (strategy) {
    setDefault(strategy, 'type', 'RollingUpdate');
    if (strategy['type'] === 'RollingUpdate') {
      const ru = ensureObject(strategy, 'rollingUpdate');
      if (ru) {
        setDefault(ru, 'maxUnavailable', 1);
        setDefault(ru, 'maxSurge', 0);
      }
    }
  }
  setDefault(spec, 'revisionHistoryLimit', 10);
  const template = spec['template'];
  if (isObject(template)) defaultPodTemplate(template);
}
