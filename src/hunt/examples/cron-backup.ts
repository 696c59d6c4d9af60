/**
 * The course's CronBackup operator (a custom resource that ensures a CronJob), written against the simulation's
 * controller API (descriptor + reconcile generator) in one correct form and five buggy ones, one per bug class the
 * hunter must find (issue 16). They are the hunter's proof: each bug must be found, the correct form must pass.
 *
 * - `correct`: waits for its caches, names its CronJob `<backup>-backup`, owns it (ownerReference, so the garbage
 *   collector deletes it with its backup), updates the schedule in place, writes status from the CronJob it observed.
 * - `non-idempotent-create`: no fixed name (`generateName`) and no look for an existing CronJob: it remembers what it
 *   created in `status.cronJob`, written after the create. A crash between the two writes, or a failed status write,
 *   makes a second CronJob (an intermediate state).
 * - `stale-cache-delete`: cleans up CronJobs whose backup is not in its cache, without waiting for the cache to sync or
 *   asking the api-server: after a restart it deletes what it should keep (a stale read).
 * - `status-from-spec`: writes status (the schedule it wants, and `observedGeneration`) before updating the CronJob,
 *   and skips a backup whose status says it is done: a crash between the two writes leaves the old schedule for good.
 * - `missing-owner-reference`: creates its CronJob without an ownerReference: deleting the backup leaks it.
 * - `edge-triggered`: acts on the last informer event it saw for a key (add → create, update → new schedule) instead
 *   of the state: after a restart it sees only an add, so a schedule change it had not acted on is lost (an
 *   unobserved state).
 *
 * Registered with the controller registry on import, as `cronbackup-<variant>` in kube-controller-manager; a cluster
 * runs one only when `controllers` names it.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { keyOf, splitKey } from '../../sim/api/object.ts';
import { StatusError } from '../../sim/api/status.ts';
import { Client } from '../../sim/client/client.ts';
import type { ResourceEventHandler, SharedIndexInformer } from '../../sim/client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../sim/client/store.ts';
import type { ControllerDescriptor, ControllerHost } from '../../sim/cluster/controller-host.ts';
import { registerControllers } from '../../sim/cluster/controller-registry.ts';
// The built-in controllers first, whatever imports this module first: a process builds its controllers in the
// registry's order, so the order must not depend on the entry point (the same seed, the same run).
import '../../sim/cluster/controllers.ts';
import { Controller } from '../../sim/controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../sim/controller/reconciler.ts';

export const CRON_BACKUP_VARIANTS = ['correct', 'non-idempotent-create', 'stale-cache-delete', 'status-from-spec', 'missing-owner-reference', 'edge-triggered'] as const;
export type CronBackupVariant = (typeof CRON_BACKUP_VARIANTS)[number];

export const BACKUP_API_VERSION = 'example.com/v1';
const CRONJOB = { apiVersion: 'batch/v1', kind: 'CronJob' } as const;
const BACKUP = { apiVersion: BACKUP_API_VERSION, kind: 'CronBackup' } as const;
const LABEL = 'example.com/backup';

/** The controller name of a variant: "cronbackup-correct", "cronbackup-edge-triggered". */
export function cronBackupController(variant: CronBackupVariant): string {
  return `cronbackup-${variant}`;
}

interface Backup extends KubeObject {
  spec?: { schedule?: string; image?: string };
  status?: { cronJob?: string; schedule?: string; observedGeneration?: number };
}

interface CronJob extends KubeObject {
  spec?: { schedule?: string };
}

/** The CronJob a backup wants. */
function cronJobFor(backup: Backup, name: { name: string } | { generateName: string }, owned: boolean): KubeObject {
  const meta = backup.metadata;
  return {
    apiVersion: CRONJOB.apiVersion,
    kind: CRONJOB.kind,
    metadata: {
      ...name,
      namespace: meta.namespace,
      labels: { [LABEL]: meta.name! },
      ...(owned ? { ownerReferences: [{ apiVersion: BACKUP.apiVersion, kind: BACKUP.kind, name: meta.name!, uid: meta.uid!, controller: true, blockOwnerDeletion: true }] } : {}),
    },
    spec: {
      schedule: backup.spec?.schedule ?? '0 0 * * *',
      jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'backup', image: backup.spec?.image ?? 'busybox:1.36', command: ['sh', '-c', 'echo backup'] }] } } } },
    },
  };
}

