import { describe, expect, it } from 'vitest';
import type { FieldFight } from '../sim/analysis/fight-detector.ts';
import type { Execution } from './execution.ts';
import type { Observation, ObservedObject } from './observation.ts';
import { absoluteFailures, differentialFailures, QUIET_WRITE_SLACK } from './oracles.ts';

const exec = (over: Partial<Execution> = {}): Execution => ({ convergence: { converged: true, reasons: [] }, quietStart: 100_000, end: 120_000, invariants: [], resolved: [], actions: [], ...over }) as unknown as Execution;
const obs = (over: Partial<Observation> = {}): Observation => ({ actor: 'c', writes: [], kinds: [], objects: [], leaks: [], quietWrites: [], flapping: [], ...over });
const object = (name: string, shape: string): ObservedObject => ({ key: `CronJob default/${name}`, ref: `cronjob/${name}`, namespace: 'default', kind: 'CronJob', shape, object: { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name, namespace: 'default' } } });

describe('absolute oracles', () => {
  it('not converged after the faults', () => {
    const f = absoluteFailures(exec({ convergence: { converged: false, reasons: ['c queue: 1 key'] } }), obs());
    expect(f).toEqual([expect.objectContaining({ oracle: 'not-converged', message: expect.stringContaining('c queue: 1 key'), expectation: { converged: true } })]);
  });

  it('a field flapping in the quiet window, pinned as a fight that must not happen there', () => {
    const fight: FieldFight = { object: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'x' }, field: 'data.a', managers: ['c', 'd'], loops: ['c', 'd'], flips: 4, firstFlipAt: 1, lastFlipAt: 2, recent: [] };
    const [f] = absoluteFailures(exec(), obs({ flapping: [fight] }));
    expect(f).toMatchObject({ oracle: 'flapping-field', expectation: { fight: { object: 'configmap/x', namespace: 'default', field: 'data.a' }, happened: false, between: [100_000, 120_000] } });
  });

  it('nothing fails for a quiet, converged run', () => {
    expect(absoluteFailures(exec(), obs())).toEqual([]);
  });
});

describe('differential oracles', () => {
  it('a write storm: more quiet-window writes than unperturbed, beyond the slack', () => {
    const ref = obs({ quietWrites: [1] });
    expect(differentialFailures('c', ref, exec(), obs({ quietWrites: [1, 2, 3] }))).toEqual([]);
    const [f] = differentialFailures('c', ref, exec(), obs({ quietWrites: Array.from({ length: 2 + QUIET_WRITE_SLACK }, (_, i) => 50 + i) }));
    expect(f).toMatchObject({ oracle: 'write-storm', traceId: 50, expectation: { trace: { kind: 'api.request', actor: 'c' }, count: { max: 1 + QUIET_WRITE_SLACK } } });
  });

  it('a delete the unperturbed run does not make; generated names compare by their stem', () => {
    const del = (name: string, traceId: number) => ({ verb: 'delete', object: { apiVersion: 'batch/v1', kind: 'CronJob', namespace: 'default', name }, time: 1, traceId });
    expect(differentialFailures('c', obs({ writes: [del('web-x2k9p', 1)] }), exec(), obs({ writes: [del('web-7bq4z', 2)] }))).toEqual([]);
    const [f] = differentialFailures('c', obs(), exec(), obs({ writes: [del('nightly-backup', 7)] }));
    expect(f).toMatchObject({ oracle: 'unexpected-delete', traceId: 7, expectation: { trace: { verb: 'delete', object: 'cronjob/nightly-backup' }, count: { max: 0 } } });
  });

  it('a duplicate, a missing object, and an object that ends otherwise, each pinned', () => {
    const kinds = ['batch/v1|CronJob'];
    const a = object('a', '{"spec":{"schedule":"1"}}');
    const a2 = object('a', '{"spec":{"schedule":"2"}}');
    const b = object('b', '{}');
    expect(differentialFailures('c', obs({ kinds, objects: [a] }), exec(), obs({ kinds, objects: [a, a] }))[0]).toMatchObject({ oracle: 'differs-from-unperturbed', message: expect.stringContaining('a duplicate'), expectation: { objects: { resource: 'cronjob', namespace: 'default' }, equals: 1 } });
    expect(differentialFailures('c', obs({ kinds, objects: [a, b] }), exec(), obs({ kinds, objects: [a] }))[0]).toMatchObject({ message: expect.stringContaining('(missing)') });
    expect(differentialFailures('c', obs({ kinds, objects: [a] }), exec(), obs({ kinds, objects: [a2] }))[0]).toMatchObject({ message: 'CronJob default/a: spec.schedule is "2", the unperturbed run ends with "1"', expectation: { object: 'cronjob/a', field: 'spec.schedule', equals: '1' } });
    expect(differentialFailures('c', obs({ kinds, objects: [a, b] }), exec(), obs({ kinds, objects: [b, a] }))).toEqual([]);
  });
});
