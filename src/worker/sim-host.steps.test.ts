/**
 * A `step` of 100,000 (or a flood of step messages) never blocks the worker for seconds: steps run within each
 * tick's work budget, a frame after each chunk showing how far they got (issue 17).
 */
import { describe, expect, it } from 'vitest';
import { SimHost } from './sim-host.ts';
import type { Frame } from './protocol.ts';
import { deploymentYaml } from './testing/sim-host-harness.ts';

function realClockHost() {
  const messages: { type: string }[] = [];
  const host = new SimHost((m) => messages.push(m), () => performance.now());
  const frames = () => messages.filter((m): m is Frame => m.type === 'frame');
  host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 3, manifests: deploymentYaml(30) } });
  host.tick();
  return { host, frames };
}

describe('long step commands are chunked', () => {
  it('step 100,000 returns within the budget and goes on tick by tick, each frame further on', () => {
    const { host, frames } = realClockHost();
    const started = performance.now();
    host.receive({ type: 'step', count: 100_000 });
    expect(performance.now() - started).toBeLessThan(300); // 12 ms of work, checked every 64 steps, on a busy machine
    const steps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      host.tick();
      expect(performance.now() - t).toBeLessThan(300);
      steps.push(frames().at(-1)!.step);
    }
    expect(steps[0]).toBeGreaterThan(0);
    expect(steps[4]).toBeGreaterThan(steps[0]!);
    expect(steps[4]).toBeLessThan(100_000);
    // Pause ends the steps still pending.
    host.receive({ type: 'pause' });
    host.tick();
    const paused = frames().at(-1)!.step;
    host.tick();
    expect(frames().at(-1)!.step).toBe(paused);
  });

  it('a flood of 5,000 step messages costs a budget per tick, not seconds', () => {
    const { host, frames } = realClockHost();
    const started = performance.now();
    for (let i = 0; i < 5_000; i++) host.receive({ type: 'step' });
    expect(performance.now() - started).toBeLessThan(1_500);
    host.tick();
    expect(frames().at(-1)!.step).toBeGreaterThan(0);
  });
});

describe('a single step', () => {
  it('runs at once whenever it comes in the tick, so a step back right after it undoes it rather than cancelling it', () => {
    let wall = 0;
    const messages: { type: string }[] = [];
    const host = new SimHost((m) => messages.push(m), () => wall);
    host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 3, manifests: deploymentYaml(3) } });
    host.receive({ type: 'step', count: 50 });
    host.tick();
    const step = () => (messages.filter((m): m is Frame => m.type === 'frame').at(-1) as Frame).step;
    const start = step();
    // A key press 30 ms after the last tick (a clicker's PageDown, then PageUp): past that tick's work budget.
    wall += 30;
    host.receive({ type: 'step' });
    host.receive({ type: 'stepBack' });
    host.receive({ type: 'step' });
    wall += 16;
    host.tick();
    expect(step()).toBe(start + 1);
  });
});
