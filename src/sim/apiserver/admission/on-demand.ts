/**
 * The admission code of the kinds that only a person's input can bring (Jobs, CronJobs, HPAs, DaemonSets,
 * StatefulSets and their claims, CustomResourceDefinitions and custom resources: the controllers that write them are
 * on demand too),
 * loaded with the simulation's libraries (`src/sim/libraries.ts`). validation.ts and defaults.ts reach them through
 * `libraries().admission`; nothing in the page's first script imports this module.
 */
import type { KubeObject } from '../../api/object.ts';
import type { FieldError } from '../../api/field-errors.ts';
import type { JsonObject } from './json-shape.ts';
import { validateDaemonSet, validateDaemonSetUpdate } from './validation/daemonset.ts';
import { validateStatefulSet, validateStatefulSetUpdate } from './validation/statefulset.ts';
import { validatePersistentVolumeClaim, validatePersistentVolumeClaimUpdate } from './validation/persistent-volume-claim.ts';
import { validateJob, validateJobUpdate, validateCronJob, validateCronJobUpdate } from './validation/batch.ts';
import { validateHorizontalPodAutoscaler, validateHorizontalPodAutoscalerUpdate } from './validation/hpa.ts';
import { defaultCRD, validateCRD, validateCRDUpdate } from '../crd/crd-validation.ts';
export { defaultCustomResource, validateCustomResource, validateCRD as validateCRDObject } from '../crd/custom-resources.ts';
import { defaultDaemonSet } from './defaults/daemonset.ts';
import { defaultStatefulSet } from './defaults/statefulset.ts';
import { defaultPersistentVolumeClaim } from './defaults/persistent-volume-claim.ts';
import { defaultJob, defaultCronJob } from './defaults/batch-v1.ts';
import { defaultHorizontalPodAutoscaler } from './defaults/autoscaling-v2.ts';

import type { OnDemandKind } from './on-demand-kinds.ts';

export const validators: Record<OnDemandKind, { create(obj: KubeObject): FieldError[]; update(obj: KubeObject, old: KubeObject): FieldError[] }> = {
  'apps/DaemonSet': { create: validateDaemonSet, update: validateDaemonSetUpdate },
  'apps/StatefulSet': { create: validateStatefulSet, update: validateStatefulSetUpdate },
  '/PersistentVolumeClaim': { create: validatePersistentVolumeClaim, update: validatePersistentVolumeClaimUpdate },
  'batch/Job': { create: validateJob, update: validateJobUpdate },
  'batch/CronJob': { create: validateCronJob, update: validateCronJobUpdate },
  'autoscaling/HorizontalPodAutoscaler': { create: validateHorizontalPodAutoscaler, update: validateHorizontalPodAutoscalerUpdate },
  'apiextensions.k8s.io/CustomResourceDefinition': { create: validateCRD, update: validateCRDUpdate },
};

export const defaulters: Record<OnDemandKind, (obj: JsonObject) => void> = {
  'apps/DaemonSet': defaultDaemonSet,
  'apps/StatefulSet': defaultStatefulSet,
  '/PersistentVolumeClaim': defaultPersistentVolumeClaim,
  'batch/Job': defaultJob,
  'batch/CronJob': defaultCronJob,
  'autoscaling/HorizontalPodAutoscaler': defaultHorizontalPodAutoscaler,
  'apiextensions.k8s.io/CustomResourceDefinition': defaultCRD,
};
