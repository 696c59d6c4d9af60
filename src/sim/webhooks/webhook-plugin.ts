/**
 * The MutatingAdmissionWebhook and ValidatingAdmissionWebhook plugins as the api-server holds them: every write asks
 * them, and while no webhook configuration exists (the default) they answer at once. The dispatcher that calls the
 * webhooks (webhook-admission.ts) is loaded on demand with the simulation's libraries, since only a person's input
 * creates a configuration, and made at the first write that meets one: a point the simulation alone fixes, so the
 * run is the same whenever its code arrived.
 */
import type { Status } from '../api/status.ts';
import type { AdmissionAttributes, AdmissionPlugin, MutatingAdmissionPlugin, ServerCore } from '../apiserver/server-core.ts';
import { resourceKey } from '../apiserver/registry/resource-registry.ts';
import { libraries } from '../libraries.ts';
import type { WebhookDispatcher } from './webhook-admission.ts';
import { ADMISSION_GROUP } from './webhook-kinds.ts';

const MUTATING_KEY = resourceKey({ group: ADMISSION_GROUP, resource: 'mutatingwebhookconfigurations' });
const VALIDATING_KEY = resourceKey({ group: ADMISSION_GROUP, resource: 'validatingwebhookconfigurations' });

export class WebhookAdmission implements MutatingAdmissionPlugin, AdmissionPlugin {
  private dispatcher: WebhookDispatcher | undefined;

  constructor(private readonly core: ServerCore) {}

  mutate(attrs: AdmissionAttributes): Status | undefined {
    if (attrs.operation === 'DELETE' || attrs.subresource === 'status' || this.core.store.count(MUTATING_KEY) === 0) return undefined;
    return this.made().mutate(attrs);
  }

  admit(attrs: AdmissionAttributes): Status | undefined {
    if (this.core.store.count(VALIDATING_KEY) === 0) return undefined;
    return this.made().admit(attrs);
  }

  private made(): WebhookDispatcher {
    return (this.dispatcher ??= new (libraries().webhooks.WebhookDispatcher)(this.core));
  }
}
