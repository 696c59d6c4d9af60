/**
 * Presenter mode's drawing, loaded on demand (the page's `presenting` class, under which present.css lays the page out
 * for a stage, is set by present-root.tsx from the first frame: the graph and the objects list large, every text at
 * least 18 px at 1280×720, the editor, the inspector and the bottom panels but the event log out of the way, fixed
 * sizes for what changes while the simulation runs): the laser on the object a lesson step spotlights, the blank
 * screen, and the caption bar (the open lesson's narration, mounted by the graph).
 */
import { useSim } from '../state/sim-store.ts';
import { Markdown } from '../lessons/markdown.tsx';
import { setBlank, usePresenting } from './presenting.ts';
import { spotlightObjectRule } from './spotlight.ts';

export function PresentMode() {
  const blank = usePresenting((s) => s.blank);
  const spotlight = useSim((s) => s.lesson?.spotlight);
  const rule = spotlightObjectRule(spotlight);
  return (
    <>
      {rule && <style data-testid="object-spotlight">{rule}</style>}
      {blank && (
        <div
          className="blank-screen"
          role="button"
          tabIndex={-1}
          aria-label="Blank screen: press any key or click to come back"
          data-testid="blank-screen"
          onClick={() => setBlank(false)}
        />
      )}
    </>
  );
}

/** The open lesson's step as a caption across the bottom of the graph: its number, title, narration and question. */
export function CaptionBar() {
  const view = useSim((s) => s.lesson);
  if (!view) return null;
  return (
    <section className="caption-bar" role="region" aria-label="Caption" data-testid="caption">
      <div className="caption-step">
        Step {view.step + 1} of {view.stepCount}
      </div>
      <div className="caption-text">
        <strong className="caption-title">{view.title}</strong>
        <Markdown text={view.narration} />
        {view.question && (
          <div className="caption-question">
            <Markdown text={`**Question:** ${view.question.prompt}`} />
          </div>
        )}
      </div>
    </section>
  );
}
