/**
 * Whether obeying a message from the page may need the simulation's on-demand libraries (yaml, ajv, croner,
 * fast-json-patch; see `src/sim/libraries.ts`). The worker loads them before it obeys such a message, and holds every
 * later message until they are in, so the simulation never meets them missing.
 *
 * The answer is a superset, read from the raw message before validation, and kept coarse on purpose: only what the
 * page's first frame needs avoids them. Every kubectl console command and lesson command waits for them (the kubectl
 * program and the lesson runner are loaded with them: on-demand.ts). Every user action waits for them (text, CronJobs, CRDs, webhook
 * configurations, JSON patches such as `kubectl rollout undo`'s: telling them apart action by action proved a source of
 * bugs, and the worker has preloaded them a second after the simulation first moved anyway); so does a scenario or a
 * share link. An `init` with objects (the default demo) avoids them unless an object can bring in a kind that needs
 * them: a CronJob (its schedule), a CustomResourceDefinition (its schema) or a webhook configuration (a mutating
 * webhook answers with a JSON patch), searched for by the words that can name them, anywhere in the objects. Time
 * controls, inspection and recipes never need them: they replay or read what was already obeyed.
 */
import { isObject } from '../sim/apiserver/admission/json-shape.ts';

/**
 * Words that can name CronJobs, CustomResourceDefinitions, webhook configurations, or the kinds whose controllers'
 * logic is on demand (Jobs, HPAs, DaemonSets, StatefulSets: src/sim/cluster/on-demand-controller.ts), as kinds,
 * resources or short names.
 */
const NAMES_WHAT_NEEDS_THEM = /cron|\bcj\b|customresourcedefinition|\bcrds?\b|webhook|job|horizontalpodautoscaler|\bhpa\b|daemonset|\bds\b|statefulset|\bsts\b/i;

/** Commands that always need them: actions, the kubectl console's (the program is loaded on demand), lessons', exports, attaching (a served run's recipe). */
const ON_DEMAND_COMMANDS = new Set(['act', 'kubectl', 'kubectlComplete', 'kubectlEditSave', 'lesson', 'export', 'attach']);

export function needsLibraries(message: unknown): boolean {
  if (!isObject(message)) return false;
  // A user action, a kubectl command (the program itself is on demand) or a lesson command.
  if (ON_DEMAND_COMMANDS.has(message['type'] as string)) return true;
  if (message['type'] !== 'init') return false;
  const setup = message['setup'];
  if (!isObject(setup)) return false;
  if (setup['recipe'] !== undefined || setup['scenario'] !== undefined || setup['lesson'] !== undefined) return true;
  const manifests = setup['manifests'];
  if (manifests === undefined) return false;
  if (typeof manifests === 'string') return true;
  try {
    return NAMES_WHAT_NEEDS_THEM.test(JSON.stringify(manifests) ?? '');
  } catch {
    return true; // a cycle or a BigInt: the command is invalid anyway; loading costs nothing but time
  }
}