const isReason = (err: unknown, reason: string): boolean => err instanceof StatusError && err.reason === reason;

/** The reconciler of every variant; `variant` picks the bug. */
export class CronBackupReconciler implements Reconciler {
  runner: Controller | null = null;
  /** edge-triggered only: the last event seen per key (lost with the process, as any in-memory state). */
  readonly lastEvent = new Map<string, { type: 'add' | 'update'; schedule: string | undefined }>();

  constructor(
    readonly variant: CronBackupVariant,
    readonly backups: SharedIndexInformer,
    readonly cronJobs: SharedIndexInformer,
  ) {}

  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    if (this.variant !== 'stale-cache-delete' && !(this.backups.hasSynced() && this.cronJobs.hasSynced())) return { requeueAfter: 100 };
    const backup = this.backups.get(request.namespace, request.name) as Backup | undefined;
    ctx.observe(backup ? `CronBackup ${key} rv ${backup.metadata.resourceVersion}` : `CronBackup ${key} not in the cache`);
    switch (this.variant) {
      case 'stale-cache-delete':
        return yield* this.deleteOrphans(request, backup, ctx);
      case 'non-idempotent-create':
        return backup ? yield* this.createRemembered(backup, ctx) : undefined;
      case 'edge-triggered':
        return yield* this.actOnEvent(key, backup, ctx);
      default:
        return backup && !backup.metadata.deletionTimestamp ? yield* this.ensure(backup, ctx) : undefined;
    }
  }

  /** correct, status-from-spec, missing-owner-reference (and stale-cache-delete's ensuring part). */
  private *ensure(backup: Backup, ctx: ReconcileContext): ReconcileGenerator {
    const name = `${backup.metadata.name}-backup`;
    const ns = backup.metadata.namespace;
    const want = backup.spec?.schedule;
    if (this.variant === 'status-from-spec' && backup.status?.observedGeneration === backup.metadata.generation) {
      ctx.diff('status says it is done', true);
      return;
    }
    if (this.variant === 'status-from-spec') {
      ctx.status(`schedule ${want}`);
      yield* ctx.client.updateStatus({ ...backup, status: { cronJob: name, schedule: want, observedGeneration: backup.metadata.generation } });
    }
    let child = this.cronJobs.get(ns, name) as CronJob | undefined;
    if (!child) {
      ctx.diff(`no CronJob ${name}`, false);
      ctx.act(`create CronJob ${name}`);
      child = yield* ctx.client.create<CronJob>(cronJobFor(backup, { name }, this.variant !== 'missing-owner-reference'));
    } else if (child.spec?.schedule !== want) {
      ctx.diff(`schedule ${child.spec?.schedule} → ${want}`, false);
      ctx.act(`update CronJob ${name}`);
      child = yield* ctx.client.update<CronJob>({ ...child, spec: { ...child.spec, schedule: want } });
    } else {
      ctx.diff('CronJob in sync', true);
    }
    if (this.variant === 'status-from-spec') return;
    const status = { cronJob: name, schedule: child.spec?.schedule, observedGeneration: backup.metadata.generation };
    const s = backup.status;
    if (s?.cronJob !== status.cronJob || s?.schedule !== status.schedule || s?.observedGeneration !== status.observedGeneration) {
      ctx.status(`schedule ${status.schedule}`);
      yield* ctx.client.updateStatus({ ...backup, status });
    }
  }

  /** non-idempotent-create: "have I created it?" is answered by the status it writes after creating. */
  private *createRemembered(backup: Backup, ctx: ReconcileContext): ReconcileGenerator {
    const remembered = backup.status?.cronJob;
    if (!remembered) {
      ctx.act('create a CronJob');
      const created = yield* ctx.client.create<CronJob>(cronJobFor(backup, { generateName: `${backup.metadata.name}-` }, true));
      ctx.status(`cronJob ${created.metadata.name}`);
      yield* ctx.client.updateStatus({ ...backup, status: { cronJob: created.metadata.name, schedule: created.spec?.schedule, observedGeneration: backup.metadata.generation } });
      return;
    }
    const child = this.cronJobs.get(backup.metadata.namespace, remembered) as CronJob | undefined;
    if (child && child.spec?.schedule !== backup.spec?.schedule) {
      ctx.act(`update CronJob ${remembered}`);
      const updated = yield* ctx.client.update<CronJob>({ ...child, spec: { ...child.spec, schedule: backup.spec?.schedule } });
      yield* ctx.client.updateStatus({ ...backup, status: { ...backup.status, schedule: updated.spec?.schedule, observedGeneration: backup.metadata.generation } });
    }
  }

  /** stale-cache-delete: a CronJob whose backup is not in the cache is an orphan, deleted at once. */
  private *deleteOrphans(request: Request, backup: Backup | undefined, ctx: ReconcileContext): ReconcileGenerator {
    if (backup) return yield* this.ensure(backup, ctx);
    for (const cj of this.cronJobs.list(undefined, request.namespace)) {
      if (cj.metadata.labels?.[LABEL] !== request.name) continue;
      ctx.act(`delete orphan CronJob ${cj.metadata.name}`);
      try {
        yield* ctx.client.delete(CRONJOB, cj.metadata.namespace, cj.metadata.name!);
      } catch (err) {
        if (!isReason(err, 'NotFound')) throw err;
      }
    }
  }

  /** edge-triggered: does what the last event said, not what the state is. */
  private *actOnEvent(key: string, backup: Backup | undefined, ctx: ReconcileContext): ReconcileGenerator {
    const event = this.lastEvent.get(key);
    this.lastEvent.delete(key);
    if (!event || !backup) return;
    const { namespace, name } = splitKey(key);
    const childName = `${name}-backup`;
    if (event.type === 'add') {
      ctx.act(`create CronJob ${childName}`);
      try {
        yield* ctx.client.create(cronJobFor(backup, { name: childName }, true));
      } catch (err) {
        if (!isReason(err, 'AlreadyExists')) throw err;
      }
      return;
    }
    const child = this.cronJobs.get(namespace, childName) as CronJob | undefined;
    if (!child) return;
    ctx.act(`set CronJob ${childName} schedule ${event.schedule}`);
    yield* ctx.client.update({ ...child, spec: { ...child.spec, schedule: event.schedule } });
  }
}

