// The client machinery against the simulation's real ApiServer: causality from a write to a handler.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import type { ApiResponse } from '../apiserver/api-request.ts';
import type { DeletedFinalStateUnknown } from './store.ts';
import type { ResourceEventHandler } from './shared-index-informer.ts';
import { SharedInformerFactory } from './shared-informer-factory.ts';
import { testCluster } from './test-cluster.ts';

class CauseRecorder implements ResourceEventHandler {
  causes: Array<number | null> = [];
  constructor(private readonly trace: { cause: number | null }) {}
  onAdd(_obj: KubeObject, isInInitialList: boolean): void {
    if (!isInInitialList) this.causes.push(this.trace.cause);
  }
  onUpdate(): void {}
  onDelete(_obj: KubeObject | DeletedFinalStateUnknown): void {}
}

class Sink {
  responses: ApiResponse[] = [];
  eventIds: Array<number | undefined> = [];
  done(_token: number, response: ApiResponse, responseEventId?: number): void {
    this.responses.push(response);
    this.eventIds.push(responseEventId);
  }
}

describe('client machinery with the real ApiServer', () => {
  it('a handler runs caused by watch.deliver, caused by the api.response of the write, caused by its api.request', () => {
    const c = testCluster(9, { real: true });
    const f = new SharedInformerFactory(c.ctx, { process: 'kube-controller-manager', network: c.network });
    const inf = f.informerFor('v1', 'ConfigMap', { namespace: 'default' });
    const handler = new CauseRecorder(c.ctx.trace);
    inf.addEventHandler(handler);
    f.start();
    c.run(100);
    expect(inf.hasSynced()).toBe(true);

    const sink = new Sink();
    c.network.restClient('kubectl').send(
      { verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web', namespace: 'default' }, data: { a: '1' } }, user: 'kubectl' },
      sink,
      'done',
      1,
    );
    c.run(100);
    expect(sink.responses[0]!.code).toBe(201);
    const chain = c.ctx.trace.causeChain(handler.causes[0]!).map((e) => `${e.kind} ${e.actor}`);
    expect(chain).toEqual(['watch.deliver kube-controller-manager/informer/configmaps', 'api.response api-server', 'api.request kubectl']);
    expect(sink.eventIds[0]).toBe(c.ctx.trace.causeChain(handler.causes[0]!)[1]!.id);
    expect(inf.get('default', 'web')!.data).toEqual({ a: '1' });
  });

  it('an expired watch (the api-server\'s own fault) makes the informer relist and catch up', () => {
    const c = testCluster(9, { real: true, historyLimit: 5 });
    const f = new SharedInformerFactory(c.ctx, { process: 'kcm', network: c.network });
    const inf = f.informerFor('v1', 'ConfigMap');
    f.start();
    c.run(100);
    c.network.dropWatchEvents('kcm', 50);
    for (let i = 0; i < 10; i++) c.create(`cm-${i}`);
    c.api.compact();
    c.network.expireWatches('kcm');
    c.run(5000);
    expect(inf.list()).toHaveLength(10);
    expect(c.ctx.trace.slice().filter((e) => e.kind === 'informer.list').map((e) => (e as { reason: string }).reason)).toEqual(['initial', 'expired']);
  });
});
