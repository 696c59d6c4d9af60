/**
 * The argocd-application-controller's refresh of one Application: compare Git with the cluster, auto-sync when the
 * policy says so, persist the status. Ported from argo-cd `controller/appcontroller.go` (processAppRefreshQueueItem,
 * autoSync, setOperationState, persistAppStatus) and `controller/sync.go` (SyncAppState), in upstream's order:
 *
 * 1. read the Application from the informer cache;
 * 2. `CompareAppState` against the live objects in the controller's caches (compare-app.ts);
 * 3. a requested operation (`operation.sync`, what `argocd app sync` sets) runs and is cleared; otherwise
 *    `autoSync`: with `syncPolicy.automated`, an OutOfSync app is synced to the Git revision — unless the last sync
 *    was already to that revision (without selfHeal: "Skipping auto-sync: most recent sync already to <sha>"; with
 *    selfHeal: again, only the OutOfSync resources, once `SELF_HEAL_TIMEOUT_MS` has passed since the last one);
 *    a sync server-side-applies every resource as "argocd-controller" with force (Argo CD's `ServerSideApply=true`
 *    sync option) and, with `prune`, deletes tracked resources Git no longer has;
 * 4. `persistAppStatus`: patch `status` if it changed, with "Updated sync status: A -> B" / "Updated health status:
 *    A -> B" events; then look again after `timeout.reconciliation` (180 s: Git is polled).
 *
 * @remarks Simplified: the sync runs inside the refresh (upstream sets `operation` and a second queue runs it); no
 * sync waves, hooks or retries; a sync is one batch of applies (and deletes); the self-heal delay is the classic fixed
 * 5 s (newer releases back off exponentially). `RespectIgnoreDifferences=true` leaves ignored pointers out of
 * applied manifests. Git changes are seen at the next 180 s refresh (no webhook); changes to tracked resources and to
 * the Application's spec trigger a refresh at once.
 */
import type { KubeObject } from '../api/object.ts';
import { splitKey } from '../api/object.ts';
import { StatusError } from '../api/status.ts';
import type { ApiResponse } from '../apiserver/api-request.ts';
import type { ClientOp } from '../client/api-call.ts';
import { deepEqual } from '../apiserver/strategy/object-diff.ts';
import type { SharedIndexInformer } from '../client/shared-index-informer.ts';
import type { SharedInformerFactory } from '../client/shared-informer-factory.ts';
import type { ContainerRuntime } from '../cluster/container-runtime.ts';
import type { EventRecorder } from '../cluster/controller-host.ts';
import type { Controller } from '../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../controller/reconciler.ts';
import { parseTime, rfc3339 } from '../engine/clock.ts';
import { refOf } from '../trace/trace-event.ts';
import {
  APPLICATION_API_VERSION,
  APPLICATION_KIND,
  ARGOCD_FIELD_MANAGER,
  RECONCILIATION_TIMEOUT_MS,
  SELF_HEAL_TIMEOUT_MS,
  TRACKING_LABEL,
  type ApplicationSpec,
} from './application-crd.ts';
import { compareAppState, type ComparedResource, type Comparison } from './compare-app.ts';
import { compareObject, withoutPointers, ignoreApplies } from './diff.ts';
import { gitRepoOf } from './git-repo.ts';
import { ApplicationEventHandler, TrackedResourceHandler } from './event-handlers.ts';

type JsonMap = Record<string, unknown>;

interface OperationState {
  operation: { sync: { revision: string; resources?: Array<{ group: string; kind: string; name: string; namespace?: string }> }; initiatedBy: { automated: boolean } | { username: string } };
  phase: 'Running' | 'Succeeded' | 'Failed' | 'Error';
  message: string;
  startedAt: string;
  finishedAt?: string;
  syncResult?: { revision: string; resources: Array<{ group: string; version: string; kind: string; namespace?: string; name: string; status: string; message: string; syncPhase: 'Sync' }> };
}

