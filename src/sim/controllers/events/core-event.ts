/**
 * The core/v1 Event the recorder writes (k8s.io/api/core/v1 `Event`), as far as the recorder and its
 * EventCorrelator read and write it, plus the virtual clock they run on.
 */

/** `v1.ObjectReference` of the object the event is about (`ref.GetReference`). */
export interface InvolvedObject {
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
  apiVersion: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface CoreEvent {
  apiVersion: 'v1';
  kind: 'Event';
  metadata: { name: string; namespace: string; resourceVersion?: string };
  involvedObject: InvolvedObject;
  reason: string;
  message: string;
  source: { component: string; host?: string };
  firstTimestamp: string;
  lastTimestamp: string;
  count: number;
  type: string;
  /** Set by `generateEvent` (`ReportingController`); an aggregate event copy leaves it out, as upstream does. */
  reportingComponent?: string;
  reportingInstance?: string;
}

/** The correlator's `clock.Clock`: the simulation's virtual now, in ms (a `SimContext` is one). */
export interface VirtualClock {
  readonly now: number;
}
