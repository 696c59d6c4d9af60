import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';
import { WEBHOOK_PRESETS, webhookConfigurationFor } from './presets.ts';
import { BUILTIN_WEBHOOK_SERVERS } from './builtin-servers.ts';

describe('webhook presets', () => {
  it('every preset names a built-in server and its configuration is accepted by the api-server', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    for (const p of WEBHOOK_PRESETS) {
      expect(BUILTIN_WEBHOOK_SERVERS).toContain(p.server);
      const res = sim.apply([webhookConfigurationFor(p)]);
      expect(res.ok, `${p.server}: ${JSON.stringify(res)}`).toBe(true);
    }
  });

  it('parameters go into the service path, sorted, and take effect', () => {
    const force = WEBHOOK_PRESETS.find((p) => p.server === 'force-replicas')!;
    const cfg = webhookConfigurationFor(force, { params: { replicas: '4' }, name: 'pin' });
    expect((cfg.webhooks as Array<{ clientConfig: unknown }>)[0]!.clientConfig).toEqual({ service: { namespace: 'webhooks', name: 'force-replicas', path: '/mutate?replicas=4' } });
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    sim.apply([cfg]);
    sim.apply(`
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: app, image: nginx}]}
`);
    expect((sim.getObject('deployments', 'default', 'web')!.spec as { replicas: number }).replicas).toBe(4);
  });
});
