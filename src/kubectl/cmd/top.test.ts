/**
 * The console's `kubectl top pod|node` (top.ts): upstream's tables (tabwriter padding, trailing cells), sorting,
 * `--containers`, `--sum`, percentages, and its errors, on the fixture cluster under a set load. The real kubectl's
 * text is compared in top.real.test.ts; these pin the console's alone, the real binary or not.
 */
import { describe, expect, it } from 'vitest';
import { runKubectl } from '../run.ts';
import { targetOf } from '../target.ts';
import { kubectl, webCluster } from '../testing/fixture.ts';
import { loadedCluster } from './top.fixture.ts';

describe('kubectl top', () => {
  const sim = loadedCluster();
  const run = (line: string) => kubectl(sim, `kubectl ${line}`);
  const webPods = () => sim.cluster.apiServer.listObjects('v1', 'Pod', 'default').filter((p) => (p.metadata.name ?? '').startsWith('web-')).map((p) => p.metadata.name).sort();

  it("top pod: upstream's columns, padded by kubectl's tabwriter (padding 3, every cell tab-terminated)", () => {
    const r = run('top pod -l app=web');
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`NAME${' '.repeat(webPods()[0]!.length - 4 + 3)}CPU(cores)   MEMORY(bytes)   `);
    expect(lines.slice(1, 4).map((l) => l.split(/\s+/)[0])).toEqual(webPods());
    for (const l of lines.slice(1, 4)) expect(l).toMatch(/^web-\S+ {3}\d+m {9,}\d+Mi {3,}$/);
    expect(lines[4]).toBe('');
  });

  it('--sum: the total under rules, as upstream; the load set on web is what its pods use', () => {
    const lines = run('top pod -l app=web --sum --no-headers').stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[3]!.trim().split(/\s+/)).toEqual(['________', '________']);
    expect(lines[4]!.trim().split(/\s+/)).toEqual(['900m', '300Mi']);
  });

  it('--containers splits a pod evenly over its containers, sorted by name; -A adds NAMESPACE', () => {
    const lines = run('top pod -l app=api --containers -A').stdout.trimEnd().split('\n').map((l) => l.trim().split(/\s+/));
    expect(lines[0]).toEqual(['NAMESPACE', 'POD', 'NAME', 'CPU(cores)', 'MEMORY(bytes)']);
    expect(lines.slice(1).map((l) => l[2])).toEqual(['app', 'sidecar', 'app', 'sidecar']);
    const cpu = lines.slice(1).reduce((s, l) => s + parseInt(l[3]!, 10), 0);
    expect(cpu).toBe(250);
  });

  it('--sort-by=cpu puts the busiest first; a bad one is refused', () => {
    const rows = run('top pod --sort-by=cpu --no-headers').stdout.trimEnd().split('\n').map((l) => parseInt(l.trim().split(/\s+/)[1]!, 10));
    expect(rows).toEqual([...rows].sort((a, b) => b - a));
    expect(rows[0]).toBeGreaterThan(rows.at(-1)!);
    expect(run('top pod --sort-by=name')).toMatchObject({ exitCode: 1, stderr: 'error: --sort-by accepts only cpu or memory\n' });
  });

  it('top node: usage and its share of allocatable; --show-capacity; a named node', () => {
    const lines = run('top node').stdout.trimEnd().split('\n').map((l) => l.trim().split(/\s+/));
    expect(lines[0]).toEqual(['NAME', 'CPU(cores)', 'CPU(%)', 'MEMORY(bytes)', 'MEMORY(%)']);
    expect(lines.slice(1).map((l) => l[0])).toEqual(['node-1', 'node-2', 'node-3']);
    const node = sim.cluster.apiServer.getObject('v1', 'Node', undefined, 'node-1') as { status: { allocatable: { cpu: string } } };
    const allocMilli = node.status.allocatable.cpu.endsWith('m') ? parseInt(node.status.allocatable.cpu, 10) : Number(node.status.allocatable.cpu) * 1000;
    const used = parseInt(lines[1]![1]!, 10);
    expect(lines[1]![2]).toBe(`${Math.trunc((used / allocMilli) * 100)}%`);
    expect(lines.slice(1).reduce((s, l) => s + parseInt(l[1]!, 10), 0)).toBe(3 * 100 + 900 + 250);
    expect(run('top node node-2').stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(run('top node --show-capacity').exitCode).toBe(0);
  });

  it("errors: NotFound, metrics-server's NotFound for a pod without a sample, usage, selectors", () => {
    expect(run('top pod nope')).toMatchObject({ exitCode: 1, stderr: 'Error from server (NotFound): pods "nope" not found\n' });
    expect(run('top pod slow')).toMatchObject({ exitCode: 1, stderr: 'Error from server (NotFound): podmetrics.metrics.k8s.io "default/slow" not found\n' });
    expect(run('top node nope')).toMatchObject({ exitCode: 1, stderr: 'Error from server (NotFound): nodes "nope" not found\n' });
    expect(run('top pod a b')).toMatchObject({ exitCode: 1, stderr: "error: pod [NAME | -l label]\nSee 'kubectl top pod -h' for help and examples\n" });
    expect(run('top pod slow -l app=slow')).toMatchObject({ exitCode: 1, stderr: 'error: only one of NAME or selector can be provided\n' });
    expect(run('top node node-1 -l a=b')).toMatchObject({ exitCode: 1, stderr: 'error: only one of NAME or --selector can be provided\n' });
    expect(run('top pod -n empty')).toMatchObject({ exitCode: 0, stdout: '', stderr: 'No resources found in empty namespace.\n' });
  });

  it('"metrics not available yet" while the only pods have no sample, then their age once past 2 minutes', () => {
    const s = loadedCluster();
    expect(kubectl(s, 'kubectl top pod -l app=slow')).toMatchObject({ exitCode: 1, stderr: 'error: metrics not available yet\n' });
    s.runFor(120_000);
    const r = kubectl(s, 'kubectl top pod -l app=slow');
    expect(r.stderr).toMatch(/^error: Metrics not available for pod default\/slow, age: 2m\d+(\.\d+)?s\n$/);
  });

  it('"Metrics API not available" where the target serves no metrics', () => {
    const t = { ...targetOf(webCluster()), loadModel: undefined };
    expect(runKubectl('kubectl top pod', t)).toMatchObject({ exitCode: 1, stderr: 'error: Metrics API not available\n' });
    expect(runKubectl('kubectl top node', t)).toMatchObject({ exitCode: 1, stderr: 'error: Metrics API not available\n' });
  });

  it('reading changes nothing: the trace is the same with and without top', () => {
    const a = loadedCluster();
    const b = loadedCluster();
    expect(kubectl(a, 'kubectl top pod -A --containers')).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('sidecar') });
    expect(kubectl(a, 'kubectl top node')).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('node-3') });
    a.runFor(30_000);
    b.runFor(30_000);
    expect(JSON.stringify(a.trace.slice())).toBe(JSON.stringify(b.trace.slice()));
  });
});
