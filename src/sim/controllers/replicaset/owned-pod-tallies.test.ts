import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { countPods, OwnedPodTallies } from './owned-pod-tallies.ts';
import { internSelector } from './pod-facts.ts';

function pod(name: string, over: { labels?: Record<string, string>; owner?: string | null; phase?: string; deleting?: boolean; ready?: boolean }): Pod {
  return deepFreeze({
    metadata: {
      name,
      namespace: 'default',
      ...(over.labels ? { labels: over.labels } : {}),
      ...(over.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: over.owner, controller: true }] } : {}),
      ...(over.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    status: {
      ...(over.phase ? { phase: over.phase } : {}),
      ...(over.ready !== undefined ? { conditions: [{ type: 'Ready', status: over.ready ? 'True' : 'False', lastTransitionTime: '2026-01-01T00:00:01Z' }] } : {}),
    },
  });
}

const arbPod = fc.record({
  labels: fc.option(fc.dictionary(fc.constantFrom('app', 'tier'), fc.constantFrom('web', 'db')), { nil: undefined }),
  owner: fc.option(fc.constantFrom('u1', 'u2'), { nil: null }),
  phase: fc.option(fc.constantFrom('Pending', 'Running', 'Succeeded', 'Failed'), { nil: undefined }),
  deleting: fc.boolean(),
  ready: fc.option(fc.boolean(), { nil: undefined }),
});

/** A store event: the pod stored under name `n` becomes this pod, or is deleted (a tombstone's last state may be stale). */
const arbEvent = fc.record({ name: fc.constantFrom('a', 'b', 'c', 'd', 'e'), pod: fc.option(arbPod, { nil: undefined }) });

const SELECTOR = internSelector({ matchLabels: { app: 'web' } });
const TEMPLATE = { app: 'web', tier: 'db' };
const SPEC = { selector: SELECTOR, templateLabels: TEMPLATE, namespace: 'default' };

describe('owned pod tallies', () => {
  it('after any sequence of pod events, a tally counts what a sync counting the listed pods would, in index order', () => {
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 30 }), fc.nat(30), (events, buildAt) => {
        const tallies = new OwnedPodTallies();
        // The informer's store and its controller-UID index bucket for u1 (keys in insertion order, as a Set keeps them).
        const store = new Map<string, Pod>();
        const bucket = new Set<string>();
        const ownerOf = (p: Pod) => p.metadata?.ownerReferences?.[0]?.uid;
        const build = () => tallies.tallyFor('u1', SPEC, () => [...bucket].map((k) => [k, store.get(k)!] as [string, Pod]));
        events.forEach((e, i) => {
          if (i === buildAt) build();
          const key = `default/${e.name}`;
          const before = store.get(key);
          if (e.pod) store.set(key, pod(e.name, e.pod));
          else store.delete(key);
          const after = store.get(key);
          if (before && (!after || ownerOf(before) !== ownerOf(after))) bucket.delete(key);
          if (after && ownerOf(after) === 'u1') bucket.add(key);
          tallies.observe(key, after);
        });
        const t = build();
        const listed = [...bucket].map((k) => store.get(k)!);
        const { pods: _p, uid: _u, selector: _s, templateLabels: _t, templateLabelsKey: _k, namespace: _n, ...counts } = t;
        expect(counts).toEqual(countPods('u1', SPEC, listed));
        expect([...t.pods.keys()]).toEqual([...bucket]);
        expect([...t.pods.values()]).toEqual(listed);
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });

  it('is rebuilt for another selector or other template labels', () => {
    const tallies = new OwnedPodTallies();
    const a = pod('a', { owner: 'u1', labels: { app: 'web' }, ready: true });
    const list = (): Array<[string, Pod]> => [['default/a', a]];
    const t1 = tallies.tallyFor('u1', SPEC, list);
    expect(t1).toMatchObject({ active: 1, claimed: 1, fullyLabeled: 0, ready: 1, selected: 1 });
    expect(tallies.tallyFor('u1', { ...SPEC, templateLabels: { ...TEMPLATE } }, list)).toBe(t1);
    expect(tallies.tallyFor('u1', { ...SPEC, templateLabels: { app: 'web' } }, list)).toMatchObject({ claimed: 1, fullyLabeled: 1 });
    expect(tallies.tallyFor('u1', { ...SPEC, namespace: 'other' }, list)).toMatchObject({ claimed: 1, selected: 0 });
    expect(tallies.tallyFor('u1', { ...SPEC, selector: internSelector({ matchLabels: { app: 'db' } }) }, list)).toMatchObject({ active: 1, claimed: 0, unselectedActive: 1, selected: 0 });
  });
});
