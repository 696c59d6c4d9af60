/**
 * `kubectl rollout history` and `rollout undo` of DaemonSets and StatefulSets, from their ControllerRevisions. The
 * expected texts are real kubectl 1.32.4's, printed against `loopscope serve` playing the same run (a DaemonSet and
 * a StatefulSet each rolled twice, the first change with a change-cause; then undone), so the console must print what
 * real kubectl prints for the same cluster.
 */
import { describe, expect, it, vi } from 'vitest';
import { Simulation } from '../../sim/simulation.ts';
import { kubectl } from '../testing/fixture.ts';
import { MANIFESTS, rolledTwice } from './rollout-history.fixture.ts';

const template = (labels: string, image: string, env = '\tEnvironment:\t<none>\n', annotations = ''): string =>
  `Pod Template:\n  Labels:\t${labels}\n${annotations}  Containers:\n   ${labels.slice(4)}:\n    Image:\t${image}\n    Port:\t<none>\n    Host Port:\t<none>\n    ${env.slice(1)}    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n`;

describe('kubectl rollout history|undo of DaemonSets and StatefulSets (polymorphichelpers history.go, rollback.go)', () => {
  it('history: the table, a revision\'s template, and the errors, as real kubectl prints them', () => {
    const sim = rolledTwice();
    expect(kubectl(sim, 'rollout history ds/agent')).toEqual({ stdout: 'daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         <none>\n2         image 3.1\n3         image 3.1\n\n', stderr: '', exitCode: 0 });
    expect(kubectl(sim, 'rollout history sts/db').stdout).toBe('statefulset.apps/db \nREVISION  CHANGE-CAUSE\n1         <none>\n2         pg 16.1\n3         pg 16.1\n\n');
    expect(kubectl(sim, 'rollout history ds agent --revision=1').stdout).toBe(`daemonset.apps/agent with revision #1\n${template('app=agent', 'fluent-bit:3.0', '\tEnvironment:\n      MODE:\tfast\n')}\n`);
    expect(kubectl(sim, 'rollout history ds/agent --revision=3').stdout).toBe(`daemonset.apps/agent with revision #3\n${template('app=agent', 'fluent-bit:3.2', undefined, '  Annotations:\tnote: three\n')}\n`);
    expect(kubectl(sim, 'rollout history sts/db --revision=2').stdout).toBe(`statefulset.apps/db with revision #2\n${template('app=db', 'postgres:16.1')}\n`);
    expect(kubectl(sim, 'rollout history ds/agent --revision=9')).toMatchObject({ stdout: '', stderr: 'error: unable to find the specified revision\n', exitCode: 1 });
    expect(kubectl(sim, 'rollout history ds/agent --revision=-1')).toMatchObject({ stdout: '', stderr: 'error: revision must be a positive integer: -1\n', exitCode: 1 });
    expect(kubectl(sim, 'rollout history ds/nope').stderr).toBe('Error from server (NotFound): daemonsets.apps "nope" not found\n');
    expect(kubectl(sim, 'create configmap cm1 --from-literal=a=b').exitCode).toBe(0);
    expect(kubectl(sim, 'rollout history cm/cm1').stderr).toBe('error: error retrieving history for "ConfigMap", no visitor method exists for { ConfigMap}\n');
    expect(kubectl(sim, 'rollout undo cm/cm1').stderr).toBe('error: error retrieving rollbacker for "ConfigMap", no visitor method exists for { ConfigMap}\n');
  });

  it('a DaemonSet without ControllerRevisions has no history', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1 });
    // No controller has written a revision at the instant of the apply.
    expect(sim.apply(MANIFESTS.split('---')[0]!).ok).toBe(true);
    expect(kubectl(sim, 'rollout history ds/agent').stdout).toBe('daemonset.apps/agent \nNo rollout history found.\n');
    expect(kubectl(sim, 'rollout undo ds/agent').stderr).toBe('error: no last revision to roll back to\n');
  });

  it('undo: client and server dry runs, the errors, the rollback as a logged strategic merge patch, then the history', () => {
    const sim = rolledTwice();
    const inputs = sim.inputs.length;
    expect(kubectl(sim, 'rollout undo ds/agent --dry-run=client')).toEqual({ stdout: `daemonset.apps/agent will roll back to ${template('app=agent', 'fluent-bit:3.1')} (dry run)\n`, stderr: '', exitCode: 0 });
    expect(kubectl(sim, 'rollout undo ds/agent --to-revision=1 --dry-run=client').stdout).toBe(`daemonset.apps/agent will roll back to ${template('app=agent', 'fluent-bit:3.0', '\tEnvironment:\n      MODE:\tfast\n')} (dry run)\n`);
    expect(kubectl(sim, 'rollout undo sts/db --dry-run=client').stdout).toBe(`statefulset.apps/db will roll back to ${template('app=db', 'postgres:16.1')} (dry run)\n`);
    expect(sim.inputs.length).toBe(inputs); // a client dry run sends nothing
    expect(kubectl(sim, 'rollout undo ds/agent --to-revision=9 --dry-run=client').stderr).toBe('error: unable to find specified revision 9 in history\n');
    expect(kubectl(sim, 'rollout undo ds/agent --to-revision=9')).toMatchObject({ stdout: '', stderr: 'error: unable to find specified revision 9 in history\n', exitCode: 1 });
    expect(kubectl(sim, 'rollout undo ds/agent --to-revision=-1').stderr).toBe('error: unable to find specified revision -1 in history\n');
    expect(kubectl(sim, 'rollout undo sts/nope').stderr).toBe('Error from server (NotFound): statefulsets.apps "nope" not found\n');
    // Revision 3 is the current template: upstream compares the revision's data with the object's patch and skips.
    // (Real kubectl against `loopscope serve` answers "rolled back" here: the served data lacks fields Go's
    // marshalling of the typed DaemonSet writes, such as `resources: {}`, so its bytes differ.)
    expect(kubectl(sim, 'rollout undo ds/agent --to-revision=3').stdout).toBe('daemonset.apps/agent skipped rollback (current template already matches revision 3)\n');
    expect(kubectl(sim, 'rollout undo ds/agent --to-revision=3 --dry-run=server').stdout).toBe('daemonset.apps/agent skipped rollback (current template already matches revision 3) (server dry run)\n');
    const before = sim.cluster.apiServer.getObject('apps/v1', 'DaemonSet', 'default', 'agent');
    expect(kubectl(sim, 'rollout undo sts/db --dry-run=server').stdout).toBe('statefulset.apps/db rolled back (server dry run)\n');
    expect(kubectl(sim, 'rollout undo ds/agent --dry-run=server').stdout).toBe('daemonset.apps/agent rolled back (server dry run)\n');
    expect(sim.cluster.apiServer.getObject('apps/v1', 'DaemonSet', 'default', 'agent')).toBe(before);

    const handle = vi.spyOn(sim.cluster.apiServer, 'handle');
    expect(kubectl(sim, 'rollout undo ds/agent')).toEqual({ stdout: 'daemonset.apps/agent rolled back\n', stderr: '', exitCode: 0 });
    const input = sim.inputs[sim.inputs.length - 1]!;
    expect(input.action).toEqual({ type: 'rollout', op: 'undo', resource: 'daemonsets.apps', name: 'agent', namespace: 'default', command: 'kubectl rollout undo ds/agent' });
    // The request upstream sends: revision 2's data as a strategic merge patch of the DaemonSet.
    const revision2 = sim.cluster.apiServer.listObjects('apps/v1', 'ControllerRevision', 'default').find((r) => r.metadata.name?.startsWith('agent-') && (r as { revision?: number }).revision === 2) as { data?: unknown };
    const sent = handle.mock.calls.map((c) => c[0]).filter((r) => r.verb === 'patch');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'DaemonSet', name: 'agent', patchType: 'application/strategic-merge-patch+json', body: revision2.data });
    expect(revision2.data).toMatchObject({ spec: { template: { $patch: 'replace' } } });
    handle.mockRestore();
    const ds = sim.cluster.apiServer.getObject('apps/v1', 'DaemonSet', 'default', 'agent') as { spec: { template: { spec: { containers: Array<{ image: string; env?: unknown }> }; metadata: { annotations?: object } } } };
    expect(ds.spec.template.spec.containers[0]!.image).toBe('fluent-bit:3.1');
    expect(ds.spec.template.metadata.annotations).toBeUndefined(); // the template replaced, not merged
    expect(kubectl(sim, 'rollout undo sts/db --to-revision=1').stdout).toBe('statefulset.apps/db rolled back\n');
    sim.runFor(60_000);
    // The controllers renumber the revision gone back to: as real kubectl printed after the same undos.
    expect(kubectl(sim, 'rollout history ds/agent').stdout).toBe('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         <none>\n3         image 3.1\n4         image 3.1\n\n');
    expect(kubectl(sim, 'rollout history sts/db').stdout).toBe('statefulset.apps/db \nREVISION  CHANGE-CAUSE\n2         pg 16.1\n3         pg 16.1\n4         <none>\n\n');
    expect(kubectl(sim, 'rollout history ds/agent --revision=4').stdout).toBe(`daemonset.apps/agent with revision #4\n${template('app=agent', 'fluent-bit:3.1')}\n`);
  });

  it('undo of a Deployment: the client dry run prints the ReplicaSet\'s template; the server dry run skips or rolls back', () => {
    const sim = Simulation.create({ seed: 1, nodes: 2 });
    expect(kubectl(sim, 'create deployment web --image=nginx:1.27').exitCode).toBe(0);
    sim.runFor(5000);
    expect(kubectl(sim, 'set image deploy/web nginx=nginx:1.28').exitCode).toBe(0);
    sim.runFor(30_000);
    const dry = kubectl(sim, 'rollout undo deploy/web --dry-run=client').stdout;
    expect(dry).toMatch(/^deployment\.apps\/web Pod Template:\n {2}Labels:\tapp=web\n\tpod-template-hash=[a-z0-9]+\n {2}Containers:\n {3}nginx:\n {4}Image:\tnginx:1\.27\n/);
    expect(dry.endsWith('  Tolerations:\t<none>\n (dry run)\n')).toBe(true);
    expect(kubectl(sim, 'rollout undo deploy/web --to-revision=2 --dry-run=server').stdout).toBe('deployment.apps/web skipped rollback (current template already matches revision 2) (server dry run)\n');
    expect(kubectl(sim, 'rollout undo deploy/web --to-revision=1 --dry-run=server').stdout).toBe('deployment.apps/web rolled back (server dry run)\n');
    expect(kubectl(sim, 'rollout undo deploy/nope --dry-run=client').stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
    const rs = kubectl(sim, 'get rs -o name').stdout.trim().split('\n')[0]!;
    expect(kubectl(sim, `rollout history ${rs}`).stderr).toBe('error: no history viewer has been implemented for "ReplicaSet.apps"\n');
    expect(kubectl(sim, `rollout undo ${rs}`).stderr).toBe('error: no rollbacker has been implemented for "ReplicaSet.apps"\n');
  });
});
