import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { newServer, objectOf, req, statusOf } from './test-helpers.ts';
import { DEPRECATED_TEMPLATE_GENERATION } from './strategy/daemonset-strategy.ts';

const DS = { apiVersion: 'apps/v1', kind: 'DaemonSet', namespace: 'default' } as const;

function daemonSet(spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'agent:1' }] } },
      ...spec,
    },
  };
}

function create(spec?: Record<string, unknown>): ReturnType<typeof newServer> & { ds: KubeObject } {
  const s = newServer();
  return { ...s, ds: objectOf(s.server.handle(req({ verb: 'create', ...DS, body: daemonSet(spec) }))) };
}

describe('DaemonSet in the api-server', () => {
  it('is defaulted as SetDefaults_DaemonSet: RollingUpdate maxUnavailable 1, maxSurge 0, revisionHistoryLimit 10', () => {
    const { ds } = create();
    const spec = ds.spec as Record<string, unknown>;
    expect(spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    expect(spec.revisionHistoryLimit).toBe(10);
    expect(ds.metadata.generation).toBe(1);
  });

  it('OnDelete gets no rollingUpdate', () => {
    const { ds } = create({ updateStrategy: { type: 'OnDelete' } });
    expect((ds.spec as Record<string, unknown>).updateStrategy).toEqual({ type: 'OnDelete' });
  });

  it('carries the template generation as the deprecated annotation: 1 on create, +1 per template change only', () => {
    const { server, ds } = create();
    expect(ds.metadata.annotations?.[DEPRECATED_TEMPLATE_GENERATION]).toBe('1');
    const put = (o: KubeObject): KubeObject => objectOf(server.handle(req({ verb: 'update', ...DS, name: 'agent', body: o })));
    const limited = put({ ...ds, spec: { ...(ds.spec as object), revisionHistoryLimit: 3 } });
    expect(limited.metadata.generation).toBe(2);
    expect(limited.metadata.annotations?.[DEPRECATED_TEMPLATE_GENERATION]).toBe('1');
    const spec = limited.spec as { template: { spec: { containers: object[] } } };
    const updated = put({ ...limited, spec: { ...spec, template: { ...spec.template, spec: { containers: [{ name: 'agent', image: 'agent:2' }] } } } });
    expect(updated.metadata.generation).toBe(3);
    expect(updated.metadata.annotations?.[DEPRECATED_TEMPLATE_GENERATION]).toBe('2');
    // A client cannot move it.
    const forged = put({ ...updated, metadata: { ...updated.metadata, annotations: { [DEPRECATED_TEMPLATE_GENERATION]: '9' } } });
    expect(forged.metadata.annotations?.[DEPRECATED_TEMPLATE_GENERATION]).toBe('2');
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'maxSurge and maxUnavailable both non-zero',
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: '10%' } } },
      'spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 10%: may not be set when maxUnavailable is non-zero',
    ],
    [
      'both zero',
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } } },
      'spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0',
    ],
    [
      'over 100%',
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '150%', maxSurge: 0 } } },
      'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 150%: must not be greater than 100%',
    ],
    [
      'an unknown strategy',
      { updateStrategy: { type: 'Sometimes' } },
      'spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Sometimes", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"',
    ],
    ['an empty selector', { selector: {} }, 'empty selector is invalid for daemonset'],
    ['a negative minReadySeconds', { minReadySeconds: -1 }, 'spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0'],
  ])('refuses %s', (_, spec, message) => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', ...DS, body: daemonSet(spec) })));
    expect(s.code).toBe(422);
    expect(s.message).toContain(message);
  });

  it('refuses a restartPolicy other than Always and an activeDeadlineSeconds', () => {
    const { server } = newServer();
    const body = daemonSet();
    const template = (body.spec as { template: { spec: Record<string, unknown> } }).template;
    template.spec.restartPolicy = 'Never';
    template.spec.activeDeadlineSeconds = 5;
    const s = statusOf(server.handle(req({ verb: 'create', ...DS, body })));
    expect(s.message).toContain('spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"');
    expect(s.message).toContain('spec.template.spec.activeDeadlineSeconds: Invalid value: 5: activeDeadlineSeconds in DaemonSet is not Supported');
  });

  it('keeps the selector immutable', () => {
    const { server, ds } = create();
    const body = { ...ds, spec: { ...(ds.spec as object), selector: { matchLabels: { app: 'agent', tier: 'x' } } } };
    const s = statusOf(server.handle(req({ verb: 'update', ...DS, name: 'agent', body })));
    expect(s.message).toContain('spec.selector: Invalid value:');
    expect(s.message).toContain('field is immutable');
  });

  it('serves ControllerRevisions (data and revision, no generation)', () => {
    const { server } = newServer();
    const cr = objectOf(
      server.handle(req({ verb: 'create', apiVersion: 'apps/v1', kind: 'ControllerRevision', namespace: 'default', body: { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'agent-1' }, data: { spec: {} }, revision: 1 } })),
    );
    expect(cr.revision).toBe(1);
    expect(cr.metadata.generation).toBeUndefined();
  });
});
