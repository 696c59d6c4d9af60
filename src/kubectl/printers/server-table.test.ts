import { expect, test } from 'vitest';
import type { KubeObject } from '../../sim/api/object.ts';
import { BUILTIN_RESOURCES } from '../../sim/api/resources.ts';
import { rfc3339 } from '../../sim/engine/clock.ts';
import { serverTable } from './server-table.ts';

const pods = BUILTIN_RESOURCES.find((r) => r.kind === 'Pod')!;
const pod: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'done', namespace: 'default', creationTimestamp: rfc3339(0), managedFields: [{ manager: 'x' }], labels: { app: 'a' } },
  spec: { containers: [{ name: 'c' }], nodeName: 'node-1' },
  status: { phase: 'Succeeded', containerStatuses: [{ name: 'c', state: { terminated: { reason: 'Completed', exitCode: 0 } } }] },
};

test('every column with its priority, full cells, the row condition of a finished pod, metadata without managedFields', () => {
  const t = serverTable(pods, [pod], { now: 65_000, resourceVersion: '42' });
  expect(t.kind).toBe('Table');
  expect(t.metadata).toEqual({ resourceVersion: '42' });
  expect(t.columnDefinitions.map((c) => [c.name, c.priority])).toEqual([
    ['Name', 0], ['Ready', 0], ['Status', 0], ['Restarts', 0], ['Age', 0], ['IP', 1], ['Node', 1], ['Nominated Node', 1], ['Readiness Gates', 1],
  ]);
  expect(t.columnDefinitions[0]).toMatchObject({ format: 'name', type: 'string' });
  expect(t.rows[0]!.cells).toEqual(['done', '0/1', 'Completed', '0', '65s', '<none>', 'node-1', '<none>', '<none>']);
  expect(t.rows[0]!.conditions).toEqual([{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);
  expect(t.rows[0]!.object).toEqual({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'done', namespace: 'default', creationTimestamp: rfc3339(0), labels: { app: 'a' } } });
});

test('includeObject=Object embeds the object (kubectl --sort-by), None embeds nothing', () => {
  expect(serverTable(pods, [pod], { now: 0, includeObject: 'Object' }).rows[0]!.object).toBe(pod);
  expect('object' in serverTable(pods, [pod], { now: 0, includeObject: 'None' }).rows[0]!).toBe(false);
});
