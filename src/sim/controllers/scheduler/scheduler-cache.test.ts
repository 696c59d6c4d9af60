import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { SchedulerCache } from './scheduler-cache';
import { makeNode, makePod } from './test-fixtures';
import { nodeRequested, sumNodeRequested } from './pod-resources.ts';

const obj = <T>(x: T) => deepFreeze(x as unknown as KubeObject);
const pod = (name: string, nodeName?: string, phase?: string) => obj({ ...makePod(name, { cpu: '1' }, nodeName ? { nodeName } : {}), metadata: { name, namespace: 'default' }, status: phase ? { phase } : {} });
const names = (views: ReturnType<SchedulerCache['updateSnapshot']>) => views.map((v) => `${v.node.metadata?.name}: ${v.podsOnNode.map((p) => p.metadata?.name).join(',')}`);

/** What the informer's handlers tell the cache: each bound pod (`addPodToCache`); pending pods are not its concern. */
const fed = (pods: readonly KubeObject[]): SchedulerCache => {
  const cache = new SchedulerCache();
  for (const p of pods) if ((p as unknown as Pod).spec?.nodeName) cache.addPod(p as unknown as Pod);
  return cache;
};

describe('SchedulerCache', () => {
  const nodes = [obj(makeNode('b', '4', '8Gi')), obj(makeNode('a', '4', '8Gi'))];

  it('snapshots nodes by name with their non-terminal bound pods', () => {
    const cache = fed([pod('x', 'a'), pod('y', 'b', 'Succeeded'), pod('z'), pod('w', 'b', 'Running')]);
    expect(names(cache.updateSnapshot(nodes))).toEqual(['a: x', 'b: w']);
  });

  it('counts an assumed pod until the informer shows it bound, then only once', () => {
    const cache = new SchedulerCache();
    const pending = pod('p');
    cache.assumePod(pending as unknown as Pod, 'a');
    expect(cache.isAssumedPod('default/p')).toBe(true);
    expect(names(cache.updateSnapshot(nodes))).toEqual(['a: p', 'b: ']);
    const bound = pod('p', 'a');
    cache.updatePod(pending as unknown as Pod, bound as unknown as Pod);
    expect(names(cache.updateSnapshot(nodes))).toEqual(['a: p', 'b: ']);
    expect(cache.updateSnapshot(nodes)[0]!.podsOnNode[0]).toBe(bound);
    cache.confirmOrRemove('default/p');
    expect(cache.assumedPods()).toEqual([]);
    expect(names(cache.updateSnapshot(nodes))).toEqual(['a: p', 'b: ']);
    cache.removePod(bound as unknown as Pod);
    expect(names(cache.updateSnapshot(nodes))).toEqual(['a: ', 'b: ']);
  });

  it('a forgotten assumption no longer counts', () => {
    const cache = new SchedulerCache();
    cache.assumePod(pod('p') as unknown as Pod, 'b');
    expect(cache.assumedPods()).toEqual([{ key: 'default/p', node: 'b' }]);
    expect(names(cache.updateSnapshot(nodes))).toEqual(['a: ', 'b: p']);
    cache.forgetPod('default/p');
    expect(names(cache.updateSnapshot(nodes))).toEqual(['a: ', 'b: ']);
  });

  it("hands back the same frozen pod list while a node's pods do not change (sums are memoized on it)", () => {
    const cache = fed([pod('x', 'a')]);
    const first = cache.updateSnapshot(nodes);
    cache.addPod(pod('y', 'b') as unknown as Pod);
    const second = cache.updateSnapshot(nodes);
    expect(second[0]!.podsOnNode).toBe(first[0]!.podsOnNode);
    expect(second[1]!.podsOnNode).not.toBe(first[1]!.podsOnNode);
    expect(Object.isFrozen(second[1]!.podsOnNode)).toBe(true);
  });

  it('a pod that finishes stops counting; a status change rebuilds only its node', () => {
    const x = pod('x', 'a');
    const y = pod('y', 'b');
    const cache = fed([x, y]);
    const first = cache.updateSnapshot(nodes);
    cache.updatePod(y as unknown as Pod, pod('y', 'b', 'Succeeded') as unknown as Pod);
    const second = cache.updateSnapshot(nodes);
    expect(names(second)).toEqual(['a: x', 'b: ']);
    expect(second[0]!.podsOnNode).toBe(first[0]!.podsOnNode);
  });

  it('a status write that keeps the spec swaps the pod in its list (same sums), leaving the views handed out as they were', () => {
    const x = pod('x', 'a');
    const y = pod('y', 'b');
    const cache = fed([x, y]);
    const first = cache.updateSnapshot(nodes);
    const sums = nodeRequested(first[0]!.podsOnNode, true);
    const running = obj({ ...x, status: { phase: 'Running' } });
    cache.updatePod(x as unknown as Pod, running as unknown as Pod);
    expect(first[0]!.podsOnNode[0]).toBe(x);
    const second = cache.updateSnapshot(nodes);
    expect(second[0]!.podsOnNode).toEqual([running]);
    expect(second[0]!.podsOnNode[0]).toBe(running);
    expect(Object.isFrozen(second[0]!.podsOnNode)).toBe(true);
    expect(nodeRequested(second[0]!.podsOnNode, true)).toBe(sums);
    expect(second[1]!.podsOnNode).toBe(first[1]!.podsOnNode);
  });

  it('after any pod events, each node lists its bound non-terminal pods and assumed ones, with sums equal to adding them up', () => {
    const ev = fc.record({
      name: fc.constantFrom('p', 'q', 'r', 's'),
      op: fc.constantFrom('set', 'set', 'status', 'status', 'remove', 'assume', 'forget'),
      node: fc.constantFrom('a', 'b', undefined),
      cpu: fc.constantFrom('100m', '250m', '1'),
      phase: fc.constantFrom(undefined, 'Running', 'Succeeded'),
    });
    fc.assert(
      fc.property(fc.array(ev, { maxLength: 25 }), (events) => {
        const cache = new SchedulerCache();
        const informer = new Map<string, KubeObject>();
        const assumed = new Map<string, string>();
        for (const e of events) {
          const key = `default/${e.name}`;
          const p = obj({ ...makePod(e.name, { cpu: e.cpu }, e.node ? { nodeName: e.node } : {}), metadata: { name: e.name, namespace: 'default' }, status: e.phase ? { phase: e.phase } : {} });
          const old = informer.get(key) as unknown as Pod | undefined;
          if (e.op === 'status') {
            // A kubelet-like /status write: the stored spec object kept, the phase changed (or not).
            if (!old) continue;
            const next = obj({ ...old, status: e.phase ? { phase: e.phase } : {} });
            informer.set(key, next);
            cache.updatePod(old, next as unknown as Pod);
          } else if (e.op === 'set') {
            informer.set(key, p);
            if (old) cache.updatePod(old, p as unknown as Pod);
            else cache.addPod(p as unknown as Pod);
          } else if (e.op === 'remove') {
            informer.delete(key);
            if (old) cache.removePod(old);
          } else if (e.op === 'assume' && e.node) {
            cache.assumePod(p as unknown as Pod, e.node);
            assumed.set(key, e.node);
          } else if (e.op === 'forget') {
            cache.forgetPod(key);
            assumed.delete(key);
          }
          for (const view of cache.updateSnapshot(nodes)) {
            const name = view.node.metadata?.name;
            // An assumed pod counts while the informer does not show it bound (and running) on any node.
            const running = [...informer.entries()].filter(([, x]) => (x.spec as { nodeName?: string }).nodeName && (x.status as { phase?: string }).phase !== 'Succeeded');
            const bound = running.filter(([, x]) => (x.spec as { nodeName?: string }).nodeName === name);
            const extra = [...assumed].filter(([k, n]) => n === name && !running.some(([bk]) => bk === k)).map(([k]) => k);
            expect(new Set(view.podsOnNode.map((x) => `default/${x.metadata?.name}`))).toEqual(new Set([...bound.map(([k]) => k), ...extra]));
            // No older version of a bound pod: the list holds the informer's object itself.
            for (const x of view.podsOnNode) {
              const shown = informer.get(`default/${x.metadata?.name}`);
              if (bound.some(([, b]) => b === shown)) expect(x).toBe(shown);
            }
            const fresh = sumNodeRequested([...view.podsOnNode]);
            expect(nodeRequested(view.podsOnNode)).toEqual(fresh.plain);
            expect(nodeRequested(view.podsOnNode, true)).toEqual(fresh.nonZero);
          }
        }
      }),
      { seed: 20261122, numRuns: 200 },
    );
  });
});
