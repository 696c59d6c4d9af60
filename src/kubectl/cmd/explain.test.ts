import { beforeAll, describe, expect, it } from 'vitest';
import { kubectl, webCluster } from '../testing/fixture.ts';
import { loadExplainSchemas } from './explain.ts';

describe('kubectl explain', () => {
  beforeAll(() => loadExplainSchemas());
  const sim = webCluster();

  it("a kind: kubectl's plaintext layout", () => {
    const r = kubectl(sim, 'explain deployment');
    expect(r.stdout).toMatch(/^GROUP: {6}apps\nKIND: {7}Deployment\nVERSION: {4}v1\n\nDESCRIPTION:\n {4}Deployment enables declarative updates for Pods and ReplicaSets\.\n {4}\nFIELDS:\n {2}apiVersion\t<string>\n {4}APIVersion defines the versioned schema of this representation of an\n {4}object\. Servers should convert recognized schemas to the latest internal\n/);
    expect(r.stdout).toContain('  spec\t<DeploymentSpec>\n    Specification of the desired behavior of the Deployment.\n\n');
  });

  it('a core kind has no GROUP line, as real kubectl prints it', () => {
    expect(kubectl(sim, 'explain pods').stdout).toMatch(/^KIND: {7}Pod\nVERSION: {4}v1\n\n/);
  });

  it('a field path, --recursive, and the errors', () => {
    expect(kubectl(sim, 'explain deploy.spec.strategy').stdout).toContain('FIELD: strategy <DeploymentStrategy>\n\nDESCRIPTION:\n    The deployment strategy to use to replace existing pods with new ones.\n');
    expect(kubectl(sim, 'explain pods.spec.containers').stdout).toContain('FIELD: containers <[]Container>');
    expect(kubectl(sim, 'explain deploy.metadata --recursive').stdout).toContain('  ownerReferences\t<[]OwnerReference>\n    apiVersion\t<string> -required-\n');
    expect(kubectl(sim, 'explain deploy.spec.foo').stderr).toBe('error: field "foo" does not exist\n');
    expect(kubectl(sim, 'explain podz').stderr).toBe('error: the server doesn\'t have a resource type "podz"\n');
  });
});
