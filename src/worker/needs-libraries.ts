/**
 * Whether obeying a message from the page may need the worker's on-demand parts (`on-demand.ts`: the simulation's
 * libraries (yaml, ajv, croner, fast-json-patch, the on-demand controllers' logic: `src/sim/libraries.ts`), the
 * scenario reader, the kubectl program, the lesson runner and the full command schema with zod). The worker loads
 * them before it obeys such a message, and holds every later message until they are in, so the simulation never
 * meets them missing.
 *
 * The answer is a superset, kept coarse on purpose: only what the page's first frame needs avoids them. That is the
 * first commands (`first-commands.ts`: the time controls, and an `init` with objects), checked by hand; every other
 * message waits, user actions, console and lesson commands, inspections and share links among them (the worker
 * preloads the parts a second after the simulation first moved anyway). An `init` with objects (the default demo)
 * waits too if an object can bring in a kind that needs them: a CronJob (its schedule), a CustomResourceDefinition
 * (its schema), a webhook configuration (a mutating webhook answers with a JSON patch), a Job, HPA, DaemonSet or
 * StatefulSet (their controllers' logic), or a PersistentVolumeClaim (its admission is on demand with the
 * StatefulSet's: src/sim/apiserver/admission/on-demand-kinds.ts), searched for by the words that can name them,
 * anywhere in the objects; or
 * if a Deployment can carry the legacy rollback annotation `deprecated.deployment.rollback.to` (the Deployment
 * controller's rollback is on demand: src/sim/controllers/on-demand-parts.ts); or if an object carries
 * ownerReferences (a Namespace's can be dangling, and the garbage collector then deletes the namespace, whose
 * emptying by the namespace controller is on demand).
 */
import { parseFirstCommand } from './first-commands.ts';

/**
 * Words that can name CronJobs, CustomResourceDefinitions, webhook configurations, the kinds whose controllers'
 * logic is on demand (Jobs, HPAs, DaemonSets, StatefulSets: src/sim/cluster/on-demand-controller.ts) or whose
 * admission is (PersistentVolumeClaims), as kinds, resources or short names; `rollback`, which the legacy
 * rollback annotation's key holds; and `ownerReferences`, the field by which a namespace can be deleted without a
 * person.
 */
const NAMES_WHAT_NEEDS_THEM = /cron|\bcj\b|customresourcedefinition|\bcrds?\b|webhook|job|horizontalpodautoscaler|\bhpa\b|daemonset|\bds\b|statefulset|\bsts\b|persistentvolumeclaim|\bpvcs?\b|rollback|ownerreferences/i;


export function needsLibraries(message: unknown): boolean {
  // Only the first commands (first-commands.ts) are checked without the full command schema, which is on demand.
  const first = parseFirstCommand(message);
  if (first === null) return true;
  if (!first.ok || first.command.type !== 'init') return false;
  try {
    return NAMES_WHAT_NEEDS_THEM.test(JSON.stringify(first.command.setup.manifests ?? []) ?? '');
  } catch {
    return true; // a cycle or a BigInt: the command is invalid anyway; loading costs nothing but time
  }
}
