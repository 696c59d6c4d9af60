import { describe, expect, it } from 'vitest';
import { checkHuntRequest, handleHuntRequest } from './hunt-host.ts';
import type { HuntWorkerMessage } from './hunt-protocol.ts';
import { parseRecipe } from './recipe-schema.ts';

async function hunt(msg: unknown): Promise<HuntWorkerMessage[]> {
  const out: HuntWorkerMessage[] = [];
  let t = 0;
  await handleHuntRequest(msg, (m) => out.push(structuredClone(m)), () => (t += 1));
  return out;
}

describe('the hunt worker', () => {
  it('posts progress, then one result the page can show and replay', async () => {
    const out = await hunt({ type: 'hunt', controller: 'cronbackup-missing-owner-reference', seeds: 5 });
    expect(out.filter((m) => m.type === 'progress').length).toBeGreaterThan(0);
    const last = out.at(-1)!;
    expect(last.type).toBe('result');
    if (last.type !== 'result') return;
    expect(last.result.status).toBe('found');
    expect(last.result.finding!.recipe.version).toBe(1);
    expect(last.result.finding!.scenario).toContain('kind: Scenario');
  });

  it('a finding\'s recipe is one the page opens (the share link\'s checks pass)', async () => {
    const out = await hunt({ type: 'hunt', controller: 'cronbackup-status-from-spec', seeds: 20 });
    const last = out.at(-1)!;
    if (last.type !== 'result') throw new Error(JSON.stringify(last));
    expect(last.result.finding!.schedule.length).toBe(1);
    expect(parseRecipe(JSON.parse(JSON.stringify(last.result.finding!.recipe)))).toMatchObject({ ok: true });
  });

  it('answers a bad request or a controller without a workload with an error in words, never a throw', async () => {
    expect(await hunt({ type: 'hunt', controller: 'x', seeds: 0 })).toEqual([{ type: 'error', message: 'seeds must be a whole number from 1 to 1000' }]);
    expect(await hunt(null)).toEqual([{ type: 'error', message: 'expected a hunt request' }]);
    expect((await hunt({ type: 'hunt', controller: 'job-controller', seeds: 3 }))[0]).toMatchObject({ type: 'error', message: expect.stringMatching(/no workload for job-controller/) });
    expect((await hunt({ type: 'hunt', controller: 'c', seeds: 3, source: 'export default 1;' }))[0]).toMatchObject({ type: 'error', message: expect.stringMatching(/^the controller/) });
    expect(checkHuntRequest({ type: 'hunt', controller: 'c', seeds: 3, workload: 'x'.repeat(300_000) })).toMatch(/at most/);
  });
});
