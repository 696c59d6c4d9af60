import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation.ts';

const deployment = (spec: string, meta = 'name: web') => `apiVersion: apps/v1
kind: Deployment
metadata: {${meta}}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        livenessProbe: {httpGet: {port: 80}, periodSeconds: 10}
${spec}`;

describe('the typed decoder refuses numbers that do not fit their Go integer field (issue 17)', () => {
  const refusal = (yaml: string) => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const r = sim.apply(yaml);
    expect(r.ok).toBe(false);
    expect(sim.getObject('deployment', 'default', 'web')).toBeUndefined();
    return r.results[0]?.status;
  };

  it('1e308 in an int32 field, with upstream\'s decode error', () => {
    expect(refusal(deployment('  progressDeadlineSeconds: 1e308\n'))).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 1e+308 into Go struct field DeploymentSpec.spec.progressDeadlineSeconds of type int32',
    });
  });

  it('a probe period past int32, a fraction, and an int64 past its range, each named by its struct and full path', () => {
    expect(refusal(deployment('').replace('periodSeconds: 10', 'periodSeconds: 1e308'))?.message).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 1e+308 into Go struct field Probe.spec.template.spec.containers.livenessProbe.periodSeconds of type int32',
    );
    expect(refusal(deployment('').replace('replicas: 1', 'replicas: 1.5'))?.message).toMatch(/cannot unmarshal number 1\.5 into Go struct field DeploymentSpec\.spec\.replicas of type int32$/);
    expect(refusal(deployment('').replace('replicas: 1', 'replicas: 3000000000'))?.message).toMatch(/cannot unmarshal number 3000000000 into Go struct field DeploymentSpec\.spec\.replicas of type int32$/);
    expect(refusal(deployment('      activeDeadlineSeconds: 1e300\n').replace('containers:', 'activeDeadlineSeconds: 1e300\n      containers:').replace('      activeDeadlineSeconds: 1e300\n', ''))?.message).toMatch(
      /cannot unmarshal number 1e\+300 into Go struct field PodSpec\.spec\.template\.spec\.activeDeadlineSeconds of type int64$/,
    );
  });

  it('a Job\'s activeDeadlineSeconds of 1e308 is refused, and int64 values past int32 are accepted', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const job = (d: string) => `apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  activeDeadlineSeconds: ${d}\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n`;
    expect(sim.apply(job('1e308')).results[0]?.status?.message).toBe(
      'Job in version "v1" cannot be handled as a Job: json: cannot unmarshal number 1e+308 into Go struct field JobSpec.spec.activeDeadlineSeconds of type int64',
    );
    expect(sim.apply(job('4000000000')).ok).toBe(true);
  });

  it('metadata.name given as an object is the decoder\'s error, not "[object Object]"', () => {
    expect(refusal(deployment('', 'name: {a: 1}'))?.message).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal object into Go struct field ObjectMeta.metadata.name of type string',
    );
  });

  it('a scaled Deployment past int32 is refused through /scale too, and the run goes on', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    expect(sim.apply(deployment('')).ok).toBe(true);
    const r = sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 1e12 });
    expect(r.ok).toBe(false);
    expect(() => sim.runFor(10_000)).not.toThrow();
    expect(sim.runUntilConverged(60_000).converged).toBe(true);
  });

  it('HPA, Job and CronJob integer fields, each named by its Go struct and type', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const message = (yaml: string) => sim.apply(yaml).results[0]?.status?.message ?? '';
    expect(message('apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n  minReplicas: 1\n  maxReplicas: 10000000000\n')).toBe(
      'HorizontalPodAutoscaler in version "v2" cannot be handled as a HorizontalPodAutoscaler: json: cannot unmarshal number 10000000000 into Go struct field HorizontalPodAutoscalerSpec.spec.maxReplicas of type int32',
    );
    const job = 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  parallelism: 2.5\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n';
    expect(message(job)).toMatch(/cannot unmarshal number 2\.5 into Go struct field JobSpec\.spec\.parallelism of type int32$/);
    const cron = 'apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: "* * * * *"\n  startingDeadlineSeconds: 1e308\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers: [{name: c, image: busybox}]\n';
    expect(message(cron)).toMatch(/cannot unmarshal number 1e\+308 into Go struct field CronJobSpec\.spec\.startingDeadlineSeconds of type int64$/);
    expect(message(cron.replace('1e308', '200').replace('jobTemplate:\n    spec:\n', 'jobTemplate:\n    spec:\n      backoffLimit: 1e12\n'))).toMatch(
      /cannot unmarshal number 1000000000000 into Go struct field JobSpec\.spec\.jobTemplate\.spec\.backoffLimit of type int32$/,
    );
  });
});