/** The CronBackup informer's handler: every change enqueues the backup (the edge-triggered variant records it). */
export class BackupEventHandler implements ResourceEventHandler {
  constructor(readonly rec: CronBackupReconciler) {}
  onAdd(obj: KubeObject): void {
    this.rec.lastEvent.set(keyOf(obj), { type: 'add', schedule: (obj as Backup).spec?.schedule });
    this.rec.runner?.enqueue(keyOf(obj), 'add');
  }
  onUpdate(old: KubeObject, obj: KubeObject): void {
    const before = (old as Backup).spec?.schedule;
    const after = (obj as Backup).spec?.schedule;
    if (this.rec.variant === 'edge-triggered' && before === after) return;
    if (before !== after) this.rec.lastEvent.set(keyOf(obj), { type: 'update', schedule: after });
    this.rec.runner?.enqueue(keyOf(obj), 'update');
  }
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const key = isDeletedFinalStateUnknown(obj) ? obj.key : keyOf(obj);
    this.rec.runner?.enqueue(key, 'delete');
  }
}

/** The CronJob informer's handler (controller-runtime's `Owns`): a change to a labelled CronJob enqueues its backup. */
export class CronJobEventHandler implements ResourceEventHandler {
  constructor(readonly rec: CronBackupReconciler) {}
  private enqueue(obj: KubeObject | undefined, reason: 'add' | 'update' | 'delete'): void {
    const owner = obj?.metadata.labels?.[LABEL];
    if (owner) this.rec.runner?.enqueue(obj.metadata.namespace ? `${obj.metadata.namespace}/${owner}` : owner, reason);
  }
  onAdd(obj: KubeObject): void {
    this.enqueue(obj, 'add');
  }
  onUpdate(_old: KubeObject, obj: KubeObject): void {
    this.enqueue(obj, 'update');
  }
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    this.enqueue(isDeletedFinalStateUnknown(obj) ? obj.obj : obj, 'delete');
  }
}

