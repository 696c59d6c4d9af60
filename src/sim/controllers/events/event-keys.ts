/**
 * The cache keys of client-go's EventCorrelator (`tools/record/events_cache.go`, kubernetes/kubernetes
 * staging/src/k8s.io/client-go/tools/record/events_cache.go: `getEventKey`, `getSpamKey`).
 *
 * Upstream joins the fields with `strings.Join(..., "")` — no separator — and so does this port, field for field.
 * - `getEventKey` (the EventLogger's "identical event" key): source component and host, the involved object's kind,
 *   namespace, name, fieldPath, uid and apiVersion, then type, reason and message.
 * - `getSpamKey` (the spam filter's per source + object key): source component and host, the involved object's kind,
 *   namespace, name, uid and apiVersion (no fieldPath, type, reason or message).
 *
 * The keys live in the correlator's LRU caches (4096 entries each), so they are flattened (the same text in one piece
 * instead of a tree of eleven).
 */
import { flattenString } from '../../engine/clone-graph.ts';
import type { CoreEvent } from './core-event.ts';

export function getEventKey(event: CoreEvent): string {
  const o = event.involvedObject;
  return flattenString(
    event.source.component +
    (event.source.host ?? '') +
    o.kind +
    (o.namespace ?? '') +
    o.name +
    (o.fieldPath ?? '') +
    o.uid +
    o.apiVersion +
    event.type +
    event.reason +
    event.message
  );
}

export function getSpamKey(event: CoreEvent): string {
  const o = event.involvedObject;
  return flattenString(event.source.component + (event.source.host ?? '') + o.kind + (o.namespace ?? '') + o.name + o.uid + o.apiVersion);
}
