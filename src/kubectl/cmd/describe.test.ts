import { describe, expect, it } from 'vitest';
import { kubectl, webCluster } from '../testing/fixture.ts';

describe('kubectl describe', () => {
  it("describes with the namespace's events, by name or by name prefix", () => {
    const sim = webCluster();
    const d = kubectl(sim, 'describe deploy web');
    expect(d.exitCode).toBe(0);
    expect(d.stdout).toMatch(/^Name: {19}web\nNamespace: {14}default\n/);
    expect(d.stdout).toContain('Normal  ScalingReplicaSet  30s   deployment-controller  Scaled up replica set web-');
    const pods = kubectl(sim, 'describe pods web-').stdout;
    expect(pods.match(/^Name: /gm)).toHaveLength(3);
    // Several descriptions: separated by a blank line pair (describe.go).
    expect(pods.split('\n\n\nName:')).toHaveLength(3);
    expect(kubectl(sim, 'describe deploy web --show-events=false').stdout).not.toContain('ScalingReplicaSet');
  });

  it('says what is missing as kubectl does', () => {
    const sim = webCluster();
    expect(kubectl(sim, 'describe pod nope')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n', exitCode: 1 });
    expect(kubectl(sim, 'describe pods -n kube-system').stderr).toBe('No resources found in kube-system namespace.\n');
    expect(kubectl(sim, 'describe').stderr).toBe(
      'You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.\n\nerror: Required resource not specified.\nSee \'kubectl describe -h\' for help and examples\n',
    );
  });
});
