/**
 * Open a scenario or lesson file by dropping it on the page: the file is read as text (bounded), and its `kind`
 * decides how the worker plays it (a Scenario's manifests and timed actions, or a Lesson's steps). The worker parses
 * and validates it; an error in the file is shown with its line, and what was playing keeps playing. A file dropped
 * before this component mounted (it comes with the panels, after the first frame) was held by early-drop.ts.
 */
import { useEffect, useState } from 'react';
import { play, start } from '../connection/sim-connection.ts';
import { useSim } from '../state/sim-store.ts';
import { useDesiredText } from '../state/desired-text.ts';
import { carriesFiles, takeEarlyDrop } from './early-drop.ts';

/** Largest file read (the worker's own limit for scenario text is the same). */
export const MAX_DROPPED_BYTES = 8 * 1024 * 1024;

/** What a dropped file is, from its top-level `kind:` line. */
export function droppedKind(text: string): 'Scenario' | 'Lesson' | null {
  const m = /^kind:\s*["']?(Scenario|Lesson)["']?\s*(?:#.*)?$/m.exec(text.slice(0, 64 * 1024));
  return m ? (m[1] as 'Scenario' | 'Lesson') : null;
}

async function openDropped(file: File): Promise<void> {
  const { setError } = useSim.getState();
  if (file.size > MAX_DROPPED_BYTES) return setError(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MiB; a scenario or lesson file may be at most 8 MiB`);
  const text = await file.text();
  const kind = droppedKind(text);
  if (!kind) return setError(`${file.name}: not a Loopscope scenario or lesson (its top level has no "kind: Scenario" or "kind: Lesson")`);
  useSim.getState().select(null);
  const error = kind === 'Lesson' ? await start({ seed: 1, lesson: { text } }) : await start({ seed: 1, scenario: text });
  if (error) {
    setError(`${file.name}: ${error}`);
    return;
  }
  play();
  const { lessonManifests } = await import('../layout/lesson-manifests.ts');
  useDesiredText.getState().show(lessonManifests(text) ?? '', `${kind === 'Lesson' ? 'lesson' : 'scenario'} ${file.name}`);
}

/** While a file is dragged over the page: a hint over everything; on drop, the file is opened. */
export function FileDrop() {
  const [over, setOver] = useState(false);
  useEffect(() => {
    // A file dropped before this panel arrived (early-drop.ts) is opened now.
    const early = takeEarlyDrop();
    if (early) void openDropped(early);
    const onOver = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      setOver(true);
    };
    const onLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setOver(false);
    };
    const onDrop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (file) void openDropped(file);
    };
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  if (!over) return null;
  return (
    <div className="file-drop" role="status">
      Drop a scenario or lesson file (.yaml) to open it
    </div>
  );
}
