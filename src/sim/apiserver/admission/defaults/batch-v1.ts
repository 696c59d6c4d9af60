/**
 * Defaults of batch/v1, ported from kubernetes `pkg/apis/batch/v1/defaults.go` (`SetDefaults_Job`,
 * `SetDefaults_CronJob`). Job's template `restartPolicy` is deliberately not defaulted: validation requires it.
 */
import { isObject, ensureObject, objectAt, setDefault, type JsonObject } from '../json-shape.ts';
import { defaultPodSpec } from './core-v1.ts';

const MAX_INT32 = 2147483647;

/**
 * A pod template inside a Job. `SetDefaults_PodSpec` fills an empty restartPolicy with Always, so a Job that leaves it
 * out is then rejected by validation with the familiar
 * `spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"`.
 */
function defaultJobPodTemplate(template: JsonObject): void {
  const spec = template['spec'];
  if (isObject(spec)) defaultPodSpec(spec);
}

/** `SetDefaults_Job`. */
export function defaultJobSpec(spec: JsonObject): void {
  // completions and parallelism: both unset -> 1/1; parallelism unset only -> 1.
  if (spec['completions'] == null && spec['parallelism'] == null) {
    spec['completions'] = 1;
    spec['parallelism'] = 1;
  }
  setDefault(spec, 'parallelism', 1);
  if (spec['backoffLimit'] == null) spec['backoffLimit'] = spec['backoffLimitPerIndex'] != null ? MAX_INT32 : 6;
  setDefault(spec, 'completionMode', 'NonIndexed');
  setDefault(spec, 'suspend', false);
  setDefault(spec, 'podReplacementPolicy', spec['podFailurePolicy'] != null ? 'Failed' : 'TerminatingOrFailed');
  setDefault(spec, 'manualSelector', false);
  const template = spec['template'];
  if (isObject(template)) defaultJobPodTemplate(template);
}

/** `SetDefaults_Job` on a whole Job: spec defaults, the generated selector once a uid is known, labels from the template. */
export function defaultJob(obj: JsonObject): void {
  const spec = ensureObject(obj, 'spec');
  if (!spec) return;
  defaultJobSpec(spec);
  // SetDefaults_Job: a Job without labels takes its template's.
  const meta = obj['metadata'];
  // The registry strategy's selector generation runs here too, once the api-server has assigned the uid.
  if (isObject(meta) && typeof meta['uid'] === 'string' && meta['uid'] !== '') generateJobSelector(obj, meta['uid']);
  const templateLabels = objectAt(objectAt(spec, 'template'), 'metadata');
  if (isObject(meta) && meta['labels'] == null && isObject(templateLabels?.['labels'])) {
    meta['labels'] = { ...(templateLabels['labels'] as JsonObject) };
  }
}

/** `SetDefaults_CronJob`: Allow, not suspended, history limits 3 / 1; the job template gets Job defaults. */
export function defaultCronJob(obj: JsonObject): void {
  const spec = ensureObject(obj, 'spec');
  if (!spec) return;
  setDefault(spec, 'concurrencyPolicy', 'Allow');
  setDefault(spec, 'suspend', false);
  setDefault(spec, 'successfulJobsHistoryLimit', 3);
  setDefault(spec, 'failedJobsHistoryLimit', 1);
  const jobSpec = objectAt(objectAt(spec, 'jobTemplate'), 'spec');
  if (jobSpec) defaultJobSpec(jobSpec);
}

/** The label the generated Job selector uses (`batch.kubernetes.io/controller-uid`), and its legacy twin. */
export const JOB_CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
/** The label naming the Job on its pods (`batch.kubernetes.io/job-name`). */
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';

/**
 * The Job registry strategy's `generateSelector` (kubernetes `pkg/registry/batch/job/strategy.go`): unless
 * `spec.manualSelector` is true, label the template with the Job's uid and name (new and legacy keys, each only if
 * absent) and make the selector select the uid (added to a user's selector when missing). Call it on create, after
 * the uid is assigned and before validation; applyDefaults does so when `metadata.uid` is set.
 */
export function generateJobSelector(job: JsonObject, uid: string): void {
  const spec = job['spec'];
  if (!isObject(spec) || spec['manualSelector'] === true) return;
  const meta = job['metadata'];
  const name = isObject(meta) && typeof meta['name'] === 'string' ? meta['name'] : '';
  const template = ensureObject(spec, 'template');
  const tmeta = template ? ensureObject(template, 'metadata') : undefined;
  const labels = tmeta ? ensureObject(tmeta, 'labels') : undefined;
  if (labels) {
    for (const [k, v] of [[JOB_CONTROLLER_UID_LABEL, uid], ['controller-uid', uid], [JOB_NAME_LABEL, name], ['job-name', name]] as const) {
      if (!(k in labels)) labels[k] = v;
    }
  }
  const selector = ensureObject(spec, 'selector');
  const matchLabels = selector ? ensureObject(selector, 'matchLabels') : undefined;
  if (matchLabels && !(JOB_CONTROLLER_UID_LABEL in matchLabels) && !('controller-uid' in matchLabels)) matchLabels[JOB_CONTROLLER_UID_LABEL] = uid;
}
