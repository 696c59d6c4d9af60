import { describe, expect, it } from 'vitest';
import { kubectl, webCluster } from '../testing/fixture.ts';

const BAD = `apiVersion: apps/v1
kind: Deployment
metadata: {name: api}
spec:
  replicaz: 2
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec: {containers: [{name: api, image: "nginx:1.27"}]}
`;

describe('--validate: the fieldValidation kubectl sends', () => {
  it('strict by default: an unknown field is refused with the api-server’s strict decoding error, and nothing is written', () => {
    const sim = webCluster();
    const r = kubectl(sim, 'kubectl apply -f api.yaml', { files: { 'api.yaml': BAD } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('strict decoding error: unknown field "spec.replicaz"');
    expect(sim.getObject('deployment', 'default', 'api')).toBeUndefined();
    const c = kubectl(sim, 'kubectl create -f api.yaml', { files: { 'api.yaml': BAD } });
    expect(c.stderr).toContain('strict decoding error: unknown field "spec.replicaz"');
    expect(sim.inputs.at(-1)!.action).toMatchObject({ type: 'create', fieldValidation: 'Strict' });
  });

  it('warn writes the object and prints the server’s warning as kubectl does; ignore drops the field silently', () => {
    const sim = webCluster();
    const w = kubectl(sim, 'kubectl create -f api.yaml --validate=warn', { files: { 'api.yaml': BAD } });
    expect(w.exitCode).toBe(0);
    expect(w.stderr).toBe('Warning: unknown field "spec.replicaz"\n');
    expect(w.stdout).toBe('deployment.apps/api created\n');
    const stored = sim.getObject('deployment', 'default', 'api') as { spec: Record<string, unknown> };
    expect(stored.spec['replicaz']).toBeUndefined();
    const i = kubectl(sim, 'kubectl apply -f api2.yaml --validate=false', { files: { 'api2.yaml': BAD.replace(/name: api\b/, 'name: api2') } });
    expect(i.exitCode).toBe(0);
    expect(i.stderr).toBe('');
  });

  it('server-side apply types the object whatever --validate says: its reasonless 500 reads as kubectl prints it', () => {
    const sim = webCluster();
    const r = kubectl(sim, 'kubectl apply --server-side -f api.yaml --validate=ignore', { files: { 'api.yaml': BAD } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^Error from server: failed to create typed patch object \(default\/api; apps\/v1, Kind=Deployment\): \.spec\.replicaz: field not declared in schema\n/);
    const editor = sim.apply(BAD);
    expect(editor.ok).toBe(false);
    expect(editor.messages[0]).toMatch(/^Error from server: failed to create typed patch object/);
  });

  it('an unknown value gets kubectl’s error before anything is sent', () => {
    const sim = webCluster();
    const before = sim.inputs.length;
    const r = kubectl(sim, 'kubectl apply -f api.yaml --validate=maybe', { files: { 'api.yaml': BAD } });
    expect(r.stderr).toBe('error: invalid - validate option "maybe"; must be one of: strict (or true), warn, ignore (or false)\n');
    expect(sim.inputs.length).toBe(before);
  });
});
