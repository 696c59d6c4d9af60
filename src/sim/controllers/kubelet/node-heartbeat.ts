/**
 * The kubelet's two heartbeats, as one loop with two keys: the Node (`<node>`: register, then post status every
 * nodeStatusUpdateFrequency when it changed, or every nodeStatusReportFrequency regardless) and its Lease
 * (`kube-node-lease/<node>`: renewed every 10 s = 0.25 × leaseDurationSeconds 40).
 *
 * Ported from kubernetes `pkg/kubelet/kubelet_node_status.go` (registerWithAPIServer, tryRegisterWithAPIServer,
 * tryUpdateNodeStatus: GET the node, setNodeStatus, patch when changed or when 5 min passed since the last report),
 * `pkg/kubelet/kubelet.go` (the "Starting" event, nodeStatusUpdateFrequency 10 s, nodeStatusReportFrequency 5 min)
 * and `staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go` (sync, ensureLease, retryUpdateLease,
 * setNodeOwnerFunc: the Lease is owned by its Node).
 *
 * The loop stops with the process (kill-node), so the Lease and the node's heartbeats go stale, which is what the
 * node lifecycle controller watches for; restore-node starts it again (re-register, Ready again).
 *
 * @remarks Status is posted as a JSON merge patch of the whole status on /status (upstream: a strategic merge
 * patch of the difference). A failed renewal is retried by the controller's rate limiter (upstream: 200 ms
 * doubling to 7 s, then the next interval).
 */
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { NodeSpec } from '../../cluster/cluster-options.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { rfc3339Micro } from '../../engine/clock.ts';
import type { PodWorkQueue } from './event-handlers.ts';
import { initialNode, nodeConditionEventReason, nodeStatusHasChanged, setNodeStatus, transitionedConditions, uuidOf, type NodeObject } from './node-status.ts';

export const NODE_LEASE_NAMESPACE = 'kube-node-lease';
export const LEASE_DURATION_SECONDS = 40;
/** `renewIntervalFraction` 0.25 × leaseDurationSeconds. */
export const LEASE_RENEW_INTERVAL_MS = 10_000;
/** `nodeStatusUpdateFrequency`. */
export const NODE_STATUS_UPDATE_FREQUENCY_MS = 10_000;
/** `nodeStatusReportFrequency`. */
export const NODE_STATUS_REPORT_FREQUENCY_MS = 300_000;

const NODE = { apiVersion: 'v1', kind: 'Node' } as const;
const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' } as const;

type LeaseObject = KubeObject & Lease;

export class NodeHeartbeat implements Reconciler {
  /** The node's UID once registered (the Lease's owner). */
  private nodeUID = '';
  private registered = false;
  private lastStatusReport = -Infinity;
  /** `latestLease`: renewals update this copy without reading first. */
  private latestLease: LeaseObject | null = null;
  private readonly bootID: string;
  /** Set by the descriptor once the controller exists. */
  queue: PodWorkQueue | null = null;

  constructor(
    private readonly spec: NodeSpec,
    private readonly recorder: EventRecorder,
    now: number,
  ) {
    this.bootID = uuidOf(`boot/${spec.name}/${now}`);
  }

  /** Runnable: the kubelet starts its heartbeats (after the controller that runs them). */
  start(): void {
    this.recorder.event(this.nodeRef(), 'Normal', 'Starting', 'Starting kubelet.');
    this.queue?.enqueue(this.spec.name, 'add');
    this.queue?.enqueue(`${NODE_LEASE_NAMESPACE}/${this.spec.name}`, 'add');
  }

