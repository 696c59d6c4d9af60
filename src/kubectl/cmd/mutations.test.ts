import { describe, expect, it } from 'vitest';
import { targetOf } from '../target.ts';
import { kubectl, webCluster } from '../testing/fixture.ts';

/** Runs a command; when it returns a watch, polls it while the simulation moves until it is done. */
function runToEnd(sim: ReturnType<typeof webCluster>, line: string) {
  const r = kubectl(sim, line);
  let streamed = '';
  for (let i = 0; i < 120 && r.watch && !r.watch.done; i++) {
    sim.runFor(1000);
    streamed += r.watch.poll(targetOf(sim));
  }
  return { ...r, streamed };
}

describe('kubectl mutations, each a logged user action with its command line', () => {
  it('scale: a /scale merge patch, in the input log and the trace as typed', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'kubectl scale deployment web --replicas=5')).toEqual({ stdout: 'deployment.apps/web scaled\n', stderr: '', exitCode: 0 });
    const input = sim.inputs[sim.inputs.length - 1]!;
    expect(input.action).toMatchObject({ type: 'scale', replicas: 5, command: 'kubectl scale deployment web --replicas=5' });
    const events = sim.trace.slice(0, sim.trace.length);
    expect(events.filter((e) => e.kind === 'user.action').pop()).toMatchObject({ detail: 'kubectl scale deployment web --replicas=5' });
    expect(kubectl(sim, 'scale deploy web --current-replicas=3 --replicas=1').stderr).toBe('error: Expected replicas to be 3, was 5\n');
    expect(kubectl(sim, 'scale deploy web').stderr).toBe('error: required flag(s) "replicas" not set\n');
    expect(kubectl(sim, 'scale deploy web --replicas=5 -o name').stdout).toBe('deployment.apps/web\n');
    expect(kubectl(sim, 'scale deploy web --replicas=5 -o yaml').stderr).toBe('error: the output format "yaml" is not supported by kubectl scale in this console (only -o name)\n');
    expect(kubectl(sim, 'scale deploy web --replicas=-1').stderr).toBe('error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n');
  });

  it("patch: an unknown field is warned about, as kube-apiserver's default (Warn) does for kubectl patch, which sends no fieldValidation", () => {
    const sim = webCluster();
    for (const type of ['strategic', 'merge']) {
      expect(kubectl(sim, `kubectl patch deployment web --type ${type} -p '{"spec":{"replicaz":3}}'`)).toEqual({ stdout: 'deployment.apps/web patched (no change)\n', stderr: 'Warning: unknown field "spec.replicaz"\n', exitCode: 0 });
    }
    expect(kubectl(sim, `kubectl patch deployment web --type json -p '[{"op":"add","path":"/spec/replicaz","value":3}]'`).stderr).toBe('Warning: unknown field "spec.replicaz"\n');
    expect(sim.getObject('deployments', 'default', 'web')!.spec).not.toHaveProperty('replicaz');
    expect(kubectl(sim, `kubectl patch deployment web -p '{"spec":{"replicas":4}}'`)).toEqual({ stdout: 'deployment.apps/web patched\n', stderr: '', exitCode: 0 });
  });

  it('rollout: status streams until rolled out, history, pause/resume refusals, undo', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'rollout status deploy/web').stdout).toBe('deployment "web" successfully rolled out\n');
    expect(kubectl(sim, 'set image deploy/web web=nginx:1.28').stdout).toBe('deployment.apps/web image updated\n');
    const status = runToEnd(sim, 'rollout status deployment/web');
    // At the instant of the change the controller has not seen it yet.
    expect(status.stdout).toBe('Waiting for deployment spec update to be observed...\n');
    expect(status.streamed).toContain('Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...\n');
    expect(status.streamed.split('\n').filter(Boolean).pop()).toBe('deployment "web" successfully rolled out');
    expect(status.watch?.done).toBe(true);
    expect(kubectl(sim, 'rollout history deployment web').stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
    const rev1 = kubectl(sim, 'rollout history deploy/web --revision=1').stdout;
    expect(rev1).toMatch(/^deployment\.apps\/web with revision #1\nPod Template:\n {2}Labels:\tapp=web\n\tpod-template-hash=[a-z0-9]+\n {2}Containers:\n {3}web:\n {4}Image:\tnginx:1\.27\n/);
    expect(rev1.endsWith('  Tolerations:\t<none>\n\n')).toBe(true);
    expect(kubectl(sim, 'rollout history deploy/web --revision=9').stderr).toBe('error: unable to find the specified revision\n');
    expect(kubectl(sim, 'rollout pause deploy web').stdout).toBe('deployment.apps/web paused\n');
    expect(kubectl(sim, 'rollout pause deploy web').stderr).toBe('error: deployments.apps "web" is already paused\n');
    expect(kubectl(sim, 'rollout resume deploy web').stdout).toBe('deployment.apps/web resumed\n');
    expect(kubectl(sim, 'rollout resume deploy web').stderr).toBe('error: deployments.apps "web" is not paused\n');
    expect(kubectl(sim, 'rollout undo deploy/web').stdout).toBe('deployment.apps/web rolled back\n');
    expect(kubectl(sim, 'rollout undo deploy/web --to-revision=9').stderr).toBe('error: unable to find specified revision 9 in history\n');
    expect(kubectl(sim, 'rollout restart deploy/web').stdout).toBe('deployment.apps/web restarted\n');
    expect(kubectl(sim, 'rollout status deploy/nope').stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
  });

  it('patch: strategic, merge, json, /scale, YAML, no change, and the 422 as kubectl prints it', () => {
    const sim = webCluster();
    expect(kubectl(sim, `patch deploy web -p '{"spec":{"replicas":4}}'`).stdout).toBe('deployment.apps/web patched\n');
    expect(kubectl(sim, `patch deploy web --type merge -p '{"spec":{"replicas":4}}'`).stdout).toBe('deployment.apps/web patched (no change)\n');
    expect(kubectl(sim, `patch deploy web --subresource scale --type merge -p '{"spec":{"replicas":2}}'`).stdout).toBe('deployment.apps/web patched\n');
    expect(kubectl(sim, `patch deploy web -p 'spec: {replicas: 3}'`).stdout).toBe('deployment.apps/web patched\n');
    expect(kubectl(sim, `patch deploy web --type json -p '[{"op":"replace","path":"/spec/replicas","value":-1}]'`)).toEqual({
      stdout: '',
      stderr: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n',
      exitCode: 1,
    });
    expect(kubectl(sim, 'patch deploy web').stderr).toBe('error: must specify --patch or --patch-file containing the contents of the patch\n');
    expect(sim.getObject('deployment', 'default', 'web')?.spec).toMatchObject({ replicas: 3 });
  });

  it('label and annotate', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'label deploy web tier=front').stdout).toBe('deployment.apps/web labeled\n');
    expect(kubectl(sim, 'label deploy web tier=back').stderr).toBe("error: 'tier' already has a value (front), and --overwrite is false\n");
    expect(kubectl(sim, 'label deploy web tier=back --overwrite').stdout).toBe('deployment.apps/web labeled\n');
    expect(kubectl(sim, 'label deploy web --list').stdout).toBe('app=web\ntier=back\n');
    expect(kubectl(sim, 'label deploy web tier-').stdout).toBe('deployment.apps/web unlabeled\n');
    expect(kubectl(sim, 'label deploy web tier-').stdout).toBe('label "tier" not found.\ndeployment.apps/web not labeled\n');
    expect(kubectl(sim, 'annotate deploy web a=b').stdout).toBe('deployment.apps/web annotated\n');
    expect(kubectl(sim, 'annotate deploy web a=c').stderr).toBe("error: --overwrite is false but found the following declared annotation(s): 'a' already has a value (b)\n");
    expect(kubectl(sim, 'label pods -l app=web team=blue').stdout.split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('delete: by name (waiting for the pod to be gone), NotFound, and the messages', () => {
    const sim = webCluster();
    const pod = sim.listObjects('pods')[0]!.metadata.name!;
    const r = runToEnd(sim, `delete pod ${pod}`);
    expect(r.stdout).toBe(`pod "${pod}" deleted\n`);
    expect(r.watch?.done).toBe(true);
    expect(sim.getObject('pod', 'default', pod)).toBeUndefined();
    expect(kubectl(sim, 'delete pod nope').stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(kubectl(sim, 'delete pods').stderr).toBe('error: resource(s) were provided, but no name was specified\n');
    expect(kubectl(sim, 'delete deploy web --dry-run=client').stdout).toBe('deployment.apps "web" deleted (dry run)\n');
    expect(kubectl(sim, 'delete deploy web --wait=false --cascade=orphan').stdout).toBe('deployment.apps "web" deleted\n');
    expect(sim.inputs[sim.inputs.length - 1]!.action).toMatchObject({ type: 'delete', propagationPolicy: 'Orphan' });
    expect(kubectl(sim, 'delete pod x --now --grace-period=3').stderr).toBe('error: --now and --grace-period cannot be specified together\n');
  });

  it('cordon, uncordon, drain', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'cordon node-1').stdout).toBe('node/node-1 cordoned\n');
    expect(kubectl(sim, 'cordon node-1').stdout).toBe('node/node-1 already cordoned\n');
    expect(kubectl(sim, 'uncordon node-1').stdout).toBe('node/node-1 uncordoned\n');
    const pods = sim.listObjects('pods').filter((p) => (p.spec as { nodeName?: string }).nodeName === 'node-2');
    const r = runToEnd(sim, 'drain node-2');
    expect(r.stdout).toBe(`node/node-2 cordoned\n${pods.map((p) => `evicting pod default/${p.metadata.name}\n`).join('')}`);
    expect(r.streamed).toBe(`${pods.map((p) => `pod/${p.metadata.name} evicted\n`).join('')}node/node-2 drained\n`);
    expect(kubectl(sim, 'cordon nope').stderr).toBe('Error from server (NotFound): nodes "nope" not found\n');
  });

  it("drain refuses a pod without a controller unless --force, in kubectl's words", () => {
    const sim = webCluster();
    kubectl(sim, 'run bare --image=nginx');
    sim.runFor(5000);
    const node = (sim.getObject('pod', 'default', 'bare')!.spec as { nodeName: string }).nodeName;
    expect(kubectl(sim, `drain ${node}`)).toEqual({
      stdout: `node/${node} cordoned\n`,
      stderr: `error: unable to drain node "${node}" due to error: cannot delete Pods declare no controller (use --force to override): default/bare, continuing command...\nThere are pending nodes to be drained:\n ${node}\ncannot delete Pods declare no controller (use --force to override): default/bare\n`,
      exitCode: 1,
    });
    const r = runToEnd(sim, `drain ${node} --force`);
    expect(r.stderr).toBe('Warning: deleting Pods that declare no controller: default/bare\n');
    expect(r.stdout).toContain(`node/${node} already cordoned\nevicting pod default/bare\n`);
    expect(r.streamed).toContain('pod/bare evicted\n');
    expect(r.streamed.endsWith(`node/${node} drained\n`)).toBe(true);
  });
});

