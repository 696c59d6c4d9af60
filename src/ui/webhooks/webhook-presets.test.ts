import { describe, expect, it } from 'vitest';
import { WEBHOOK_PRESETS, paramError, webhookLines } from './webhook-presets.ts';

const preset = (id: string) => WEBHOOK_PRESETS.find((p) => p.id === id)!;

describe('webhook presets', () => {
  it('point at the built-in servers with their parameter in the path', () => {
    const force = preset('force-replicas').build('4') as { kind: string; webhooks: Array<{ clientConfig: { service: { name: string; path: string } }; rules: Array<{ resources: string[] }> }> };
    expect(force.kind).toBe('MutatingWebhookConfiguration');
    expect(force.webhooks[0]!.clientConfig.service).toMatchObject({ name: 'force-replicas', path: '/mutate?replicas=4' });
    expect(force.webhooks[0]!.rules[0]!.resources).toContain('deployments/scale');
    const labels = preset('require-labels').build('team,tier') as { webhooks: Array<{ clientConfig: { service: { path: string } } }> };
    expect(labels.webhooks[0]!.clientConfig.service.path).toBe('/validate?labels=team%2Ctier');
  });
  it('each carry the fields v1 requires (sideEffects, admissionReviewVersions) and a distinct name', () => {
    const names = new Set<string>();
    for (const p of WEBHOOK_PRESETS) {
      const o = p.build(p.param?.default ?? '') as { apiVersion: string; metadata: { name: string }; webhooks: Array<Record<string, unknown>> };
      expect(o.apiVersion).toBe('admissionregistration.k8s.io/v1');
      expect(o.webhooks[0]).toMatchObject({ sideEffects: 'None', admissionReviewVersions: ['v1'] });
      names.add(o.metadata.name);
    }
    expect(names.size).toBe(WEBHOOK_PRESETS.length);
  });
});

describe('webhookLines', () => {
  it('summarizes each webhook: target, rules and failure policy (Fail by default)', () => {
    const lines = webhookLines(preset('force-replicas').build('2'));
    expect(lines).toEqual([{ name: 'force-replicas.platform.example.com', target: 'webhooks/force-replicas /mutate?replicas=2', rules: 'CREATE,UPDATE deployments,deployments/scale', failurePolicy: 'Fail' }]);
    expect(webhookLines({ webhooks: [{ name: 'x', clientConfig: { url: 'https://slow.example.com/' }, failurePolicy: 'Ignore' }] })[0]).toMatchObject({ target: 'https://slow.example.com/', failurePolicy: 'Ignore', rules: '' });
    expect(webhookLines(null)).toEqual([]);
  });
});

describe('paramError', () => {
  it('refuses a non-numeric replicas or cap and an empty label list, accepts the defaults', () => {
    expect(paramError(preset('replicas-cap'), 'abc')).toMatch(/max must be a whole number/);
    expect(paramError(preset('force-replicas'), '-1')).toMatch(/whole number/);
    expect(paramError(preset('require-labels'), ' ')).toMatch(/must not be empty/);
    for (const p of WEBHOOK_PRESETS) expect(paramError(p, p.param?.default ?? '')).toBeNull();
  });
});
