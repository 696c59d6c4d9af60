/**
 * The webhooks panel's presets: admissionregistration.k8s.io/v1 configurations pointing at the simulation's built-in
 * webhook servers (src/sim/webhooks/builtin-servers.ts), with the one parameter each takes; and a summary of a
 * configuration for the list of those configured.
 */

type Json = Record<string, unknown>;

/** One preset: what it does, its parameter, and the configuration object it applies. */
export interface WebhookPreset {
  id: string;
  label: string;
  /** One sentence for the page. */
  does: string;
  param?: { name: string; label: string; default: string; integer?: boolean };
  build(param: string): Json;
}

const common = { sideEffects: 'None', admissionReviewVersions: ['v1'] };

function config(kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration', name: string, webhook: Json): Json {
  return { apiVersion: 'admissionregistration.k8s.io/v1', kind, metadata: { name }, webhooks: [{ ...webhook, ...common }] };
}

function service(server: string, path: string): Json {
  return { service: { namespace: 'webhooks', name: server, path } };
}

const deployments = (withScale: boolean) => [{ operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: withScale ? ['deployments', 'deployments/scale'] : ['deployments'] }];

/** The presets, in the order the page offers them. */
export const WEBHOOK_PRESETS: readonly WebhookPreset[] = [
  {
    id: 'sidecar',
    label: 'Sidecar injection',
    does: 'adds an istio-proxy container to every new Pod labelled sidecar.istio.io/inject=true (label a Deployment’s template to see it)',
    build: () =>
      config('MutatingWebhookConfiguration', 'istio-sidecar-injector', {
        name: 'sidecar-injector.istio.io',
        clientConfig: service('sidecar-injector', '/inject'),
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
        objectSelector: { matchLabels: { 'sidecar.istio.io/inject': 'true' } },
      }),
  },
  {
    id: 'force-replicas',
    label: 'Force replicas',
    does: 'rewrites spec.replicas of every Deployment write (and /scale) to a fixed number: it fights the HPA and kubectl scale',
    param: { name: 'replicas', label: 'replicas', default: '2', integer: true },
    build: (n) =>
      config('MutatingWebhookConfiguration', 'replica-pinning', {
        name: 'force-replicas.platform.example.com',
        clientConfig: service('force-replicas', `/mutate?replicas=${encodeURIComponent(n)}`),
        rules: deployments(true),
      }),
  },
  {
    id: 'require-labels',
    label: 'Require labels',
    does: 'denies a Deployment create or update missing one of the labels',
    param: { name: 'labels', label: 'labels (comma list)', default: 'team' },
    build: (labels) =>
      config('ValidatingWebhookConfiguration', 'require-labels', {
        name: 'require-labels.policy.example.com',
        clientConfig: service('require-labels', `/validate?labels=${encodeURIComponent(labels)}`),
        rules: deployments(false),
      }),
  },
  {
    id: 'replicas-cap',
    label: 'Cap replicas',
    does: 'denies a Deployment (or /scale) write with spec.replicas above the cap: the HPA’s scale-up fails',
    param: { name: 'max', label: 'max', default: '5', integer: true },
    build: (max) =>
      config('ValidatingWebhookConfiguration', 'replicas-cap', {
        name: 'replicas-cap.policy.example.com',
        clientConfig: service('replicas-cap', `/validate?max=${encodeURIComponent(max)}`),
        rules: deployments(true),
      }),
  },
  {
    id: 'image-policy',
    label: 'Image policy',
    does: 'denies new Pods whose images come from no allowed registry: the ReplicaSet controller’s creates fail (FailedCreate)',
    param: { name: 'prefix', label: 'allowed prefixes', default: 'registry.k8s.io/' },
    build: (prefix) =>
      config('ValidatingWebhookConfiguration', 'image-policy', {
        name: 'image-policy.policy.example.com',
        clientConfig: service('image-policy', `/validate?prefix=${encodeURIComponent(prefix)}`),
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
      }),
  },
  {
    id: 'down',
    label: 'Webhook down (fail closed)',
    does: 'a webhook whose server never answers, failurePolicy Fail: every Pod create is refused (connection refused)',
    build: () =>
      config('ValidatingWebhookConfiguration', 'unreachable-policy', {
        name: 'audit.policy.example.com',
        clientConfig: service('unavailable', '/audit'),
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
        failurePolicy: 'Fail',
      }),
  },
];

/** One webhook of a configuration, as the list shows it. */
export interface WebhookLine {
  name: string;
  /** "webhooks/force-replicas /mutate?replicas=2" or the URL. */
  target: string;
  /** "CREATE,UPDATE deployments,deployments/scale". */
  rules: string;
  failurePolicy: string;
}

/** The webhooks of a Mutating/ValidatingWebhookConfiguration object. */
export function webhookLines(obj: unknown): WebhookLine[] {
  const hooks = ((obj as Json | null)?.webhooks ?? []) as Json[];
  return hooks.map((w) => {
    const cc = (w.clientConfig ?? {}) as Json;
    const svc = cc.service as Json | undefined;
    const target = svc ? `${String(svc.namespace ?? '')}/${String(svc.name ?? '')} ${String(svc.path ?? '/')}` : String(cc.url ?? '');
    const rules = ((w.rules ?? []) as Json[]).map((r) => `${((r.operations ?? []) as string[]).join(',')} ${((r.resources ?? []) as string[]).join(',')}`).join('; ');
    return { name: String(w.name ?? ''), target, rules, failurePolicy: String(w.failurePolicy ?? 'Fail') };
  });
}

/** Why a preset's parameter is unusable (the built-in servers would fall back to a default silently), or null. */
export function paramError(preset: WebhookPreset, value: string): string | null {
  if (!preset.param) return null;
  if (preset.param.integer && !/^\d+$/.test(value.trim())) return `${preset.param.label} must be a whole number ≥ 0, not ${JSON.stringify(value)}`;
  if (!value.trim()) return `${preset.param.label} must not be empty`;
  return null;
}
