/**
 * The page: desired state on the left, the loops in the middle, the objects and the inspector on the right, time and
 * faults below. It opens with a 3-replica Deployment on 3 nodes already playing (started by boot.ts, before this renders).
 *
 * The first animated frame shows the top bar (its clock) and the controller graph; what it does not need is kept out
 * of the page's entry chunk: the editor column, the objects view, the inspector, the timeline, the event log, the
 * panels' tabs with the faults tab and the file drop are chunks of their own, loaded once that frame is painted, their
 * places held meanwhile by placeholders of the same size (layout/placeholders.tsx).
 */
import { TopBar } from './layout/top-bar.tsx';
import { ControllerGraph } from './graph/controller-graph.tsx';
import { useKeyboard } from './keyboard.ts';
import { PanelBoundary } from './layout/error-boundary.tsx';
import { useSim } from './state/sim-store.ts';
import { PresentRoot } from './present/present-root.tsx';
import { panelAfterFirstFrame } from './state/after-first-frame.ts';
import { EVENT_LOG, FAULTS, INSPECTOR, LeftPanePlaceholder, OBJECTS, PANEL_TABS, TIMELINE } from './layout/placeholders.tsx';
import './styles.css';

const LeftPane = panelAfterFirstFrame(() => import('./layout/left-pane.tsx'), (m) => m.LeftPane, <LeftPanePlaceholder />);
const ObjectsView = panelAfterFirstFrame(() => import('./objects/objects-view.tsx'), (m) => m.ObjectsView, OBJECTS);
const Inspector = panelAfterFirstFrame(() => import('./inspector/inspector.tsx'), (m) => m.Inspector, INSPECTOR);
const Timeline = panelAfterFirstFrame(() => import('./timeline/timeline.tsx'), (m) => m.Timeline, TIMELINE);
const EventLog = panelAfterFirstFrame(() => import('./events/event-log.tsx'), (m) => m.EventLog, EVENT_LOG);
const PanelTabs = panelAfterFirstFrame(() => import('./fights/panel-tabs.tsx'), (m) => m.PanelTabs, PANEL_TABS);
const FaultPalette = panelAfterFirstFrame(() => import('./faults/fault-palette.tsx'), (m) => m.FaultPalette, FAULTS);
/** Nothing on screen until a file is dragged over the page. */
const FileDrop = panelAfterFirstFrame(() => import('./share/file-drop.tsx'), (m) => m.FileDrop, null);

export function App() {
  const error = useSim((s) => s.error);
  const setError = useSim((s) => s.setError);
  useKeyboard();
  return (
    <div className="app">
      <div className="top">
        <TopBar />
        <PresentRoot />
        {/* A fixed overlay while a file is dragged over the page; here a failed load shows as a banner would. */}
        <PanelBoundary name="File drop"><FileDrop /></PanelBoundary>
        {error && (
          <div className="error-banner" role="alert" data-testid="error-banner">
            {error}
            <button className="mini" onClick={() => setError(null)} aria-label="Dismiss">
              ✕
            </button>
          </div>
        )}
      </div>
      <main className="panes">
        <PanelBoundary name="Editor and lesson"><LeftPane /></PanelBoundary>
        <PanelBoundary name="Controller graph"><ControllerGraph /></PanelBoundary>
        <div className="right">
          <PanelBoundary name="Objects"><ObjectsView /></PanelBoundary>
          <PanelBoundary name="Inspector"><Inspector /></PanelBoundary>
        </div>
      </main>
      <footer className="bottom">
        <PanelBoundary name="Timeline"><Timeline /></PanelBoundary>
        <div className="bottom-panes">
          <PanelBoundary name="Events"><EventLog /></PanelBoundary>
          <PanelBoundary name="Panels"><PanelTabs faults={<PanelBoundary name="Break things"><FaultPalette /></PanelBoundary>} /></PanelBoundary>
        </div>
      </footer>
    </div>
  );
}
