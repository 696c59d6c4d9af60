/**
 * Pick a lesson: each is a scenario file (seed, nodes, manifests, timed actions and faults). Opening one restarts the
 * simulation with it; "Playground" goes back to the default demo. The lessons are listed once the first frame is shown.
 */
import { useState } from 'react';
import { lessons } from './lessons.ts';
import { useAfterFirstFrame } from '../state/after-first-frame.ts';
import { play, start } from '../connection/sim-connection.ts';
import { useSim } from '../state/sim-store.ts';
import { DEFAULT_MANIFESTS, DEFAULT_NODES, DEFAULT_SEED } from '../default-demo.ts';

export function LessonPicker() {
  const [id, setId] = useState('');
  const select = useSim((s) => s.select);
  // The list is read once the simulation is seen moving (reading it parses every scenario file).
  const list = useAfterFirstFrame() ? lessons() : [];
  const lesson = list.find((l) => l.id === id);
  const open = async (next: string) => {
    setId(next);
    select(null);
    const l = list.find((x) => x.id === next);
    const err = l ? await start({ seed: 1, scenario: l.text }) : await start({ seed: DEFAULT_SEED, nodes: DEFAULT_NODES, manifests: DEFAULT_MANIFESTS });
    if (!err) play();
  };
  return (
    <div className="lesson-picker">
      <select value={id} onChange={(e) => void open(e.target.value)} aria-label="Lesson" data-testid="lesson-picker">
        <option value="">Playground (3 replicas on 3 nodes)</option>
        {list.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
      {lesson?.description && <p className="lesson-description" title={lesson.description}>{lesson.description.split('\n')[0]}</p>}
    </div>
  );
}
