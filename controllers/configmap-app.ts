// The "app" operator: a ConfigMap labelled app.example.com/managed=true describes an app (image, replicas); the
// controller keeps one Deployment per such ConfigMap, owned by it, with that image and replica count. Level-triggered:
// it compares what is with what should be on every reconcile, and server-side apply makes the write idempotent.
const CONFIG_MAP = { apiVersion: 'v1', kind: 'ConfigMap' };
const DEPLOYMENT = { apiVersion: 'apps/v1', kind: 'Deployment' };
const MANAGED = 'app.example.com/managed';

export default defineController({
  name: 'app-controller',
  for: CONFIG_MAP,
  owns: [DEPLOYMENT],
  async reconcile(req, ctx) {
    const cm = ctx.client.get(CONFIG_MAP, req.namespace, req.name);
    if (!cm || cm.metadata.labels?.[MANAGED] !== 'true' || cm.metadata.deletionTimestamp) return {};
    const data = (cm.data ?? {}) as Record<string, string>;
    const replicas = Number(data.replicas ?? '1');
    if (!data.image || !Number.isInteger(replicas) || replicas < 0) {
      ctx.log(`${req.name}: data.image is required and data.replicas must be a whole number`);
      return {};
    }
    const current = ctx.client.get(DEPLOYMENT, req.namespace, req.name);
    const container = current?.spec?.template?.spec?.containers?.[0];
    if (current && current.spec.replicas === replicas && container?.image === data.image) return {};
    ctx.log(`${req.name}: ${current ? 'updating' : 'creating'} Deployment (${data.image}, ${replicas} replicas)`);
    await ctx.client.apply({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: req.name,
        namespace: req.namespace,
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: cm.metadata.name!, uid: cm.metadata.uid!, controller: true, blockOwnerDeletion: true }],
      },
      spec: {
        replicas,
        selector: { matchLabels: { app: req.name } },
        template: { metadata: { labels: { app: req.name } }, spec: { containers: [{ name: 'app', image: data.image }] } },
      },
    });
    return {};
  },
});
