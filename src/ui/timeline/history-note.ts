/**
 * What the timeline says of dropped history (src/sim/timeline/timeline.ts keeps a window of it on long runs): where
 * the scrubber starts, and the note beside the step count. Pure, for the component and its test.
 */
import type { Frame } from '../../worker/protocol.ts';
import { formatClock } from '../format.ts';

type History = NonNullable<Frame['history']>;

/** The scrubber's first step: the earliest one a seek reaches (or the view's own, should a frame lag behind). */
export function scrubberMin(history: History | null | undefined, step: number): number {
  return Math.min(history?.earliestStep ?? 0, step);
}

/** "kept from step 45,312 (1 h 02 min), 1,024,000 earlier events dropped"; null while the whole run is kept. */
export function historyNote(history: History | null | undefined): string | null {
  if (!history) return null;
  const dropped = history.eventsBefore > 0 ? `, ${history.eventsBefore.toLocaleString('en-US')} earlier events dropped` : '';
  return `kept from step ${history.earliestStep.toLocaleString('en-US')} (${formatClock(history.earliestTime)})${dropped}`;
}
