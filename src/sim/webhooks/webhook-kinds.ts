/** The webhook configuration kinds, by name: a module of its own, so the api-server's first script names them without loading the webhooks' code. */
export const ADMISSION_GROUP = 'admissionregistration.k8s.io';
export const MUTATING_KIND = 'MutatingWebhookConfiguration';
export const VALIDATING_KIND = 'ValidatingWebhookConfiguration';

/** Whether `group`/`kind` is a webhook configuration. */
export function isWebhookConfigurationKind(group: string, kind: string): boolean {
  return group === ADMISSION_GROUP && (kind === MUTATING_KIND || kind === VALIDATING_KIND);
}
