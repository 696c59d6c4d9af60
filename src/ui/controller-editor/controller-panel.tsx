/**
 * The Controller tab: write a controller (TypeScript, controllers/controller-api.d.ts), pick a template, Install
 * (the `install-controller` user action: in the input log, so share links replay it), and see what went wrong where
 * it was written: compile errors from the install and runtime errors from the controller's log as markers on their
 * lines. Installing focuses the controller, so its panel (queue, cache, log) follows it. "Test my controller" hunts the
 * source's bugs in a worker of its own (src/ui/hunt; a CronBackup controller runs under the hunter's CronBackup workload).
 *
 * The whole tab is one lazy chunk (Monaco's TypeScript worker with it): editor-panel.tsx loads it when the tab opens.
 */
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import cronbackup from '../../../controllers/cronbackup.ts?raw';
import configmapApp from '../../../controllers/configmap-app.ts?raw';
import buggyNonIdempotent from '../../../controllers/buggy-non-idempotent.ts?raw';
import buggyStaleDelete from '../../../controllers/buggy-stale-delete.ts?raw';
import buggyStatusFromSpec from '../../../controllers/buggy-status-from-spec.ts?raw';
import buggyNoOwner from '../../../controllers/buggy-no-owner.ts?raw';
import buggyEdgeTriggered from '../../../controllers/buggy-edge-triggered.ts?raw';
import cronBackupExample from '../../../controllers/cronbackup-example.yaml?raw';
import { act, focusController } from '../connection/sim-connection.ts';
import { useSim } from '../state/sim-store.ts';
import { installMarkers, runtimeMarkers } from './program-markers.ts';

const ControllerCodeEditor = lazy(() => import('./controller-code-editor.tsx'));
/** "Test my controller" (the bug hunter, src/ui/hunt): a chunk of its own, loaded with the tab. */
const TestMyController = lazy(() => import('../hunt/test-my-controller.tsx').then((m) => ({ default: m.TestMyController })));

const TEMPLATES: Record<string, string> = {
  'CronBackup operator': cronbackup,
  'ConfigMap → Deployment "app" operator': configmapApp,
  'Buggy: non-idempotent create': buggyNonIdempotent,
  'Buggy: trusts a stale cache': buggyStaleDelete,
  'Buggy: status from spec': buggyStatusFromSpec,
  'Buggy: no owner reference': buggyNoOwner,
  'Buggy: edge-triggered': buggyEdgeTriggered,
};

/** The program's declared name, read as the install's trace line reads it (for focusing after an install). */
function declaredName(source: string): string | null {
  return /\bname\s*:\s*['"`]([-a-z0-9]{1,63})['"`]/.exec(source)?.[1] ?? null;
}

export default function ControllerPanel() {
  const [source, setSource] = useState(cronbackup);
  const [installed, setInstalled] = useState<{ name: string; at: number } | null>(null);
  const [installErrors, setInstallErrors] = useState<Array<{ line: number; column: number; message: string }>>([]);
  const [output, setOutput] = useState<{ ok: boolean; lines: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const logs = useSim((s) => (installed && s.focus?.name === installed.name ? s.focus.logs : undefined));
  const lineCount = useMemo(() => source.split('\n').length, [source]);
  const markers = useMemo(
    () => [...installMarkers(installErrors, lineCount), ...(installed && logs ? runtimeMarkers(logs, installed.at, lineCount) : [])],
    [installErrors, installed, logs, lineCount],
  );

  const install = useCallback(async () => {
    setBusy(true);
    try {
      const at = useSim.getState().now;
      const r = await act({ type: 'install-controller', source });
      setInstallErrors(r.errors);
      setOutput({ ok: r.ok, lines: r.messages.length ? r.messages : [r.ok ? 'installed' : 'not installed'] });
      const name = r.ok ? declaredName(source) : null;
      if (name) {
        setInstalled({ name, at });
        useSim.getState().select({ type: 'controller', name });
        focusController(name);
      }
    } finally {
      setBusy(false);
    }
  }, [source]);

  const applyExample = useCallback(async () => {
    const r = await act({ type: 'apply', manifests: cronBackupExample });
    setOutput({ ok: r.ok, lines: r.messages });
  }, []);

  const fallback = <textarea className="editor-fallback" value={source} onChange={(e) => setSource(e.target.value)} aria-label="Controller source (editor loading)" />;
  return (
    <section className="editor-panel controller-panel" aria-label="Controller">
      <header>
        <h2>Controller</h2>
        <div className="actions">
          <select
            aria-label="Controller template"
            value=""
            onChange={(e) => {
              const t = TEMPLATES[e.target.value];
              if (t !== undefined) {
                setSource(t);
                setInstallErrors([]);
              }
            }}
          >
            <option value="">Templates…</option>
            {Object.keys(TEMPLATES).map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
          <button onClick={applyExample} title="kubectl apply: the CronBackup CustomResourceDefinition and one CronBackup">
            Apply the CronBackup CRD and an example
          </button>
          <button className="primary" onClick={install} disabled={busy} title="Install (Ctrl+Enter): the same name again replaces it">
            Install
          </button>
        </div>
      </header>
      <div className="editor-host">
        <Suspense fallback={fallback}>
          <ControllerCodeEditor
            value={source}
            onChange={(v) => {
              setSource(v);
              if (installErrors.length) setInstallErrors([]);
            }}
            onInstall={install}
            markers={markers}
          />
        </Suspense>
      </div>
      {output && (
        <pre className={`kubectl-output ${output.ok ? 'ok' : 'error'}`} aria-live="polite" data-testid="install-output">
          {output.lines.join('\n')}
        </pre>
      )}
      <Suspense fallback={null}>
        <TestMyController controller={declaredName(source) ?? 'controller'} source={source} />
      </Suspense>
    </section>
  );
}