export class ApplicationController implements Reconciler {
  runner: Controller | null = null;
  /** Created once the Application CRD is established (see crd-installer.ts). */
  appInformer: SharedIndexInformer | null = null;
  /** Informers of the kinds Applications manage, by "apiVersion|kind". */
  private readonly watched = new Map<string, SharedIndexInformer>();
  private readonly trackedHandler: TrackedResourceHandler;
  /** The last sync of each Application ("ns/name|uid") this process ran: newer than a stale cache may show. */
  private readonly lastOperation = new Map<string, OperationState>();
  /** When each Application's revision was last resolved in Git (virtual ms). */
  private readonly revisionCheckedAt = new Map<string, number>();
  /** Keys whose next refresh must resolve the revision again (the Application itself changed). */
  readonly refreshLatest = new Set<string>();
  /** The status this process last wrote for each Application, with the resourceVersion it got. */
  private readonly lastWritten = new Map<string, { rv: string; status: JsonMap }>();

  constructor(
    private readonly informers: SharedInformerFactory,
    private readonly runtime: ContainerRuntime,
    private readonly recorder: EventRecorder,
  ) {
    this.trackedHandler = new TrackedResourceHandler(this);
  }

  /** Starts watching Applications (called when the CRD is established). */
  watchApplications(): void {
    if (this.appInformer) return;
    this.appInformer = this.informers.informerFor(APPLICATION_API_VERSION, APPLICATION_KIND);
    this.appInformer.addEventHandler(new ApplicationEventHandler(this));
  }

  refreshOwnerOf(obj: KubeObject, reason: 'add' | 'update' | 'delete'): void {
    const app = obj.metadata.labels?.[TRACKING_LABEL];
    if (!app || !this.appInformer) return;
    for (const a of this.appInformer.list()) if (a.metadata.name === app) this.runner?.enqueue(`${a.metadata.namespace}/${a.metadata.name}`, reason);
  }

  private watch(apiVersion: string, kind: string): SharedIndexInformer {
    const id = `${apiVersion}|${kind}`;
    let inf = this.watched.get(id);
    if (!inf) {
      inf = this.informers.informerFor(apiVersion, kind);
      inf.addEventHandler(this.trackedHandler);
      this.watched.set(id, inf);
    }
    return inf;
  }

