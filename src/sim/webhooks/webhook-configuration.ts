/**
 * MutatingWebhookConfiguration and ValidatingWebhookConfiguration (admissionregistration.k8s.io/v1): their shape,
 * their defaults and their validation, as the api-server applies them when one is written.
 *
 * Upstream: kubernetes pkg/apis/admissionregistration/v1/defaults.go (SetDefaults_*Webhook, SetDefaults_Rule,
 * SetDefaults_ServiceReference), pkg/apis/admissionregistration/validation/validation.go (validateWebhook,
 * validateRuleWithOperations, validateWebhookClientConfig, ValidateWebhookService).
 *
 * @remarks `matchConditions` (CEL) are not supported: a configuration carrying them is rejected with Forbidden rather
 * than silently ignored. `clientConfig.url` must still be https as upstream requires; the simulated servers are
 * reached through `clientConfig.service` (see builtin-servers.ts). `caBundle` is accepted and unused.
 */
import type { KubeObject, LabelSelector } from '../api/object.ts';
import { fieldError, type FieldError } from '../api/field-errors.ts';

import { ADMISSION_GROUP, MUTATING_KIND, VALIDATING_KIND, isWebhookConfigurationKind } from './webhook-kinds.ts';

export { ADMISSION_GROUP, MUTATING_KIND, VALIDATING_KIND, isWebhookConfigurationKind };

/** One rule of a webhook (`RuleWithOperations`). */
export interface RuleWithOperations {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: string;
}

export interface ServiceReference {
  namespace?: string;
  name?: string;
  path?: string;
  port?: number;
}

export interface WebhookClientConfig {
  url?: string;
  service?: ServiceReference;
  caBundle?: string;
}

/** One webhook of a configuration (`MutatingWebhook` / `ValidatingWebhook`, v1). */
export interface Webhook {
  name: string;
  clientConfig: WebhookClientConfig;
  rules?: RuleWithOperations[];
  failurePolicy?: 'Fail' | 'Ignore';
  matchPolicy?: 'Exact' | 'Equivalent';
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  sideEffects?: 'None' | 'NoneOnDryRun' | 'Some' | 'Unknown';
  timeoutSeconds?: number;
  admissionReviewVersions?: string[];
  /** Mutating webhooks only. */
  reinvocationPolicy?: 'Never' | 'IfNeeded';
  matchConditions?: unknown[];
}

