import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { controllerOf } from '../../api/object.ts';
import { labelSelectorFromObject, matchesLabels } from '../../apiserver/selectors/label-selector.ts';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { internSelector, podFacts, podMatches } from './pod-facts.ts';
import { isPodActive, isPodReady, isPodTerminating } from './pod-util.ts';

function pod(over: { labels?: Record<string, string>; owner?: string | null; phase?: string; deleting?: boolean; ready?: boolean }): Pod {
  return {
    metadata: {
      name: 'p',
      namespace: 'default',
      ...(over.labels ? { labels: over.labels } : {}),
      ...(over.owner ? { ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'o', uid: 'other', controller: false }, { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: over.owner, controller: true }] } : {}),
      ...(over.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    status: {
      ...(over.phase ? { phase: over.phase } : {}),
      ...(over.ready !== undefined ? { conditions: [{ type: 'Ready', status: over.ready ? 'True' : 'False', lastTransitionTime: '2026-01-01T00:00:01Z' }] } : {}),
    },
  };
}

const arbPod = fc.record({
  labels: fc.option(fc.dictionary(fc.constantFrom('app', 'tier', 'x'), fc.constantFrom('web', 'db', '')), { nil: undefined }),
  owner: fc.option(fc.constantFrom('u1', 'u2'), { nil: null }),
  phase: fc.option(fc.constantFrom('Pending', 'Running', 'Succeeded', 'Failed'), { nil: undefined }),
  deleting: fc.boolean(),
  ready: fc.option(fc.boolean(), { nil: undefined }),
});

describe('pod facts', () => {
  it('a pod\'s facts equal controllerOf, IsPodActive, IsPodTerminating, IsPodReady and Selector.Matches, frozen or not', () => {
    fc.assert(
      fc.property(arbPod, fc.boolean(), (spec, frozen) => {
        const p = pod(spec);
        if (frozen) deepFreeze(p);
        const f = podFacts(p);
        expect(f.hasController).toBe(controllerOf(p) !== undefined);
        expect(f.controllerUid).toBe(controllerOf(p)?.uid);
        expect(f.active).toBe(isPodActive(p));
        expect(f.terminating).toBe(isPodTerminating(p));
        expect(f.ready).toBe(isPodReady(p));
        expect(f.readySince).toBe(f.ready ? '2026-01-01T00:00:01Z' : undefined);
        for (const sel of [{ matchLabels: { app: 'web' } }, { matchLabels: { app: 'db' } }, { matchLabels: { app: 'web' } }]) {
          expect(podMatches(internSelector(sel), p)).toBe(matchesLabels(labelSelectorFromObject(sel), p.metadata?.labels));
        }
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('the same selector JSON interns to the same parsed selector; another selector to another one', () => {
    const a = internSelector({ matchLabels: { app: 'web' } });
    expect(internSelector({ matchLabels: { app: 'web' } })).toBe(a);
    expect(internSelector({ matchLabels: { app: 'db' } })).not.toBe(a);
  });

  it('a pod that is not frozen is not memoised: a change to it is seen', () => {
    const p = pod({ owner: 'u1', ready: false, labels: { app: 'web' } });
    expect(podFacts(p).ready).toBe(false);
    p.status!.conditions![0]!.status = 'True';
    p.metadata!.labels = { app: 'db' };
    expect(podFacts(p).ready).toBe(true);
    expect(podMatches(internSelector({ matchLabels: { app: 'web' } }), p)).toBe(false);
  });
});
