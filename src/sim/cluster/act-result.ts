/** What a user action answers: kubectl's output lines, per-object outcomes, and any error with its place. */
import type { Status } from '../api/status.ts';
import type { ManifestError } from '../actions/manifests.ts';
import type { ObjectRef } from '../trace/trace-event.ts';
import type { KubeObject } from '../api/object.ts';

export interface ObjectOutcome {
  /** Position of the document in an apply, when the action had documents. */
  index?: number;
  ref?: ObjectRef;
  /** kubectl's verb: created, configured, unchanged, deleted, scaled, patched, cordoned, rolled back… */
  outcome?: string;
  /** The api-server's failure, when this object failed (its `details.causes` locate the fields). */
  status?: Status;
  /** A dry run's answer: the object as the write would have left it (nothing was stored). Absent otherwise. */
  object?: KubeObject;
}

export interface ActResult {
  ok: boolean;
  /** kubectl-style lines: `deployment.apps/web configured`, `Error from server (NotFound): …`. */
  messages: string[];
  results: ObjectOutcome[];
  /** YAML or input errors (nothing was applied). */
  errors: ManifestError[];
  /** The api-server's warnings (`fieldValidation: Warn`: `unknown field "spec.replicaz"`), which kubectl prints as `Warning: …`. */
  warnings?: string[];
  /** The `user.action` trace event of this action. */
  eventId: number;
}
