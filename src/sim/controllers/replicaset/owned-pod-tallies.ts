/**
 * Running counts of each ReplicaSet's own pods, kept up to date by the pod informer's handlers, so that a sync does
 * not walk every pod of a ReplicaSet to learn numbers that one pod event changed by one.
 *
 * A sync (replicaset-controller.ts) lists the ReplicaSet's pods from the controller-UID index and counts them:
 * active ones, those its selector claims, ready ones, fully labelled ones, terminating ones (upstream's `getRSPods`,
 * `FilterActivePods`, `ClaimPods`, `calculateStatus`). A ReplicaSet of N pods is synced about once per pod event,
 * so that is O(N) work per sync and O(N²) for a rollout. A {@link PodTally} holds the same counts over the same
 * index bucket (pods whose controllerRef UID is the ReplicaSet's), computed once from the bucket and then moved by
 * each add / update / delete the informer's handlers see. The informer calls its handlers right after it updates its
 * indexer, so at any sync the tally counts exactly the pods the index lists.
 *
 * A tally is for one selector, one set of template labels and one namespace (the ReplicaSet's when the tally was
 * built); a sync that finds any changed rebuilds it from the bucket. The Deployment controller keeps tallies of its
 * own over the same buckets, with its selector, for the number of pods its observe event reports
 * (`getPodMapForDeployment`: the pods of each ReplicaSet in the Deployment's namespace that its selector matches). `pods` mirrors the bucket in the index's order (new pods at
 * the end, updates in place), for the sample of pods a reconcile's observe event names.
 *
 * @remarks Not upstream: a cache of counts derived from the informer's cache, with results identical to counting
 * the listed pods (a property test checks it against {@link countPods} after random pod events). The sync uses it
 * only when nothing needs the pods themselves: no claim to make (no pod to adopt or release), no pod to delete, and
 * no minReadySeconds (availability depends on the time of the sync).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import { podFacts, podMatches } from './pod-facts.ts';

/** What a tally counts against. */
export interface TallySpec {
  readonly selector: ParsedLabelSelector;
  /** The template labels counted against (`fullyLabeledReplicas`). */
  readonly templateLabels: Readonly<Record<string, string>> | undefined;
  /** The namespace whose selected pods {@link PodTally.selected} counts. */
  readonly namespace: string;
}

/** Counts over one ReplicaSet's index bucket. */
export interface PodTally extends TallySpec {
  readonly uid: string;
  /** {@link TallySpec.templateLabels} as JSON. */
  readonly templateLabelsKey: string;
  /** The bucket's pods by key, in the index's order. */
  readonly pods: Map<string, Pod>;
  /** Active pods (the observe event's "active pods owned"). */
  active: number;
  /** Active pods the selector matches: what ClaimPods keeps (`status.replicas`). */
  claimed: number;
  /** Of those, the ones carrying every template label (`fullyLabeledReplicas`). */
  fullyLabeled: number;
  /** Of those, the Ready ones (`readyReplicas`). */
  ready: number;
  /** Active pods the selector does not match: ClaimPods would release them. */
  unselectedActive: number;
  /** Terminating pods the selector matches (`terminatingReplicas`). */
  terminating: number;
  /** Pods of the tally's namespace the selector matches, whatever their phase (a Deployment's pod map). */
  selected: number;
}

/** The counts of a list of pods owned by `uid`, as a sync computes them (the reference for {@link PodTally}). */
export function countPods(uid: string, spec: TallySpec, pods: Iterable<Pod>): Counts {
  const t = { active: 0, claimed: 0, fullyLabeled: 0, ready: 0, unselectedActive: 0, terminating: 0, selected: 0 };
  for (const p of pods) if (podFacts(p).controllerUid === uid) count(t, spec, p, 1);
  return t;
}

/** Every tally of one ReplicaSet controller, by ReplicaSet UID. */
export class OwnedPodTallies {
  private readonly tallies = new Map<string, PodTally>();
  /** The UID of the tally that counts each pod key. */
  private readonly countedIn = new Map<string, string>();

  /**
   * The tally of the ReplicaSet `uid` for `spec`; built from `bucket` (the pods indexed under `uid`, in index order)
   * when there is none or it was built for another spec.
   */
  tallyFor(uid: string, spec: TallySpec, bucket: () => Iterable<[string, Pod]>): PodTally {
    const { selector, templateLabels, namespace } = spec;
    const templateLabelsKey = JSON.stringify(templateLabels ?? null);
    const existing = this.tallies.get(uid);
    if (existing && existing.selector === selector && existing.templateLabelsKey === templateLabelsKey && existing.namespace === namespace) return existing;
    const tally: PodTally = {
      uid,
      selector,
      templateLabels,
      namespace,
      templateLabelsKey,
      pods: new Map(),
      active: 0,
      claimed: 0,
      fullyLabeled: 0,
      ready: 0,
      unselectedActive: 0,
      terminating: 0,
      selected: 0,
    };
    for (const [key, pod] of bucket()) {
      if (podFacts(pod).controllerUid !== uid) continue;
      tally.pods.set(key, pod);
      this.countedIn.set(key, uid);
      count(tally, tally, pod, 1);
    }
    this.tallies.set(uid, tally);
    return tally;
  }

  /** The ReplicaSet is gone: drop its tally. */
  forget(uid: string | undefined): void {
    if (uid !== undefined) this.tallies.delete(uid);
  }

  /** What the pod informer's handlers report: the pod stored under `key` is now `pod` (undefined: deleted). */
  observe(key: string, pod: Pod | undefined): void {
    const newUid = pod ? podFacts(pod).controllerUid : undefined;
    const oldUid = this.countedIn.get(key);
    if (oldUid !== undefined) {
      const t = this.tallies.get(oldUid);
      const old = t?.pods.get(key);
      if (t && old) count(t, t, old, -1);
      if (oldUid !== newUid) {
        t?.pods.delete(key);
        this.countedIn.delete(key);
      }
    }
    if (!pod || newUid === undefined) return;
    const t = this.tallies.get(newUid);
    if (!t) {
      this.countedIn.delete(key);
      return;
    }
    t.pods.set(key, pod);
    this.countedIn.set(key, newUid);
    count(t, t, pod, 1);
  }
}

/** The numbers of a {@link PodTally}. */
export type Counts = Pick<PodTally, 'active' | 'claimed' | 'fullyLabeled' | 'ready' | 'unselectedActive' | 'terminating' | 'selected'>;

function count(t: Counts, spec: TallySpec, pod: Pod, sign: 1 | -1): void {
  const { selector, templateLabels } = spec;
  const f = podFacts(pod);
  if ((pod.metadata?.namespace ?? '') === spec.namespace && podMatches(selector, pod)) t.selected += sign;
  if (f.active) {
    t.active += sign;
    if (!podMatches(selector, pod)) {
      t.unselectedActive += sign;
      return;
    }
    t.claimed += sign;
    if (labelsMatch(templateLabels, pod.metadata?.labels)) t.fullyLabeled += sign;
    if (f.ready) t.ready += sign;
  } else if (f.terminating && podMatches(selector, pod)) {
    t.terminating += sign;
  }
}

/** The pod carries every template label (`calculateStatus`'s fullyLabeledReplicas test). */
export function labelsMatch(selector: Readonly<Record<string, string>> | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  if (!selector) return true;
  for (const k in selector) if (labels?.[k] !== selector[k]) return false;
  return true;
}
