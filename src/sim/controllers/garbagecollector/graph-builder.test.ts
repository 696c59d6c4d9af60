/**
 * The dependency graph and what it queues, after upstream's `garbagecollector_test.go` (TestProcessEvent,
 * TestDependentsRace, TestGetDeletableResources' neighbours) and `graph_builder.go`'s contracts.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject, OwnerReference } from '../../api/object.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import { GraphBuilder } from './graph-builder.ts';
import { deletionStartsWithFinalizer, referencesDiffs } from './object-state.ts';

/** Records what was queued, as the node UIDs the keys stand for ("orphan:<uid>" for the orphan queue). */
class RecordingRunner {
  keys: string[] = [];
  rateLimited: string[] = [];
  raw: string[] = [];
  readonly queue = { addRateLimited: (key: string) => this.rateLimited.push(this.uidOf(key)) };
  constructor(private readonly gb: GraphBuilder) {}
  enqueue(key: string): void {
    this.raw.push(key);
    this.keys.push(this.uidOf(key));
  }
  private uidOf(key: string): string {
    const item = this.gb.queueKeys.resolve(key);
    if (!item) return `unresolved ${key}`;
    return item.queue === 'attemptToOrphan' ? `orphan:${item.uid}` : item.uid;
  }
}

class RecordingRecorder implements EventRecorder {
  events: string[] = [];
  event(o: KubeObject, type: string, reason: string, message: string): void {
    this.events.push(`${o.kind}/${o.metadata.name} ${type} ${reason}: ${message}`);
  }
}

function builder(): { gb: GraphBuilder; queued: RecordingRunner; recorder: RecordingRecorder } {
  const recorder = new RecordingRecorder();
  const gb = new GraphBuilder(recorder);
  const queued = new RecordingRunner(gb);
  gb.runner = queued as unknown as Controller;
  return { gb, queued, recorder };
}