describe('kubectl taint', () => {
  it('adds, refuses to overwrite without --overwrite, removes; the scheduler then avoids the node', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'taint nodes node-1 dedicated=special:NoSchedule').stdout).toBe('node/node-1 tainted\n');
    expect(sim.getObject('node', undefined, 'node-1')?.spec).toMatchObject({ taints: [{ key: 'dedicated', value: 'special', effect: 'NoSchedule' }] });
    expect(kubectl(sim, 'taint nodes node-1 dedicated=other:NoSchedule').stderr).toBe('error: node node-1 already has dedicated taint(s) with same effect(s) and --overwrite is false\n');
    expect(kubectl(sim, 'taint nodes node-1 dedicated=other:NoSchedule --overwrite').stdout).toBe('node/node-1 tainted\n');
    kubectl(sim, 'scale deploy web --replicas=9');
    sim.runFor(10_000);
    const onNode1 = sim.listObjects('pods').filter((p) => (p.spec as { nodeName?: string }).nodeName === 'node-1');
    expect(onNode1).toHaveLength(1);
    expect(kubectl(sim, 'taint nodes node-1 dedicated:NoSchedule-').stdout).toBe('node/node-1 untainted\n');
    expect(kubectl(sim, 'taint nodes node-1 dedicated-').stderr).toBe('error: taint "dedicated" not found\n');
    expect(kubectl(sim, 'taint nodes node-1 x=y:Sometimes').stderr).toBe('error: invalid taint spec: x=y:Sometimes, invalid taint effect: Sometimes, unsupported taint effect\n');
  });
});
