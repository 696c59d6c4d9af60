/**
 * What client-go's EventCorrelator did with an event (src/sim/controllers/events): the event log lists every event a
 * loop reported, and says which ones `kubectl get events` would not show as reported.
 */
import type { K8sEvent } from '../state/sim-store.ts';

/** The row's explanation (its tooltip), or null for an event written as reported. */
export function correlationNote(e: K8sEvent): string | null {
  switch (e.correlation) {
    case 'spam-filtered':
      return `Not written to the api-server: the recorder’s spam filter allows 25 events per object, then one per 5 minutes. ${e.message}`;
    case 'combined':
      return `Written as "(combined from similar events): ${e.message}": one of 10 or more events about this object with the same reason within 10 minutes (client-go’s EventAggregator).`;
    default:
      return null;
  }
}
