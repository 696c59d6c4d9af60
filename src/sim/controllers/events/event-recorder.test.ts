import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import type { ApiRequest } from '../../apiserver/api-request.ts';
import type { Transport } from '../../controller/transport.ts';
import type { SimContext } from '../../engine/sim-context.ts';
import { Simulation } from '../../simulation.ts';
import type { TraceEvent } from '../../trace/trace-event.ts';
import { ApiEventRecorder } from './event-recorder.ts';

type StoredEvent = {
  reason: string;
  message: string;
  count: number;
  reportingComponent?: string;
};

/** A recorder on a hand-driven clock whose requests are kept, not sent. */
function bench() {
  const emitted: Array<Record<string, unknown>> = [];
  const requests: Array<{ request: ApiRequest; token: number }> = [];
  const ctx = {
    now: 0,
    trace: {
      emit: (_actor: string, e: Record<string, unknown>) => emitted.push(e),
    },
  } as unknown as SimContext & { now: number };
  const transport: Transport = {
    send: (request, _replyTo, _method, token) => requests.push({ request, token }),
  };
  const recorder = new ApiEventRecorder(ctx, transport, 'replicaset-controller');
  const rs = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'web', namespace: 'default', uid: 'u1' },
  } as unknown as KubeObject;
  return { ctx, emitted, requests, recorder, rs };
}

const RS = (replicas: number) => `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
`;

describe('event recorder', () => {
  it('stores every event, even several recorded in the same virtual instant', () => {
    const sim = Simulation.create({ seed: 3, nodes: 2 });
    sim.apply(RS(7));
    sim.runFor(5000);
    const recorded = sim.trace.slice().filter((e) => e.kind === 'k8s.event' && e.reason === 'SuccessfulCreate');
    const stored = sim.listObjects('events').filter((e) => (e as unknown as { reason: string }).reason === 'SuccessfulCreate');
    expect(recorded).toHaveLength(7);
    expect(stored).toHaveLength(7);
  });

  it('aggregates an identical repeat into the count of the existing Event', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1 });
    sim.act({
      type: 'fault',
      fault: { type: 'image-behavior', image: 'nginx:1.27', behavior: 'crash' },
    });
    sim.apply(RS(1));
    sim.runFor(120_000);
    const backoff = sim.listObjects('events').filter((e) => (e as unknown as { reason: string }).reason === 'BackOff') as unknown as Array<{
      count: number;
      reportingComponent: string;
    }>;
    expect(backoff).toHaveLength(1);
    expect(backoff[0]!.count).toBeGreaterThan(1);
    expect(backoff[0]!.reportingComponent).toBe('kubelet');
  });

  it('combines similar events from the 10th and skips everything past the 25-event burst per object (client-go EventCorrelator)', () => {
    const sim = Simulation.create({ seed: 3, nodes: 2 });
    sim.apply(RS(30));
    sim.runFor(10_000);
    const recorded = sim.trace.slice().filter((e) => e.kind === 'k8s.event' && e.reason === 'SuccessfulCreate') as Array<
      Extract<TraceEvent, { kind: 'k8s.event' }>
    >;
    expect(recorded).toHaveLength(30);
    expect(recorded.slice(0, 9).every((e) => e.correlation === undefined)).toBe(true);
    expect(recorded.slice(9, 25).every((e) => e.correlation === 'combined')).toBe(true);
    expect(recorded.slice(25).every((e) => e.correlation === 'spam-filtered')).toBe(true);
    const stored = sim.listObjects('events').filter((e) => (e as unknown as StoredEvent).reason === 'SuccessfulCreate') as unknown as StoredEvent[];
    const combined = stored.filter((e) => e.message.startsWith('(combined from similar events): Created pod: web-'));
    expect(stored).toHaveLength(10);
    expect(combined).toHaveLength(1);
    // Events 10..25 wrote the combined Event (created, then patched 15 times); 26..30 were skipped.
    expect(combined[0]!.count).toBe(16);
    expect(combined[0]!.message).toBe(`(combined from similar events): ${recorded[24]!.message}`);
    // Upstream's aggregate copy carries no reportingController.
    expect(combined[0]!.reportingComponent).toBeUndefined();
  });

  it('creates, then patches count + 1 after the create is answered; a patch answered 404 is sent again as a create; the bucket refills one event per 5 minutes', () => {
    const { ctx, emitted, requests, recorder, rs } = bench();
    const created = (body: unknown) => ({ ok: true, code: 201, object: body }) as never;
    const notFound = {
      ok: false,
      code: 404,
      status: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'not found', reason: 'NotFound', code: 404 },
    } as never;
    recorder.event(rs, 'Warning', 'FailedCreate', 'quota');
    recorder.event(rs, 'Warning', 'FailedCreate', 'quota');
    // The repeat's patch waits for the create's answer: the writes of one Event go out in order.
    expect(requests.map((r) => r.request.verb)).toEqual(['create']);
    const create = requests[0]!.request as ApiRequest & { body: { metadata: { name: string } } };
    recorder.onEventResponse(requests[0]!.token, created(create.body));
    expect(requests.map((r) => r.request.verb)).toEqual(['create', 'patch']);
    const patch = requests[1]!.request as ApiRequest & { name: string; body: unknown };
    expect(patch.name).toBe(create.body.metadata.name);
    expect(patch.body).toEqual({ count: 2, lastTimestamp: '2026-01-01T00:00:00Z', message: 'quota' });
    // The Event was deleted meanwhile: the patch finds nothing, and the whole event (count 2) is created again.
    recorder.onEventResponse(requests[1]!.token, notFound);
    expect(requests[2]!.request.verb).toBe('create');
    expect((requests[2]!.request as unknown as { body: unknown }).body).toMatchObject({ count: 2, metadata: { name: create.body.metadata.name } });
    // 2 of the object's 25 tokens are spent; 23 more events pass, the next is skipped (a trace record, no write).
    for (let i = 0; i < 23; i++) recorder.event(rs, 'Normal', 'Other', `m${i}`);
    expect(emitted.filter((e) => e.correlation === 'spam-filtered')).toHaveLength(0);
    const sent = requests.length;
    recorder.event(rs, 'Normal', 'Late', 'x');
    expect(requests).toHaveLength(sent);
    expect(emitted.at(-1)).toMatchObject({ kind: 'k8s.event', reason: 'Late', correlation: 'spam-filtered' });
    ctx.now = 300_000;
    recorder.event(rs, 'Normal', 'Late', 'y');
    expect(requests).toHaveLength(sent + 1);
    expect(emitted.at(-1)!.correlation).toBeUndefined();
  });
});
