/** User-written controllers through the worker: the sandbox loads on the first install, and only then. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WorkerMessage } from './protocol.ts';
import { harness } from './testing/sim-host-harness.ts';
import { needsSandbox } from './user-controllers.ts';

const source = readFileSync(new URL('../../controllers/cronbackup.ts', import.meta.url), 'utf8');
const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: cronbackups.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: cronbackups, singular: cronbackup, kind: CronBackup}
  versions:
    - name: v1
      served: true
      storage: true
      subresources: {status: {}}
      schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`;

function until(condition: () => boolean, h: ReturnType<typeof harness>): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      h.host.tick();
      if (condition()) resolve();
      else if (Date.now() - started > 20_000) reject(new Error('timed out'));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

describe('user controllers in the worker', () => {
  it('says which messages need the sandbox', () => {
    expect(needsSandbox({ type: 'act', action: { type: 'install-controller', source: 'x' } })).toBe(true);
    expect(needsSandbox({ type: 'act', action: { type: 'apply', manifests: 'x' } })).toBe(false);
    expect(needsSandbox({ type: 'init', setup: { scenario: 'controllers:\n  - file: a.ts\n' } })).toBe(true);
    expect(needsSandbox({ type: 'init', setup: { recipe: { inputs: [{ action: { type: 'install-controller' } }] } } })).toBe(true);
    expect(needsSandbox({ type: 'init', setup: { seed: 1, manifests: [] } })).toBe(false);
    expect(needsSandbox(null)).toBe(false);
  });

  it('installs the CronBackup operator: the action waits for the sandbox, then it reconciles in the loop', async () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 1, manifests: crd } });
    await until(() => h.reply(1) !== undefined, h);
    h.host.receive({ type: 'act', requestId: 2, action: { type: 'install-controller', source } });
    await until(() => h.reply(2) !== undefined, h);
    const reply = h.reply(2) as Extract<WorkerMessage, { type: 'reply'; kind: 'act' }>;
    expect(reply.result.messages).toEqual(['controller/cronbackup-controller installed']);
    h.host.receive({ type: 'act', requestId: 3, action: { type: 'apply', manifests: 'apiVersion: example.com/v1\nkind: CronBackup\nmetadata: {name: nightly, namespace: default}\nspec: {schedule: "0 1 * * *"}\n' } });
    h.host.receive({ type: 'step', count: 400 });
    await until(() => h.frames().some((f) => f.objects.upserts.some((o) => o.kind === 'CronJob' && o.name === 'nightly-backup')), h);
    const init = h.reply(1) as Extract<WorkerMessage, { type: 'reply'; kind: 'init' }>;
    expect(init.ok).toBe(true);
    // The controller's panel: its process and its log (ctx.log lines and program errors).
    expect(h.frames().at(-1)!.controllers.find((c) => c.name === 'cronbackup-controller')).toMatchObject({ process: 'user-controller/cronbackup-controller' });
    h.host.receive({ type: 'focusController', name: 'cronbackup-controller' });
    h.host.receive({ type: 'step', count: 1 });
    await until(() => h.frames().at(-1)?.focus?.name === 'cronbackup-controller', h);
    expect(h.frames().at(-1)!.focus!.logs?.map((l) => l.line)).toContain('creating CronJob nightly-backup (0 1 * * *)');
  });
});
