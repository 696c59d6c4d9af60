// BUGGY on purpose (bug class: trusts a stale cache and deletes what it should keep). When its cache has no
// CronBackup for a CronJob it owns, it concludes the CronBackup was deleted and deletes the CronJob itself. But a
// cache can be behind (a restart against a lagging api-server, dropped watch events): then it deletes the CronJob of
// a CronBackup that exists, and the next reconcile creates it again. Expected: a CronJob of a live CronBackup is never
// deleted. The fix: leave deletion to the garbage collector (owner references), or confirm with a live read.
const CRON_BACKUP = { apiVersion: 'example.com/v1', kind: 'CronBackup' };
const CRON_JOB = { apiVersion: 'batch/v1', kind: 'CronJob' };

export default defineController({
  name: 'cronbackup-controller',
  for: CRON_BACKUP,
  owns: [CRON_JOB],
  async reconcile(req, ctx) {
    const name = `${req.name}-backup`;
    const cb = ctx.client.get(CRON_BACKUP, req.namespace, req.name);
    const cj = ctx.client.get(CRON_JOB, req.namespace, name);
    if (!cb) {
      if (cj) {
        ctx.log(`CronBackup ${req.name} is gone: deleting ${name}`);
        try {
          await ctx.client.delete(CRON_JOB, req.namespace, name);
        } catch (e) {
          if (!isNotFound(e)) throw e;
        }
      }
      return {};
    }
    if (cj || cb.metadata.deletionTimestamp) return {};
    try {
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
    } catch (e) {
      if (!isAlreadyExists(e)) throw e;
    }
    return {};
  },
});
