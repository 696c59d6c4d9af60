/** `kubectl describe job` and `cronjob`: describe.go describeJob, describeCronJob, describeJobTemplate (v1.32). */
import type { KubeObject } from '../../sim/api/object.ts';
import { humanDuration, parseTimestamp } from '../printers/age.ts';
import { arr, at, obj, str } from '../printers/values.ts';
import { d, eventsSection, formatRFC1123Z, printAnnotationsMultiline, printBoolPtr, printController, printLabelsMultiline } from './common.ts';
import { describePodTemplate } from './containers.ts';
import type { DescribeContext } from './context.ts';
import { LEVEL_0, PrefixWriter } from './prefix-writer.ts';
import { selectorString } from './workloads.ts';

const isSet = (x: unknown): boolean => x !== undefined && x !== null;
const num = (x: unknown): boolean => typeof x === 'number' && Number.isFinite(x);

/** describe.go capIndexesListOrNone. */
function capIndexesListOrNone(indexes: string, softLimit: number): string {
  if (indexes.length === 0) return '<none>';
  let ix = softLimit;
  for (; ix < indexes.length; ix++) if (indexes[ix] === ',') break;
  return ix >= indexes.length ? indexes : `${indexes.slice(0, ix + 1)}...`;
}

export function describeJob(job: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = obj(job.spec) ?? {};
  const status = obj(job.status) ?? {};
  w.write(LEVEL_0, `Name:\t${str(job.metadata?.name)}\n`);
  w.write(LEVEL_0, `Namespace:\t${str(job.metadata?.namespace)}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', job.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', job.metadata?.annotations);
  const controller = printController(job);
  if (controller.length > 0) w.write(LEVEL_0, `Controlled By:\t${controller}\n`);
  if (num(spec.parallelism)) w.write(LEVEL_0, `Parallelism:\t${d(spec.parallelism)}\n`);
  w.write(LEVEL_0, num(spec.completions) ? `Completions:\t${d(spec.completions)}\n` : 'Completions:\t<unset>\n');
  if (typeof spec.completionMode === 'string') w.write(LEVEL_0, `Completion Mode:\t${spec.completionMode}\n`);
  if (typeof spec.suspend === 'boolean') w.write(LEVEL_0, `Suspend:\t${spec.suspend}\n`);
  if (num(spec.backoffLimit)) w.write(LEVEL_0, `Backoff Limit:\t${d(spec.backoffLimit)}\n`);
  if (num(spec.ttlSecondsAfterFinished)) w.write(LEVEL_0, `TTL Seconds After Finished:\t${d(spec.ttlSecondsAfterFinished)}\n`);
  if (isSet(status.startTime)) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
  if (isSet(status.completionTime)) w.write(LEVEL_0, `Completed At:\t${formatRFC1123Z(status.completionTime)}\n`);
  const start = parseTimestamp(status.startTime);
  const end = parseTimestamp(status.completionTime);
  if (isSet(status.startTime) && isSet(status.completionTime)) w.write(LEVEL_0, `Duration:\t${humanDuration((end ?? 0) - (start ?? 0))}\n`);
  if (num(spec.activeDeadlineSeconds)) w.write(LEVEL_0, `Active Deadline Seconds:\t${d(spec.activeDeadlineSeconds)}s\n`);
  if (!num(status.ready)) w.write(LEVEL_0, `Pods Statuses:\t${d(status.active)} Active / ${d(status.succeeded)} Succeeded / ${d(status.failed)} Failed\n`);
  else w.write(LEVEL_0, `Pods Statuses:\t${d(status.active)} Active (${d(status.ready)} Ready) / ${d(status.succeeded)} Succeeded / ${d(status.failed)} Failed\n`);
  if (spec.completionMode === 'Indexed') w.write(LEVEL_0, `Completed Indexes:\t${capIndexesListOrNone(str(status.completedIndexes), 50)}\n`);
  describePodTemplate(spec.template, w);
  eventsSection(w, job, ctx);
  return w.toString();
}

export function describeCronJob(cj: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = obj(cj.spec) ?? {};
  const status = obj(cj.status) ?? {};
  w.write(LEVEL_0, `Name:\t${str(cj.metadata?.name)}\n`);
  w.write(LEVEL_0, `Namespace:\t${str(cj.metadata?.namespace)}\n`);
  printLabelsMultiline(w, 'Labels', cj.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', cj.metadata?.annotations);
  w.write(LEVEL_0, `Schedule:\t${str(spec.schedule)}\n`);
  w.write(LEVEL_0, `Concurrency Policy:\t${str(spec.concurrencyPolicy)}\n`);
  w.write(LEVEL_0, `Suspend:\t${printBoolPtr(spec.suspend)}\n`);
  w.write(LEVEL_0, num(spec.successfulJobsHistoryLimit) ? `Successful Job History Limit:\t${d(spec.successfulJobsHistoryLimit)}\n` : 'Successful Job History Limit:\t<unset>\n');
  w.write(LEVEL_0, num(spec.failedJobsHistoryLimit) ? `Failed Job History Limit:\t${d(spec.failedJobsHistoryLimit)}\n` : 'Failed Job History Limit:\t<unset>\n');
  w.write(LEVEL_0, num(spec.startingDeadlineSeconds) ? `Starting Deadline Seconds:\t${d(spec.startingDeadlineSeconds)}s\n` : 'Starting Deadline Seconds:\t<unset>\n');
  // describeJobTemplate
  const jt = obj(at(spec, 'jobTemplate', 'spec')) ?? {};
  w.write(LEVEL_0, isSet(jt.selector) ? `Selector:\t${selectorString(jt.selector)}\n` : 'Selector:\t<unset>\n');
  w.write(LEVEL_0, num(jt.parallelism) ? `Parallelism:\t${d(jt.parallelism)}\n` : 'Parallelism:\t<unset>\n');
  w.write(LEVEL_0, num(jt.completions) ? `Completions:\t${d(jt.completions)}\n` : 'Completions:\t<unset>\n');
  if (num(jt.activeDeadlineSeconds)) w.write(LEVEL_0, `Active Deadline Seconds:\t${d(jt.activeDeadlineSeconds)}s\n`);
  describePodTemplate(jt.template, w);
  w.write(LEVEL_0, isSet(status.lastScheduleTime) ? `Last Schedule Time:\t${formatRFC1123Z(status.lastScheduleTime)}\n` : 'Last Schedule Time:\t<unset>\n');
  // printActiveJobs
  w.write(LEVEL_0, 'Active Jobs:\t');
  const active = arr(status.active);
  if (active.length === 0) {
    w.writeLine('<none>');
  } else {
    active.forEach((j, i) => {
      if (i !== 0) w.write(LEVEL_0, ', ');
      w.write(LEVEL_0, str(obj(j)?.name));
    });
    w.writeLine('');
  }
  eventsSection(w, cj, ctx);
  return w.toString();
}
