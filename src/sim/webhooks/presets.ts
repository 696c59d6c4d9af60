/**
 * Ready-made webhook configurations for the built-in servers, for the page's "add a webhook" picker and for tests:
 * what each server does, its parameters with their defaults, sensible rules, and a function that writes the
 * MutatingWebhookConfiguration / ValidatingWebhookConfiguration object to apply.
 */
import type { KubeObject, LabelSelector } from '../api/object.ts';
import { ADMISSION_GROUP, MUTATING_KIND, VALIDATING_KIND, type RuleWithOperations, type Webhook } from './webhook-configuration.ts';

export interface WebhookPresetParam {
  name: string;
  default: string;
  description: string;
}

export interface WebhookPreset {
  /** The built-in server (clientConfig.service.name). */
  server: 'sidecar-injector' | 'force-replicas' | 'require-labels' | 'replicas-cap' | 'image-policy' | 'unavailable';
  type: 'mutating' | 'validating';
  description: string;
  params: readonly WebhookPresetParam[];
  rules: readonly RuleWithOperations[];
  objectSelector?: LabelSelector;
}

const DEPLOYMENTS_AND_SCALE: RuleWithOperations = { operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments', 'deployments/scale'] };
const POD_CREATES: RuleWithOperations = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };

export const WEBHOOK_PRESETS: readonly WebhookPreset[] = [
  {
    server: 'sidecar-injector',
    type: 'mutating',
    description: 'Adds an istio-proxy sidecar container and a sidecar.istio.io/status annotation to new pods labelled sidecar.istio.io/inject=true.',
    params: [
      { name: 'name', default: 'istio-proxy', description: 'the sidecar container name' },
      { name: 'image', default: 'docker.io/istio/proxyv2:1.24.0', description: 'the sidecar image' },
    ],
    rules: [POD_CREATES],
    objectSelector: { matchLabels: { 'sidecar.istio.io/inject': 'true' } },
  },
  {
    server: 'force-replicas',
    type: 'mutating',
    description: 'Sets spec.replicas of every Deployment (and of /scale writes) to a fixed number: it fights the HPA and kubectl scale.',
    params: [{ name: 'replicas', default: '1', description: 'the forced replica count' }],
    rules: [DEPLOYMENTS_AND_SCALE],
  },
  {
    server: 'require-labels',
    type: 'validating',
    description: 'Denies Deployments that lack one of the given labels.',
    params: [{ name: 'labels', default: 'team', description: 'comma-separated label keys' }],
    rules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'] }],
  },
  {
    server: 'replicas-cap',
    type: 'validating',
    description: 'Denies Deployments (and /scale writes) asking for more than max replicas.',
    params: [{ name: 'max', default: '10', description: 'the largest spec.replicas allowed' }],
    rules: [DEPLOYMENTS_AND_SCALE],
  },
  {
    server: 'image-policy',
    type: 'validating',
    description: 'Denies pods whose images do not start with one of the allowed prefixes.',
    params: [{ name: 'prefix', default: 'registry.k8s.io/', description: 'comma-separated allowed image prefixes' }],
    rules: [POD_CREATES],
  },
  {
    server: 'unavailable',
    type: 'validating',
    description: 'A webhook whose server is down: with failurePolicy Fail every matching request fails; with Ignore it is skipped.',
    params: [],
    rules: [POD_CREATES],
  },
];

export interface WebhookConfigurationOptions {
  /** metadata.name of the configuration; default the server's name. */
  name?: string;
  /** Parameters of the server (missing ones keep the server's defaults). */
  params?: Record<string, string>;
  failurePolicy?: 'Fail' | 'Ignore';
  namespaceSelector?: LabelSelector;
  /** Replaces the preset's objectSelector. */
  objectSelector?: LabelSelector;
  rules?: RuleWithOperations[];
  reinvocationPolicy?: 'Never' | 'IfNeeded';
}

/** The configuration object (to apply) of one webhook calling `preset`'s server at `webhooks/<server>`. */
export function webhookConfigurationFor(preset: WebhookPreset, options: WebhookConfigurationOptions = {}): KubeObject {
  const params = Object.entries(options.params ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const path = `/${preset.type === 'mutating' ? 'mutate' : 'validate'}${params ? `?${params}` : ''}`;
  const hook: Webhook = {
    name: `${preset.server}.webhooks.loopscope.dev`,
    clientConfig: { service: { namespace: 'webhooks', name: preset.server, path } },
    rules: structuredClone(options.rules ?? [...preset.rules]),
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    failurePolicy: options.failurePolicy ?? 'Fail',
  };
  const objectSelector = options.objectSelector ?? preset.objectSelector;
  if (objectSelector) hook.objectSelector = structuredClone(objectSelector);
  if (options.namespaceSelector) hook.namespaceSelector = structuredClone(options.namespaceSelector);
  if (preset.type === 'mutating' && options.reinvocationPolicy) hook.reinvocationPolicy = options.reinvocationPolicy;
  return {
    apiVersion: `${ADMISSION_GROUP}/v1`,
    kind: preset.type === 'mutating' ? MUTATING_KIND : VALIDATING_KIND,
    metadata: { name: options.name ?? preset.server },
    webhooks: [hook],
  };
}
