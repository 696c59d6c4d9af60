/**
 * The manifest editor: Monaco with YAML completion, hover and validation against the Kubernetes schemas, the
 * api-server's errors shown on their lines, and Ctrl/Cmd+Enter to apply.
 *
 * Load it lazily so Monaco stays out of the first paint:
 * `const YamlEditor = React.lazy(() => import('./editor/yaml-editor.tsx'))`.
 */
import { useEffect, useRef } from 'react';
import { overRequestLimit } from './request-limit.ts';
import type { EditorMarker } from './markers.ts';
import { useModelSync } from './use-model-sync.ts';
import { monaco, newManifestUri, setupMonaco } from './monaco-setup.ts';

export interface YamlEditorProps {
  /** The text; the editor follows changes to it (keeping the user's undo stack). */
  value: string;
  onChange(value: string): void;
  /** Ctrl+Enter (Cmd+Enter on macOS). */
  onApply(): void;
  /** Markers from outside the editor (api-server errors: see markers.ts); the schema's own markers come on their own. */
  markers: readonly EditorMarker[];
  readOnly?: boolean;
  fontSize?: number;
  theme?: 'light' | 'dark';
  /**
   * A paste over the api-server's request limit was refused before the editor took it (request-limit.ts): Monaco
   * would spend seconds on tens of megabytes, and the api-server would refuse them anyway. The message says why.
   */
  onRefusedPaste?(message: string): void;
  /** Called once with the Monaco editor (for tests and for callers that need more than these props). */
  onMount?(editor: monaco.editor.IStandaloneCodeEditor): void;
  className?: string;
  ariaLabel?: string;
}

export default function YamlEditor(props: YamlEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const latest = useRef(props);
  latest.current = props;
  // Set while the component itself writes `value` into the model, so that write is not echoed as onChange.
  const syncing = useRef(false);

  useEffect(() => {
    setupMonaco();
    const p = latest.current;
    const model = monaco.editor.createModel(p.value, 'yaml', newManifestUri());
    const editor = monaco.editor.create(hostRef.current!, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      tabSize: 2,
      readOnly: p.readOnly ?? false,
      fontSize: p.fontSize ?? 13,
      theme: p.theme === 'dark' ? 'vs-dark' : 'vs',
      ariaLabel: p.ariaLabel ?? 'Kubernetes manifest (YAML)',
      quickSuggestions: { other: true, comments: false, strings: true },
      fixedOverflowWidgets: true,
    });
    editorRef.current = editor;
    const changes = model.onDidChangeContent(() => {
      if (!syncing.current) latest.current.onChange(model.getValue());
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => latest.current.onApply());
    // In the capture phase, before Monaco's own handler sees the text.
    const host = hostRef.current!;
    const onPaste = (e: ClipboardEvent) => {
      const text = e.clipboardData?.getData('text/plain') ?? '';
      const refused = overRequestLimit(text);
      if (!refused) return;
      e.preventDefault();
      e.stopPropagation();
      latest.current.onRefusedPaste?.(refused.replace('nothing was sent', 'nothing was pasted'));
    };
    host.addEventListener('paste', onPaste, true);
    p.onMount?.(editor);
    return () => {
      host.removeEventListener('paste', onPaste, true);
      changes.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
  }, []);

  useModelSync(editorRef, syncing, props.value, props.markers);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: props.readOnly ?? false, fontSize: props.fontSize ?? 13 });
  }, [props.readOnly, props.fontSize]);

  useEffect(() => {
    monaco.editor.setTheme(props.theme === 'dark' ? 'vs-dark' : 'vs');
  }, [props.theme]);

  return <div ref={hostRef} className={props.className} style={{ width: '100%', height: '100%', minHeight: 120 }} />;
}