  /** `processAppRefreshQueueItem`. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    if (!this.appInformer || !this.appInformer.hasSynced()) return { requeueAfter: 500 };
    const { namespace, name } = splitKey(key);
    const app = this.appInformer.get(namespace, name);
    if (!app) {
      ctx.observe(`Application ${key} not found`);
      return;
    }
    if (app.metadata.deletionTimestamp) return;
    const repo = gitRepoOf(this.runtime);
    const spec = (app.spec ?? {}) as ApplicationSpec;
    // The cache may lag behind our last status write: then that write is the status we compare with.
    const written = this.lastWritten.get(`${key}|${app.metadata.uid ?? ''}`);
    const oldStatus = (written && Number(written.rv) > Number(app.metadata.resourceVersion ?? 0) ? written.status : (app.status ?? {})) as JsonMap;

    // The live objects: the kinds Git names and the kinds the app managed before (for pruning).
    const kinds = new Map<string, [string, string]>();
    // CompareWithLatest (the 180 s refresh, a spec change, the first look) resolves the revision again; a refresh
    // caused by a live change compares with the recent revision (upstream's CompareWithRecent): Git is polled.
    const appKey = `${key}|${app.metadata.uid ?? ''}`;
    const checkedAt = this.revisionCheckedAt.get(appKey);
    const latest = this.refreshLatest.delete(key) || checkedAt === undefined || ctx.now - checkedAt >= RECONCILIATION_TIMEOUT_MS;
    const recent = ((oldStatus.sync as JsonMap | undefined)?.revision as string | undefined) || undefined;
    const pinned = latest ? undefined : recent;
    if (latest) this.revisionCheckedAt.set(appKey, ctx.now);
    const rendered = repo ? compareAppState(repo, name, spec, () => undefined, [], pinned) : null;
    for (const r of rendered?.resources ?? []) kinds.set(`${r.desired!.apiVersion}|${r.desired!.kind}`, [r.desired!.apiVersion, r.desired!.kind]);
    for (const r of (oldStatus.resources ?? []) as Array<{ group: string; version: string; kind: string }>) {
      const av = r.group ? `${r.group}/${r.version}` : r.version;
      kinds.set(`${av}|${r.kind}`, [av, r.kind]);
    }
    const informers = [...kinds.values()].map(([av, k]) => this.watch(av, k));
    if (informers.some((i) => !i.hasSynced())) {
      ctx.observe('waiting for the cluster cache to sync');
      return { requeueAfter: 500 };
    }
    const lookup = (av: string, k: string, ns: string | undefined, n: string): KubeObject | undefined => this.watched.get(`${av}|${k}`)?.get(ns, n);
    const tracked = informers.flatMap((i) => i.list().filter((o) => o.metadata.labels?.[TRACKING_LABEL] === name));
    const cmp: Comparison = repo ? compareAppState(repo, name, spec, lookup, tracked, pinned) : { revision: null, syncStatus: 'Unknown', health: 'Healthy', resources: [], errors: ['no Git repository'] };

    ctx.observe(
      `Git ${cmp.revision?.slice(0, 7) ?? '(none)'} at ${spec.source?.path || '.'}: ${cmp.resources.length} resources`,
      cmp.resources.filter((r) => r.live).map((r) => ({ ...refOf(r.live!), rv: r.live!.metadata.resourceVersion ?? '' })),
    );
    const outOfSync = cmp.resources.filter((r) => r.status.status === 'OutOfSync');
    ctx.diff(
      outOfSync.length
        ? `OutOfSync: ${outOfSync.map((r) => `${r.status.kind.toLowerCase()}/${r.status.name} (${(r.status.diff ?? []).join('; ')})`).join(', ')}`
        : `${cmp.syncStatus} to ${cmp.revision?.slice(0, 7) ?? '(none)'}`,
      cmp.syncStatus === 'Synced',
    );

    // The cache may not have our last status write yet: the newer of it and the operation we remember.
    let operationState = oldStatus.operationState as OperationState | undefined;
    const remembered = this.lastOperation.get(`${key}|${app.metadata.uid ?? ''}`);
    if (remembered && (!operationState?.finishedAt || (remembered.finishedAt ?? '') > operationState.finishedAt)) operationState = remembered;
    let requeueAfter = RECONCILIATION_TIMEOUT_MS;
    const automated = spec.syncPolicy?.automated;
    // A requested operation (`argocd app sync` sets `operation`); not when the cache predates our last write.
    const requested = (app as unknown as { operation?: { sync?: { resources?: Array<{ kind: string; name: string }> } } }).operation;
    const stale = !!written && Number(written.rv) > Number(app.metadata.resourceVersion ?? 0);
    let clearOperation = false;
    if (requested?.sync && !stale && cmp.revision && !cmp.errors.length) {
      const only = requested.sync.resources;
      const chosen = only?.length ? cmp.resources.filter((r) => only.some((o) => o.kind === r.status.kind && o.name === r.status.name)) : cmp.resources;
      operationState = yield* this.sync(app, spec, cmp, chosen, !!only?.length, ctx, false);
      this.lastOperation.set(`${key}|${app.metadata.uid ?? ''}`, operationState);
      clearOperation = true;
    } else if (automated && cmp.syncStatus === 'OutOfSync' && cmp.revision && !cmp.errors.length) {
      // autoSync: alreadyAttemptedSync compares the revision of the last sync operation.
      const already = operationState?.operation?.sync?.revision === cmp.revision;
      if (already && !automated.selfHeal) {
        ctx.status(
          operationState!.phase !== 'Succeeded'
            ? `Skipping auto-sync: failed previous sync attempt to ${cmp.revision}`
            : `Skipping auto-sync: most recent sync already to ${cmp.revision}`,
        );
      } else {
        const finishedAt = operationState?.finishedAt ? parseTime(operationState.finishedAt) : -Infinity;
        const remaining = already ? finishedAt + SELF_HEAL_TIMEOUT_MS - ctx.now : 0;
        if (remaining > 0) {
          ctx.status(`Skipping auto-sync: already attempted sync to ${cmp.revision} with timeout 5s (retrying in ${remaining}ms)`);
          requeueAfter = remaining;
        } else {
          operationState = yield* this.sync(app, spec, cmp, already ? outOfSync : cmp.resources, already, ctx);
          this.lastOperation.set(`${key}|${app.metadata.uid ?? ''}`, operationState);
        }
      }
    }

    // persistAppStatus.
    const oldSync = ((oldStatus.sync as JsonMap | undefined)?.status as string | undefined) ?? '';
    const oldHealth = ((oldStatus.health as JsonMap | undefined)?.status as string | undefined) ?? '';
    const status: JsonMap = {
      sync: { status: cmp.syncStatus, revision: cmp.revision ?? '', comparedTo: { source: spec.source ?? {}, destination: spec.destination ?? {} } },
      health: { status: cmp.health },
      resources: cmp.resources.map((r) => r.status),
      sourceType: 'Directory',
      conditions: cmp.errors.length ? cmp.errors.map((message) => ({ type: 'ComparisonError', message })) : null,
    };
    if (operationState) status.operationState = operationState;
    const comparable: JsonMap = { ...oldStatus, conditions: oldStatus.conditions ?? null };
    delete comparable.reconciledAt;
    if (clearOperation || !deepEqual(JSON.parse(JSON.stringify(status)), comparable)) {
      status.reconciledAt = rfc3339(ctx.now);
      if (oldSync !== cmp.syncStatus) this.recorder.event(app, 'Normal', 'ResourceUpdated', `Updated sync status: ${oldSync} -> ${cmp.syncStatus}`);
      if (oldHealth !== cmp.health) this.recorder.event(app, 'Normal', 'ResourceUpdated', `Updated health status: ${oldHealth} -> ${cmp.health}`);
      ctx.status(`${cmp.syncStatus}, ${cmp.health}`);
      try {
        const updated = yield* ctx.client.patch({ apiVersion: APPLICATION_API_VERSION, kind: APPLICATION_KIND }, namespace, name, 'application/merge-patch+json', clearOperation ? { status, operation: null } : { status });
        this.lastWritten.set(`${key}|${app.metadata.uid ?? ''}`, { rv: updated.metadata.resourceVersion ?? '0', status: (updated.status ?? {}) as JsonMap });
      } catch (err) {
        if (err instanceof StatusError && err.status.code === 404) return;
        throw err;
      }
    }
    return { requeueAfter };
  }

  /** `SyncAppState` of an automated sync: apply (server-side, forced) and prune, as one batch. */
  private *sync(app: KubeObject, spec: ApplicationSpec, cmp: Comparison, resources: readonly ComparedResource[], selfHeal: boolean, ctx: ReconcileContext, automated = true): ClientOp<OperationState> {
    const revision = cmp.revision!;
    // A self-heal sync names the OutOfSync resources (`op.Sync.Resources`): upstream calls it a partial sync.
    const partial = selfHeal;
    // A requested sync's start is logged by argocd-server upstream ("initiated sync to <rev>"); here by the controller.
    this.recorder.event(app, 'Normal', 'OperationStarted', automated ? `Initiated automated sync to '${revision}'` : `initiated ${partial ? 'partial ' : ''}sync to ${revision}`);
    const startedAt = rfc3339(ctx.now);
    const respectIgnore = (spec.syncPolicy?.syncOptions ?? []).includes('RespectIgnoreDifferences=true');
    const prune = spec.syncPolicy?.automated?.prune === true;
    const applies = resources.filter((r) => r.desired);
    const prunes = prune ? resources.filter((r) => r.status.requiresPruning && r.live) : [];
    const requests = [
      ...applies.map((r) => {
        let body = r.desired!;
        if (respectIgnore) {
          const pointers = (spec.ignoreDifferences ?? []).filter((i) => ignoreApplies(i, body)).flatMap((i) => i.jsonPointers ?? []);
          if (pointers.length) body = withoutPointers(body, pointers);
        }
        return ctx.client.request({
          verb: 'patch',
          apiVersion: body.apiVersion,
          kind: body.kind,
          ...(body.metadata.namespace ? { namespace: body.metadata.namespace } : {}),
          name: body.metadata.name!,
          patchType: 'application/apply-patch+yaml',
          body,
          fieldManager: ARGOCD_FIELD_MANAGER,
          force: true,
        });
      }),
      ...prunes.map((r) =>
        ctx.client.request({ verb: 'delete', apiVersion: r.live!.apiVersion, kind: r.live!.kind, ...(r.live!.metadata.namespace ? { namespace: r.live!.metadata.namespace } : {}), name: r.live!.metadata.name!, propagationPolicy: 'Foreground' }),
      ),
    ];
    ctx.act(`${partial ? 'self-heal: ' : ''}server-side apply ${applies.length} resource${applies.length === 1 ? '' : 's'} as ${ARGOCD_FIELD_MANAGER}${prunes.length ? `, prune ${prunes.length}` : ''}`);
    const responses = (requests.length ? yield { type: 'batch', requests } : []) as ApiResponse[];
    const results: NonNullable<OperationState['syncResult']>['resources'] = [];
    const failures: string[] = [];
    [...applies, ...prunes].forEach((r, i) => {
      const res = responses[i]!;
      const pruning = i >= applies.length;
      const s = r.status;
      const display = `${s.kind.toLowerCase()}${s.group ? `.${s.group}` : ''}/${s.name}`;
      const row: (typeof results)[number] = { group: s.group, version: s.version, kind: s.kind, name: s.name, status: res.ok ? (pruning ? 'Pruned' : 'Synced') : 'SyncFailed', message: '', syncPhase: 'Sync' };
      if (s.namespace) row.namespace = s.namespace;
      if (res.ok) {
        row.message = pruning ? 'pruned' : `${display} serverside-applied`;
        if (!pruning && 'object' in res) this.markSynced(r, res.object, spec);
        if (pruning) s.status = 'Synced';
      } else {
        row.message = res.status.message ?? res.status.reason ?? 'error';
        failures.push(`${display}: ${row.message}`);
      }
      results.push(row);
    });
    if (!failures.length) cmp.syncStatus = cmp.resources.some((r) => r.status.status === 'OutOfSync' && !(r.status.requiresPruning && prune)) ? 'OutOfSync' : 'Synced';
    if (prune) cmp.resources = cmp.resources.filter((r) => !(r.status.requiresPruning && prunes.includes(r)));
    const ok = failures.length === 0;
    const state: OperationState = {
      operation: { sync: { revision, ...(partial ? { resources: resources.map((r) => ({ group: r.status.group, kind: r.status.kind, name: r.status.name, ...(r.status.namespace ? { namespace: r.status.namespace } : {}) })) } : {}) }, initiatedBy: automated ? { automated: true } : { username: 'user' } },
      phase: ok ? 'Succeeded' : 'Failed',
      message: ok ? 'successfully synced (all tasks run)' : `one or more objects failed to apply, reason: ${failures.join(', ')}`,
      startedAt,
      finishedAt: rfc3339(ctx.now),
      syncResult: { revision, resources: results },
    };
    // setOperationState's completion event, upstream's words joined as they are.
    const words = [partial ? 'Partial sync operation' : 'Sync operation', 'to', revision, ...(ok ? ['succeeded'] : ['failed:', state.message])];
    this.recorder.event(app, ok ? 'Normal' : 'Warning', 'OperationCompleted', words.join(' '));
    ctx.status(`sync ${ok ? 'succeeded' : 'failed'} to ${revision.slice(0, 7)}`);
    return state;
  }

  /** After an apply: the resource is compared again with what the api-server returned. */
  private markSynced(r: ComparedResource, live: KubeObject, spec: ApplicationSpec): void {
    const diffs = compareObject(r.desired!, live, spec.ignoreDifferences ?? []);
    r.live = live;
    r.diffs = diffs;
    r.status.status = diffs.length ? 'OutOfSync' : 'Synced';
    if (diffs.length) r.status.diff = r.status.diff ?? [];
    else delete r.status.diff;
  }
}
