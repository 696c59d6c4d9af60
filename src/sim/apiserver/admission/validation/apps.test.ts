import { describe, expect, it } from 'vitest';
import { createErrors, defaulted, infoOf } from '../test-fixtures.ts';
import { validateUpdate } from '../validation.ts';
import { aggregateFieldErrors } from '../../../api/field-errors.ts';

const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('Deployment validation', () => {
  it.each<[string, (o: Record<string, any>) => void, string]>([ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['an invalid name', (o) => (o.metadata.name = 'Web'), `metadata.name: Invalid value: "Web": ${SUBDOMAIN_MSG}`],
    ['negative replicas', (o) => (o.spec.replicas = -1), 'spec.replicas: Invalid value: -1: must be greater than or equal to 0'],
    ['replicas of the wrong type', (o) => (o.spec.replicas = 'three'), 'spec.replicas: Invalid value: "three": spec.replicas in body must be of type integer: "string"'],
    [
      'a missing selector (which also matches nothing)',
      (o) => delete o.spec.selector,
      '[spec.selector: Required value, spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`]',
    ],
    [
      'an empty selector',
      (o) => (o.spec.selector = {}),
      'spec.selector: Invalid value: &v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
    ],
    [
      'a selector that does not match the template',
      (o) => (o.spec.template.metadata.labels = { app: 'api' }),
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"api"}: `selector` does not match template `labels`',
    ],
    [
      'maxSurge and maxUnavailable both 0',
      (o) => (o.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } }),
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
    ],
    [
      'a malformed percent',
      (o) => (o.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25', maxUnavailable: 1 } }),
      "spec.strategy.rollingUpdate.maxSurge: Invalid value: 25: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    ],
    [
      'maxUnavailable over 100%',
      (o) => (o.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: '150%' } }),
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 150%: must not be greater than 100%',
    ],
    [
      'rollingUpdate with Recreate',
      (o) => (o.spec.strategy = { type: 'Recreate', rollingUpdate: {} }),
      "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
    ],
    [
      'an unknown strategy',
      (o) => (o.spec.strategy = { type: 'BlueGreen' }),
      'spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"BlueGreen", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate"',
    ],
    ['a negative revisionHistoryLimit', (o) => (o.spec.revisionHistoryLimit = -2), 'spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0'],
    [
      'a progress deadline not above minReadySeconds',
      (o) => Object.assign(o.spec, { minReadySeconds: 30, progressDeadlineSeconds: 30 }),
      'spec.progressDeadlineSeconds: Invalid value: 30: must be greater than minReadySeconds',
    ],
    ['a template restartPolicy other than Always', (o) => (o.spec.template.spec.restartPolicy = 'Never'), 'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"'],
  ])('rejects %s', (_what, edit, message) => {
    expect(createErrors('Deployment', edit)).toBe(message);
  });

  it('matches matchExpressions selectors against template labels', () => {
    expect(createErrors('Deployment', (o) => (o.spec.selector = { matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'api'] }] }))).toBe('');
    expect(createErrors('Deployment', (o) => (o.spec.selector = { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['web'] }] }))).toContain('`selector` does not match template `labels`');
  });

  it('keeps the selector immutable on update', () => {
    const old = defaulted('Deployment');
    const next = defaulted('Deployment', (o) => {
      o.spec.selector.matchLabels = { app: 'web2' };
      o.spec.template.metadata.labels = { app: 'web2' };
    });
    expect(aggregateFieldErrors(validateUpdate(next, old, infoOf('Deployment')))).toBe(
      'spec.selector: Invalid value: &v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    );
  });

  it('lets an update scale and change the image', () => {
    const old = defaulted('Deployment');
    const next = defaulted('Deployment', (o) => {
      o.spec.replicas = 5;
      o.spec.template.spec.containers[0].image = 'nginx:1.26';
    });
    expect(validateUpdate(next, old, infoOf('Deployment'))).toEqual([]);
  });
});

describe('ReplicaSet validation', () => {
  it('rejects negative replicas and a selector mismatch together', () => {
    expect(
      createErrors('ReplicaSet', (o) => {
        o.spec.replicas = -3;
        delete o.spec.template.metadata.labels;
      }),
    ).toBe('[spec.replicas: Invalid value: -3: must be greater than or equal to 0, spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`]');
  });

  it('says "deployment" for an empty ReplicaSet selector, as upstream does', () => {
    expect(createErrors('ReplicaSet', (o) => (o.spec.selector = {}))).toMatch(/: empty selector is invalid for deployment$/);
  });

  it('keeps the selector immutable on update', () => {
    const next = defaulted('ReplicaSet', (o) => {
      o.spec.selector.matchLabels.tier = 'x';
      o.spec.template.metadata.labels.tier = 'x';
    });
    const errs = validateUpdate(next, defaulted('ReplicaSet'), infoOf('ReplicaSet'));
    expect(errs.map((e) => e.field)).toEqual(['spec.selector']);
    expect(errs[0]?.body).toMatch(/field is immutable$/);
  });
});
