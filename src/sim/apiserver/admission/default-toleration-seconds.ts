/**
 * The DefaultTolerationSeconds admission plugin, ported from kubernetes
 * `plugin/pkg/admission/defaulttolerationseconds/admission.go`: every pod tolerates the `not-ready` and `unreachable`
 * NoExecute taints for 300 s unless it already tolerates them, which is why taint eviction waits five minutes.
 */
import { isObject, type JsonObject } from './json-shape.ts';

/** The taint the node lifecycle controller puts on a node whose Ready condition is False. */
export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
/** The taint the node lifecycle controller puts on a node whose Ready condition is Unknown. */
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';
/** `--default-not-ready-toleration-seconds` and `--default-unreachable-toleration-seconds`. */
export const DEFAULT_TOLERATION_SECONDS = 300;

/**
 * The plugin's own test (not `ToleratesTaint`): the key is the taint's or empty, and the effect is NoExecute or
 * empty. Operator and value are not looked at.
 */
function toleratesNoExecute(t: JsonObject, key: string): boolean {
  const effect = t['effect'];
  if (effect !== undefined && effect !== null && effect !== '' && effect !== 'NoExecute') return false;
  const tKey = t['key'];
  return tKey === undefined || tKey === null || tKey === '' || tKey === key;
}

/**
 * Adds `{key, operator: Exists, effect: NoExecute, tolerationSeconds: 300}` for not-ready and unreachable to a pod's
 * spec.tolerations, each only if no existing toleration already covers that taint.
 */
export function addDefaultTolerations(pod: JsonObject): void {
  const spec = pod['spec'];
  if (!isObject(spec)) return;
  const existing = spec['tolerations'];
  if (existing !== undefined && existing !== null && !Array.isArray(existing)) return;
  const tolerations: unknown[] = Array.isArray(existing) ? existing : [];
  const objects = tolerations.filter(isObject);
  const toAdd: JsonObject[] = [];
  for (const key of [TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE]) {
    if (objects.some((t) => toleratesNoExecute(t, key))) continue;
    toAdd.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
  }
  if (toAdd.length > 0) spec['tolerations'] = [...tolerations, ...toAdd];
}
