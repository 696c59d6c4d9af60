/**
 * Issue 2's bare baseline, shared by `apiserver-watch.ts` and `informer-floor.ts`: a Map store handing the same
 * frozen ConfigMap to 10 watcher Maps, 1,000 keys written round-robin.
 */
export const WATCHERS = 10;
export const KEYS = 1000;

/** CPU seconds of this process (user + system): steadier than wall time on a shared machine. */
export function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** The object of write `i`: what the baseline stores and hands to its watchers. */
export function makeObject(i: number) {
  return Object.freeze({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: Object.freeze({ namespace: 'default', name: `cm-${i % KEYS}`, resourceVersion: String(i + 1) }),
    data: Object.freeze({ value: String(i) }),
  });
}

export function baseline(writes: number): { seconds: number; cpu: number; deliveries: number } {
  const store = new Map<string, object>();
  const watchers = Array.from({ length: WATCHERS }, () => new Map<string, object>());
  let deliveries = 0;
  const c0 = cpuSeconds();
  const t0 = performance.now();
  for (let i = 0; i < writes; i++) {
    const key = `default/cm-${i % KEYS}`;
    const obj = makeObject(i);
    store.set(key, obj);
    for (const w of watchers) {
      w.set(key, obj);
      deliveries++;
    }
  }
  return { seconds: (performance.now() - t0) / 1000, cpu: cpuSeconds() - c0, deliveries };
}
