/**
 * What both Monaco editors of the page (the YAML editor and the Controller tab's) keep in step with React: the text
 * a prop gives (pushed as one undoable edit, with `syncing` set so the editor's own change listener ignores it) and
 * the markers (under the page's one marker owner).
 */
import { useEffect, type RefObject } from 'react';
import type { EditorMarker } from './markers.ts';
import { toMonacoMarker } from './monaco-markers.ts';
import { monaco } from './monaco-setup.ts';

/** The owner of the page's markers on a model, so setting them never clears monaco-yaml's. */
const MARKER_OWNER = 'loopscope';

export function useModelSync(
  editorRef: RefObject<monaco.editor.IStandaloneCodeEditor | null>,
  syncing: { current: boolean },
  value: string,
  markers: readonly EditorMarker[],
): void {
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || model.getValue() === value) return;
    syncing.current = true;
    try {
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
    } finally {
      syncing.current = false;
    }
  }, [value]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model) monaco.editor.setModelMarkers(model, MARKER_OWNER, markers.map(toMonacoMarker));
  }, [markers]);
}
