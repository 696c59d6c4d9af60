/**
 * What the scenario picker (lesson-picker.tsx) does when a scenario is chosen: restart the simulation with it (or
 * with the default demo for "Playground"), play, drop a lesson's address that no longer describes what plays, and show
 * the played manifests in the editor. A chunk of its own, preloaded after the first frame: the picker's select is on
 * screen at once, what a choice does is not needed before one is made.
 */
import { play, start } from '../connection/sim-connection.ts';
import { useSim } from '../state/sim-store.ts';
import { DEFAULT_MANIFESTS, DEFAULT_NODES, DEFAULT_OBJECTS, DEFAULT_SEED } from '../default-demo.ts';
import { useDesiredText } from '../state/desired-text.ts';
import { lessonSearch } from '../lessons/lesson-address.ts';
import type { Lesson } from './lessons.ts';

/** Restarts with `lesson`'s scenario, or the playground when there is none. */
export async function openScenario(lesson: Lesson | undefined): Promise<void> {
  useSim.getState().select(null);
  const err = lesson ? await start({ seed: 1, scenario: lesson.text }) : await start({ seed: DEFAULT_SEED, nodes: DEFAULT_NODES, manifests: DEFAULT_OBJECTS });
  if (err) return;
  play();
  // A lesson's address no longer describes what plays: a new history entry without it (back returns to the lesson).
  if (new URLSearchParams(location.search).has('lesson')) history.pushState(null, '', `${location.pathname}${lessonSearch(location.search, null)}`);
  // The editor shows what is now being played, so an edit and Apply changes this lesson's desired state.
  if (!lesson) useDesiredText.getState().show(DEFAULT_MANIFESTS, 'the playground');
  else {
    const { lessonManifests } = await import('./lessons.ts');
    useDesiredText.getState().show(lessonManifests(lesson.text) ?? '', `lesson ${lesson.name}`);
  }
}
