/**
 * The timeline: a scrubber over the branch's steps with markers for your actions and faults. Dragging seeks
 * (the worker restores the nearest checkpoint and re-executes); acting in the past forks the timeline, and says what
 * it dropped, with an Undo (once, until the next action).
 *
 * On a long run older history is dropped to keep memory bounded (src/sim/timeline/timeline.ts): the scrubber then
 * starts at the earliest step a seek reaches, and the legend says from when history is kept and how many events came
 * before; a step back past it is refused by the worker with the reason, shown as an error.
 */
import { useState } from 'react';
import { useSim } from '../state/sim-store.ts';
import { seekStep, undoFork } from '../connection/sim-connection.ts';
import { formatClock } from '../format.ts';
import { historyNote, scrubberMin } from './history-note.ts';

export function Timeline() {
  const step = useSim((s) => s.step);
  const head = useSim((s) => s.head);
  const now = useSim((s) => s.now);
  const markers = useSim((s) => s.markers);
  const fork = useSim((s) => s.fork);
  const history = useSim((s) => s.history);
  const [drag, setDrag] = useState<number | null>(null);
  const min = scrubberMin(history, step);
  const note = historyNote(history);
  const max = Math.max(head, step, min + 1);
  const value = drag ?? step;
  const lastTime = Math.max(now, ...markers.map((m) => m.time), 1);
  return (
    <section className="timeline" aria-label="Timeline">
      <input
        type="range"
        min={min}
        max={max}
        value={value}
        aria-label="Scrub through steps"
        data-testid="scrubber"
        onChange={(e) => setDrag(Number(e.target.value))}
        onPointerUp={() => {
          if (drag !== null) seekStep(drag);
          setDrag(null);
        }}
        onKeyUp={() => {
          if (drag !== null) seekStep(drag);
          setDrag(null);
        }}
      />
      <div className="markers" aria-hidden="true">
        {markers.map((m) => (
          <span key={m.id} className={`marker ${m.kind}`} style={{ left: `${Math.min(100, (m.time / lastTime) * 100)}%` }} title={`${formatClock(m.time)} ${m.label}`} />
        ))}
      </div>
      <div className="legend">
        <span>step {value} / {max}</span>
        {note && (
          <span className="history-note" data-testid="history-kept" title="Older history is dropped so that a run left playing all day stays within memory">
            {note}
          </span>
        )}
        <span className="marker-legend user">your actions</span>
        <span className="marker-legend fault">faults</span>
        {fork && (
          <span className="fork-note" role="status">
            You acted in the past: the timeline forked at step {fork.step}, dropping {fork.discardedSteps} later {fork.discardedSteps === 1 ? 'step' : 'steps'}
            {fork.discardedInputs > 0 && ` and ${fork.discardedInputs} of your ${fork.discardedInputs === 1 ? 'actions' : 'actions'}`}.{' '}
            <button className="mini" onClick={() => undoFork()} title="Bring the dropped future back (once, until your next action)">
              Undo fork
            </button>
          </span>
        )}
      </div>
    </section>
  );
}
