/**
 * Pick a scenario: each is a scenario file (seed, nodes, manifests, timed actions and faults). Opening one restarts the
 * simulation with it (open-scenario.ts, a chunk of its own); "Playground" goes back to the default demo. The lessons
 * are listed once the first frame is shown.
 */
import { useEffect, useState } from 'react';
import type { Lesson } from './lessons.ts';
import { preloadAfterFirstFrame, useAfterFirstFrame } from '../state/after-first-frame.ts';
import { useSim } from '../state/sim-store.ts';
import { useAttachDialog } from '../attach/attach-state.ts';

const loadOpenScenario = () => import('./open-scenario.ts');
preloadAfterFirstFrame(loadOpenScenario);

/** The picker's last entry: follow a simulation `loopscope serve` runs (the attach dialog asks for its address). */
const ATTACH = '(attach)';

export function LessonPicker() {
  const [id, setId] = useState('');
  // The list is loaded once the simulation is seen moving: the scenario files and the YAML parser that reads their
  // names are a chunk of their own, out of the page's entry.
  const after = useAfterFirstFrame();
  const [list, setList] = useState<Lesson[]>([]);
  useEffect(() => {
    if (!after) return;
    let live = true;
    void import('./lessons.ts').then(
      (m) => live && setList(m.lessons()),
      () => undefined, // Not loaded (offline, a new deployment): the picker offers the playground only.
    );
    return () => {
      live = false;
    };
  }, [after]);
  const lesson = list.find((l) => l.id === id);
  // A lesson (from the Lessons list, an address or a dropped file) replaced what the picker opened: say so.
  const openLesson = useSim((s) => s.lesson?.lesson.title);
  const attached = useSim((s) => (s.attached && !s.attached.ended ? s.attached.url : null));
  const open = async (next: string) => {
    if (next === ATTACH) return useAttachDialog.setState({ open: true, error: '' });
    setId(next);
    const code = await loadOpenScenario().catch((e: Error) => useSim.getState().setError(`the scenario picker's code could not load (${e.message})`));
    if (code) await code.openScenario(list.find((x) => x.id === next));
  };
  return (
    <div className="lesson-picker">
      <select value={attached ? '(served)' : openLesson ? '(lesson)' : id} onChange={(e) => void open(e.target.value)} aria-label="Scenario" data-testid="lesson-picker">
        {attached && (
          <option value="(served)" disabled>
            Served by loopscope serve at {attached}
          </option>
        )}
        {openLesson && (
          <option value="(lesson)" disabled>
            Lesson: {openLesson}
          </option>
        )}
        <option value="">Playground (3 replicas on 3 nodes)</option>
        {list.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
        <option value={ATTACH}>Attach to loopscope serve…</option>
      </select>
      {lesson?.description && <p className="lesson-description" title={lesson.description}>{lesson.description.split('\n')[0]}</p>}
    </div>
  );
}
