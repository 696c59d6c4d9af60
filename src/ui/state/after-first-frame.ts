/**
 * The page's start, after its first animated frame (the simulation seen moving: virtual time ≥ 1 ms on the clock), in
 * three steps, so that nothing competes with that frame and the page is whole as soon as it can be:
 * 1. the first animated frame is painted (or an error shown, or a run shown paused for {@link STILL_MS}, or
 *    {@link AT_LATEST_MS} have passed): the chunks of the panels whose place is on screen from the start ({@link panelAfterFirstFrame}: the editor column, the objects view,
 *    the event log...) load, their placeholders holding their places meanwhile;
 * 2. those chunks are in (or {@link AT_LATEST_MS} more have passed): the panels take their places, in one render;
 * 3. that render is painted: `useAfterFirstFrame()` turns true for good, and what is heavy or not shown yet loads: the
 *    Monaco editor, the ELK layout worker, the lessons list ({@link useAfterFirstFrame}), and the code behind a tab or a
 *    click ({@link preloadAfterFirstFrame}, {@link lazyAfterFirstFrame}), so a user who opens it later does not wait.
 * Heavy code loaded alongside the panels' would delay them by its compiling and parsing (the lessons list parses
 * every scenario file), so it waits for step 3.
 */
import { createElement, lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useSim } from './sim-store.ts';

/** However the start goes, each step waits at most this long (wall ms); the first from when a component first asked. */
export const AT_LATEST_MS = 3000;

/**
 * A run shown whose clock does not move (a share link's run, paused at its step) has had its first frame once it has
 * stood still this long (wall ms): the default demo's clock moves within a tick or two of its first frame.
 */
export const STILL_MS = 400;

/** 0: starting; 1: the first animated frame is painted, the panels' chunks load; 2: the panels mount; 3: the rest loads. */
let phase = 0;
const listeners = new Set<() => void>();
/** Loads of the panels' chunks, started at step 1. */
const panelLoads: Array<() => Promise<unknown>> = [];
/** Loads of everything else, started at step 3. */
const preloads: Array<() => Promise<unknown>> = [];

function advanceTo(next: number): void {
  if (next <= phase) return;
  phase = next;
  if (next === 1) {
    void Promise.allSettled(panelLoads.splice(0).map((load) => load())).then(() => advanceTo(2));
    setTimeout(() => advanceTo(2), AT_LATEST_MS);
  }
  // The panels' render is being committed: let it be painted, then load the rest.
  if (next === 2) requestAnimationFrame(() => setTimeout(() => advanceTo(3), 0));
  if (next === 3) for (const load of preloads.splice(0)) preload(load);
  for (const listener of listeners) listener();
}

/** A failed preload is not an error yet: the code is imported again where it is used, which reports the failure there. */
function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

/**
 * Calls `load` (an `import()` of a chunk) once the first animated frame and the panels after it have been painted, or
 * at once if they have been. Importing the same module again where it is used then resolves from the module map
 * without a fetch.
 */
export function preloadAfterFirstFrame(load: () => Promise<unknown>): void {
  if (phase >= 3) preload(load);
  else preloads.push(load);
}

/** `load` made into a component as React.lazy does, which renders at once when the module was loaded before. */
function lazyComponent<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>, schedule: (get: () => Promise<unknown>) => void): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  const get = () => load().then((m) => (loaded = pick(m)));
  schedule(get);
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

/**
 * A component that the first frame does not show (a named export of a module), preloaded at step 3. Once loaded it
 * renders at once; before, it is `React.lazy` (mount it inside a `<Suspense>`, and a `PanelBoundary`, which shows a
 * failed load). React.lazy alone would suspend on its first render even with the module preloaded (import() settles
 * in a later task), and React shows a suspended boundary's content again only after a throttle of up to 300 ms: the
 * first click on an object would show "Loading…" instead of its inspector.
 */
export function lazyAfterFirstFrame<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): ComponentType<P> {
  return lazyComponent(load, pick, preloadAfterFirstFrame);
}

/**
 * A panel the first animated frame does not need, though its place is on screen: `placeholder` (the same box with the
 * panel's heading, layout/placeholders.tsx, so nothing moves when the panel comes) until step 2, when its chunk,
 * loaded at step 1, is in; then the panel. Mount it inside a `PanelBoundary`, which shows a failed load.
 */
export function panelAfterFirstFrame<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>, placeholder: ReactNode): ComponentType<P> {
  const Panel = lazyComponent(load, pick, (get) => (phase >= 1 ? preload(get) : panelLoads.push(get)));
  return function PanelAfterFirstFrame(props: P) {
    return usePhase() >= 2 ? createElement(Suspense, { fallback: placeholder }, createElement(Panel, props)) : placeholder;
  };
}

/** Resets of the lazy components whose load failed. */
const failed = new Set<() => void>();

/** Lets every lazy component whose code failed to load try again on its next mount (a "Try again" button). */
export function retryFailedLoads(): void {
  for (const reset of failed) reset();
  failed.clear();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The start's step (see the top of this file); a component asking starts the clock of step 1. */
function usePhase(): number {
  // 1 ms: the first time the top bar's clock shows ("0.001 s") as moving.
  const moving = useSim((s) => s.now >= 1 || s.error !== null);
  const shown = useSim((s) => s.ready);
  const current = useSyncExternalStore(subscribe, () => phase);
  useEffect(() => {
    if (phase >= 1) return;
    const latest = setTimeout(() => advanceTo(1), AT_LATEST_MS);
    const still = shown && !moving ? setTimeout(() => advanceTo(1), STILL_MS) : undefined;
    // The frame that shows time moving is being rendered now: let it be painted first.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const raf = moving ? requestAnimationFrame(() => (timer = setTimeout(() => advanceTo(1), 0))) : undefined;
    return () => {
      clearTimeout(latest);
      clearTimeout(still);
      if (raf !== undefined) cancelAnimationFrame(raf);
      clearTimeout(timer);
    };
  }, [moving, shown]);
  return current;
}

/** False until the first animated frame and the panels after it have been painted (step 3); then true for good. */
export function useAfterFirstFrame(): boolean {
  return usePhase() >= 3;
}
