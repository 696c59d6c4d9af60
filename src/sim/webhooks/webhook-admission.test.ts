import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { configMap, deployment, newServer, objectOf, pod, req, statusOf } from '../apiserver/test-helpers.ts';
import type { ApiServer } from '../apiserver/api-server.ts';
import type { TraceEventOf } from '../trace/trace-event.ts';
import type { SimContext } from '../engine/sim-context.ts';
import { webhookDenial } from './webhook-admission.ts';

type Hook = Record<string, unknown>;

function hook(name: string, server: string, path: string, rules: Hook[], extra: Hook = {}): Hook {
  return {
    name,
    clientConfig: { service: { namespace: 'webhooks', name: server, path } },
    rules,
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    ...extra,
  };
}

const DEPLOYMENTS = { operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments', 'deployments/scale'] };
const PODS = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };
const CONFIGMAPS = { operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] };

function install(server: ApiServer, kind: 'Mutating' | 'Validating', name: string, webhooks: Hook[]): KubeObject {
  const body = { apiVersion: 'admissionregistration.k8s.io/v1', kind: `${kind}WebhookConfiguration`, metadata: { name }, webhooks };
  return objectOf(server.handle(req({ verb: 'create', apiVersion: body.apiVersion, kind: body.kind, body })));
}

function create(server: ApiServer, obj: KubeObject, namespace = 'default', user = 'tester') {
  return server.handle(req({ verb: 'create', apiVersion: obj.apiVersion, kind: obj.kind, namespace, body: obj, user }));
}

function webhookEvents(ctx: SimContext): TraceEventOf<'admission.webhook'>[] {
  return ctx.trace.slice().filter((e): e is TraceEventOf<'admission.webhook'> => e.kind === 'admission.webhook');
}

describe('webhook configurations as served resources', () => {
  it('a configuration is defaulted as upstream v1 does (Fail, Equivalent, 10s, Never, scope *, port 443)', () => {
    const { server } = newServer();
    const stored = install(server, 'Mutating', 'm', [hook('force.example.com', 'force-replicas', '/', [DEPLOYMENTS])]);
    const h = (stored.webhooks as Hook[])[0]!;
    expect(h).toMatchObject({ failurePolicy: 'Fail', matchPolicy: 'Equivalent', timeoutSeconds: 10, reinvocationPolicy: 'Never', namespaceSelector: {}, objectSelector: {} });
    expect((h.rules as Hook[])[0]!.scope).toBe('*');
    expect(((h.clientConfig as Hook).service as Hook).port).toBe(443);
    expect(stored.metadata.generation).toBe(1);
  });

  it('a configuration without sideEffects, review versions or a fully qualified name is Invalid with upstream messages', () => {
    const { server } = newServer();
    const body = {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'v' },
      webhooks: [{ name: 'short', clientConfig: { service: { namespace: 'webhooks', name: 'x' } }, timeoutSeconds: 31 }],
    };
    const s = statusOf(server.handle(req({ verb: 'create', apiVersion: body.apiVersion, kind: body.kind, body })));
    expect(s.code).toBe(422);
    expect(s.message).toContain('webhooks[0].name: Invalid value: "short": should be a domain with at least three segments separated by dots');
    expect(s.message).toContain('webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun');
    expect(s.message).toContain('webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1');
    expect(s.message).toContain('webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds');
  });

  it('a client config with both url and service is rejected: exactly one of url or service is required', () => {
    const { server } = newServer();
    const h = hook('a.b.c', 'x', '/', [CONFIGMAPS]);
    (h.clientConfig as Hook).url = 'https://x.example.com';
    const body = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name: 'v' }, webhooks: [h] };
    const s = statusOf(server.handle(req({ verb: 'create', apiVersion: body.apiVersion, kind: body.kind, body })));
    expect(s.message).toContain('webhooks[0].clientConfig: Required value: exactly one of url or service is required');
  });
});

