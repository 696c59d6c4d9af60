/**
 * The right-hand panel: whatever is selected (an object, a controller, an event), or a hint (and then the Objects view
 * above takes the room it does not need). Nothing is selected at first, so this panel is a chunk loaded after the first
 * frame (app.tsx; its placeholder is the hint), and the three inspectors load on demand (preloaded once the first frame
 * is painted).
 */
import { Suspense } from 'react';
import { useSim } from '../state/sim-store.ts';
import { lazyAfterFirstFrame } from '../state/after-first-frame.ts';
import { NOTHING_SELECTED } from '../layout/placeholders.tsx';

const ObjectInspector = lazyAfterFirstFrame(() => import('./object-inspector.tsx'), (m) => m.ObjectInspector);
const ControllerInspector = lazyAfterFirstFrame(() => import('./controller-inspector.tsx'), (m) => m.ControllerInspector);
const EventInspector = lazyAfterFirstFrame(() => import('./event-inspector.tsx'), (m) => m.EventInspector);

export function Inspector() {
  const selection = useSim((s) => s.selection);
  const objects = useSim((s) => s.objects);
  const select = useSim((s) => s.select);
  let body;
  if (selection?.type === 'object') {
    const o = objects.get(selection.key);
    body = o ? <ObjectInspector summary={o} /> : <p>That object is gone (deleted, or not created yet at this moment).</p>;
  } else if (selection?.type === 'controller') body = <ControllerInspector name={selection.name} />;
  else if (selection?.type === 'event') body = <EventInspector id={selection.id} />;
  else body = <p className="hint">{NOTHING_SELECTED}</p>;
  return (
    <section className={selection ? 'inspector' : 'inspector empty'} aria-label="Inspector">
      <header>
        <h2>Inspector</h2>
        {selection && (
          <button className="mini" onClick={() => select(null)} aria-label="Close inspector">
            ✕
          </button>
        )}
      </header>
      <Suspense fallback={<p>Loading…</p>}>{body}</Suspense>
    </section>
  );
}
