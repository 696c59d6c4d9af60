/**
 * Tables of the workload kinds, as kubernetes `pkg/printers/internalversion/printers.go` (v1.32) prints them:
 * printDeployment, printReplicaSet, printJob, printCronJob.
 */
import { humanDuration, parseTimestamp, translateTimestampSince } from '../age.ts';
import { arr, at, formatLabelSelector, obj, optNum, str, num } from '../values.ts';
import { AGE, NAME, layoutContainerCells, type Cell, type KindTable } from './kind-table.ts';

const int = (v: unknown): number => Math.trunc(num(v));

const CONTAINERS = { name: 'Containers', priority: 1 } as const;
const IMAGES = { name: 'Images', priority: 1 } as const;
const SELECTOR = { name: 'Selector', priority: 1 } as const;

export const deploymentTable: KindTable = {
  columns: [NAME, { name: 'Ready' }, { name: 'Up-to-date', type: 'integer' }, { name: 'Available', type: 'integer' }, AGE, CONTAINERS, IMAGES, SELECTOR],
  row(d, now): Cell[] {
    const desired = int(at(d, 'spec', 'replicas'));
    const [names, images] = layoutContainerCells(at(d, 'spec', 'template', 'spec', 'containers'));
    return [
      str(d.metadata?.name),
      `${int(at(d, 'status', 'readyReplicas'))}/${desired}`,
      int(at(d, 'status', 'updatedReplicas')),
      int(at(d, 'status', 'availableReplicas')),
      translateTimestampSince(now, d.metadata?.creationTimestamp),
      names,
      images,
      formatLabelSelector(at(d, 'spec', 'selector')),
    ];
  },
};

export const replicaSetTable: KindTable = {
  columns: [NAME, { name: 'Desired', type: 'integer' }, { name: 'Current', type: 'integer' }, { name: 'Ready', type: 'integer' }, AGE, CONTAINERS, IMAGES, SELECTOR],
  row(rs, now): Cell[] {
    const [names, images] = layoutContainerCells(at(rs, 'spec', 'template', 'spec', 'containers'));
    return [
      str(rs.metadata?.name),
      int(at(rs, 'spec', 'replicas')),
      int(at(rs, 'status', 'replicas')),
      int(at(rs, 'status', 'readyReplicas')),
      translateTimestampSince(now, rs.metadata?.creationTimestamp),
      names,
      images,
      formatLabelSelector(at(rs, 'spec', 'selector')),
    ];
  },
};

/** printers.go hasJobCondition: a condition of that type with status True. */
function hasJobCondition(conditions: unknown, type: string): boolean {
  return arr(conditions).some((c) => obj(c)?.type === type && obj(c)?.status === 'True');
}

/** The STATUS column of a Job (v1.30+). */
export function jobStatus(job: { metadata?: { deletionTimestamp?: unknown }; status?: unknown }): string {
  const conditions = at(job, 'status', 'conditions');
  if (hasJobCondition(conditions, 'Complete')) return 'Complete';
  if (hasJobCondition(conditions, 'Failed')) return 'Failed';
  if (job.metadata?.deletionTimestamp !== undefined && job.metadata?.deletionTimestamp !== null) return 'Terminating';
  if (hasJobCondition(conditions, 'Suspended')) return 'Suspended';
  if (hasJobCondition(conditions, 'FailureTarget')) return 'FailureTarget';
  if (hasJobCondition(conditions, 'SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

export const jobTable: KindTable = {
  columns: [NAME, { name: 'Status' }, { name: 'Completions' }, { name: 'Duration' }, AGE, CONTAINERS, IMAGES, SELECTOR],
  row(job, now): Cell[] {
    const succeeded = int(at(job, 'status', 'succeeded'));
    const completionsSpec = optNum(at(job, 'spec', 'completions'));
    let completions: string;
    if (completionsSpec !== undefined) {
      completions = `${succeeded}/${Math.trunc(completionsSpec)}`;
    } else {
      const parallelism = int(at(job, 'spec', 'parallelism'));
      completions = parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
    }
    const start = parseTimestamp(at(job, 'status', 'startTime'));
    const completion = parseTimestamp(at(job, 'status', 'completionTime'));
    let jobDuration = '';
    if (start !== undefined) jobDuration = humanDuration((completion ?? now) - start);
    const [names, images] = layoutContainerCells(at(job, 'spec', 'template', 'spec', 'containers'));
    return [
      str(job.metadata?.name),
      jobStatus(job),
      completions,
      jobDuration,
      translateTimestampSince(now, job.metadata?.creationTimestamp),
      names,
      images,
      formatLabelSelector(at(job, 'spec', 'selector')),
    ];
  },
};

/** printers.go printBoolPtr. */
function printBoolPtr(v: unknown): string {
  if (typeof v !== 'boolean') return '<unset>';
  return v ? 'True' : 'False';
}

export const cronJobTable: KindTable = {
  columns: [
    NAME,
    { name: 'Schedule' },
    { name: 'Timezone' },
    { name: 'Suspend', type: 'boolean' },
    { name: 'Active', type: 'integer' },
    { name: 'Last Schedule' },
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  row(cj, now): Cell[] {
    const last = at(cj, 'status', 'lastScheduleTime');
    const lastScheduleTime = last === undefined || last === null ? '<none>' : translateTimestampSince(now, last);
    const tz = at(cj, 'spec', 'timeZone');
    const [names, images] = layoutContainerCells(at(cj, 'spec', 'jobTemplate', 'spec', 'template', 'spec', 'containers'));
    return [
      str(cj.metadata?.name),
      str(at(cj, 'spec', 'schedule')),
      typeof tz === 'string' ? tz : '<none>',
      printBoolPtr(at(cj, 'spec', 'suspend')),
      arr(at(cj, 'status', 'active')).length,
      lastScheduleTime,
      translateTimestampSince(now, cj.metadata?.creationTimestamp),
      names,
      images,
      formatLabelSelector(at(cj, 'spec', 'jobTemplate', 'spec', 'selector')),
    ];
  },
};
