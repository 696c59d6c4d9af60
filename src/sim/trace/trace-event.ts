/**
 * The causal trace: every step of every loop as one typed event. Each event has an id, the virtual time, the actor
 * that did it and the id of the event that led to it (`causeId`), so any change can be walked back to the user
 * action or fault at its root. The UI animates this stream; the CLI prints and exports it.
 *
 * Events are plain JSON (they cross the worker boundary and go into `.jsonl` exports) and are frozen once recorded.
 */

/** A reference to an API object as it appears in the trace. */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
}

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection' | 'apply';
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
/** Why a key entered a work queue: the informer event type, a resync, a failed reconcile, or requeueAfter. */
export type QueueReason = 'add' | 'update' | 'delete' | 'resync' | 'retry' | 'after' | 'manual';

interface Base {
  /** Position in the trace, from 1. */
  id: number;
  /** Virtual milliseconds since the simulation started. */
  time: number;
  /**
   * Who did it: `user`, `api-server`, `network`, `fault`, a controller (`replicaset-controller`), a controller's
   * informer (`replicaset-controller/informer/pods`), `kubelet/<node>`, `scheduler`, `scenario`.
   */
  actor: string;
  /** The event that led to this one; null only for roots (user actions, faults, timers of the cluster itself). */
  causeId: number | null;
}

export type TraceEventBody =
  /** A client sent a request to the api-server. */
  | { kind: 'api.request'; verb: Verb; object: ObjectRef; subresource?: string; requestId: number; fieldManager?: string }
  /** The api-server answered. `rv` is the object's resourceVersion after a successful write. */
  | {
      kind: 'api.response';
      verb: Verb;
      object: ObjectRef;
      subresource?: string;
      requestId: number;
      code: number;
      reason?: string;
      message?: string;
      rvBefore?: string;
      rv?: string;
      /** For writes: the fields that changed, as dotted paths ("spec.replicas"), at most a handful. */
      changed?: string[];
    }
  /** A watch event reached an informer (or was dropped/delayed by a fault on the way). */
  | {
      kind: 'watch.deliver';
      informer: string;
      type: WatchEventType;
      object: ObjectRef;
      rv: string;
      fate?: 'dropped' | 'delayed';
    }
  /** A reflector (re)listed, e.g. after a crash or a 410 Expired watch. */
  | { kind: 'informer.list'; informer: string; resource: string; count: number; rv: string; reason: 'initial' | 'expired' | 'restart' | 'error' }
  | { kind: 'informer.resync'; informer: string; count: number }
  /**
   * An add to a work queue. `merged`: the key was already dirty (queued, or processing and added again), so the add
   * changed nothing (client-go's dedup); the number of adds merged into the pending one so far, 1 for the first.
   */
  | { kind: 'queue.add'; queue: string; key: string; reason: QueueReason; delay?: number; merged?: number }
  | { kind: 'queue.get'; queue: string; key: string; worker: number }
  | { kind: 'queue.done'; queue: string; key: string; requeued: boolean }
  | { kind: 'queue.requeue'; queue: string; key: string; reason: 'retry' | 'after'; delay: number; numRequeues: number }
  | { kind: 'queue.drop'; queue: string; key: string; numRequeues: number }
  /** What the reconciler read from its cache, with the resourceVersions it saw. */
  | { kind: 'reconcile.observe'; controller: string; key: string; worker: number; observed: Array<ObjectRef & { rv?: string }>; summary: string }
  /** Desired vs actual, with a one-line human summary ("want 3 pods, have 2"). */
  | { kind: 'reconcile.diff'; controller: string; key: string; worker: number; summary: string; inSync: boolean }
  /** The writes it decided to issue. */
  | { kind: 'reconcile.act'; controller: string; key: string; worker: number; summary: string }
  | { kind: 'reconcile.status'; controller: string; key: string; worker: number; summary: string }
  | {
      kind: 'reconcile.done';
      controller: string;
      key: string;
      worker: number;
      result: 'success' | 'requeueAfter' | 'error';
      requeueAfter?: number;
      error?: string;
    }
  /**
   * A Kubernetes Event object was recorded (the `kubectl get events` row). `correlation`: client-go's EventCorrelator
   * wrote it as a "(combined from similar events)" Event, or skipped it (the per-object spam filter: no api write).
   */
  | {
      kind: 'k8s.event';
      type: 'Normal' | 'Warning';
      reason: string;
      message: string;
      involvedObject: ObjectRef;
      reportingController: string;
      correlation?: 'combined' | 'spam-filtered';
    }
  | { kind: 'leader.elected'; lease: string; holder: string; previous?: string }
  | { kind: 'fault.inject'; fault: string; target?: string; detail: string }
  | { kind: 'fault.clear'; fault: string; target?: string; detail: string }
  | { kind: 'user.action'; action: string; detail: string }
  /** A line of a scenario: an expectation checked, a note. */
  | { kind: 'scenario.note'; detail: string }
  /**
   * The api-server called an admission webhook (src/sim/webhooks): `patched` with the patch in short, `denied` and
   * `failed` with the message; a `failed` call under failurePolicy Ignore let the request go on.
   */
  | {
      kind: 'admission.webhook';
      webhook: string;
      configuration: string;
      type: 'mutating' | 'validating';
      operation: 'CREATE' | 'UPDATE' | 'DELETE';
      object: ObjectRef;
      subresource?: string;
      outcome: 'allowed' | 'denied' | 'patched' | 'failed';
      patch?: string;
      message?: string;
      failurePolicy?: 'Fail' | 'Ignore';
      /** The request was a dry run (webhooks are called for those too: their sideEffects are None). */
      dryRun?: boolean;
    }
  /** A node-local step of a kubelet or the scheduler that is not an API call (container started, probe passed…). */
  | { kind: 'node.step'; node: string; pod?: ObjectRef; summary: string };

export type TraceEvent = Base & TraceEventBody;
export type TraceEventKind = TraceEventBody['kind'];
export type TraceEventOf<K extends TraceEventKind> = Base & Extract<TraceEventBody, { kind: K }>;

export function refOf(obj: {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; uid?: string };
}): ObjectRef {
  const ref: ObjectRef = { apiVersion: obj.apiVersion ?? '', kind: obj.kind ?? '', name: obj.metadata?.name ?? '' };
  if (obj.metadata?.namespace) ref.namespace = obj.metadata.namespace;
  if (obj.metadata?.uid) ref.uid = obj.metadata.uid;
  return ref;
}

/** "deployment/web" or "default/pod/web-1" style label for humans. */
export function describeRef(ref: ObjectRef): string {
  const kind = ref.kind.toLowerCase();
  return ref.namespace ? `${kind} ${ref.namespace}/${ref.name}` : `${kind} ${ref.name}`;
}
