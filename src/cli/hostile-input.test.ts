/** Issue 17's CLI inputs: a file read without bound and a run length past what the runner plays in reasonable time. */
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { runCli } from './main.ts';

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => void (out += s), err: (s) => void (err += s), isTTY: false, env: {} });
  return { code, out, err };
}

describe('the CLI with hostile input', () => {
  it('run /dev/zero stops reading at the byte limit and says so, at once', async () => {
    const started = performance.now();
    const r = await cli('validate', '/dev/zero');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/^\/dev\/zero: line 1, column 1: the scenario file \(a scenario may have at most 262144 characters\) is larger than 1048576 bytes \(reading stopped there\)/);
  });

  it('--until 3650d is refused with the bound', () => {
    expect(parseArgs(['run', 's.yaml', '--until', '3650d'])).toEqual({ ok: false, error: expect.stringMatching(/^--until: 315360000000 ms is more than 24h: a scenario plays at most 24h of virtual time/) });
    expect(parseArgs(['run', 's.yaml', '--until', '24h']).ok).toBe(true);
  });
});
