/**
 * The full object behind a summary, fetched with `inspect` when its resourceVersion changes, at most once per
 * `throttleMs` of wall time (an Application's status is rewritten at every reconcile; each inspect also makes the
 * worker tell the object's history in words, which is not free).
 */
import { useEffect, useRef, useState } from 'react';
import { inspect } from '../connection/sim-connection.ts';
import type { ObjectSummary } from '../../worker/protocol.ts';

export function useInspected(summary: ObjectSummary, throttleMs = 1000): unknown {
  const [object, setObject] = useState<unknown>(null);
  const last = useRef(0);
  const mounted = useRef(true);
  /** Sequence of the newest request sent: a late answer to an older one never replaces a newer one. */
  const seq = useRef(0);
  const shown = useRef(0);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    // A reply is never dropped because the object changed meanwhile (it would never show while it keeps changing).
    const fetch = () => {
      last.current = performance.now();
      const mine = ++seq.current;
      void inspect({ apiVersion: summary.apiVersion, kind: summary.kind, ...(summary.namespace ? { namespace: summary.namespace } : {}), name: summary.name }).then((r) => {
        if (!mounted.current || mine < shown.current) return;
        shown.current = mine;
        setObject(r?.object ?? null);
      });
    };
    const wait = last.current + throttleMs - performance.now();
    if (wait <= 0) {
      fetch();
      return undefined;
    }
    const timer = setTimeout(fetch, wait);
    return () => clearTimeout(timer);
  }, [summary.apiVersion, summary.kind, summary.namespace, summary.name, summary.resourceVersion, throttleMs]);
  return object;
}
