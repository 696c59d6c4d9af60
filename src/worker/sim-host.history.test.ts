import { describe, expect, it } from 'vitest';
import { deploymentYaml, harness } from './testing/sim-host-harness.ts';
import type { Frame } from './protocol.ts';

describe('SimHost: how far back one can go on a long run', () => {
  // Three virtual hours of a settled Deployment: ~150,000 events, past the trace's window of 100,000.
  const h = harness();
  h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 42, nodes: 3, manifests: deploymentYaml(3) } });
  h.advanceWall(16);
  const early = h.frames().at(-1)!;
  h.host.receive({ type: 'advance', ms: 3 * 3_600_000 });
  h.advanceWall(16);
  const late = h.frames().at(-1)!;

  it('a frame says nothing of it while the whole run is kept', () => {
    expect(early.history).toBeUndefined();
  });

  it('once history was dropped, each frame says the earliest step, its time and the events before the window', () => {
    expect(late.now).toBeGreaterThanOrEqual(3 * 3_600_000);
    expect(late.history).toEqual({ earliestStep: expect.any(Number), earliestTime: expect.any(Number), eventsBefore: expect.any(Number) });
    const { earliestStep, earliestTime, eventsBefore } = late.history!;
    expect(earliestStep).toBeGreaterThan(0);
    expect(earliestStep).toBeLessThan(late.step);
    expect(earliestTime).toBeGreaterThan(0);
    expect(eventsBefore).toBeGreaterThan(0);
  });

  it('a seek before the earliest step is refused with the reason; one at it is done', () => {
    const { earliestStep } = late.history!;
    const before = h.messages.length;
    h.host.receive({ type: 'seek', step: earliestStep - 1 });
    h.advanceWall(16);
    const said = h.messages.slice(before).filter((m) => m.type === 'error');
    expect(said).toEqual([{ type: 'error', message: expect.stringContaining(`cannot go back to step ${earliestStep - 1}: the earliest step kept is ${earliestStep}`) }]);
    expect(h.frames().at(-1)!.step).toBe(late.step);
    h.host.receive({ type: 'seek', step: earliestStep });
    h.advanceWall(16);
    const at = h.frames().at(-1) as Frame;
    expect(at.step).toBe(earliestStep);
    expect(at.inPast).toBe(true);
    h.host.receive({ type: 'stepBack' });
    h.advanceWall(16);
    expect(h.messages.at(-2)).toEqual({ type: 'error', message: expect.stringContaining('cannot go back') });
  });
});
