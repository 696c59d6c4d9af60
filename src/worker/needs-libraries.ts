/**
 * Whether obeying a message from the page may need the simulation's on-demand libraries (yaml, ajv, croner,
 * fast-json-patch; see `src/sim/libraries.ts`). The worker loads them before it obeys such a message, and holds every
 * later message until they are in, so the simulation never meets them missing.
 *
 * The answer is a superset, read from the raw message before validation. The libraries are needed to read text
 * (manifests, a scenario file, a share link's recorded applies, files committed to the GitOps repository), and when a
 * CronJob or a CustomResourceDefinition enters the cluster (its schedule or schema is compiled), or a webhook
 * configuration (a mutating webhook answers with a JSON patch); once one exists they are loaded, so later writes to it
 * need no check. And for a JSON patch a person sends, or `kubectl rollout undo` sends (a Deployment's rollback). Objects
 * are searched for the words that can name those kinds (kind, resource, short name) or that patch type,
 * case-insensitively, anywhere in the message.
 */

/** Words that can name CronJobs, CustomResourceDefinitions or webhook configurations, or a JSON patch. */
const NAMES_WHAT_NEEDS_THEM = /cron|\bcj\b|customresourcedefinition|\bcrds?\b|webhook|"patchType":"json"/i;

/** User actions that never need the libraries whatever they carry: they change existing objects or the cluster. */
const WITHOUT_LIBRARIES = new Set(['delete', 'scale', 'cordon', 'uncordon', 'drain', 'add-node', 'set-load', 'fault']);

/** `kubectl rollout` operations sent as merge patches; `undo` sends a JSON patch (src/sim/cluster/kubectl.ts `rollout`). */
const ROLLOUT_BY_MERGE_PATCH = new Set(['pause', 'resume', 'restart']);

export function needsLibraries(message: unknown): boolean {
  if (!isRecord(message)) return false;
  if (message['type'] === 'init') {
    const setup = message['setup'];
    if (!isRecord(setup)) return false;
    if (setup['recipe'] !== undefined || setup['scenario'] !== undefined) return true;
    return manifestsNeedThem(setup['manifests']);
  }
  if (message['type'] === 'act') {
    const action = message['action'];
    if (!isRecord(action)) return false;
    const type = action['type'];
    if (typeof type === 'string' && WITHOUT_LIBRARIES.has(type)) return false;
    if (type === 'git-commit') return true;
    if (type === 'rollout') return !ROLLOUT_BY_MERGE_PATCH.has(action['op'] as string);
    if (type === 'apply' || type === 'create') return manifestsNeedThem(action['manifests']);
    return mentionsThem(action);
  }
  return false;
}

function manifestsNeedThem(manifests: unknown): boolean {
  if (manifests === undefined) return false;
  if (typeof manifests === 'string') return true;
  return mentionsThem(manifests);
}

function mentionsThem(value: unknown): boolean {
  try {
    return NAMES_WHAT_NEEDS_THEM.test(JSON.stringify(value) ?? '');
  } catch {
    return true; // a cycle or a BigInt: the command is invalid anyway; loading costs nothing but time
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
