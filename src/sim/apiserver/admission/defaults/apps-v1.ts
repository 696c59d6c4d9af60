/**
 * Defaults of apps/v1, ported from kubernetes `pkg/apis/apps/v1/defaults.go` (`SetDefaults_Deployment`,
 * `SetDefaults_ReplicaSet`) plus the pod-template defaults `SetObjectDefaults_Deployment` reaches.
 */
import { isObject, ensureObject, setDefault, type JsonObject } from '../json-shape.ts';
import { defaultPodTemplate } from './core-v1.ts';

/** `SetDefaults_Deployment`: replicas 1, RollingUpdate 25%/25%, revisionHistoryLimit 10, progressDeadlineSeconds 600. */
export function defaultDeployment(obj: JsonObject): void {
  const spec = ensureObject(obj, 'spec');
  if (!spec) return;
  setDefault(spec, 'replicas', 1);
  const strategy = ensureObject(spec, 'strategy');
  if (strategy) {
    setDefault(strategy, 'type', 'RollingUpdate');
    if (strategy['type'] === 'RollingUpdate') {
      const ru = ensureObject(strategy, 'rollingUpdate');
      if (ru) {
        setDefault(ru, 'maxUnavailable', '25%');
        setDefault(ru, 'maxSurge', '25%');
      }
    }
  }
  setDefault(spec, 'revisionHistoryLimit', 10);
  setDefault(spec, 'progressDeadlineSeconds', 600);
  const template = spec['template'];
  if (isObject(template)) defaultPodTemplate(template);
}

/** `SetDefaults_ReplicaSet`: replicas 1, plus the pod template. */
export function defaultReplicaSet(obj: JsonObject): void {
  const spec = ensureObject(obj, 'spec');
  if (!spec) return;
  setDefault(spec, 'replicas', 1);
  const template = spec['template'];
  if (isObject(template)) defaultPodTemplate(template);
}
