/** The selected event and its cause chain: which loop produced it, after what, because of whom. */
import { useMemo } from 'react';
import { useSim } from '../state/sim-store.ts';
import { causeChain, indexEvents } from '../events/cause-chain.ts';
import { formatClock } from '../format.ts';
import { describeEvent } from './describe-event.ts';
import { concealing } from '../events/concealment.ts';

export function EventInspector({ id }: { id: number }) {
  const events = useSim((s) => s.events);
  const chain = useMemo(() => causeChain(indexEvents(events), id), [events, id]);
  const hidden = useSim((s) => concealing(s.lesson?.concealed));
  if (hidden) return <p className="hint">The cause chain is hidden until you answer the lesson's question: it would give the answer away.</p>;
  if (chain.length === 0) return <p>This event has scrolled out of the page's memory.</p>;
  return (
    <div className="inspector-body" data-testid="event-inspector">
      <h3>Why did this happen?</h3>
      <ol className="chain">
        {chain.map((e) => (
          <li key={e.id}>
            <span className="time">{formatClock(e.time)}</span> <b>{e.actor}</b> {describeEvent(e)}
          </li>
        ))}
      </ol>
      {chain[chain.length - 1]!.causeId !== null && <p className="meta">…earlier causes have scrolled out of the page's memory.</p>}
    </div>
  );
}