describe('mutating webhooks', () => {
  it('force-replicas rewrites spec.replicas of a created Deployment; the trace says patched', () => {
    const { ctx, server } = newServer();
    install(server, 'Mutating', 'force', [hook('force-replicas.webhooks.example.com', 'force-replicas', '/mutate?replicas=2', [DEPLOYMENTS])]);
    const d = objectOf(create(server, deployment('web', 5)));
    expect((d.spec as { replicas: number }).replicas).toBe(2);
    const [e] = webhookEvents(ctx);
    expect(e).toMatchObject({ webhook: 'force-replicas.webhooks.example.com', configuration: 'force', type: 'mutating', operation: 'CREATE', outcome: 'patched', patch: 'replace /spec/replicas = 2' });
    expect(e!.object).toMatchObject({ kind: 'Deployment', namespace: 'default', name: 'web' });
  });

  it('a /scale write is shown to a deployments/scale webhook as a Scale and its patch lands in the Deployment', () => {
    const { ctx, server } = newServer();
    objectOf(create(server, deployment('web', 1)));
    install(server, 'Mutating', 'force', [hook('force-replicas.webhooks.example.com', 'force-replicas', '/?replicas=2', [DEPLOYMENTS])]);
    const scale = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 7 } };
    const res = server.handle(req({ verb: 'update', apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web', subresource: 'scale', body: scale }));
    expect(res.ok).toBe(true);
    const live = server.getObject('apps/v1', 'Deployment', 'default', 'web')!;
    expect((live.spec as { replicas: number }).replicas).toBe(2);
    expect(webhookEvents(ctx).at(-1)).toMatchObject({ subresource: 'scale', outcome: 'patched' });
  });

  it('an objectSelector does not match /scale writes: the Scale the webhook sees has no labels', () => {
    const { ctx, server } = newServer();
    install(server, 'Mutating', 'force', [hook('force-replicas.webhooks.example.com', 'force-replicas', '/?replicas=2', [DEPLOYMENTS], { objectSelector: { matchLabels: { app: 'web' } } })]);
    const created = objectOf(create(server, deployment('web', 1)));
    expect((created.spec as { replicas: number }).replicas).toBe(2);
    const scale = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 7 } };
    server.handle(req({ verb: 'update', apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web', subresource: 'scale', body: scale }));
    expect((server.getObject('apps/v1', 'Deployment', 'default', 'web')!.spec as { replicas: number }).replicas).toBe(7);
    expect(webhookEvents(ctx)).toHaveLength(1);
  });

  it('a webhook on "deployments" alone is not called for /scale writes (the subresource must be listed)', () => {
    const { ctx, server } = newServer();
    objectOf(create(server, deployment('web', 1)));
    install(server, 'Mutating', 'force', [hook('force-replicas.webhooks.example.com', 'force-replicas', '/?replicas=2', [{ ...DEPLOYMENTS, resources: ['deployments'] }])]);
    const scale = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 7 } };
    server.handle(req({ verb: 'update', apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web', subresource: 'scale', body: scale }));
    expect((server.getObject('apps/v1', 'Deployment', 'default', 'web')!.spec as { replicas: number }).replicas).toBe(7);
    expect(webhookEvents(ctx)).toHaveLength(0);
  });

  it("the webhook's change is not recorded under any manager of its own: the requester owns the field it sent, with the webhook's value", () => {
    const { server } = newServer();
    install(server, 'Mutating', 'force', [hook('force-replicas.webhooks.example.com', 'force-replicas', '/?replicas=2', [DEPLOYMENTS])]);
    const created = objectOf(create(server, deployment('web', 5), 'default', 'kubectl-create'));
    expect((created.spec as { replicas: number }).replicas).toBe(2);
    expect(JSON.stringify(created.metadata.managedFields!.find((m) => m.manager === 'kubectl-create')!.fieldsV1)).toContain('f:replicas');
    const scale = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 7 } };
    const res = server.handle(req({ verb: 'update', apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web', subresource: 'scale', body: scale, user: 'kubectl-scale' }));
    expect(res.ok).toBe(true);
    const live = server.getObject('apps/v1', 'Deployment', 'default', 'web')!;
    // Same value (the webhook's 2), yet the write is stored: managedFields were computed from the request (7).
    expect((live.spec as { replicas: number }).replicas).toBe(2);
    expect(live.metadata.resourceVersion).not.toBe(created.metadata.resourceVersion);
    const scaleEntry = live.metadata.managedFields!.find((m) => m.manager === 'kubectl-scale');
    expect(scaleEntry).toMatchObject({ operation: 'Update', subresource: 'scale' });
    expect(JSON.stringify(scaleEntry!.fieldsV1)).toContain('f:replicas');
    expect(JSON.stringify(live.metadata.managedFields!.find((m) => m.manager === 'kubectl-create')!.fieldsV1)).not.toContain('f:replicas');
  });

  it('sidecar-injector adds the istio-proxy container and its status annotation to pods its objectSelector picks', () => {
    const { ctx, server } = newServer();
    install(server, 'Mutating', 'istio', [hook('sidecar-injector.istio.io', 'sidecar-injector', '/inject', [PODS], { objectSelector: { matchLabels: { 'sidecar.istio.io/inject': 'true' } } })]);
    const injected = objectOf(create(server, { ...pod('a'), metadata: { name: 'a', labels: { 'sidecar.istio.io/inject': 'true' } } }));
    const plain = objectOf(create(server, pod('b')));
    const names = (p: KubeObject) => (p.spec as { containers: { name: string }[] }).containers.map((c) => c.name);
    expect(names(injected)).toEqual(['c', 'istio-proxy']);
    expect(injected.metadata.annotations?.['sidecar.istio.io/status']).toBe('{"containers":["istio-proxy"]}');
    // The injected container is defaulted like any other.
    expect((injected.spec as { containers: { imagePullPolicy?: string }[] }).containers[1]!.imagePullPolicy).toBe('IfNotPresent');
    expect(names(plain)).toEqual(['c']);
    expect(webhookEvents(ctx)).toHaveLength(1);
    // Added fields belong to nobody: the creator's managedFields entry lists only what it sent.
    expect(JSON.stringify(injected.metadata.managedFields)).not.toContain('istio-proxy');
  });

  it('mutating webhooks run in the order of their configurations names; IfNeeded is reinvoked after a later change', () => {
    const { ctx, server } = newServer();
    install(server, 'Mutating', 'b-second', [hook('force.second.example.com', 'force-replicas', '/?replicas=3', [DEPLOYMENTS])]);
    install(server, 'Mutating', 'a-first', [hook('force.first.example.com', 'force-replicas', '/?replicas=2', [DEPLOYMENTS], { reinvocationPolicy: 'IfNeeded' })]);
    const d = objectOf(create(server, deployment('web', 5)));
    expect(webhookEvents(ctx).map((e) => `${e.webhook} ${e.outcome}`)).toEqual(['force.first.example.com patched', 'force.second.example.com patched', 'force.first.example.com patched']);
    expect((d.spec as { replicas: number }).replicas).toBe(2);
  });
});

describe('validating webhooks', () => {
  it('require-labels denies with the upstream message: admission webhook "<name>" denied the request: <message>', () => {
    const { ctx, server } = newServer();
    install(server, 'Validating', 'labels', [hook('require-labels.policy.example.com', 'require-labels', '/?labels=team,owner', [CONFIGMAPS])]);
    const s = statusOf(create(server, configMap('c', {}, { team: 'a' })));
    expect(s.code).toBe(403);
    expect(s.reason).toBe('Forbidden');
    expect(s.message).toBe('admission webhook "require-labels.policy.example.com" denied the request: missing required label(s): owner');
    expect(server.getObject('v1', 'ConfigMap', 'default', 'c')).toBeUndefined();
    expect(webhookEvents(ctx)[0]).toMatchObject({ type: 'validating', outcome: 'denied' });
    expect(create(server, configMap('d', {}, { team: 'a', owner: 'b' })).ok).toBe(true);
  });

  it('validation runs on the mutated object: replicas-cap sees what force-replicas wrote', () => {
    const { server } = newServer();
    install(server, 'Mutating', 'force', [hook('force-replicas.webhooks.example.com', 'force-replicas', '/?replicas=20', [DEPLOYMENTS])]);
    install(server, 'Validating', 'cap', [hook('replicas-cap.policy.example.com', 'replicas-cap', '/?max=10', [DEPLOYMENTS])]);
    const s = statusOf(create(server, deployment('web', 3)));
    expect(s.message).toBe('admission webhook "replicas-cap.policy.example.com" denied the request: spec.replicas must be at most 10, got 20');
  });

  it('image-policy denies a Deployment whose template uses an image outside the allowed prefixes', () => {
    const { server } = newServer();
    install(server, 'Validating', 'images', [hook('image-policy.policy.example.com', 'image-policy', '/?prefix=registry.example.com/', [DEPLOYMENTS])]);
    const s = statusOf(create(server, deployment('web', 1)));
    expect(s.message).toBe('admission webhook "image-policy.policy.example.com" denied the request: image "nginx" of container "c" is not from an allowed registry (allowed prefixes: registry.example.com/)');
  });

  it('an unreachable webhook fails the request with 500 under failurePolicy Fail and is skipped under Ignore', () => {
    const { ctx, server } = newServer();
    install(server, 'Validating', 'down', [hook('down.example.com', 'unavailable', '/validate', [CONFIGMAPS])]);
    const s = statusOf(create(server, configMap('c')));
    expect(s.code).toBe(500);
    expect(s.reason).toBe('InternalError');
    expect(s.message).toBe(
      'Internal error occurred: failed calling webhook "down.example.com": failed to call webhook: Post "https://unavailable.webhooks.svc:443/validate?timeout=10s": dial tcp: connect: connection refused',
    );
    const { server: s2 } = newServer();
    install(s2, 'Validating', 'down', [hook('down.example.com', 'unavailable', '/validate', [CONFIGMAPS], { failurePolicy: 'Ignore' })]);
    expect(create(s2, configMap('c')).ok).toBe(true);
    expect(webhookEvents(ctx)[0]).toMatchObject({ outcome: 'failed', failurePolicy: 'Fail' });
  });

  it('a service that is not a built-in server has no endpoints', () => {
    const { server } = newServer();
    install(server, 'Validating', 'nobody', [hook('nobody.example.com', 'my-webhook', '/', [CONFIGMAPS])]);
    expect(statusOf(create(server, configMap('c'))).message).toContain('no endpoints available for service "my-webhook"');
  });

  it('namespaceSelector: objects in namespaces without the label are not sent to the webhook', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'Namespace', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod', labels: { env: 'prod' } } } }));
    install(server, 'Validating', 'labels', [hook('require-labels.policy.example.com', 'require-labels', '/?labels=team', [CONFIGMAPS], { namespaceSelector: { matchLabels: { env: 'prod' } } })]);
    expect(create(server, configMap('c'), 'default').ok).toBe(true);
    expect(create(server, configMap('c'), 'prod').ok).toBe(false);
  });

  it('a DELETE is sent with the live object as oldObject, and a failing webhook blocks it', () => {
    const { ctx, server } = newServer();
    expect(create(server, configMap('c', {}, { keep: 'yes' })).ok).toBe(true);
    const del = { operations: ['DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] };
    install(server, 'Validating', 'guard', [hook('guard.example.com', 'unavailable', '/', [del], { objectSelector: { matchLabels: { keep: 'yes' } } })]);
    const s = statusOf(server.handle(req({ verb: 'delete', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'c' })));
    expect(s.message).toMatch(/^Internal error occurred: failed calling webhook "guard.example.com": failed to call webhook: /);
    expect(server.getObject('v1', 'ConfigMap', 'default', 'c')).toBeDefined();
    expect(webhookEvents(ctx)[0]).toMatchObject({ operation: 'DELETE', object: { name: 'c' }, outcome: 'failed' });
  });

  it('a dry run calls the webhooks too, and the trace says so', () => {
    const { ctx, server } = newServer();
    install(server, 'Validating', 'labels', [hook('require-labels.policy.example.com', 'require-labels', '/?labels=team', [CONFIGMAPS])]);
    const res = server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: configMap('c'), dryRun: true }));
    expect(statusOf(res).message).toContain('denied the request: missing required label(s): team');
    expect(webhookEvents(ctx)[0]).toMatchObject({ outcome: 'denied', dryRun: true });
  });

  it('webhook configurations themselves are never sent to webhooks', () => {
    const { server } = newServer();
    const all = { operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] };
    install(server, 'Validating', 'deny-all', [hook('down.example.com', 'unavailable', '/', [all])]);
    expect(create(server, configMap('c')).ok).toBe(false);
    // Still possible to fix the configuration.
    const res = server.handle(req({ verb: 'delete', apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', name: 'deny-all' }));
    expect(res.ok).toBe(true);
    expect(create(server, configMap('c')).ok).toBe(true);
  });
});

describe('webhookDenial (upstream ToStatusErr)', () => {
  it('a denial without a message uses the reason, then "without explanation"; codes below 400 become 400', () => {
    expect(webhookDenial('w.a.b', { code: 200, reason: 'NoGood' })).toMatchObject({ code: 400, message: 'admission webhook "w.a.b" denied the request: NoGood' });
    expect(webhookDenial('w.a.b', undefined)).toMatchObject({ code: 400, status: 'Failure', message: 'admission webhook "w.a.b" denied the request without explanation' });
    expect(webhookDenial('w.a.b', { code: 422, message: 'no' })).toMatchObject({ code: 422, message: 'admission webhook "w.a.b" denied the request: no' });
  });
});

describe('failure policy on mutating webhooks', () => {
  it('an unreachable mutating webhook with Ignore is skipped and the next one still runs', () => {
    const { ctx, server } = newServer();
    install(server, 'Mutating', 'a-down', [hook('down.example.com', 'slow', '/', [DEPLOYMENTS], { failurePolicy: 'Ignore', timeoutSeconds: 3 })]);
    install(server, 'Mutating', 'b-force', [hook('force-replicas.webhooks.example.com', 'force-replicas', '/?replicas=2', [DEPLOYMENTS])]);
    const d = objectOf(create(server, deployment('web', 5)));
    expect((d.spec as { replicas: number }).replicas).toBe(2);
    expect(webhookEvents(ctx).map((e) => e.outcome)).toEqual(['failed', 'patched']);
    expect(webhookEvents(ctx)[0]!.message).toBe('failed calling webhook "down.example.com": failed to call webhook: Post "https://slow.webhooks.svc:443/?timeout=3s": context deadline exceeded');
  });
});
