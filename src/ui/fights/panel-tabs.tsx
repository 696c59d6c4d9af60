/**
 * The bottom-right pane's switcher: Break things (faults), kubectl (the console), Load (sliders and HPA charts), GitOps, Fights and
 * Webhooks. The Fights tab carries the number of fights going on, in warning colour, so a fight is seen from any tab.
 * Only the faults tab shows at first: the other panels load on demand, preloaded once the first frame is painted.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { useSim } from '../state/sim-store.ts';
import { lazyAfterFirstFrame } from '../state/after-first-frame.ts';
import { PanelBoundary } from '../layout/error-boundary.tsx';

const LoadPanel = lazyAfterFirstFrame(() => import('../hpa/load-panel.tsx'), (m) => m.LoadPanel);
const GitOpsPanel = lazyAfterFirstFrame(() => import('../gitops/gitops-panel.tsx'), (m) => m.GitOpsPanel);
const WebhooksPanel = lazyAfterFirstFrame(() => import('../webhooks/webhooks-panel.tsx'), (m) => m.WebhooksPanel);
const FightsPanel = lazyAfterFirstFrame(() => import('./fights-panel.tsx'), (m) => m.FightsPanel);
const ConsolePanel = lazyAfterFirstFrame(() => import('../console/console-panel.tsx'), (m) => m.ConsolePanel);

type Tab = 'faults' | 'console' | 'load' | 'gitops' | 'fights' | 'webhooks';

export function PanelTabs({ faults }: { faults: ReactNode }) {
  const [tab, setTab] = useState<Tab>('faults');
  const fights = useSim((s) => s.fights.length);
  const tabs: Array<[Tab, string]> = [
    ['faults', 'Break things'],
    ['console', 'kubectl'],
    ['load', 'Load'],
    ['gitops', 'GitOps'],
    ['fights', 'Fights'],
    ['webhooks', 'Webhooks'],
  ];
  return (
    <div className="panel-tabs">
      <div className="tab-bar" role="tablist" aria-label="Panels">
        {tabs.map(([id, label]) => (
          <button key={id} role="tab" aria-selected={tab === id} className={tab === id ? 'on' : ''} onClick={() => setTab(id)} data-testid={`tab-${id}`}>
            {label}
            {id === 'fights' && fights > 0 && <span className="tab-count" aria-label={`${fights} fights`}>{fights}</span>}
          </button>
        ))}
      </div>
      <div className="tab-body" role="tabpanel">
        {tab === 'faults' && faults}
        {tab !== 'faults' && (
          // A tab whose code failed to load shows its own error (and Try again); the other tabs keep working.
          <PanelBoundary key={tab} name={tabs.find(([id]) => id === tab)![1]}>
            <Suspense fallback={<p className="hint">Loading…</p>}>
              {tab === 'console' && <ConsolePanel />}
              {tab === 'load' && <LoadPanel />}
              {tab === 'gitops' && <GitOpsPanel />}
              {tab === 'fights' && <FightsPanel />}
              {tab === 'webhooks' && <WebhooksPanel />}
            </Suspense>
          </PanelBoundary>
        )}
      </div>
    </div>
  );
}