function descriptor(variant: CronBackupVariant): ControllerDescriptor {
  const name = cronBackupController(variant);
  return {
    name,
    process: 'kube-controller-manager',
    build(host: ControllerHost): Controller {
      const backups = host.informers.informerFor(BACKUP.apiVersion, BACKUP.kind);
      const cronJobs = host.informers.informerFor(CRONJOB.apiVersion, CRONJOB.kind);
      const rec = new CronBackupReconciler(variant, backups, cronJobs);
      backups.addEventHandler(new BackupEventHandler(rec));
      // The non-idempotent variant does not watch what it creates (no Owns): only its backups wake it.
      if (variant !== 'non-idempotent-create' && variant !== 'edge-triggered') cronJobs.addEventHandler(new CronJobEventHandler(rec));
      const controller = new Controller(host.ctx, { name, reconciler: rec, workers: 1, transport: host.transport, client: new Client(name) });
      rec.runner = controller;
      return controller;
    },
  };
}

export const CRON_BACKUP_DESCRIPTORS: readonly ControllerDescriptor[] = CRON_BACKUP_VARIANTS.map(descriptor);
registerControllers(...CRON_BACKUP_DESCRIPTORS);

/** The CustomResourceDefinition, the workload's first manifest (its fields are those of controllers/'s templates too). */
export const CRON_BACKUP_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: cronbackups.example.com}
spec:
  group: example.com
  names: {kind: CronBackup, plural: cronbackups, singular: cronbackup, listKind: CronBackupList}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      subresources: {status: {}}
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                schedule: {type: string}
                target: {type: string}
                image: {type: string}
            status:
              type: object
              properties:
                cronJob: {type: string}
                schedule: {type: string}
                ready: {type: boolean}
                observedGeneration: {type: integer}
`;

/**
 * A workload for a variant, as a scenario file: create a backup, change its schedule, add a second, delete it. Without
 * a variant, for a user-written CronBackup controller (the workload or the hunter installs it): the garbage collector
 * is the only built-in controller that runs.
 */
export function cronBackupWorkload(variant?: CronBackupVariant): string {
  const indent = (s: string) => s.replace(/^/gm, '  ').trimEnd();
  return `apiVersion: loopscope/v1
kind: Scenario
metadata:
  name: cronbackup-${variant ?? 'workload'}
  description: A CronBackup is created and its schedule changed; a second one is added, then deleted.
seed: 1
nodes: 0
options:
  controllers: [${variant ? `${cronBackupController(variant)}, ` : ''}garbage-collector-controller]
manifests: |
${indent(CRON_BACKUP_CRD)}
actions:
  - at: 1s
    apply: {apiVersion: ${BACKUP_API_VERSION}, kind: CronBackup, metadata: {name: nightly}, spec: {schedule: "0 1 * * *"}}
  - at: 20s
    patch: {object: cronbackup/nightly, type: merge, patch: {spec: {schedule: "0 2 * * *"}}}
  - at: 40s
    apply: {apiVersion: ${BACKUP_API_VERSION}, kind: CronBackup, metadata: {name: weekly}, spec: {schedule: "0 3 * * 0"}}
  - at: 60s
    delete: cronbackup/weekly
until: 80s
`;
}
