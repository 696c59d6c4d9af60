/**
 * The editor column's two tabs: YAML (the desired state) and Controller (a user-written controller,
 * ../controller-editor/, loaded with Monaco's TypeScript worker only when the tab is first opened; both stay mounted
 * once opened, so what was typed is kept).
 *
 * Desired state, as YAML: the Monaco editor (lazy-loaded, in its own chunk, once the first frame is shown), Apply (server-side apply as field
 * manager "kubectl"), kubectl's answer underneath, and every error put on the line it is about. Nothing is applied
 * when any document is invalid.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { act, inspect, kubectlEditSave } from '../connection/sim-connection.ts';
import { useEditorBuffer } from '../state/editor-buffer.ts';
import { overRequestLimit } from '../editor/request-limit.ts';
import { useSim } from '../state/sim-store.ts';
import type { EditorMarker } from '../editor/markers.ts';
import { DEFAULT_MANIFESTS } from '../default-demo.ts';
import { registerCustomResourceSchema } from '../editor/custom-resource-schemas.ts';
import { preloadAfterFirstFrame, useAfterFirstFrame } from '../state/after-first-frame.ts';
import { useDesiredText } from '../state/desired-text.ts';

const YamlEditor = lazy(() => import('../editor/yaml-editor.tsx'));
const ControllerPanel = lazy(() => import('../controller-editor/controller-panel.tsx'));
/** Markers, CRD schemas and YAML output, with the yaml library: not needed before the user acts (see yaml-tools.ts). */
const loadYamlTools = () => import('./yaml-tools.ts');
preloadAfterFirstFrame(loadYamlTools);

/** Text up to this many characters is also parsed on the page for its syntax markers (well under 100 ms). */
const MAIN_THREAD_PARSE_LIMIT = 256 * 1024;

/** The YAML tools, or null after `say`ing why they could not load (`then`: what that means for what the user did). */
async function yamlToolsOr(say: (output: { ok: false; lines: string[] }) => void, then: string) {
  try {
    return await loadYamlTools();
  } catch (e) {
    say({ ok: false, lines: [`error: the page could not load its YAML code (${(e as Error).message}); ${then}`] });
    return null;
  }
}

export function EditorPanel() {
  const [tab, setTab] = useState<'yaml' | 'controller'>('yaml');
  const [controllerOpened, setControllerOpened] = useState(false);
  return (
    <>
      <div className="tab-bar" role="tablist" aria-label="Editor">
        <button role="tab" aria-selected={tab === 'yaml'} className={tab === 'yaml' ? 'on' : ''} onClick={() => setTab('yaml')}>
          YAML
        </button>
        <button
          role="tab"
          aria-selected={tab === 'controller'}
          className={tab === 'controller' ? 'on' : ''}
          onClick={() => {
            setTab('controller');
            setControllerOpened(true);
          }}
        >
          Controller
        </button>
      </div>
      <div className="left-editor" hidden={tab !== 'yaml'}>
        <DesiredStatePanel />
      </div>
      {controllerOpened && (
        <div className="left-editor" hidden={tab !== 'controller'}>
          <Suspense fallback={<p className="hint">Loading the controller editor…</p>}>
            <ControllerPanel />
          </Suspense>
        </div>
      )}
    </>
  );
}

