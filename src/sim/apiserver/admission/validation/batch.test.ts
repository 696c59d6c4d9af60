import { describe, expect, it } from 'vitest';
import { createErrors, defaulted, infoOf } from '../test-fixtures.ts';
import { validateUpdate } from '../validation.ts';
import { generateJobSelector } from '../defaults/batch-v1.ts';

describe('Job validation', () => {
  it.each<[string, (o: Record<string, any>) => void, string]>([ // eslint-disable-line @typescript-eslint/no-explicit-any
    [
      'a template without restartPolicy (defaulted to Always)',
      (o) => delete o.spec.template.spec.restartPolicy,
      'spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"',
    ],
    ['negative parallelism', (o) => (o.spec.parallelism = -1), 'spec.parallelism: Invalid value: -1: must be greater than or equal to 0'],
    ['negative completions', (o) => (o.spec.completions = -1), 'spec.completions: Invalid value: -1: must be greater than or equal to 0'],
    ['a negative backoffLimit', (o) => (o.spec.backoffLimit = -1), 'spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0'],
    ['manualSelector without a selector', (o) => (o.spec.manualSelector = true), 'spec.selector: Required value'],
    [
      'an unknown completionMode',
      (o) => (o.spec.completionMode = 'Sometimes'),
      'spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"',
    ],
  ])('rejects %s', (_what, edit, message) => {
    expect(createErrors('Job', edit)).toBe(message);
  });

  it('rejects a selector that pins another Job\'s uid', () => {
    const job = defaulted('Job', (o) => {
      o.metadata.uid = 'u-1';
      o.spec.selector = { matchLabels: { 'batch.kubernetes.io/controller-uid': 'other' } };
      o.spec.template.metadata = { labels: { 'batch.kubernetes.io/controller-uid': 'other' } };
    });
    expect(validateUpdate(job, job, infoOf('Job')).map((e) => `${e.field}: ${e.body}`)).toEqual([
      'spec.selector: Invalid value: {"matchLabels":{"batch.kubernetes.io/controller-uid":"other"}}: `selector` not auto-generated',
    ]);
  });

  it('rejects a selector or manualSelector in a CronJob job template', () => {
    expect(createErrors('CronJob', (o) => (o.spec.jobTemplate.spec.manualSelector = true))).toBe('spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: "nil", "false"');
  });

  it('accepts the generated controller-uid selector, and it matches the labelled template', () => {
    const job = defaulted('Job');
    generateJobSelector(job as never, 'uid-1');
    expect((job.spec as { selector: unknown }).selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': 'uid-1' } });
    expect(validateUpdate(job, job, infoOf('Job'))).toEqual([]);
  });

  it('keeps the selector and template immutable but lets parallelism change', () => {
    const old = defaulted('Job');
    generateJobSelector(old as never, 'uid-1');
    const scaled = structuredClone(old) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    scaled.spec.parallelism = 3;
    expect(validateUpdate(scaled as never, old, infoOf('Job'))).toEqual([]);
    const changed = structuredClone(old) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    changed.spec.template.spec.containers[0].image = 'perl:5.36';
    expect(validateUpdate(changed as never, old, infoOf('Job')).map((e) => e.field)).toEqual(['spec.template']);
  });
});

describe('CronJob validation', () => {
  it.each<[string, (o: Record<string, any>) => void, string]>([ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['a missing schedule', (o) => delete o.spec.schedule, 'spec.schedule: Required value'],
    ['a schedule with 6 fields', (o) => (o.spec.schedule = '0 */5 * * * *'), 'spec.schedule: Invalid value: "0 */5 * * * *": expected exactly 5 fields, found 6: [0 */5 * * * *]'],
    ['a schedule with TZ=', (o) => (o.spec.schedule = 'TZ=UTC 0 * * * *'), 'spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead'],
    ['an unknown time zone', (o) => (o.spec.timeZone = 'Mars/Olympus_Mons'), 'spec.timeZone: Invalid value: "Mars/Olympus_Mons": unknown time zone Mars/Olympus_Mons'],
    ['the Local time zone', (o) => (o.spec.timeZone = 'Local'), 'spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'],
    [
      'an unknown concurrencyPolicy',
      (o) => (o.spec.concurrencyPolicy = 'Sometimes'),
      'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
    ],
    ['a name longer than 52 characters', (o) => (o.metadata.name = 'a'.repeat(53)), `metadata.name: Invalid value: "${'a'.repeat(53)}": must be no more than 52 characters`],
    [
      'a job template with restartPolicy Always',
      (o) => (o.spec.jobTemplate.spec.template.spec.restartPolicy = 'Always'),
      'spec.jobTemplate.spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"',
    ],
  ])('rejects %s', (_what, edit, message) => {
    expect(createErrors('CronJob', edit)).toBe(message);
  });

  it.each(['@hourly', '@every 90m', '0 9 * * MON-FRI', '*/15 * * * *'])('accepts the schedule %s', (schedule) => {
    expect(createErrors('CronJob', (o) => (o.spec.schedule = schedule))).toBe('');
  });

  it('reports an out-of-range minute', () => {
    expect(createErrors('CronJob', (o) => (o.spec.schedule = '61 * * * *'))).toMatch(/^spec\.schedule: Invalid value: "61 \* \* \* \*": /);
  });

  it('accepts an IANA time zone', () => {
    expect(createErrors('CronJob', (o) => (o.spec.timeZone = 'Europe/Paris'))).toBe('');
  });
});
