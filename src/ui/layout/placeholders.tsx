/**
 * What the panels that load after the first frame (state/after-first-frame.ts `panelAfterFirstFrame`) show until their
 * code is in: the panel's own box, with its heading, and nothing else to read or press. Each has the real panel's
 * classes and, kept unseen ({@link Reserved}), the controls that give its header and tab bar their height, so the page
 * does not move when the panel takes its place. app.tsx mounts them.
 */
import { useSim } from '../state/sim-store.ts';

/** The room a control of the coming panel takes: laid out as it will be, not seen, not reachable, not announced. */
function Reserved({ className, children }: { className?: string; children: string }) {
  return (
    <button className={className ? `${className} reserved` : 'reserved'} tabIndex={-1} aria-hidden="true">
      {children}
    </button>
  );
}

/**
 * The open lesson's step (lessons/lesson-panel.tsx, its own chunk), with its title. Its box widens the left column
 * (styles.css `.panes:has(.lesson-panel)`), so the page is laid out for the lesson before its code is in. Also the
 * lesson's placeholder inside the left pane (left-pane.tsx).
 */
export function LessonPlaceholder() {
  const title = useSim((s) => s.lesson?.lesson.title);
  return (
    <section className="lesson-panel" role="region" aria-label="Lesson" aria-busy="true">
      <header>
        <div className="lesson-heading">
          <h2>{title}</h2>
        </div>
      </header>
    </section>
  );
}

/**
 * The left column (layout/left-pane.tsx): the editor's tab bar and the Desired state panel with its Apply; or, while a
 * lesson is open, the left pane's tab bar and the lesson.
 */
export function LeftPanePlaceholder() {
  const lessonOpen = useSim((s) => s.lesson !== null);
  if (lessonOpen) {
    return (
      <div className="left-pane" aria-busy="true">
        <div className="tab-bar">
          <Reserved>Lesson</Reserved>
        </div>
        <LessonPlaceholder />
      </div>
    );
  }
  return (
    <div className="left-pane" aria-busy="true">
      <div className="left-editor">
        <div className="tab-bar">
          <Reserved>YAML</Reserved>
        </div>
        <div className="left-editor">
          <section className="editor-panel" aria-label="Desired state">
            <header>
              <h2>Desired state</h2>
              <Reserved className="primary">Apply</Reserved>
            </header>
            <div className="editor-host" />
          </section>
        </div>
      </div>
    </div>
  );
}

/** The objects view (objects/objects-view.tsx), in its default List layout (its header wraps on a stage). */
export const OBJECTS = (
  <section className="objects objects-graph objects-list-layout" aria-label="Objects" aria-busy="true">
    <header className="objects-header">
      <h2>Objects</h2>
      <div className="mode-toggle">
        <Reserved className="mini on">Ownership</Reserved>
        <Reserved className="mini">Nodes</Reserved>
      </div>
      <div className="mode-toggle">
        <Reserved className="mini on">List</Reserved>
        <Reserved className="mini">Graph</Reserved>
      </div>
      <span className="hint reserved">0 pods · 0 rows</span>
    </header>
    <div className="objects-list" />
  </section>
);

/** The event log (events/event-log.tsx). */
export const EVENT_LOG = (
  <section className="event-log" aria-label="Event log" aria-busy="true">
    <header>
      <h2>Events</h2>
    </header>
  </section>
);

/** The faults tab (faults/fault-palette.tsx). */
export const FAULTS = (
  <section className="faults" aria-label="Faults" aria-busy="true">
    <h2>Break things</h2>
  </section>
);

/** The bottom right's tabs (fights/panel-tabs.tsx), on the faults tab. */
export const PANEL_TABS = (
  <div className="panel-tabs" aria-busy="true">
    <div className="tab-bar">
      <Reserved>Break things</Reserved>
    </div>
    <div className="tab-body">{FAULTS}</div>
  </div>
);

/** The timeline (timeline/timeline.tsx): its scrubber's and legend's room. */
export const TIMELINE = (
  <section className="timeline" aria-label="Timeline" aria-busy="true">
    <input type="range" className="reserved" tabIndex={-1} aria-hidden="true" />
    <div className="markers" />
    <div className="legend">
      <span className="reserved">step</span>
    </div>
  </section>
);

/** What the inspector says while nothing is selected (inspector/inspector.tsx says it too). */
export const NOTHING_SELECTED = 'Click an object, a controller or an event to see inside it.';

/** The inspector (inspector/inspector.tsx) with nothing selected, as the page opens. */
export const INSPECTOR = (
  <section className="inspector empty" aria-label="Inspector" aria-busy="true">
    <header>
      <h2>Inspector</h2>
    </header>
    <p className="hint">{NOTHING_SELECTED}</p>
  </section>
);
