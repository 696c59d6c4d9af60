import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommand } from './commands.ts';
import { parseFirstCommand } from './first-commands.ts';

/** Values that probe each field's bounds and types. */
const anyValue = fc.oneof(
  fc.constantFrom(undefined, null, true, 'x', '', 0, -1, 1, 0.5, 0.0001, 0.00001, 1000, 1001, 100_000, 100_001, 7 * 24 * 3_600_000, 7 * 24 * 3_600_000 + 1, Number.NaN, Infinity, -Infinity, 2 ** 53, 'a'.repeat(254), 'a'.repeat(201)),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 5 }),
  fc.constant([{ kind: 'Deployment' }]),
  fc.constant([1]),
  fc.constant({}),
);

const firstCommand = fc.oneof(
  fc.record({ type: fc.constantFrom('play', 'pause', 'undoFork', 'kubectlCancel', 'detach'), extra: anyValue }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('speed'), speed: anyValue }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constantFrom('step', 'stepBack'), count: anyValue }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('seek'), step: anyValue, time: anyValue }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('advance'), ms: anyValue }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('focusController'), name: anyValue }, { requiredKeys: ['type'] }),
  fc.record(
    { type: fc.constant('init'), v: fc.constantFrom(1, 2, undefined), requestId: anyValue, setup: fc.record({ seed: anyValue, nodes: anyValue, manifests: anyValue }, { requiredKeys: [] }) },
    { requiredKeys: ['type', 'setup'] },
  ),
);

describe('the first commands, checked without zod', () => {
  it('get the same verdict, and the same command, as the full schema (seeded)', () => {
    fc.assert(
      fc.property(firstCommand, (message) => {
        const first = parseFirstCommand(message);
        if (first === null) return; // not a first command (an init with text): the full schema's alone
        const full = parseCommand(message);
        expect({ ok: first.ok, message }).toEqual({ ok: full.ok, message });
        if (first.ok && full.ok) expect(first.command).toEqual(full.command);
      }),
      { seed: 1127, numRuns: 3000 },
    );
  });

  it('are the default demo\'s boot and the time controls; anything else waits for the full schema', () => {
    expect(parseFirstCommand({ type: 'init', v: 1, requestId: 1, setup: { seed: 42, nodes: 3, manifests: [{ kind: 'Deployment' }] } })).toMatchObject({ ok: true });
    expect(parseFirstCommand({ type: 'init', v: 1, requestId: 1, setup: { seed: 42, scenario: 'x' } })).toBeNull();
    expect(parseFirstCommand({ type: 'init', v: 1, requestId: 1, setup: { seed: 42, manifests: 'kind: Pod' } })).toBeNull();
    for (const m of [{ type: 'act', requestId: 1, action: {} }, { type: 'inspect', requestId: 1 }, null, 3, []]) expect(parseFirstCommand(m)).toBeNull();
    expect(parseFirstCommand({ type: 'speed', speed: 'fast' })).toEqual({ ok: false, error: 'invalid command: speed: expected a number from 0.0001 to 1000' });
  });
});
