/**
 * Seeded fuzzing of the CLI's argument parsing (issue 17's "Done when"): every argv, of real flags with hostile
 * values or of random words, is answered (a command or an error in words) without a throw, at once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';

const word = fc.oneof(
  fc.constantFrom('run', 'validate', 'lesson', 'check', 'serve', 'help', 'version', 'hunt', '--until', '--until=', '--trace', '--json', '-q', '--quiet', '--verbose', '--color', '--no-color', '--port', '--help', '-h', '--', '-'),
  fc.constantFrom('3650d', '1e308', '9007199254740992ms', '0.0000001ms', '-1s', '1h1h1h', 'NaN', 'Infinity', '24h', '90s', '__proto__', 'constructor', '/dev/zero', 's.yaml'),
  fc.string({ maxLength: 12 }),
);

describe('fuzz: CLI arguments (seeded)', () => {
  it('every argv is a command or an error in words, never a throw', () => {
    let tried = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.array(word, { maxLength: 6 }), (argv) => {
        tried++;
        const started = performance.now();
        let r: ReturnType<typeof parseArgs>;
        expect(() => (r = parseArgs(argv))).not.toThrow();
        expect(performance.now() - started).toBeLessThan(1_000);
        if (!r!.ok) {
          refused++;
          expect(r!.error.length).toBeGreaterThan(0);
        } else if (r!.command.command === 'run' && r!.command.until !== undefined) {
          expect(r!.command.until).toBeLessThanOrEqual(24 * 3_600_000);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed: 1722, numRuns: 2_000 },
    );
    console.log(`fuzz CLI arguments: ${tried} argv tried, ${refused} refused in words, 0 failures`);
  });
});
