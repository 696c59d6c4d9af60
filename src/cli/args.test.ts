import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';

describe('parseArgs', () => {
  it('parses run with every flag, in either --flag value or --flag=value form', () => {
    expect(parseArgs(['run', 's.yaml', '--until', '2m', '--trace=t.jsonl', '--json', '-q', '--verbose', '--no-color'])).toEqual({
      ok: true,
      command: { command: 'run', file: 's.yaml', until: 120_000, trace: 't.jsonl', json: true, quiet: true, verbose: true, color: false },
    });
  });

  it('help: no arguments, --help, help run, run --help', () => {
    expect(parseArgs([])).toEqual({ ok: true, command: { command: 'help' } });
    expect(parseArgs(['--help'])).toEqual({ ok: true, command: { command: 'help' } });
    expect(parseArgs(['help', 'run'])).toEqual({ ok: true, command: { command: 'help', topic: 'run' } });
    expect(parseArgs(['run', '--help'])).toEqual({ ok: true, command: { command: 'help', topic: 'run' } });
    expect(parseArgs(['validate', 'x', '-h'])).toEqual({ ok: true, command: { command: 'help', topic: 'validate' } });
  });

  it('names what is wrong with a bad command line', () => {
    expect(parseArgs(['frobnicate'])).toEqual({ ok: false, error: 'unknown command "frobnicate" (expected run, validate, lesson or serve)' });
    expect(parseArgs(['run'])).toEqual({ ok: false, error: 'run needs a scenario file' });
    expect(parseArgs(['run', 'a', 'b'])).toEqual({ ok: false, error: 'run takes one scenario file (got 2)' });
    expect(parseArgs(['run', 'a', '--until', '5x'])).toMatchObject({ ok: false, error: expect.stringContaining('--until: invalid duration "5x"') });
    expect(parseArgs(['run', 'a', '--until'])).toMatchObject({ ok: false, error: expect.stringContaining('--until needs a duration') });
    expect(parseArgs(['run', 'a', '--colour'])).toEqual({ ok: false, error: 'unknown flag --colour' });
    expect(parseArgs(['validate', 'a', '--trace', 'x'])).toEqual({ ok: false, error: '--trace applies to run only' });
  });
});
