/**
 * The cache keys of client-go's EventCorrelator (`tools/record/events_cache.go`, kubernetes/kubernetes
 * staging/src/k8s.io/client-go/tools/record/events_cache.go: `getEventKey`, `getSpamKey`).
 *
 * Upstream joins the fields with `strings.Join(..., "")` — no separator — and so does this port, field for field.
 * - `getEventKey` (the EventLogger's "identical event" key): source component and host, the involved object's kind,
 *   namespace, name, fieldPath, uid and apiVersion, then type, reason and message.
 * - `getSpamKey` (the spam filter's per source + object key): source component and host, the involved object's kind,
 *   namespace, name, uid and apiVersion (no fieldPath, type, reason or message).
 */
import type { CoreEvent } from './core-event.ts';

export function getEventKey(event: CoreEvent): string {
  const o = event.involvedObject;
  return (
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
  return event.source.component + (event.source.host ?? '') + o.kind + (o.namespace ?? '') + o.name + o.uid + o.apiVersion;
}
