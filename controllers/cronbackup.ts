// The course's CronBackup operator: for each CronBackup, one CronJob that runs the backup on its schedule.
// Level-triggered and idempotent: every reconcile reads the CronBackup and its CronJob and makes them agree,
// whatever happened before (create if missing, fix the schedule if changed), and owner references make the
// garbage collector delete the CronJob with its CronBackup.
const CRON_BACKUP = { apiVersion: 'example.com/v1', kind: 'CronBackup' };
const CRON_JOB = { apiVersion: 'batch/v1', kind: 'CronJob' };

export default defineController({
  name: 'cronbackup-controller',
  for: CRON_BACKUP,
  owns: [CRON_JOB],
  async reconcile(req, ctx) {
    const cb = ctx.client.get(CRON_BACKUP, req.namespace, req.name);
    if (!cb || cb.metadata.deletionTimestamp) return {}; // gone: the garbage collector removes its CronJob
    const name = `${cb.metadata.name}-backup`;
    const desired = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: {
        name,
        namespace: cb.metadata.namespace,
        labels: { 'app.kubernetes.io/managed-by': 'cronbackup-controller', 'example.com/cronbackup': cb.metadata.name! },
        ownerReferences: [
          { apiVersion: cb.apiVersion, kind: cb.kind, name: cb.metadata.name!, uid: cb.metadata.uid!, controller: true, blockOwnerDeletion: true },
        ],
      },
      spec: {
        schedule: cb.spec.schedule,
        jobTemplate: {
          spec: {
            template: {
              spec: {
                restartPolicy: 'OnFailure',
                containers: [{ name: 'backup', image: cb.spec.image ?? 'backup-tool:1.0', args: ['backup', cb.spec.target ?? 'all'] }],
              },
            },
          },
        },
      },
    };
    const current = ctx.client.get(CRON_JOB, cb.metadata.namespace, name);
    if (!current) {
      ctx.log(`creating CronJob ${name} (${cb.spec.schedule})`);
      try {
        await ctx.client.create(desired);
      } catch (e) {
        if (!isAlreadyExists(e)) throw e; // the cache was behind: the next reconcile sees it
      }
    } else if (current.spec.schedule !== cb.spec.schedule) {
      ctx.log(`schedule of ${name}: ${current.spec.schedule} -> ${cb.spec.schedule}`);
      await ctx.client.patch(CRON_JOB, cb.metadata.namespace, name, 'merge', { spec: { schedule: cb.spec.schedule } });
    }
    const ready = !!current;
    if (cb.status?.cronJob !== name || cb.status?.ready !== ready) {
      await ctx.client.patch(CRON_BACKUP, cb.metadata.namespace, cb.metadata.name!, 'merge', { status: { cronJob: name, ready } }, { subresource: 'status' });
    }
    return {};
  },
});