  stop(): void {}

  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    if (request.namespace === NODE_LEASE_NAMESPACE) {
      yield* this.syncLease(ctx);
      return { requeueAfter: LEASE_RENEW_INTERVAL_MS };
    }
    if (!this.registered) yield* this.registerWithAPIServer(ctx);
    else yield* this.tryUpdateNodeStatus(ctx);
    return { requeueAfter: NODE_STATUS_UPDATE_FREQUENCY_MS };
  }

  /** `registerWithAPIServer`: create the Node; if it exists, reconcile it and post status. */
  private *registerWithAPIServer(ctx: ReconcileContext): ReconcileGenerator {
    const node = initialNode(this.spec, ctx.now, this.bootID);
    ctx.observe(`node ${this.spec.name} is not registered by this kubelet yet`);
    ctx.diff(`want Node ${this.spec.name} registered`, false);
    ctx.act(`create Node ${this.spec.name}`);
    try {
      const created = yield* ctx.client.create<NodeObject>(node);
      this.nodeUID = created.metadata.uid ?? '';
      this.registered = true;
      this.lastStatusReport = ctx.now;
      for (const c of created.status?.conditions ?? []) this.recordTransition(c.type);
      ctx.status(`Node ${this.spec.name} registered, Ready`);
      return;
    } catch (e) {
      if (!(e instanceof StatusError && e.reason === 'AlreadyExists')) throw e;
    }
    // `tryRegisterWithAPIServer`: the node exists (a restarted kubelet): reconcile its labels, then post status.
    const existing = yield* ctx.client.get<NodeObject>(NODE, undefined, this.spec.name);
    this.nodeUID = existing.metadata.uid ?? '';
    const labels = { ...(existing.metadata.labels ?? {}), ...(node.metadata.labels ?? {}) };
    if (JSON.stringify(labels) !== JSON.stringify(existing.metadata.labels ?? {})) {
      ctx.act(`update the default labels of Node ${this.spec.name}`);
      yield* ctx.client.patch(NODE, undefined, this.spec.name, 'application/merge-patch+json', { metadata: { labels } });
    }
    this.registered = true;
    ctx.status(`Node ${this.spec.name} already registered`);
    yield* this.tryUpdateNodeStatus(ctx, existing);
  }

  /** `tryUpdateNodeStatus`: GET the node, compute its status, patch when changed or when a report is due. */
  private *tryUpdateNodeStatus(ctx: ReconcileContext, fetched?: NodeObject): ReconcileGenerator {
    const original = fetched ?? (yield* ctx.client.get<NodeObject>(NODE, undefined, this.spec.name));
    this.nodeUID = original.metadata.uid ?? this.nodeUID;
    const status = setNodeStatus(this.spec, original.status, ctx.now, this.bootID);
    const changed = nodeStatusHasChanged(original.status, status);
    const due = ctx.now - this.lastStatusReport >= NODE_STATUS_REPORT_FREQUENCY_MS;
    const ready = original.status?.conditions?.find((c) => c.type === 'Ready');
    ctx.observe(`Node ${this.spec.name}: Ready=${ready?.status ?? 'none'}, last report ${Number.isFinite(this.lastStatusReport) ? `${Math.round((ctx.now - this.lastStatusReport) / 1000)}s ago` : 'never'}`, [
      { ...NODE, name: this.spec.name, rv: original.metadata.resourceVersion },
    ]);
    ctx.diff(changed ? 'node status changed' : due ? 'node status unchanged, report due (5m)' : 'node status unchanged', !changed && !due);
    if (!changed && !due) return;
    ctx.act(`patch Node ${this.spec.name} status (heartbeat)`);
    yield* ctx.client.patch(NODE, undefined, this.spec.name, 'application/merge-patch+json', { status }, { subresource: 'status' });
    this.lastStatusReport = ctx.now;
    for (const c of transitionedConditions(original.status, status)) this.recordTransition(c.type);
    ctx.status(`Node ${this.spec.name} status posted`);
  }

  /** `sync`: renew the cached Lease, or ensure it exists first (GET, else create). */
  private *syncLease(ctx: ReconcileContext): ReconcileGenerator {
    const name = this.spec.name;
    const ref = { ...LEASE, namespace: NODE_LEASE_NAMESPACE, name };
    if (!this.latestLease) {
      ctx.observe(`no Lease of ${name} known yet`);
      try {
        this.latestLease = yield* ctx.client.get<LeaseObject>(LEASE, NODE_LEASE_NAMESPACE, name);
      } catch (e) {
        if (!(e instanceof StatusError && e.reason === 'NotFound')) throw e;
        ctx.diff(`want Lease ${NODE_LEASE_NAMESPACE}/${name}, have none`, false);
        ctx.act(`create Lease ${NODE_LEASE_NAMESPACE}/${name}`);
        this.latestLease = yield* ctx.client.create<LeaseObject>(this.newLease(ctx.now));
        ctx.status(`Lease created, renewTime ${this.latestLease.spec?.renewTime}`);
        return;
      }
    } else {
      ctx.observe(`Lease ${NODE_LEASE_NAMESPACE}/${name} renewed at ${this.latestLease.spec?.renewTime}`, [{ ...ref, rv: this.latestLease.metadata.resourceVersion }]);
    }
    ctx.diff('the Lease is due for renewal', false);
    ctx.act(`renew Lease ${NODE_LEASE_NAMESPACE}/${name}`);
    const lease = structuredClone(this.latestLease) as LeaseObject;
    lease.spec = { ...(lease.spec ?? {}), holderIdentity: name, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: rfc3339Micro(ctx.now) };
    this.setNodeOwner(lease);
    try {
      this.latestLease = yield* ctx.client.update<LeaseObject>(lease);
    } catch (e) {
      this.latestLease = null;
      throw e;
    }
    ctx.status(`Lease renewed, renewTime ${this.latestLease.spec?.renewTime}`);
  }

  private newLease(now: number): LeaseObject {
    const lease: LeaseObject = {
      ...LEASE,
      metadata: { name: this.spec.name, namespace: NODE_LEASE_NAMESPACE },
      spec: { holderIdentity: this.spec.name, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: rfc3339Micro(now) },
    };
    this.setNodeOwner(lease);
    return lease;
  }

  /** `setNodeOwnerFunc`: the Lease is owned by its Node (deleting the Node collects it). */
  private setNodeOwner(lease: LeaseObject): void {
    if (!this.nodeUID || lease.metadata.ownerReferences?.length) return;
    lease.metadata = { ...lease.metadata, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.spec.name, uid: this.nodeUID }] };
  }

  /** `recordNodeStatusEvent`: "Node node-1 status is now: NodeReady". */
  private recordTransition(type: string): void {
    const reason = nodeConditionEventReason(type);
    this.recorder.event(this.nodeRef(), 'Normal', reason, `Node ${this.spec.name} status is now: ${reason}`);
  }

  /** The node as events name it (upstream: a reference with UID = the node's name). */
  private nodeRef(): KubeObject {
    return { ...NODE, metadata: { name: this.spec.name, uid: this.spec.name } };
  }
}