function obj(kind: string, name: string, uid: string, opts: { owners?: OwnerReference[]; deleting?: boolean; finalizers?: string[]; namespace?: string } = {}): KubeObject {
  return {
    apiVersion: kind === 'Pod' ? 'v1' : 'apps/v1',
    kind,
    metadata: {
      name,
      namespace: opts.namespace ?? 'default',
      uid,
      ...(opts.owners ? { ownerReferences: opts.owners } : {}),
      ...(opts.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
      ...(opts.finalizers ? { finalizers: opts.finalizers } : {}),
    },
  };
}

function ref(kind: string, name: string, uid: string, block = true): OwnerReference {
  return { apiVersion: 'apps/v1', kind, name, uid, controller: true, blockOwnerDeletion: block };
}

describe('referencesDiffs and deletionStartsWithFinalizer', () => {
  it('tells added, removed and changed references apart by UID', () => {
    const a = ref('ReplicaSet', 'a', '1');
    const b = ref('ReplicaSet', 'b', '2');
    const b2 = { ...b, blockOwnerDeletion: false };
    const c = ref('ReplicaSet', 'c', '3');
    expect(referencesDiffs([a, b], [b2, c])).toEqual({ added: [c], removed: [a], changed: [{ oldRef: b, newRef: b2 }] });
  });

  it('a deletion starts with a finalizer when the new object is deleting with it and the old one was not', () => {
    const fg = obj('Deployment', 'd', 'u', { deleting: true, finalizers: ['foregroundDeletion'] });
    expect(deletionStartsWithFinalizer(undefined, fg, 'foregroundDeletion')).toBe(true);
    expect(deletionStartsWithFinalizer(obj('Deployment', 'd', 'u'), fg, 'foregroundDeletion')).toBe(true);
    expect(deletionStartsWithFinalizer(fg, fg, 'foregroundDeletion')).toBe(false);
    expect(deletionStartsWithFinalizer(undefined, fg, 'orphan')).toBe(false);
  });
});

describe('GraphBuilder', () => {
  it('a dependent seen before its owner makes a virtual owner node, queued to be checked; the owner then makes it real', () => {
    const { gb, queued } = builder();
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'p', 'pod-1', { owners: [ref('ReplicaSet', 'rs', 'rs-1')] }) });
    const virtual = gb.uidToNode.read('rs-1')!;
    expect(virtual.virtual).toBe(true);
    expect(virtual.observed).toBe(false);
    expect([...virtual.dependents]).toEqual(['pod-1']);
    expect(queued.keys).toEqual(['rs-1']);
    gb.processGraphChanges({ eventType: 'add', obj: obj('ReplicaSet', 'rs', 'rs-1') });
    expect(gb.uidToNode.read('rs-1')!.observed).toBe(true);
    expect(gb.uidToNode.read('rs-1')!.virtual).toBe(false);
    expect([...gb.uidToNode.read('rs-1')!.dependents]).toEqual(['pod-1']);
  });

  it('an owner seen first: its dependent joins it without a check', () => {
    const { gb, queued } = builder();
    gb.processGraphChanges({ eventType: 'add', obj: obj('ReplicaSet', 'rs', 'rs-1') });
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'p', 'pod-1', { owners: [ref('ReplicaSet', 'rs', 'rs-1')] }) });
    expect(queued.keys).toEqual([]);
  });

  it('a dependent naming an observed owner by another name is queued to be checked', () => {
    const { gb, queued } = builder();
    gb.processGraphChanges({ eventType: 'add', obj: obj('ReplicaSet', 'rs', 'rs-1') });
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'p', 'pod-1', { owners: [ref('ReplicaSet', 'not-rs', 'rs-1')] }) });
    expect(queued.keys).toEqual(['pod-1']);
  });

  it('an owner starting a foreground deletion is marked, and its dependents and itself are queued', () => {
    const { gb, queued } = builder();
    const rs = obj('ReplicaSet', 'rs', 'rs-1');
    gb.processGraphChanges({ eventType: 'add', obj: rs });
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'a', 'pod-a', { owners: [ref('ReplicaSet', 'rs', 'rs-1')] }) });
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'b', 'pod-b', { owners: [ref('ReplicaSet', 'rs', 'rs-1')] }) });
    gb.processGraphChanges({ eventType: 'update', oldObj: rs, obj: obj('ReplicaSet', 'rs', 'rs-1', { deleting: true, finalizers: ['foregroundDeletion'] }) });
    expect(gb.uidToNode.read('rs-1')!.deletingDependents).toBe(true);
    expect(queued.keys).toEqual(['pod-a', 'pod-b', 'rs-1']);
  });

  it('an owner starting an orphaning deletion goes to the orphan queue', () => {
    const { gb, queued } = builder();
    const d = obj('Deployment', 'd', 'd-1');
    gb.processGraphChanges({ eventType: 'add', obj: d });
    gb.processGraphChanges({ eventType: 'update', oldObj: d, obj: obj('Deployment', 'd', 'd-1', { deleting: true, finalizers: ['orphan'] }) });
    expect(queued.keys).toEqual(['orphan:d-1']);
    // Keys name the object for the page.
    expect(queued.raw).toEqual(['orphan Deployment default/d [d-1]']);
  });

  it('only dependents with blockOwnerDeletion block a foreground deletion', () => {
    const { gb } = builder();
    gb.processGraphChanges({ eventType: 'add', obj: obj('ReplicaSet', 'rs', 'rs-1') });
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'a', 'pod-a', { owners: [ref('ReplicaSet', 'rs', 'rs-1', true)] }) });
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'b', 'pod-b', { owners: [ref('ReplicaSet', 'rs', 'rs-1', false)] }) });
    expect(gb.uidToNode.blockingDependents(gb.uidToNode.read('rs-1')!).map((n) => n.identity.name)).toEqual(['a']);
  });

  it('removing or unblocking a blocking reference queues the owner (it may be waiting for this dependent)', () => {
    const { gb, queued } = builder();
    gb.processGraphChanges({ eventType: 'add', obj: obj('ReplicaSet', 'rs', 'rs-1') });
    const pod = obj('Pod', 'a', 'pod-a', { owners: [ref('ReplicaSet', 'rs', 'rs-1', true)] });
    gb.processGraphChanges({ eventType: 'add', obj: pod });
    const unblocked = obj('Pod', 'a', 'pod-a', { owners: [ref('ReplicaSet', 'rs', 'rs-1', false)] });
    gb.processGraphChanges({ eventType: 'update', oldObj: pod, obj: unblocked });
    expect(queued.keys).toEqual(['rs-1']);
    gb.processGraphChanges({ eventType: 'update', oldObj: unblocked, obj: obj('Pod', 'a', 'pod-a', { owners: [] }) });
    // An unblocked reference removed: nothing waits on it.
    expect(queued.keys).toEqual(['rs-1']);
    expect(gb.uidToNode.read('rs-1')!.dependents.size).toBe(0);
  });

  it('a deleted owner is remembered as absent and its dependents are queued; a deleted dependent wakes a foreground-deleting owner', () => {
    const { gb, queued } = builder();
    const rs = obj('ReplicaSet', 'rs', 'rs-1');
    gb.processGraphChanges({ eventType: 'add', obj: rs });
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'a', 'pod-a', { owners: [ref('ReplicaSet', 'rs', 'rs-1')] }) });
    gb.processGraphChanges({ eventType: 'delete', obj: rs });
    expect(queued.keys).toEqual(['pod-a']);
    expect(gb.absentOwnerCache.has({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'rs-1', namespace: 'default' })).toBe(true);

    const { gb: gb2, queued: q2 } = builder();
    const d = obj('Deployment', 'd', 'd-1', { deleting: true, finalizers: ['foregroundDeletion'] });
    gb2.processGraphChanges({ eventType: 'add', obj: d });
    const child = obj('ReplicaSet', 'rs', 'rs-1', { owners: [ref('Deployment', 'd', 'd-1')] });
    gb2.processGraphChanges({ eventType: 'add', obj: child });
    q2.keys = [];
    gb2.processGraphChanges({ eventType: 'delete', obj: child });
    expect(q2.keys).toEqual(['d-1']);
  });

  it('a virtual delete removes a virtual node, but not a real node known under other coordinates', () => {
    const { gb } = builder();
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'p', 'pod-1', { owners: [ref('ReplicaSet', 'rs', 'rs-1')] }) });
    gb.enqueueVirtualDeleteEvent({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'rs-1', namespace: 'default' });
    expect(gb.uidToNode.read('rs-1')).toBeUndefined();

    const { gb: gb2 } = builder();
    gb2.processGraphChanges({ eventType: 'add', obj: obj('ReplicaSet', 'rs', 'rs-1') });
    gb2.enqueueVirtualDeleteEvent({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'other', uid: 'rs-1', namespace: 'default' });
    expect(gb2.uidToNode.read('rs-1')).toBeDefined();
  });

  it('a dependent naming an owner in another namespace gets an OwnerRefInvalidNamespace warning and is checked', () => {
    const { gb, queued, recorder } = builder();
    gb.processGraphChanges({ eventType: 'add', obj: obj('ReplicaSet', 'rs', 'rs-1') });
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'p', 'pod-1', { namespace: 'other', owners: [ref('ReplicaSet', 'rs', 'rs-1')] }) });
    expect(recorder.events).toEqual([
      'Pod/p Warning OwnerRefInvalidNamespace: ownerRef [apps/v1/ReplicaSet, namespace: other, name: rs, uid: rs-1] does not exist in namespace "other"',
    ]);
    expect(queued.keys).toEqual(['pod-1']);
  });

  it('a dependent seen first in another namespace is reported when its owner is observed', () => {
    const { gb, queued, recorder } = builder();
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'p', 'pod-1', { namespace: 'other', owners: [ref('ReplicaSet', 'rs', 'rs-1')] }) });
    gb.processGraphChanges({ eventType: 'add', obj: obj('ReplicaSet', 'rs', 'rs-1') });
    expect(recorder.events).toHaveLength(1);
    expect(queued.keys).toEqual(['rs-1', 'pod-1']);
    expect(gb.uidToNode.read('rs-1')!.identity.namespace).toBe('default');
  });

  it('a virtual owner named two ways: the absent identity goes to the cache, the node takes the other and is checked again', () => {
    const { gb, queued } = builder();
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'a', 'pod-a', { owners: [ref('ReplicaSet', 'rs', 'x-1')] }) });
    gb.processGraphChanges({ eventType: 'add', obj: obj('Pod', 'b', 'pod-b', { owners: [ref('Deployment', 'd', 'x-1')] }) });
    queued.keys = [];
    const absent = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'x-1', namespace: 'default' };
    gb.enqueueVirtualDeleteEvent(absent);
    expect(gb.absentOwnerCache.has(absent)).toBe(true);
    expect(queued.keys).toEqual(['pod-a']);
    expect(gb.uidToNode.read('x-1')!.identity).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'd', uid: 'x-1', namespace: 'default' });
    expect(queued.rateLimited).toEqual(['x-1']);
  });
});
