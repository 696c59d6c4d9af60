import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { runCli } from './main.ts';

const file = (p: string): string => fileURLToPath(new URL(p, import.meta.url));
const TINY = file('../lessons/testdata/tiny.yaml');
const WEAK = file('./testdata/weak-check.yaml');

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), isTTY: false, env: {} });
  return { code, out, err };
}

describe('loopscope lesson check', () => {
  it('parses its command line', () => {
    expect(parseArgs(['lesson', 'check'])).toEqual({ ok: true, command: { command: 'lesson-check', files: [], json: false } });
    expect(parseArgs(['lesson', 'check', 'a.yaml', 'b.yaml', '--json'])).toEqual({ ok: true, command: { command: 'lesson-check', files: ['a.yaml', 'b.yaml'], json: true } });
    expect(parseArgs(['lesson'])).toEqual({ ok: true, command: { command: 'help', topic: 'lesson' } });
    expect(parseArgs(['lesson', 'run'])).toEqual({ ok: false, error: 'unknown lesson command "run" (expected check)' });
    expect(parseArgs(['lesson', 'check', '--until=1m'])).toEqual({ ok: false, error: 'unknown flag --until' });
  });

  it('prints a line per step and the totals last; exit 0 when every step passes', async () => {
    const r = await cli('lesson', 'check', TINY);
    expect(r.out.split('\n').slice(0, 3)).toEqual([
      '✓ tiny/step-1: Read (read)',
      '✓ tiny/step-2: Predict (answer revealed)',
      '✓ tiny/step-3: Task (task done by the solution, not without it)',
    ]);
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('3 passed, 0 failed');
    expect(r.code).toBe(0);
  });

  it('fails a task whose checks pass without its solution: exit 1', async () => {
    const r = await cli('lesson', 'check', WEAK);
    expect(r.out).toContain('✗ weak/step-3: Task: the task is complete before the learner did anything: its checks cannot fail');
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('2 passed, 1 failed');
    expect(r.code).toBe(1);
  });

  it("fails a reveal whose check held before the step's actions: it shows nothing", async () => {
    const r = await cli('lesson', 'check', file('./testdata/reveal-shows-nothing.yaml'));
    expect(r.out).toContain("✗ reveal-shows-nothing/step-4: Backoff: the reveal's check already held when the step opened, and its actions did not change that: rs/web status.readyReplicas equals 2");
    expect(r.code).toBe(1);
  });

  it('a bad or missing file: its errors with file, line and column, exit 2', async () => {
    const r = await cli('lesson', 'check', file('./testdata/nope.yaml'), file('../sim/scenario/testdata/scale-web.yaml'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('nope.yaml: line 1, column 1: no such file');
    expect(r.err).toContain('scale-web.yaml: line 3, column 7: kind: Invalid input: expected "Lesson"');
  });
});
