/**
 * `useAfterFirstFrame()`: false until the page has painted the simulation moving (virtual time ≥ 1 ms on the clock), or
 * shown an error, or {@link AT_LATEST_MS} have passed; then true for good. Heavy panels that the first animated frame
 * does not need (the Monaco editor, the ELK layout worker, the lessons list) wait for it, so they do not compete for
 * the main thread and the CPU with the worker's start and React's first render.
 */
import { useEffect, useState } from 'react';
import { useSim } from './sim-store.ts';

/** However the start goes, heavy panels mount at most this long (wall ms) after the first component asked. */
export const AT_LATEST_MS = 3000;

let passed = false;

export function useAfterFirstFrame(): boolean {
  // 1 ms: the first time the top bar's clock shows ("0.001 s") as moving.
  const moving = useSim((s) => s.now >= 1 || s.error !== null);
  const [after, setAfter] = useState(passed);
  useEffect(() => {
    if (after) return;
    const done = () => {
      passed = true;
      setAfter(true);
    };
    if (passed) return done();
    const latest = setTimeout(done, AT_LATEST_MS);
    if (!moving) return () => clearTimeout(latest);
    // The frame that shows time moving is being rendered now: let it be painted, then mount.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const raf = requestAnimationFrame(() => (timer = setTimeout(done, 0)));
    return () => {
      clearTimeout(latest);
      cancelAnimationFrame(raf);
      clearTimeout(timer);
    };
  }, [moving, after]);
  return after;
}
