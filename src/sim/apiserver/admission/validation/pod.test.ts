import { describe, expect, it } from 'vitest';
import { createErrors, defaulted, infoOf } from '../test-fixtures.ts';
import { validateUpdate } from '../validation.ts';
import { POD_UPDATABLE_FIELDS } from './pod.ts';

const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

describe('Pod validation', () => {
  it.each<[string, (o: Record<string, any>) => void, string]>([ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['no containers', (o) => (o.spec.containers = []), 'spec.containers: Required value'],
    ['a container name that is not a DNS label', (o) => (o.spec.containers[0].name = 'Web_1'), `spec.containers[0].name: Invalid value: "Web_1": ${LABEL_MSG}`],
    ['a missing container name', (o) => delete o.spec.containers[0].name, 'spec.containers[0].name: Required value'],
    [
      'duplicate container names',
      (o) => o.spec.containers.push({ name: 'web', image: 'busybox:1.36' }),
      'spec.containers[1].name: Duplicate value: "web"',
    ],
    ['a missing image', (o) => delete o.spec.containers[0].image, 'spec.containers[0].image: Required value'],
    [
      'an unknown restartPolicy',
      (o) => (o.spec.restartPolicy = 'Sometimes'),
      'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    ],
    [
      'an unknown imagePullPolicy',
      (o) => (o.spec.containers[0].imagePullPolicy = 'Maybe'),
      'spec.containers[0].imagePullPolicy: Unsupported value: "Maybe": supported values: "Always", "IfNotPresent", "Never"',
    ],
    [
      'an unparseable quantity',
      (o) => (o.spec.containers[0].resources = { requests: { cpu: 'lots' } }),
      `spec.containers[0].resources.requests[cpu]: Invalid value: "lots": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    ],
    [
      'a request above its limit',
      (o) => (o.spec.containers[0].resources = { requests: { cpu: '1' }, limits: { cpu: '500m' } }),
      'spec.containers[0].resources.requests[cpu]: Invalid value: "1": must be less than or equal to cpu limit of 500m',
    ],
    ['a container port out of range', (o) => (o.spec.containers[0].ports = [{ containerPort: 70000 }]), 'spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive'],
    ['a probe without a handler', (o) => (o.spec.containers[0].livenessProbe = { periodSeconds: 5 }), 'spec.containers[0].livenessProbe: Required value: must specify a handler type'],
    [
      'a liveness probe with successThreshold 2',
      (o) => (o.spec.containers[0].livenessProbe = { exec: { command: ['true'] }, successThreshold: 2 }),
      'spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1',
    ],
    [
      'tolerationSeconds without NoExecute',
      (o) => (o.spec.tolerations = [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }]),
      "spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
    ],
    ['an activeDeadlineSeconds of 0', (o) => (o.spec.activeDeadlineSeconds = 0), 'spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 4294967295, inclusive'],
    [
      'a volume mount of an undeclared volume',
      (o) => (o.spec.containers[0].volumeMounts = [{ name: 'data', mountPath: '/data' }]),
      'spec.containers[0].volumeMounts[0].name: Not found: "data"',
    ],
    [
      'duplicate volume names',
      (o) => (o.spec.volumes = [{ name: 'cfg', emptyDir: {} }, { name: 'cfg', emptyDir: {} }]),
      'spec.volumes[1].name: Duplicate value: "cfg"',
    ],
    ['containers that are not a list', (o) => (o.spec.containers = 'nginx'), 'spec.containers: Invalid value: "nginx": spec.containers in body must be of type array: "string"'],
  ])('rejects %s', (_what, edit, message) => {
    expect(createErrors('Pod', edit)).toBe(message);
  });

  it('accepts quantities in every suffix form', () => {
    expect(createErrors('Pod', (o) => (o.spec.containers[0].resources = { requests: { cpu: '0.5', memory: '128Mi' }, limits: { cpu: 1, memory: '1Gi' } }))).toBe('');
  });
});

describe('Pod update validation', () => {
  it('lets an update change images, lower activeDeadlineSeconds and add tolerations', () => {
    const old = defaulted('Pod', (o) => (o.spec.activeDeadlineSeconds = 100));
    const next = structuredClone(old) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    next.spec.containers[0].image = 'nginx:1.26';
    next.spec.activeDeadlineSeconds = 50;
    next.spec.tolerations = [...next.spec.tolerations, { key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }];
    expect(validateUpdate(next as never, old, infoOf('Pod'))).toEqual([]);
  });

  it('forbids any other spec change with the "pod updates may not change fields" message', () => {
    const old = defaulted('Pod');
    const next = structuredClone(old) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    next.spec.restartPolicy = 'Never';
    const errs = validateUpdate(next as never, old, infoOf('Pod'));
    expect(errs).toHaveLength(1);
    expect(errs[0]!.field).toBe('spec');
    expect(errs[0]!.body).toContain(`Forbidden: pod updates may not change fields other than ${POD_UPDATABLE_FIELDS.join(',')}`);
    expect(errs[0]!.body).toContain('\n  core.PodSpec{\n  \t... // ');
    expect(errs[0]!.body).toContain('- \tRestartPolicy: "Always",\n+ \tRestartPolicy: "Never",\n  }');
  });

  it('forbids removing a toleration', () => {
    const old = defaulted('Pod');
    const next = structuredClone(old) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    next.spec.tolerations = next.spec.tolerations.slice(1);
    expect(validateUpdate(next as never, old, infoOf('Pod'))[0]?.body).toMatch(/^Forbidden: pod updates may not change fields/);
  });

  it('forbids raising activeDeadlineSeconds', () => {
    const old = defaulted('Pod', (o) => (o.spec.activeDeadlineSeconds = 100));
    const next = structuredClone(old) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    next.spec.activeDeadlineSeconds = 200;
    expect(validateUpdate(next as never, old, infoOf('Pod')).map((e) => `${e.field}: ${e.body}`)).toEqual([
      'spec.activeDeadlineSeconds: Invalid value: 200: must be less than or equal to previous value',
    ]);
  });
});
