// BUGGY on purpose (bug class: missing owner reference that leaks children). It creates the CronJob without an
// ownerReference, so the garbage collector does not know the CronJob belongs to the CronBackup: delete the
// CronBackup and its CronJob stays, running backups for nothing. (It finds its CronJob back by a label, so it looks
// right while the CronBackup lives.) Expected: no CronJob outlives its CronBackup. The fix: set the ownerReference
// (controller: true), as cronbackup.ts does, or delete children with a finalizer.
const CRON_BACKUP = { apiVersion: 'example.com/v1', kind: 'CronBackup' };
const CRON_JOB = { apiVersion: 'batch/v1', kind: 'CronJob' };
const LABEL = 'example.com/cronbackup';

export default defineController({
  name: 'cronbackup-controller',
  for: CRON_BACKUP,
  watches: [{ ...CRON_JOB, map: (cj) => (cj.metadata.labels?.[LABEL] ? { namespace: cj.metadata.namespace, name: cj.metadata.labels[LABEL] } : undefined) }],
  async reconcile(req, ctx) {
    const cb = ctx.client.get(CRON_BACKUP, req.namespace, req.name);
    if (!cb || cb.metadata.deletionTimestamp) return {};
    const name = `${cb.metadata.name}-backup`;
    if (ctx.client.get(CRON_JOB, req.namespace, name)) return {};
    try {
      await ctx.client.create({
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name, namespace: cb.metadata.namespace, labels: { [LABEL]: cb.metadata.name! } },
        spec: {
          schedule: cb.spec.schedule,
          jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'backup', image: 'backup-tool:1.0' }] } } } },
        },
      });
    } catch (e) {
      if (!isAlreadyExists(e)) throw e;
    }
    return {};
  },
});
