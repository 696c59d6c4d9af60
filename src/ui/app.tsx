/**
 * The page: desired state on the left, the loops in the middle, the objects and the inspector on the right, time and
 * faults below. It opens with a 3-replica Deployment on 3 nodes already playing (started by boot.ts, before this renders).
 */
import { TopBar } from './layout/top-bar.tsx';
import { LeftPane } from './layout/left-pane.tsx';
import { ControllerGraph } from './graph/controller-graph.tsx';
import { ObjectsView } from './objects/objects-view.tsx';
import { Inspector } from './inspector/inspector.tsx';
import { EventLog } from './events/event-log.tsx';
import { Timeline } from './timeline/timeline.tsx';
import { FaultPalette } from './faults/fault-palette.tsx';
import { PanelTabs } from './fights/panel-tabs.tsx';
import { useKeyboard } from './keyboard.ts';
import { PanelBoundary } from './layout/error-boundary.tsx';
import { useSim } from './state/sim-store.ts';
import { FileDrop } from './share/file-drop.tsx';
import { PresentRoot } from './present/present-root.tsx';
import './styles.css';

export function App() {
  const error = useSim((s) => s.error);
  const setError = useSim((s) => s.setError);
  useKeyboard();
  return (
    <div className="app">
      <div className="top">
        <TopBar />
        <PresentRoot />
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
        <LeftPane />
        <PanelBoundary name="Controller graph"><ControllerGraph /></PanelBoundary>
        <div className="right">
          <PanelBoundary name="Objects"><ObjectsView /></PanelBoundary>
          <PanelBoundary name="Inspector"><Inspector /></PanelBoundary>
        </div>
      </main>
      <FileDrop />
      <footer className="bottom">
        <PanelBoundary name="Timeline"><Timeline /></PanelBoundary>
        <div className="bottom-panes">
          <PanelBoundary name="Events"><EventLog /></PanelBoundary>
          <PanelBoundary name="Panels"><PanelTabs faults={<FaultPalette />} /></PanelBoundary>
        </div>
      </footer>
    </div>
  );
}
