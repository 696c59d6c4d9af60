// BUGGY on purpose (bug class: status written from the spec instead of from what was observed). It reports
// ready: true and the CronJob's schedule as soon as it has *asked* for the CronJob, copying them from its own spec,
// before the create succeeded and without ever looking at the CronJob again. When the create fails (a conflict, the
// api-server unavailable) or the CronJob is deleted later, the status keeps saying ready with a CronJob that is not
// there. Expected: status.ready is true only while the CronJob exists with the spec's schedule. The fix: write
// the status from the CronJob read back (cronbackup.ts).
const CRON_BACKUP = { apiVersion: 'example.com/v1', kind: 'CronBackup' };
const CRON_JOB = { apiVersion: 'batch/v1', kind: 'CronJob' };

export default defineController({
  name: 'cronbackup-controller',
  for: CRON_BACKUP,
  owns: [CRON_JOB],
  async reconcile(req, ctx) {
    const cb = ctx.client.get(CRON_BACKUP, req.namespace, req.name);
    if (!cb || cb.metadata.deletionTimestamp) return {};
    const name = `${cb.metadata.name}-backup`;
    if (cb.status?.ready !== true || cb.status?.cronJob !== name) {
      await ctx.client.patch(CRON_BACKUP, cb.metadata.namespace, cb.metadata.name!, 'merge', { status: { cronJob: name, ready: true } }, { subresource: 'status' });
    }
    if (cb.status?.ready === true) return {}; // the status says it is done
    await ctx.client.create({
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: {
        name,
        namespace: cb.metadata.namespace,
        ownerReferences: [{ apiVersion: cb.apiVersion, kind: cb.kind, name: cb.metadata.name!, uid: cb.metadata.uid!, controller: true, blockOwnerDeletion: true }],
      },
      spec: {
        schedule: cb.spec.schedule,
        jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'backup', image: 'backup-tool:1.0' }] } } } },
      },
    });
    return {};
  },
});
