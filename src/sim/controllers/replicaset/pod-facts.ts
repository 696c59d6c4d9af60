/**
 * What a ReplicaSet sync asks of every pod it lists (its controllerRef's UID, active / terminating, Ready and since
 * when, whether a selector matches its labels), computed once per cached pod object instead of once per sync.
 *
 * A sync lists all the ReplicaSet's pods (upstream's `getRSPods` + `FilterActivePods` + `ClaimPods` +
 * `calculateStatus`), and a ReplicaSet of N pods is synced about once per pod event: O(N) work per sync, O(N²) in
 * all. The pods of an informer's cache are deep-frozen and replaced (never changed) on update, so facts derived
 * from one pod object stay true for it: they are memoised per object, and a sync's per-pod cost is a lookup.
 *
 * @remarks Not upstream: a cache of pure functions of frozen objects (results are identical to
 * `controllerOf`, `IsPodActive`, `IsPodTerminating`, `IsPodReady`, `Selector.Matches`). Objects that are not frozen
 * (a test's hand-made pod) are never memoised.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { labelSelectorFromObject, matchesLabels, type ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';

/** The per-pod answers a ReplicaSet sync needs. */
export interface PodFacts {
  /** `metav1.GetControllerOf(pod) != nil`. */
  readonly hasController: boolean;
  /** The controllerRef's UID (undefined without a controllerRef). */
  readonly controllerUid: string | undefined;
  /** `IsPodActive`: not Succeeded/Failed and not being deleted. */
  readonly active: boolean;
  /** Not Succeeded/Failed and being deleted. */
  readonly terminating: boolean;
  /** `IsPodReady`. */
  readonly ready: boolean;
  /** The Ready condition's lastTransitionTime, when ready. */
  readonly readySince: string | undefined;
}

interface Memo {
  facts: PodFacts;
  /** The last selector this pod was matched against (an interned one, see {@link internSelector}) and the answer. */
  selector?: ParsedLabelSelector;
  matches?: boolean;
}

const memo = new WeakMap<object, Memo>();

function computeFacts(pod: Pod): PodFacts {
  let hasController = false;
  let controllerUid: string | undefined;
  const refs = pod.metadata?.ownerReferences;
  if (refs) {
    for (const r of refs) {
      if (r.controller === true) {
        hasController = true;
        controllerUid = r.uid;
        break;
      }
    }
  }
  const phase = pod.status?.phase;
  const finished = phase === 'Succeeded' || phase === 'Failed';
  const deleting = !!pod.metadata?.deletionTimestamp;
  let ready = false;
  let readySince: string | undefined;
  const conditions = pod.status?.conditions;
  if (conditions) {
    for (const c of conditions) {
      if (c.type === 'Ready') {
        ready = c.status === 'True';
        if (ready) readySince = c.lastTransitionTime;
        break;
      }
    }
  }
  return { hasController, controllerUid, active: !finished && !deleting, terminating: !finished && deleting, ready, readySince };
}

function memoOf(pod: Pod): Memo {
  let m = memo.get(pod);
  if (m) return m;
  m = { facts: computeFacts(pod) };
  if (Object.isFrozen(pod)) memo.set(pod, m);
  return m;
}

/** The facts of one pod (memoised when the pod object is frozen). */
export function podFacts(pod: Pod): PodFacts {
  return memoOf(pod).facts;
}

/**
 * `selector.Matches(labels.Set(pod.Labels))`, memoised per frozen pod for the last selector it was asked about.
 * Pass an interned selector ({@link internSelector}) so the same selector is the same object across syncs.
 */
export function podMatches(selector: ParsedLabelSelector, pod: Pod): boolean {
  const m = memoOf(pod);
  if (m.selector === selector) return m.matches!;
  const matches = matchesLabels(selector, pod.metadata?.labels);
  m.selector = selector;
  m.matches = matches;
  return matches;
}

/** Interned parsed selectors, by their JSON; cleared when it grows past this many (selectors are few). */
const MAX_INTERNED = 1024;
const interned = new Map<string, ParsedLabelSelector>();

/**
 * `metav1.LabelSelectorAsSelector`, returning the same parsed object for the same selector JSON, so that
 * {@link podMatches} can recognise it. Throws as `labelSelectorFromObject` does.
 */
export function internSelector(selector: object): ParsedLabelSelector {
  const key = JSON.stringify(selector);
  let parsed = interned.get(key);
  if (parsed) return parsed;
  parsed = labelSelectorFromObject(selector as Parameters<typeof labelSelectorFromObject>[0]);
  if (interned.size >= MAX_INTERNED) interned.clear();
  interned.set(key, parsed);
  return parsed;
}
