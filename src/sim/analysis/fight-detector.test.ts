import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';
import type { ObjectRef, TraceEvent } from '../trace/trace-event.ts';
import { creditedFields, detectFights, FightDetector, MAX_TRACKED_OBJECTS } from './fight-detector.ts';

const web: ObjectRef = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' };

/** A request/response pair: `manager` changed `changed` at `time`. */
function write(id: number, time: number, manager: string, changed: string[], extra: { subresource?: string; code?: number; causeId?: number } = {}): TraceEvent[] {
  const req = { id: id * 10, time, actor: 'proc', causeId: extra.causeId ?? null, kind: 'api.request', verb: 'patch', object: web, requestId: id, fieldManager: manager } as TraceEvent;
  if (extra.subresource) (req as { subresource?: string }).subresource = extra.subresource;
  const res = { id: id * 10 + 1, time, actor: 'api-server', causeId: id * 10, kind: 'api.response', verb: 'patch', object: web, requestId: id, code: extra.code ?? 200, changed } as TraceEvent;
  if (extra.subresource) (res as { subresource?: string }).subresource = extra.subresource;
  return [req, res];
}

describe('fight detector', () => {
  it('three alternating flips between two managers on one field are a fight', () => {
    const events = [1, 2, 3, 4].flatMap((i) => write(i, i * 1000, i % 2 ? 'argocd-controller' : 'kube-controller-manager', ['spec.replicas']));
    const fights = detectFights(events);
    expect(fights).toHaveLength(1);
    expect(fights[0]).toMatchObject({ object: web, field: 'spec.replicas', managers: ['argocd-controller', 'kube-controller-manager'], flips: 3, firstFlipAt: 2000, lastFlipAt: 4000 });
  });

  it('keeps the field history of the most recently written objects only, and a fight among them (a day-long run)', () => {
    const d = new FightDetector();
    let id = 1;
    for (let i = 0; i < MAX_TRACKED_OBJECTS + 1000; i++) {
      const ref = { apiVersion: 'v1', kind: 'Event', namespace: 'default', name: `e-${i}` };
      d.observe({ id: id++, time: i, actor: 'kubelet', causeId: null, kind: 'api.request', verb: 'create', object: ref, requestId: 100_000 + i, fieldManager: 'kubelet' } as TraceEvent);
      d.observe({ id: id++, time: i, actor: 'api-server', causeId: null, kind: 'api.response', verb: 'create', object: ref, requestId: 100_000 + i, code: 201, changed: ['reason'] } as TraceEvent);
      if (i % 100 === 0) d.observeAll(write(i + 1, i, i % 200 ? 'a' : 'b', ['spec.replicas']));
    }
    expect(d.trackedObjects).toBe(MAX_TRACKED_OBJECTS);
    expect(d.fights()).toEqual([expect.objectContaining({ object: web, field: 'spec.replicas' })]);
  });

  it('two flips are not yet a fight', () => {
    const events = [1, 2, 3].flatMap((i) => write(i, i * 1000, i % 2 ? 'a' : 'b', ['spec.replicas']));
    expect(detectFights(events)).toEqual([]);
  });

  it('repeated writes by the same manager do not count as flips', () => {
    const managers = ['a', 'a', 'b', 'b', 'a', 'a', 'b'];
    const events = managers.flatMap((m, i) => write(i + 1, i * 1000, m, ['spec.replicas']));
    expect(detectFights(events)[0]?.flips).toBe(3);
  });

  it('a switch after a quiet spell starts a new run: flips further apart than quietMs do not add up', () => {
    const events = [1, 2, 3, 4].flatMap((i) => write(i, i * 100_000, i % 2 ? 'a' : 'b', ['spec.replicas']));
    expect(detectFights(events, { quietMs: 50_000 })).toEqual([]);
    expect(detectFights(events, { quietMs: 150_000 })).toHaveLength(1);
  });

  it('counts every flip from the first, however long the fight (issue 15, item 7: it used to keep only the last 32 changes)', () => {
    // A 6-minute fight: a flip every 8 s from 33 s, 43 flips.
    const events = Array.from({ length: 44 }, (_, i) => write(i + 1, 25_000 + i * 8_000, i % 2 ? 'argocd-controller' : 'kube-controller-manager', ['spec.replicas'])).flat();
    const [fight] = detectFights(events);
    expect(fight).toMatchObject({ flips: 43, firstFlipAt: 33_000, lastFlipAt: 25_000 + 43 * 8_000 });
    expect(fight!.recent).toHaveLength(12);
  });

  it('an ended fight leaves the live list once the field has been quiet for quietMs, and stays in the full list', () => {
    const d = new FightDetector({ quietMs: 60_000 });
    d.observeAll([1, 2, 3, 4].flatMap((i) => write(i, i * 15_000, i % 2 ? 'a' : 'b', ['spec.replicas'])));
    expect(d.fights(60_000 + 60_000)).toHaveLength(1);
    expect(d.fights(60_000 + 60_001)).toEqual([]);
    // A flip much later starts a new run; the old fight is listed as ended, with its own counts.
    d.observeAll([5, 6].flatMap((i) => write(i, 500_000 + i * 1000, i % 2 ? 'a' : 'b', ['spec.replicas'])));
    expect(d.fights(510_000)).toEqual([]);
    expect(d.fights().map((f) => [f.flips, f.firstFlipAt, f.lastFlipAt])).toEqual([[3, 30_000, 60_000]]);
  });

  it('a third writer ends the fight', () => {
    const events = [1, 2, 3, 4].flatMap((i) => write(i, i * 1000, i % 2 ? 'a' : 'b', ['spec.replicas']));
    const d = new FightDetector();
    d.observeAll(events);
    expect(d.fights()).toHaveLength(1);
    d.observeAll(write(5, 5000, 'c', ['spec.replicas']));
    expect(d.fights(5000)).toEqual([]);
    expect(d.fights()).toHaveLength(1);
  });

  it('deleting the object forgets its fights', () => {
    const d = new FightDetector();
    d.observeAll([1, 2, 3, 4].flatMap((i) => write(i, i * 1000, i % 2 ? 'a' : 'b', ['spec.replicas'])));
    expect(d.fights()).toHaveLength(1);
    d.observe({ id: 100, time: 5000, actor: 'api-server', causeId: null, kind: 'api.response', verb: 'delete', object: web, requestId: 99, code: 200 });
    expect(d.fights()).toEqual([]);
  });

  it('a fight fades out once its last flip is older than quietMs', () => {
    const d = new FightDetector({ quietMs: 10_000 });
    d.observeAll([1, 2, 3, 4].flatMap((i) => write(i, i * 1000, i % 2 ? 'a' : 'b', ['spec.replicas'])));
    expect(d.fights(5000)).toHaveLength(1);
    expect(d.fights(20_000)).toEqual([]);
  });

  it('failed writes and unchanged writes do not count', () => {
    const events = [1, 2, 3, 4].flatMap((i) => write(i, i * 1000, i % 2 ? 'a' : 'b', ['spec.replicas'], { code: i === 3 ? 409 : 200 }));
    expect(detectFights(events)).toEqual([]);
  });

  it('a /scale write is credited with spec.replicas only; a /status write with status only', () => {
    expect(creditedFields(['apiVersion', 'kind', 'metadata.generation', 'spec.progressDeadlineSeconds', 'spec.replicas'], 'scale')).toEqual(['spec.replicas']);
    expect(creditedFields(['metadata.generation', 'spec.template'], undefined)).toEqual(['spec.template']);
    expect(creditedFields(['status.replicas', 'spec.x'], 'status')).toEqual(['status.replicas']);
  });

  it('names the loop behind each manager from the reconcile that caused the request', () => {
    const get = (id: number, queue: string): TraceEvent => ({ id, time: 0, actor: queue, causeId: null, kind: 'queue.get', queue, key: 'default/web', worker: 0 });
    const events = [get(1, 'argocd-application-controller'), get(2, 'horizontal-pod-autoscaler'), ...[1, 2, 3, 4].flatMap((i) => write(i, i * 1000, i % 2 ? 'argocd-controller' : 'kube-controller-manager', ['spec.replicas'], { causeId: i % 2 ? 1 : 2 }))];
    expect(detectFights(events)[0]?.loops).toEqual(['argocd-application-controller', 'horizontal-pod-autoscaler']);
  });

  it('in a simulation: kubectl scale against another manager patching replicas back is reported with its flips', () => {
    const sim = Simulation.create({ seed: 7, nodes: 1, controllers: [] });
    sim.apply(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web}}, spec: {containers: [{name: c, image: nginx}]}}
`);
    for (let i = 0; i < 3; i++) {
      sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 5 });
      sim.runFor(1000);
      sim.act({ type: 'patch', resource: 'deployment', name: 'web', patch: { spec: { replicas: 3 } }, fieldManager: 'gitops' });
      sim.runFor(1000);
    }
    const fights = detectFights(sim.trace.slice());
    expect(fights).toHaveLength(1);
    expect(fights[0]).toMatchObject({ field: 'spec.replicas', managers: ['kubectl', 'gitops'], flips: 5 });
    expect(fights[0]!.object).toMatchObject({ kind: 'Deployment', name: 'web' });
  });
});
