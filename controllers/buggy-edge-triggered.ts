// BUGGY on purpose (bug class: edge-triggered, acting on the event instead of the state). It acts only when it
// sees a *change* of the CronBackup's spec (metadata.generation ahead of status.observedGeneration), and records the
// change as handled before acting. Anything that happens between edges is never repaired: a crash after the record
// and before the create, a create that fails, or the CronJob deleted by someone later — the CronBackup has not
// changed, so it does nothing. Expected: the CronJob exists whenever the CronBackup does. The fix: compare the
// desired state with the observed one on every reconcile (cronbackup.ts).
const CRON_BACKUP = { apiVersion: 'example.com/v1', kind: 'CronBackup' };
const CRON_JOB = { apiVersion: 'batch/v1', kind: 'CronJob' };

export default defineController({
  name: 'cronbackup-controller',
  for: CRON_BACKUP,
  owns: [CRON_JOB],
  async reconcile(req, ctx) {
    const cb = ctx.client.get(CRON_BACKUP, req.namespace, req.name);
    if (!cb || cb.metadata.deletionTimestamp) return {};
    if (cb.status?.observedGeneration === cb.metadata.generation) return {}; // no new event: nothing to do
    const name = `${cb.metadata.name}-backup`;
    await ctx.client.patch(CRON_BACKUP, cb.metadata.namespace, cb.metadata.name!, 'merge', { status: { observedGeneration: cb.metadata.generation, cronJob: name } }, { subresource: 'status' });
    const desired = {
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
    };
    if (ctx.client.get(CRON_JOB, req.namespace, name)) await ctx.client.patch(CRON_JOB, req.namespace, name, 'merge', { spec: { schedule: cb.spec.schedule } });
    else await ctx.client.create(desired);
    return {};
  },
});
