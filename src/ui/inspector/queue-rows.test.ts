import { describe, expect, it } from 'vitest';
import { queueRows } from './queue-rows.ts';

const empty = { processing: [], queued: [], backoff: [], requeueAfter: [], mergedAdds: {} };

describe('queueRows', () => {
  it('draws a queued key with the adds merged into it, and an accessible name for the count', () => {
    const rows = queueRows({ ...empty, queued: ['default/web', 'default/api'], mergedAdds: { 'default/web': 3 } }, 0);
    expect(rows.map((r) => [r.text, r.merged?.text, r.merged?.label])).toEqual([
      ['queued: default/web', '×3 merged', '3 adds merged'],
      ['queued: default/api', undefined, undefined],
    ]);
    expect(queueRows({ ...empty, queued: ['a'], mergedAdds: { a: 1 } }, 0)[0]!.merged?.label).toBe('1 add merged');
  });

  it('counts merged adds on a key that is processing and was added again', () => {
    const rows = queueRows({ ...empty, processing: [{ worker: 0, key: 'default/web', since: 1000, pendingRequests: 1 }], mergedAdds: { 'default/web': 2 } }, 1500);
    expect(rows[0]).toMatchObject({ className: 'processing', text: 'worker 0: default/web (since 1.000 s, waiting on 1 request)', merged: { count: 2 } });
  });

  it('counts a backoff down in virtual seconds as the clock moves, never below zero', () => {
    const focus = { ...empty, backoff: [{ key: 'default/web', readyAt: 2_080, reason: 'retry' as const }], requeueAfter: [{ key: 'default/job', readyAt: 65_000, reason: 'after' as const }] };
    expect(queueRows(focus, 2_000).map((r) => r.text)).toEqual(['backoff: default/web — retry in 0.080 s', 'requeueAfter: default/job — in 1 min 03.0 s']);
    expect(queueRows(focus, 2_050)[0]!.text).toBe('backoff: default/web — retry in 0.030 s');
    expect(queueRows(focus, 3_000)[0]!.text).toBe('backoff: default/web — retry in 0.000 s');
  });
});
