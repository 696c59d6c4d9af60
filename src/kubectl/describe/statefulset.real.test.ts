/**
 * The real kubectl 1.32 against `loopscope serve` for StatefulSets, their claims and revisions: its describers run
 * client-side in the binary (describe.go's describeStatefulSet and describePersistentVolumeClaim), so their text is the
 * reference for ours; tables and YAML come back the same. Ages aside (kubectl counts them from its own clock).
 * Skipped, saying so, when the binary is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../sim/simulation.ts';
import { KUBECTL, serveForTest, type Served } from '../../serve/testing.ts';
import { kubectl as consoleKubectl } from '../testing/fixture.ts';

if (!KUBECTL) console.warn('src/kubectl/describe/statefulset.real.test.ts: skipped: no kubectl on PATH (or at $KUBECTL)');

describe.skipIf(!KUBECTL)('real kubectl and StatefulSets against loopscope serve', () => {
  let sim: Simulation;
  let served: Served;
  beforeAll(async () => {
    sim = Simulation.create({ seed: 3, nodes: 2 });
    sim.apply(`apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web, labels: {app: web}, annotations: {team: blue}}
spec:
  serviceName: web
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: nginx, image: "nginx:1.27", ports: [{containerPort: 80}]}]
  volumeClaimTemplates:
    - metadata: {name: data, labels: {tier: db}}
      spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
`);
    sim.runFor(30_000);
    served = await serveForTest(sim);
  });
  afterAll(async () => served?.close());

  const agesAside = (text: string) => text.replace(/\b\d+(y|d|h|m|s)(\d+(d|h|m|s))?\b/g, '<age>').replace(/ +/g, ' ');
  it.each(['describe sts web', 'describe pvc data-web-0', 'get sts -o wide', 'get pvc -o wide', 'get controllerrevisions', 'get sts web -o yaml'])(
    'prints "kubectl %s" as the console does, ages aside',
    async (line) => {
      const real = await served.kubectl(line);
      const page = consoleKubectl(sim, `kubectl ${line}`);
      expect(real.stderr).toBe('');
      expect(agesAside(real.stdout)).toBe(agesAside(page.stdout));
    },
  );

  // The real kubectl rolls StatefulSets out client-side, over their status and ControllerRevisions, and that must work
  // against the simulation's (the console's own history and undo are compared with it in rollout-history.real.test.ts).
  it('rollout status, history and undo through the ControllerRevisions', async () => {
    expect((await served.kubectl('rollout status sts/web --watch=false')).stdout).toBe('partitioned roll out complete: 2 new pods have been updated...\n');
    expect((await served.kubectl('set image sts/web nginx=nginx:1.28')).stdout).toBe('statefulset.apps/web image updated\n');
    sim.runFor(60_000);
    expect((await served.kubectl('rollout history sts/web')).stdout).toBe('statefulset.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
    expect((await served.kubectl('rollout history sts/web --revision=1')).stdout).toContain('statefulset.apps/web with revision #1\nPod Template:\n  Labels:\tapp=web\n  Containers:\n   nginx:\n    Image:\tnginx:1.27\n');
    expect((await served.kubectl('rollout undo sts/web')).stdout).toBe('statefulset.apps/web rolled back\n');
    sim.runFor(60_000);
    const images = sim.listObjects('pods', 'default').map((p) => (p.spec as { containers: Array<{ image: string }> }).containers[0]!.image);
    expect(images).toEqual(['nginx:1.27', 'nginx:1.27']);
    // The rollback renumbers revision 1 as 3 (getStatefulSetRevisions): no third ControllerRevision.
    expect((await served.kubectl('rollout history sts/web')).stdout).toBe('statefulset.apps/web \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n\n');
  });
});
