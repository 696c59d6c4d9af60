import { describe, expect, it } from 'vitest';
import { Trace } from '../sim/trace/trace.ts';
import type { ObjectRef } from '../sim/trace/trace-event.ts';
import { ANSI, PLAIN, choosePaint } from './paint.ts';
import { formatTimeline } from './timeline.ts';

const pod: ObjectRef = { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'web-7d4b8c6-x2k9p' };

function sampleTrace(): Trace {
  const clock = { now: 12_004 };
  const t = new Trace(clock);
  const get = t.emit('replicaset-controller', { kind: 'queue.get', queue: 'replicaset', key: 'default/web-7d4b8c6', worker: 0 }, null);
  const act = t.emit('replicaset-controller', { kind: 'reconcile.act', controller: 'replicaset-controller', key: 'default/web-7d4b8c6', worker: 0, summary: 'create 1 pod' }, get);
  const req = t.emit('replicaset-controller', { kind: 'api.request', verb: 'create', object: pod, requestId: 7 }, act);
  const resp = t.emit('api-server', { kind: 'api.response', verb: 'create', object: pod, requestId: 7, code: 201, rv: '41' }, req);
  t.emit('replicaset-controller/informer/pods', { kind: 'watch.deliver', informer: 'pods', type: 'ADDED', object: pod, rv: '41' }, resp);
  t.emit('replicaset-controller', { kind: 'queue.add', queue: 'replicaset', key: 'default/web-7d4b8c6', reason: 'update' }, resp);
  t.emit('replicaset-controller', { kind: 'k8s.event', type: 'Warning', reason: 'FailedCreate', message: 'quota', involvedObject: pod, reportingController: 'replicaset-controller' }, act);
  return t;
}

describe('formatTimeline', () => {
  it('prints a write as the requester did it, with code, rv and the reconcile that caused it', () => {
    const t = sampleTrace();
    const lines = formatTimeline(t.slice(), t, PLAIN);
    expect(lines).toContain('   12.004s  replicaset-controller      create pod default/web-7d4b8c6-x2k9p (201, rv 41)   ← reconcile default/web-7d4b8c6');
  });

  it('hides requests and groups watch and queue steps unless verbose', () => {
    const t = sampleTrace();
    const lines = formatTimeline(t.slice(), t, PLAIN);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('1 queue steps');
    expect(lines[3]).toContain('1 watch deliveries, 1 queue steps');
    expect(lines[4]).toContain('event Warning FailedCreate pod default/web-7d4b8c6-x2k9p: quota');
    const verbose = formatTimeline(t.slice(), t, PLAIN, true);
    expect(verbose).toHaveLength(7);
    expect(verbose[2]).toContain('create pod default/web-7d4b8c6-x2k9p →');
  });

  it('says, verbose, when an add was merged into the queued key', () => {
    const t = new Trace({ now: 1_000 });
    t.emit('replicaset-controller', { kind: 'queue.add', queue: 'replicaset-controller', key: 'default/web', reason: 'update' }, null);
    t.emit('replicaset-controller', { kind: 'queue.add', queue: 'replicaset-controller', key: 'default/web', reason: 'delete', merged: 1 }, null);
    const verbose = formatTimeline(t.slice(), t, PLAIN, true).join('\n');
    expect(verbose).toContain('queue add default/web (update)\n');
    expect(verbose).toContain('queue add default/web (delete, merged ×1)');
  });

  it('colours only when asked or on a terminal without NO_COLOR', () => {
    expect(choosePaint(undefined, true, {})).toBe(ANSI);
    expect(choosePaint(undefined, false, {})).toBe(PLAIN);
    expect(choosePaint(undefined, true, { NO_COLOR: '1' })).toBe(PLAIN);
    expect(choosePaint(true, false, {})).toBe(ANSI);
    const t = sampleTrace();
    expect(formatTimeline(t.slice(), t, ANSI).join('\n')).toContain('\u001b[31m');
    expect(formatTimeline(t.slice(), t, PLAIN).join('\n')).not.toContain('\u001b[');
  });
});
