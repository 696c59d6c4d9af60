/**
 * The controller editor: Monaco in TypeScript mode with the controller API's types (controllers/controller-api.d.ts),
 * so completion and type errors work as the user writes; markers from outside (compile and runtime errors of the
 * installed program) on their lines; Ctrl/Cmd+Enter installs.
 *
 * Lazy: this module (Monaco's TypeScript language and its worker, several MB) loads only when the Controller tab is
 * opened (editor-panel.tsx), never for the first frame.
 */
import { useEffect, useRef } from 'react';
import 'monaco-editor/languages/definitions/typescript/register';
import { typescriptDefaults } from 'monaco-editor/languages/features/typescript/register';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import apiTypes from '../../../controllers/controller-api.d.ts?raw';
import type { EditorMarker } from '../editor/markers.ts';
import { useModelSync } from '../editor/use-model-sync.ts';
import { monaco, setupMonaco } from '../editor/monaco-setup.ts';

const MODEL_URI = 'file:///controller.ts';
let typescriptReady = false;

/** Monaco set up (YAML's workers), plus TypeScript's worker and the controller API as the only library. */
function setupTypeScript(): void {
  setupMonaco();
  if (typescriptReady) return;
  typescriptReady = true;
  const env = (globalThis as { MonacoEnvironment?: monaco.Environment }).MonacoEnvironment;
  const previous = env?.getWorker?.bind(env);
  (globalThis as { MonacoEnvironment?: monaco.Environment }).MonacoEnvironment = {
    ...env,
    getWorker: (workerId: string, label: string) => (label === 'typescript' || label === 'javascript' ? new TsWorker() : previous!(workerId, label)),
  };
  // The sandbox has no DOM, no Node and no module loader: the language's own library and the controller API only.
  typescriptDefaults.setCompilerOptions({ target: 99, module: 99, strict: true, noEmit: true, lib: ['es2022'], allowNonTsExtensions: true });
  typescriptDefaults.addExtraLib(apiTypes, 'file:///controller-api.d.ts');
}

export interface ControllerCodeEditorProps {
  value: string;
  onChange(value: string): void;
  /** Ctrl+Enter (Cmd+Enter on macOS). */
  onInstall(): void;
  markers: readonly EditorMarker[];
}

export default function ControllerCodeEditor(props: ControllerCodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const syncing = useRef(false);

  useEffect(() => {
    setupTypeScript();
    const uri = monaco.Uri.parse(MODEL_URI);
    monaco.editor.getModel(uri)?.dispose();
    const model = monaco.editor.createModel(latest.current.value, 'typescript', uri);
    const editor = monaco.editor.create(hostRef.current!, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      tabSize: 2,
      fontSize: 14,
      theme: 'vs-dark',
      ariaLabel: 'Controller source (TypeScript)',
      fixedOverflowWidgets: true,
    });
    editorRef.current = editor;
    const changes = model.onDidChangeContent(() => {
      if (!syncing.current) latest.current.onChange(model.getValue());
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => latest.current.onInstall());
    return () => {
      changes.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
  }, []);

  useModelSync(editorRef, syncing, props.value, props.markers);

  return <div ref={hostRef} style={{ width: '100%', height: '100%', minHeight: 120 }} />;
}
