/**
 * The webhooks' code loaded on demand with the simulation's libraries (`src/sim/libraries.ts`): the dispatcher (its
 * matching, AdmissionReviews and built-in servers) and the configurations' defaults and validation. Only a person's
 * input creates a webhook configuration, and every such input loads the libraries first.
 */
export { WebhookDispatcher } from './webhook-admission.ts';
export { defaultWebhookConfiguration, validateWebhookConfiguration } from './webhook-configuration.ts';
