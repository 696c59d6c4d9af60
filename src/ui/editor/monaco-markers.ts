/** `EditorMarker` (markers.ts, Monaco-free) to Monaco's marker data. */
import type { EditorMarker } from './markers.ts';
import { monaco } from './monaco-setup.ts';

const SEVERITY: Record<EditorMarker['severity'], monaco.MarkerSeverity> = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
};

/** An `EditorMarker` as Monaco takes it. */
export function toMonacoMarker(m: EditorMarker): monaco.editor.IMarkerData {
  return {
    startLineNumber: m.startLineNumber,
    startColumn: m.startColumn,
    endLineNumber: m.endLineNumber,
    endColumn: m.endColumn,
    message: m.message,
    severity: SEVERITY[m.severity],
    ...(m.source ? { source: m.source } : {}),
  };
}
