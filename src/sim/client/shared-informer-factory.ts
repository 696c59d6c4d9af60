/**
 * `informers.SharedInformerFactory` (client-go `informers/factory.go`): one per process (a controller-manager, the
 * scheduler, a kubelet). Every controller of the process asking for the same resource with the same options gets
 * the same {@link SharedIndexInformer}, so the process lists and watches each resource once.
 *
 * Stopping a factory is a crash of its process: its informers stop, their watches close and their caches are
 * dropped. A new factory for the restarted process lists everything again (trace reason `restart`).
 */
import { BUILTIN_RESOURCES } from '../api/resources.ts';
import { parseApiVersion } from '../api/object.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { Transport } from '../controller/transport.ts';
import type { Network } from '../network/network.ts';
import type { ListReason } from './reflector.ts';
import { SharedIndexInformer } from './shared-index-informer.ts';

export interface InformerOptions {
  namespace?: string;
  fieldSelector?: string;
  labelSelector?: string;
}

export interface SharedInformerFactoryOptions {
  /** The process: "kube-controller-manager", "scheduler", "kubelet/node-1". Prefix of its informers' names. */
  process: string;
  network: Network;
  /** The process's REST client (default: `network.restClient(process)`). */
  transport?: Transport;
  /** `defaultResync` for every informer (0 = none). */
  defaultResync?: number;
  /** 'restart' when this factory replaces a crashed one. */
  listReason?: ListReason;
}

export class SharedInformerFactory {
  readonly process: string;
  private informers = new Map<string, SharedIndexInformer>();
  private readonly transport: Transport;
  private started = false;
  private stopped = false;

  constructor(
    private readonly ctx: SimContext,
    private readonly options: SharedInformerFactoryOptions,
  ) {
    this.process = options.process;
    this.transport = options.transport ?? options.network.restClient(options.process);
  }

  /** The shared informer for a type and options, created on first request (and started if the factory is). */
  informerFor(apiVersion: string, kind: string, options: InformerOptions = {}): SharedIndexInformer {
    if (this.stopped) throw new Error(`informer factory of ${this.process} is stopped`);
    const id = `${apiVersion}|${kind}|${options.namespace ?? ''}|${options.labelSelector ?? ''}|${options.fieldSelector ?? ''}`;
    let inf = this.informers.get(id);
    if (inf) return inf;
    const resource = resourceOf(apiVersion, kind);
    let name = `${this.process}/informer/${resource}`;
    const taken = new Set([...this.informers.values()].map((i) => i.name));
    for (let n = 2; taken.has(name); n++) name = `${this.process}/informer/${resource}#${n}`;
    inf = new SharedIndexInformer(this.ctx, {
      name,
      resource,
      target: { apiVersion, kind, ...options },
      user: this.process,
      transport: this.transport,
      network: this.options.network,
      resyncPeriod: this.options.defaultResync ?? 0,
      ...(this.options.listReason ? { initialListReason: this.options.listReason } : {}),
    });
    this.informers.set(id, inf);
    if (this.started) inf.run();
    return inf;
  }

  /** `Start`: runs every informer not yet running (later ones start when requested). */
  start(): void {
    if (this.stopped) return;
    this.started = true;
    for (const inf of this.informers.values()) inf.run();
  }

  /** The process is gone: informers stop, watches close, caches are dropped. */
  stop(): void {
    this.stopped = true;
    for (const inf of this.informers.values()) inf.stop();
    this.informers.clear();
  }

  /** `WaitForCacheSync` as a check: every informer has synced. */
  hasSynced(): boolean {
    for (const inf of this.informers.values()) if (!inf.hasSynced()) return false;
    return true;
  }

  /** The informers, in creation order. */
  list(): SharedIndexInformer[] {
    return [...this.informers.values()];
  }
}

/** The plural resource of a kind ("pods"); for unknown kinds, the lower-cased kind plus "s". */
export function resourceOf(apiVersion: string, kind: string): string {
  const { group, version } = parseApiVersion(apiVersion);
  const info = BUILTIN_RESOURCES.find((r) => r.group === group && r.version === version && r.kind === kind);
  return info ? info.resource : `${kind.toLowerCase()}s`;
}
