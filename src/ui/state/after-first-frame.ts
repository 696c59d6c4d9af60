/**
 * `useAfterFirstFrame()`: false until the page has painted the simulation moving (virtual time ≥ 1 ms on the clock), or
 * shown an error, or {@link AT_LATEST_MS} have passed; then true for good. Heavy panels that the first animated frame
 * does not need (the Monaco editor, the ELK layout worker, the lessons list) wait for it, so they do not compete for
 * the main thread and the CPU with the worker's start and React's first render.
 *
 * Code the first frame does not show (panels behind a tab or a click, the YAML library) is kept out of the page's
 * entry chunk with `import()`; {@link preloadAfterFirstFrame} fetches it as soon as that frame is painted, so a user
 * who opens it later does not wait for it. {@link lazyAfterFirstFrame} is a component loaded that way.
 */
import { createElement, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useSim } from './sim-store.ts';

/** However the start goes, heavy panels mount at most this long (wall ms) after the first component asked. */
export const AT_LATEST_MS = 3000;

let passed = false;
const preloads: Array<() => Promise<unknown>> = [];

function pass(): void {
  if (passed) return;
  passed = true;
  for (const load of preloads.splice(0)) preload(load);
}

/** A failed preload is not an error yet: the code is imported again where it is used, which reports the failure there. */
function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

/**
 * Calls `load` (an `import()` of a chunk) once the first animated frame has been painted, or at once if it has been.
 * Importing the same module again where it is used then resolves from the module map without a fetch.
 */
export function preloadAfterFirstFrame(load: () => Promise<unknown>): void {
  if (passed) preload(load);
  else preloads.push(load);
}

/**
 * A component that the first frame does not show (a named export of a module), preloaded after the first frame. Once
 * loaded it renders at once; before, it is `React.lazy` (mount it inside a `<Suspense>`, and a `PanelBoundary`, which
 * shows a failed load). React.lazy alone would suspend on its first render even with the module preloaded (import()
 * settles in a later task), and React shows a suspended boundary's content again only after a throttle of up to
 * 300 ms: the first click on an object would show "Loading…" instead of its inspector.
 */
export function lazyAfterFirstFrame<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  const get = () => load().then((m) => (loaded = pick(m)));
  preloadAfterFirstFrame(get);
  // React keeps a failed lazy component failed for good, and must: a fresh one at each render would fetch in a loop.
  // {@link retryFailedLoads} (PanelBoundary's "Try again") swaps in a fresh one, which imports again on its next mount.
  const makeLazy = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      get().then(
        (c) => ({ default: c }),
        (err: unknown) => {
          failed.add(() => (Lazy = makeLazy()));
          throw err;
        },
      ),
    );
  let Lazy = makeLazy();
  return function AfterFirstFrame(props: P) {
    // What an instance started with, it keeps: switching from Lazy to the loaded component would remount it.
    const [Component] = useState<ComponentType<P> | LazyExoticComponent<ComponentType<P>>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  };
}

/** Resets of the lazy components whose load failed. */
const failed = new Set<() => void>();

/** Lets every lazy component whose code failed to load try again on its next mount (a "Try again" button). */
export function retryFailedLoads(): void {
  for (const reset of failed) reset();
  failed.clear();
}

export function useAfterFirstFrame(): boolean {
  // 1 ms: the first time the top bar's clock shows ("0.001 s") as moving.
  const moving = useSim((s) => s.now >= 1 || s.error !== null);
  const [after, setAfter] = useState(passed);
  useEffect(() => {
    if (after) return;
    const done = () => {
      pass();
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
