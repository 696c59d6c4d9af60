// BUGGY on purpose (bug class: non-idempotent create). It remembers what it created only in the CronBackup's
// status, and creates with generateName, so nothing stops a second create: if it crashes (or its write of the status
// fails, or its cache has not seen the status yet) between creating the CronJob and recording it, the next reconcile
// creates another one. Expected: exactly one CronJob per CronBackup. The fix: a deterministic name
// (`<name>-backup`) and a look for the existing one first, as cronbackup.ts does.
const CRON_BACKUP = { apiVersion: 'example.com/v1', kind: 'CronBackup' };
const CRON_JOB = { apiVersion: 'batch/v1', kind: 'CronJob' };

export default defineController({
  name: 'cronbackup-controller',
  for: CRON_BACKUP,
  owns: [CRON_JOB],
  async reconcile(req, ctx) {
    const cb = ctx.client.get(CRON_BACKUP, req.namespace, req.name);
    if (!cb || cb.metadata.deletionTimestamp) return {};
    if (cb.status?.cronJob) return {}; // "already done" — according to a record written after the fact
    const created = await ctx.client.create({
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: {
        generateName: `${cb.metadata.name}-backup-`,
        namespace: cb.metadata.namespace,
        labels: { 'example.com/cronbackup': cb.metadata.name! },
        ownerReferences: [{ apiVersion: cb.apiVersion, kind: cb.kind, name: cb.metadata.name!, uid: cb.metadata.uid!, controller: true, blockOwnerDeletion: true }],
      },
      spec: {
        schedule: cb.spec.schedule,
        jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'backup', image: 'backup-tool:1.0' }] } } } },
      },
    });
    ctx.log(`created ${created.metadata.name}`);
    await ctx.client.patch(CRON_BACKUP, cb.metadata.namespace, cb.metadata.name!, 'merge', { status: { cronJob: created.metadata.name, ready: true } }, { subresource: 'status' });
    return {};
  },
});