function DesiredStatePanel() {
  const [text, setText] = useState(DEFAULT_MANIFESTS);
  const [markers, setMarkers] = useState<EditorMarker[]>([]);
  const [output, setOutput] = useState<{ ok: boolean; lines: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  // Only the selected object's summary: the panel (and Monaco) need not re-render for every frame's objects.
  const selected = useSim((s) => (s.selection?.type === 'object' ? s.objects.get(s.selection.key) : undefined));
  // Monaco (about 1 MB of script to compile) loads once the simulation is seen moving; a plain text area stands in.
  const editorWanted = useAfterFirstFrame();
  // A restart from the lesson picker: show what the cluster now plays (the lesson's manifests).
  const desired = useDesiredText();
  useEffect(() => {
    if (desired.version === 0) return;
    setText(desired.text);
    setMarkers([]);
    setOutput({ ok: true, lines: [desired.note ?? (desired.text ? `${desired.source}: the manifests it applied at 0 s` : `${desired.source} applies no manifests at 0 s`)] });
    if (!desired.note) useEditorBuffer.getState().endEdit();
  }, [desired.version]); // once per restart: `text` and `source` change only with it

  // The console's `kubectl apply -f desired-state.yaml` reads what is typed here.
  useEffect(() => useEditorBuffer.getState().setText(text), [text]);
  const editing = useEditorBuffer((s) => s.editing);

  /** `kubectl edit`'s save: the edited object goes back as kubectl edit sends it; its answer is shown below. */
  const saveEdit = useCallback(async () => {
    if (!editing) return;
    setBusy(true);
    try {
      const r = await kubectlEditSave(editing, text);
      setOutput({ ok: r.exitCode === 0, lines: `${r.stdout}${r.stderr}`.trimEnd().split('\n') });
      if (r.exitCode === 0) useEditorBuffer.getState().endEdit();
    } finally {
      setBusy(false);
    }
  }, [editing, text]);

  const apply = useCallback(async () => {
    if (editing) return saveEdit();
    const tooLarge = overRequestLimit(text);
    if (tooLarge) return setOutput({ ok: false, lines: tooLarge.split('\n') });
    setBusy(true);
    try {
      const tools = await yamlToolsOr(setOutput, 'nothing was applied');
      if (!tools) return;
      const { syntaxMarkers, statusMarkers, crdSchemasIn } = tools;
      // Small texts are checked here, with every syntax error marked; a large one is parsed only in the worker (its
      // errors come back with their lines), so the page never spends a long task parsing megabytes.
      const syntax = text.length <= MAIN_THREAD_PARSE_LIMIT ? syntaxMarkers(text) : [];
      if (syntax.length) {
        setMarkers(syntax);
        setOutput({ ok: false, lines: ['error: the YAML has syntax errors (marked in the editor); nothing was applied'] });
        return;
      }
      const r = await act({ type: 'apply', manifests: text });
      const failed = r.results.filter((x) => x.status && x.index !== undefined).map((x) => ({ documentIndex: x.index!, status: x.status! }));
      const inputErrors: EditorMarker[] = r.errors
        .filter((e) => e.line > 0)
        .map((e) => ({ startLineNumber: e.line, startColumn: e.column || 1, endLineNumber: e.line, endColumn: 1000, message: e.message, severity: 'error' as const, source: 'kubectl' }));
      setMarkers([...statusMarkers(text, failed), ...inputErrors]);
      setOutput({ ok: r.ok, lines: r.ok ? r.messages : [...r.messages, 'nothing was applied'] });
      // A CRD just became served: the editor now validates and completes its custom resources too.
      if (r.ok) for (const c of crdSchemasIn(text)) registerCustomResourceSchema(c.group, c.version, c.kind, c.schema);
    } finally {
      setBusy(false);
    }
  }, [text, editing, saveEdit]);

  const loadLive = useCallback(async () => {
    if (!selected) return;
    const r = await inspect({ apiVersion: selected.apiVersion, kind: selected.kind, namespace: selected.namespace, name: selected.name });
    const o = r?.object as { apiVersion: string; kind: string; metadata: Record<string, unknown>; spec?: unknown; data?: unknown } | null;
    if (!o) return;
    const { name, namespace, labels, annotations } = o.metadata as Record<string, unknown>;
    const meta: Record<string, unknown> = { name };
    if (namespace) meta.namespace = namespace;
    if (labels) meta.labels = labels;
    if (annotations) meta.annotations = annotations;
    const live: Record<string, unknown> = { apiVersion: o.apiVersion, kind: o.kind, metadata: meta };
    if (o.spec !== undefined) live.spec = o.spec;
    if (o.data !== undefined) live.data = o.data;
    const tools = await yamlToolsOr(setOutput, 'reload the page');
    if (!tools) return;
    setText(tools.stringify(live));
    setMarkers([]);
    setOutput({ ok: true, lines: [`loaded the live ${o.kind.toLowerCase()}/${name} (spec only: status belongs to its controller)`] });
  }, [selected]);

  const fallback = (
    <textarea
      className="editor-fallback"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onPaste={(e) => {
        const refused = overRequestLimit(e.clipboardData.getData('text/plain'));
        if (!refused) return;
        e.preventDefault();
        setOutput({ ok: false, lines: refused.replace('nothing was sent', 'nothing was pasted').split('\n') });
      }}
      aria-label="YAML (editor loading)"
    />
  );
  return (
    <section className="editor-panel" aria-label="Desired state">
      <header>
        <h2>Desired state</h2>
        <div className="actions">
          {selected && (
            <button className="edit-live" onClick={loadLive} title={`Load the live ${selected.kind.toLowerCase()}/${selected.name} (its current spec) into the editor`}>
              <span className="edit-live-text">
                <span>Edit {selected.kind.toLowerCase()}</span>
                <span>/{selected.name}</span>
              </span>
            </button>
          )}
          {editing && (
            <button onClick={() => { useEditorBuffer.getState().endEdit(); setOutput({ ok: true, lines: ['Edit cancelled, no changes made.'] }); }}>
              Cancel edit
            </button>
          )}
          <button className="primary" onClick={apply} disabled={busy} data-testid="apply" title={editing ? 'Save: kubectl edit applies your changes (Ctrl+Enter)' : 'kubectl apply (Ctrl+Enter)'}>
            {editing ? 'Save edit' : 'Apply'}
          </button>
        </div>
      </header>
      <div className="editor-host" data-testid="editor-host">
        {editorWanted ? (
          <Suspense fallback={fallback}>
            <YamlEditor
              value={text}
              onChange={(v) => {
                setText(v);
                if (markers.length) setMarkers([]);
              }}
              onApply={apply}
              markers={markers}
              onRefusedPaste={(message) => setOutput({ ok: false, lines: message.split('\n') })}
              fontSize={15}
              theme="dark"
              ariaLabel="Desired state YAML"
            />
          </Suspense>
        ) : (
          fallback
        )}
      </div>
      {output && (
        <pre className={`kubectl-output ${output.ok ? 'ok' : 'error'}`} data-testid="apply-output" aria-live="polite">
          {output.lines.join('\n')}
        </pre>
      )}
    </section>
  );
}
