import { describe, expect, it } from 'vitest';
import { historyNote, scrubberMin } from './history-note.ts';

describe('the timeline on a long run', () => {
  const history = { earliestStep: 45_312, earliestTime: 3_725_000, eventsBefore: 1_024_000 };

  it('the scrubber starts at the earliest step a seek reaches', () => {
    expect(scrubberMin(history, 80_000)).toBe(45_312);
    expect(scrubberMin(null, 80_000)).toBe(0);
    expect(scrubberMin(history, 40_000)).toBe(40_000);
  });

  it('says from when history is kept and how many events came before; nothing while the whole run is kept', () => {
    expect(historyNote(history)).toBe('kept from step 45,312 (1 h 02 min), 1,024,000 earlier events dropped');
    expect(historyNote({ ...history, eventsBefore: 0 })).toBe('kept from step 45,312 (1 h 02 min)');
    expect(historyNote(null)).toBeNull();
  });
});
