import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareNames, ownershipForest, podPlace, shortStateText, stateClass, stateText } from './ownership.ts';
import { obj } from './test-objects.ts';

describe('ownershipForest', () => {
  it('hangs each object under its controlling owner: Deployment → ReplicaSet → Pod', () => {
    const d = obj('Deployment', 'web');
    const rs = obj('ReplicaSet', 'web-abc', { owner: d.key });
    const p = obj('Pod', 'web-abc-1', { owner: rs.key });
    const roots = ownershipForest([p, rs, d]);
    expect(roots.map((r) => r.object.name)).toEqual(['web']);
    expect(roots[0]!.children.map((c) => c.object.name)).toEqual(['web-abc']);
    expect(roots[0]!.children[0]!.children.map((c) => c.object.name)).toEqual(['web-abc-1']);
  });

  it('an object whose owner is not present is a root', () => {
    const p = obj('Pod', 'orphan', { owner: 'apps/v1/ReplicaSet/default/gone' });
    expect(ownershipForest([p]).map((r) => r.object.name)).toEqual(['orphan']);
  });

  it('orders roots by kind (Deployments before Pods, unknown kinds last) then by name', () => {
    const roots = ownershipForest([obj('Pod', 'a'), obj('Widget', 'w'), obj('Deployment', 'z'), obj('Deployment', 'b'), obj('Service', 's')]);
    expect(roots.map((r) => `${r.object.kind}/${r.object.name}`)).toEqual(['Deployment/b', 'Deployment/z', 'Pod/a', 'Service/s', 'Widget/w']);
  });

  it('keeps only the kinds asked for', () => {
    const d = obj('Deployment', 'web');
    const roots = ownershipForest([d, obj('ReplicaSet', 'web-1', { owner: d.key }), obj('Node', 'n')], new Set(['Deployment', 'ReplicaSet']));
    expect(roots.map((r) => r.object.kind)).toEqual(['Deployment']);
    expect(roots[0]!.children).toHaveLength(1);
  });
});

describe('stateClass and stateText', () => {
  it('a terminating object is terminating whatever its phase', () => {
    const p = obj('Pod', 'p', { phase: 'Running', ready: true, deleting: true });
    expect(stateClass(p)).toBe('terminating');
    expect(stateText(p)).toBe('Terminating');
  });

  it('pods: ready, not ready, pending, crash-looping, succeeded', () => {
    expect(stateClass(obj('Pod', 'p', { phase: 'Running', ready: true }))).toBe('ready');
    expect(stateClass(obj('Pod', 'p', { phase: 'Running', ready: false }))).toBe('not-ready');
    expect(stateClass(obj('Pod', 'p', { phase: 'Pending' }))).toBe('pending');
    expect(stateClass(obj('Pod', 'p', { phase: 'Running', reason: 'CrashLoopBackOff' }))).toBe('failed');
    expect(stateClass(obj('Pod', 'p', { phase: 'Succeeded' }))).toBe('succeeded');
    expect(stateText(obj('Pod', 'p', { phase: 'Running', ready: false, reason: 'CrashLoopBackOff', restarts: 4, nodeName: 'node-2' }))).toBe(
      'Running, not ready CrashLoopBackOff (4 restarts) · node-2',
    );
    expect(stateText(obj('Pod', 'p'))).toBe('Pending · unscheduled');
  });

  it('nodes: ready, cordoned, not ready', () => {
    expect(stateClass(obj('Node', 'n', { phase: 'Ready' }))).toBe('ready');
    expect(stateClass(obj('Node', 'n', { phase: 'Ready', unschedulable: true }))).toBe('cordoned');
    expect(stateText(obj('Node', 'n', { phase: 'Ready', unschedulable: true }))).toBe('Ready, SchedulingDisabled');
    expect(stateClass(obj('Node', 'n', { phase: 'NotReady' }))).toBe('failed');
  });

  it('workloads: ready once ready replicas reach desired', () => {
    expect(stateClass(obj('Deployment', 'd', { replicas: { desired: 3, ready: 2 } }))).toBe('progressing');
    expect(stateClass(obj('Deployment', 'd', { replicas: { desired: 3, ready: 3 } }))).toBe('ready');
    expect(stateText(obj('Deployment', 'd', { replicas: { desired: 3, ready: 2 } }))).toBe('2/3 ready');
  });
});

describe('compareNames', () => {
  it('orders digit runs by value: node-2 before node-10, web-9 before web-10', () => {
    expect(['node-10', 'node-2', 'node-1', 'node-100', 'node-11'].sort(compareNames)).toEqual(['node-1', 'node-2', 'node-10', 'node-11', 'node-100']);
    expect(['b', 'a10', 'a9', 'a'].sort(compareNames)).toEqual(['a', 'a9', 'a10', 'b']);
  });

  it('is a total order that agrees with `<` where no digits are involved, and is 0 only for equal names (seeded property)', () => {
    const name = fc.stringMatching(/^[a-c0-2-]{0,6}$/);
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        const ab = Math.sign(compareNames(a, b));
        expect(Math.sign(compareNames(b, a))).toBe(-ab || 0);
        expect(ab === 0).toBe(a === b);
        if (!/\d/.test(a + b)) expect(ab).toBe(a < b ? -1 : a > b ? 1 : 0);
        if (ab <= 0 && Math.sign(compareNames(b, c)) <= 0) expect(Math.sign(compareNames(a, c))).toBeLessThanOrEqual(0);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});

describe('stateText without the node', () => {
  it('leaves out where a pod runs (it is listed under its Node)', () => {
    expect(stateText(obj('Pod', 'p', { phase: 'Running', ready: true, nodeName: 'node-2' }), false)).toBe('Running');
    expect(stateText(obj('Pod', 'p'), false)).toBe('Pending');
  });
});

describe('podPlace', () => {
  it('is how stateText ends for a pod, and empty otherwise', () => {
    for (const p of [obj('Pod', 'p', { phase: 'Running', ready: false, nodeName: 'node-2' }), obj('Pod', 'q'), obj('Pod', 'r', { deleting: true }), obj('Node', 'n', { phase: 'Ready' })]) {
      expect(stateText(p, false) + podPlace(p)).toBe(stateText(p));
    }
    expect(podPlace(obj('Pod', 'p', { nodeName: 'node-2' }))).toBe(' · node-2');
  });
});

describe('shortStateText', () => {
  it('says what matters first, in few words', () => {
    expect(shortStateText(obj('Pod', 'p', { phase: 'Running', ready: false, nodeName: 'node-1' }))).toBe('Not ready');
    expect(shortStateText(obj('Pod', 'p', { phase: 'Running', ready: true, nodeName: 'node-1' }))).toBe('Running');
    expect(shortStateText(obj('Pod', 'p', { phase: 'Running', ready: false, reason: 'CrashLoopBackOff', restarts: 4 }))).toBe('CrashLoopBackOff ×4');
    expect(shortStateText(obj('Pod', 'p', { phase: 'Succeeded', reason: 'Completed' }))).toBe('Succeeded');
    expect(shortStateText(obj('Pod', 'p'))).toBe('Pending');
    expect(shortStateText(obj('Pod', 'p', { deleting: true }))).toBe('Terminating');
    expect(shortStateText(obj('Deployment', 'd', { replicas: { desired: 3, ready: 2 } }))).toBe('2/3 ready');
  });
});