/** True for the two webhook configuration kinds. */
/** The webhooks of a stored configuration (an empty list when the field is missing or malformed). */
export function webhooksOf(config: KubeObject): readonly Webhook[] {
  const hooks = config.webhooks;
  return Array.isArray(hooks) ? (hooks as Webhook[]) : [];
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Applies upstream's v1 defaults in place to a private draft of either kind. */
export function defaultWebhookConfiguration(obj: KubeObject): void {
  if (!Array.isArray(obj.webhooks)) return;
  const mutating = obj.kind === MUTATING_KIND;
  for (const h of obj.webhooks as unknown[]) {
    if (!isObj(h)) continue;
    h.failurePolicy ??= 'Fail';
    h.matchPolicy ??= 'Equivalent';
    h.namespaceSelector ??= {};
    h.objectSelector ??= {};
    h.timeoutSeconds ??= 10;
    if (mutating) h.reinvocationPolicy ??= 'Never';
    if (Array.isArray(h.rules)) for (const r of h.rules as unknown[]) if (isObj(r)) r.scope ??= '*';
    const cc = h.clientConfig;
    if (isObj(cc) && isObj(cc.service)) cc.service.port ??= 443;
  }
}

const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const SIDE_EFFECTS_V1 = ['None', 'NoneOnDryRun'];
const REVIEW_VERSIONS = ['v1', 'v1beta1'];

/** `validateWebhook...Configuration`: the errors of a configuration of either kind (empty: valid). */
export function validateWebhookConfiguration(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const hooks = obj.webhooks;
  if (hooks === undefined) return errs;
  if (!Array.isArray(hooks)) return [fieldError.typeInvalid('webhooks', hooks, 'must be a list')];
  const names = new Set<string>();
  hooks.forEach((h: unknown, i) => {
    const p = `webhooks[${i}]`;
    if (!isObj(h)) {
      errs.push(fieldError.typeInvalid(p, h, 'must be an object'));
      return;
    }
    const name = h.name;
    if (typeof name !== 'string' || name === '') errs.push(fieldError.required(`${p}.name`));
    else if (!isFullyQualifiedName(name)) errs.push(fieldError.invalid(`${p}.name`, name, 'should be a domain with at least three segments separated by dots'));
    else if (names.has(name)) errs.push(fieldError.duplicate(`${p}.name`, name));
    if (typeof name === 'string') names.add(name);
    errs.push(...validateRules(h.rules, `${p}.rules`));
    if (h.failurePolicy !== undefined && h.failurePolicy !== 'Fail' && h.failurePolicy !== 'Ignore') {
      errs.push(fieldError.notSupported(`${p}.failurePolicy`, h.failurePolicy, ['Fail', 'Ignore']));
    }
    if (h.matchPolicy !== undefined && h.matchPolicy !== 'Exact' && h.matchPolicy !== 'Equivalent') {
      errs.push(fieldError.notSupported(`${p}.matchPolicy`, h.matchPolicy, ['Equivalent', 'Exact']));
    }
    if (h.sideEffects === undefined) errs.push(fieldError.required(`${p}.sideEffects`, `must specify one of ${SIDE_EFFECTS_V1.join(', ')}`));
    else if (!SIDE_EFFECTS_V1.includes(h.sideEffects as string)) errs.push(fieldError.notSupported(`${p}.sideEffects`, h.sideEffects, SIDE_EFFECTS_V1));
    const versions = h.admissionReviewVersions;
    if (!Array.isArray(versions) || !versions.some((v) => REVIEW_VERSIONS.includes(v as string))) {
      errs.push(fieldError.required(`${p}.admissionReviewVersions`, `must specify one of ${REVIEW_VERSIONS.join(', ')}`));
    }
    const t = h.timeoutSeconds;
    if (t !== undefined && (typeof t !== 'number' || t < 1 || t > 30)) errs.push(fieldError.invalid(`${p}.timeoutSeconds`, t, 'the timeout value must be between 1 and 30 seconds'));
    if (obj.kind === MUTATING_KIND && h.reinvocationPolicy !== undefined && h.reinvocationPolicy !== 'Never' && h.reinvocationPolicy !== 'IfNeeded') {
      errs.push(fieldError.notSupported(`${p}.reinvocationPolicy`, h.reinvocationPolicy, ['IfNeeded', 'Never']));
    }
    if (Array.isArray(h.matchConditions) && h.matchConditions.length > 0) {
      errs.push(fieldError.forbidden(`${p}.matchConditions`, 'matchConditions (CEL) are not supported by the simulation'));
    }
    errs.push(...validateClientConfig(h.clientConfig, `${p}.clientConfig`));
  });
  return errs;
}

function isFullyQualifiedName(name: string): boolean {
  const parts = name.split('.');
  return parts.length >= 3 && parts.every((s) => /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(s)) && name.length <= 253;
}

function validateRules(rules: unknown, p: string): FieldError[] {
  if (rules === undefined) return [];
  if (!Array.isArray(rules)) return [fieldError.typeInvalid(p, rules, 'must be a list')];
  const errs: FieldError[] = [];
  rules.forEach((r: unknown, i) => {
    const rp = `${p}[${i}]`;
    if (!isObj(r)) {
      errs.push(fieldError.typeInvalid(rp, r, 'must be an object'));
      return;
    }
    for (const f of ['operations', 'apiGroups', 'apiVersions', 'resources'] as const) {
      const v = r[f];
      if (!Array.isArray(v) || v.length === 0) errs.push(fieldError.required(`${rp}.${f}`));
    }
    if (Array.isArray(r.operations)) {
      (r.operations as unknown[]).forEach((op, j) => {
        if (!OPERATIONS.includes(op as string)) errs.push(fieldError.notSupported(`${rp}.operations[${j}]`, op, OPERATIONS));
      });
    }
    if (r.scope !== undefined && r.scope !== '*' && r.scope !== 'Cluster' && r.scope !== 'Namespaced') {
      errs.push(fieldError.notSupported(`${rp}.scope`, r.scope, ['*', 'Cluster', 'Namespaced']));
    }
  });
  return errs;
}

function validateClientConfig(cc: unknown, p: string): FieldError[] {
  if (!isObj(cc)) return [fieldError.required(p, 'exactly one of url or service is required')];
  const hasUrl = cc.url !== undefined;
  const hasService = cc.service !== undefined;
  if (hasUrl === hasService) return [fieldError.required(p, 'exactly one of url or service is required')];
  if (hasUrl) {
    const url = cc.url;
    if (typeof url !== 'string' || !url.startsWith('https://')) return [fieldError.invalid(`${p}.url`, url, "'https' is the only allowed URL scheme")];
    return [];
  }
  const svc = cc.service;
  if (!isObj(svc)) return [fieldError.typeInvalid(`${p}.service`, svc, 'must be an object')];
  const errs: FieldError[] = [];
  if (typeof svc.name !== 'string' || svc.name === '') errs.push(fieldError.required(`${p}.service.name`, 'service name is required'));
  if (typeof svc.namespace !== 'string' || svc.namespace === '') errs.push(fieldError.required(`${p}.service.namespace`, 'service namespace is required'));
  if (svc.path !== undefined && (typeof svc.path !== 'string' || !svc.path.startsWith('/'))) {
    errs.push(fieldError.invalid(`${p}.service.path`, svc.path, "must start with a '/'"));
  }
  if (svc.port !== undefined && (typeof svc.port !== 'number' || svc.port < 1 || svc.port > 65535)) {
    errs.push(fieldError.invalid(`${p}.service.port`, svc.port, 'port is not valid: must be between 1 and 65535, inclusive'));
  }
  return errs;
}
