/** describeContainers: upstream describe_test.go TestDescribeContainers' cases (elements each output must contain). */
import { expect, test } from 'vitest';
import { describeContainers } from './containers.ts';
import { PrefixWriter } from './prefix-writer.ts';

const running = { name: 'test', state: { running: { startedAt: '2026-01-01T00:00:00Z' } }, ready: true, restartCount: 7 };
const waiting = { name: 'test', ready: true, restartCount: 7 };

test.each([
  [{ name: 'test', image: 'image' }, running, ['test', 'State', 'Running', 'Ready', 'True', 'Restart Count', '7', 'Image', 'image', 'Started']],
  [{ name: 'test', image: 'image' }, { ...waiting, state: { waiting: { reason: 'potato' } } }, ['test', 'State', 'Waiting', 'Ready', 'True', 'Restart Count', '7', 'Image', 'image', 'Reason', 'potato']],
  [{ name: 'test', image: 'image' }, { ...waiting, state: { terminated: { reason: 'potato', exitCode: 2, startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:01Z' } } }, ['Terminated', 'Reason', 'potato', 'Started', 'Finished', 'Exit Code', '2']],
  [{ name: 'test', image: 'image' }, { ...waiting, state: { running: {} }, lastState: { terminated: { reason: 'crashing', exitCode: 3 } } }, ['Last State', 'Terminated', 'crashing', 'Exit Code', '3']],
  [{ name: 'test', image: 'image', env: [{ name: 'envname', value: 'xyz' }], envFrom: [{ configMapRef: { name: 'a123' } }] }, waiting, ['envname', 'xyz', 'a123\tConfigMap\tOptional: false']],
  [{ name: 'test', image: 'image', env: [{ name: 'envname', value: 'xyz' }], envFrom: [{ prefix: 'p_', configMapRef: { name: 'a123' } }] }, waiting, ["a123\tConfigMap with prefix 'p_'\tOptional: false"]],
  [{ name: 'test', image: 'image', envFrom: [{ configMapRef: { name: 'a123', optional: true } }] }, waiting, ['a123\tConfigMap\tOptional: true']],
  [{ name: 'test', image: 'image', envFrom: [{ secretRef: { name: 'a123', optional: true } }] }, waiting, ['a123\tSecret\tOptional: true']],
  [{ name: 'test', image: 'image', envFrom: [{ prefix: 'p_', secretRef: { name: 'a123' } }] }, waiting, ["a123\tSecret with prefix 'p_'\tOptional: false"]],
  [{ name: 'test', image: 'image', command: ['sleep', '1000'] }, waiting, ['sleep', '1000']],
  [{ name: 'test', image: 'image', command: ['sleep', '1000\n2000'] }, waiting, ['1000\n      2000']],
  [{ name: 'test', image: 'image', args: ['time', '1000\n2000'] }, waiting, ['1000\n      2000']],
  [{ name: 'test', image: 'image', resources: { limits: { cpu: '1000', memory: '4G', storage: '20G' } } }, waiting, ['cpu', '1k', 'memory', '4G', 'storage', '20G']],
  [{ name: 'test', image: 'image', resources: { requests: { cpu: '1000', memory: '4G', storage: '20G' } } }, undefined, ['cpu', '1k', 'memory', '4G', 'storage', '20G']],
  [{ name: 'test', image: 'image', volumeMounts: [{ name: 'mounted-volume', mountPath: '/opt/' }] }, waiting, ['mounted-volume', '/opt/', '(rw)']],
  [{ name: 'test', image: 'image', volumeMounts: [{ name: 'mounted-volume', mountPath: '/opt/', readOnly: true }] }, waiting, ['Mounts', 'mounted-volume', '/opt/', '(ro)']],
  [{ name: 'test', image: 'image', volumeMounts: [{ name: 'mounted-volume', mountPath: '/opt/', subPath: 'foo' }] }, waiting, ['Mounts', 'mounted-volume', '/opt/', '(rw,path="foo")']],
  [{ name: 'test', image: 'image', volumeDevices: [{ name: 'volume-device', devicePath: '/dev/xvda' }] }, waiting, ['Devices', 'volume-device', '/dev/xvda']],
] as const)('%#', (container, status, expected) => {
  const w = new PrefixWriter();
  describeContainers('Containers', [container], status ? [status] : undefined, w, '');
  for (const e of expected) expect(w.raw()).toContain(e);
});

test('probes (DescribeProbe)', () => {
  const w = new PrefixWriter();
  describeContainers('Containers', [{ name: 'c', image: 'i', livenessProbe: { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 3, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 }, readinessProbe: { exec: { command: ['cat', '/tmp/ready'] }, timeoutSeconds: 1, periodSeconds: 5, successThreshold: 1, failureThreshold: 3 } }], undefined, w, '');
  expect(w.raw()).toContain('Liveness:\thttp-get http://:8080/healthz delay=3s timeout=1s period=10s #success=1 #failure=3\n');
  expect(w.raw()).toContain('Readiness:\texec [cat /tmp/ready] delay=0s timeout=1s period=5s #success=1 #failure=3\n');
});
