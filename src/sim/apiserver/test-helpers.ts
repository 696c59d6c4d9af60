/**
 * Test helpers for the api-server's tests: a fresh server on a seeded context, request shorthands, and a sink
 * that records watch events.
 */
import { SimContext } from '../engine/sim-context.ts';
import type { KubeObject } from '../api/object.ts';
import type { Status } from '../api/status.ts';
import { ApiServer, type ApiServerOptions } from './api-server.ts';
import type { ApiRequest, ApiResponse, WatchEvent, WatchSink } from './api-request.ts';

export function newServer(options?: ApiServerOptions): { ctx: SimContext; server: ApiServer } {
  const ctx = new SimContext({ seed: 42 });
  return { ctx, server: new ApiServer(ctx, options) };
}

export function req(r: Omit<ApiRequest, 'user'> & { user?: string }): ApiRequest {
  return { user: 'tester', ...r };
}

/** The object of a successful response; fails the test otherwise. */
export function objectOf(res: ApiResponse): KubeObject {
  if (!res.ok || !('object' in res)) throw new Error(`expected an object, got ${JSON.stringify(res)}`);
  return res.object;
}

/** The Status of a failed response; fails the test otherwise. */
export function statusOf(res: ApiResponse): Status {
  if (res.ok) throw new Error(`expected a failure, got ${JSON.stringify(res)}`);
  return res.status;
}

export class RecordingSink implements WatchSink {
  readonly events: WatchEvent[] = [];
  onWatchEvent(event: WatchEvent): void {
    this.events.push(event);
  }
  /** "TYPE name@rv" summaries. */
  summary(): string[] {
    return this.events.map((e) => `${e.type} ${(e.object as KubeObject).metadata?.name ?? (e.object as Status).message}`);
  }
}

export function deployment(name: string, replicas = 1, extra: Partial<KubeObject> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
    ...extra,
  };
}

export function configMap(name: string, data: Record<string, string> = {}, labels?: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: labels ? { name, labels } : { name }, data };
}

export function pod(name: string, nodeName?: string, extra: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'nginx' }], ...extra },
  };
}
