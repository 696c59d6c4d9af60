import { describe, expect, it } from 'vitest';
import { targetOf } from '../target.ts';
import { kubectl, webCluster } from '../testing/fixture.ts';

describe('kubectl get', () => {
  it('one kind: the table, and the note when there is nothing (on stderr)', () => {
    const sim = webCluster();
    const r = kubectl(sim, 'kubectl get pods');
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('NAME                  READY   STATUS    RESTARTS   AGE');
    expect(lines.slice(1).every((l) => / {3}1\/1 {5}Running {3}0 {10}30s$/.test(l))).toBe(true);
    expect(lines).toHaveLength(4);
    expect(kubectl(sim, 'get pods -n kube-system')).toEqual({ stdout: '', stderr: 'No resources found in kube-system namespace.\n', exitCode: 0 });
    expect(kubectl(sim, 'get pods -A -l app=nope')).toEqual({ stdout: '', stderr: 'No resources found\n', exitCode: 0 });
  });

  it('several kinds and all: kind-prefixed names, a blank line between tables', () => {
    const sim = webCluster();
    const r = kubectl(sim, 'get deploy,rs');
    const [deploy, rs] = r.stdout.split('\n\n');
    expect(deploy).toBe('NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\ndeployment.apps/web   3/3     3            3           30s');
    expect(rs).toMatch(/^NAME {28}DESIRED {3}CURRENT {3}READY {3}AGE\nreplicaset\.apps\/web-[a-z0-9]+ {3}3 {9}3 {9}3 {7}30s\n$/);
    const all = kubectl(sim, 'get all').stdout.split('\n\n');
    expect(all.map((t) => t.split('\n')[1]!.split('/')[0])).toEqual(['pod', 'deployment.apps', 'replicaset.apps']);
  });

  it('names, NotFound after the found ones, --ignore-not-found', () => {
    const sim = webCluster();
    const r = kubectl(sim, 'get deploy web nope');
    expect(r.stdout).toBe('NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    3/3     3            3           30s\n');
    expect(r.stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
    expect(r.exitCode).toBe(1);
    expect(kubectl(sim, 'get deploy nope --ignore-not-found')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(kubectl(sim, 'get deployment/web -o name').stdout).toBe('deployment.apps/web\n');
    expect(kubectl(sim, 'get deploy web --show-kind').stdout.split('\n')[1]).toMatch(/^deployment\.apps\/web /);
  });

  it('-o yaml of one object is the object (without managedFields), of several a List', () => {
    const sim = webCluster();
    const one = kubectl(sim, 'get deploy web -o yaml').stdout;
    expect(one.startsWith('apiVersion: apps/v1\nkind: Deployment\n')).toBe(true);
    expect(one).not.toContain('managedFields');
    expect(kubectl(sim, 'get deploy web -o yaml --show-managed-fields').stdout).toContain('managedFields');
    const list = kubectl(sim, 'get deploy -o yaml').stdout;
    expect(list.startsWith('apiVersion: v1\nitems:\n')).toBe(true);
    expect(list.endsWith('kind: List\nmetadata:\n  resourceVersion: ""\n')).toBe(true);
    expect(kubectl(sim, "get pods -o jsonpath='{.items[*].status.phase}'").stdout).toBe('Running Running Running');
  });

  it('-l and --field-selector are the api-server\'s', () => {
    const sim = webCluster();
    const node = (sim.listObjects('pods')[0]!.spec as { nodeName: string }).nodeName;
    const r = kubectl(sim, `get pods --field-selector spec.nodeName=${node} -o name`);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(kubectl(sim, 'get pods -l app=web -o name').stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(kubectl(sim, 'get pods -l app!=web').stderr).toBe('No resources found in default namespace.\n');
  });

  it('--sort-by sorts what was fetched, and refuses a field it cannot find', () => {
    const sim = webCluster();
    const byIp = kubectl(sim, 'get pods --sort-by=.status.podIP -o custom-columns=IP:.status.podIP --no-headers').stdout;
    expect(byIp).toBe('10.244.1.2\n10.244.2.2\n10.244.3.2\n');
    expect(kubectl(sim, 'get pods --sort-by=.foo').stderr).toBe('error: couldn\'t find any field with path "{.foo}" in the list of objects\n');
  });

  it('-w streams one row per change, aligned with the header, and says when the timeline moved', () => {
    const sim = webCluster();
    const r = kubectl(sim, 'get deploy -w');
    expect(r.stdout).toBe('NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    3/3     3            3           30s\n');
    const watch = r.watch!;
    expect(watch.poll(targetOf(sim))).toBe('');
    const step = sim.step;
    kubectl(sim, 'scale deploy web --replicas=5');
    const first = watch.poll(targetOf(sim));
    expect(first).toBe('web    3/5     3            3           30s\n');
    sim.runFor(10_000);
    const later = watch.poll(targetOf(sim)).trimEnd().split('\n');
    expect(later[later.length - 1]).toBe('web    5/5     5            5           40s');
    // Back to before the scale (an input logged at a step is applied on reaching it).
    sim.seekStep(step - 1);
    expect(watch.timelineMoved(targetOf(sim))).toMatch(/^-- the timeline moved: the state at [0-9.]+s follows --\nNAME {3}READY {3}UP-TO-DATE {3}AVAILABLE {3}AGE\nweb {4}3\/3 {5}3 {12}3 {11}2[0-9]s\n$/);
  });

  it('--watch-only prints only changes, with the header first', () => {
    const sim = webCluster();
    const r = kubectl(sim, 'get pods --watch-only');
    expect(r.stdout).toBe('');
    kubectl(sim, 'scale deploy web --replicas=4');
    sim.runFor(100);
    const out = r.watch!.poll(targetOf(sim));
    expect(out.split('\n')[0]).toMatch(/^NAME {18}READY {3}STATUS {4,}RESTARTS {3}AGE$/);
    expect(out.split('\n')[1]).toMatch(/^web-[a-z0-9]+-[a-z0-9]+ {3}0\/1 {5}(Pending|ContainerCreating)/);
  });
});
