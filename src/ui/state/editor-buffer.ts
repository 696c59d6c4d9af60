/**
 * The editor's text as the user has typed it (what `kubectl apply -f desired-state.yaml` in the console applies), and
 * the object `kubectl edit` opened in it, if any: while one is open, the editor's Save sends the text back as
 * `kubectl edit` does when its editor closes.
 */
import { create } from 'zustand';
import type { ObjectRef } from '../../worker/protocol.ts';
import { DEFAULT_MANIFESTS } from '../default-demo.ts';
import { useDesiredText } from './desired-text.ts';

/** The file name under which the console sees the editor's text. */
export const EDITOR_FILE = 'desired-state.yaml';

export type EditedObject = Pick<ObjectRef, 'apiVersion' | 'kind' | 'namespace' | 'name'>;

interface EditorBuffer {
  text: string;
  /** The object `kubectl edit` opened in the editor (null: the editor holds desired state to apply). */
  editing: EditedObject | null;
  setText: (text: string) => void;
  /** `kubectl edit`: show the live object in the editor, to be saved with kubectlEditSave. */
  startEdit: (ref: EditedObject, yaml: string) => void;
  endEdit: () => void;
}

export const useEditorBuffer = create<EditorBuffer>((set) => ({
  text: DEFAULT_MANIFESTS,
  editing: null,
  setText: (text) => set({ text }),
  startEdit: (ref, yaml) => {
    set({ editing: ref, text: yaml });
    const what = `${ref.kind.toLowerCase()}/${ref.name}`;
    useDesiredText.getState().show(yaml, `kubectl edit ${what}`, `kubectl edit: the live ${what} is in the editor. Save applies your changes as kubectl edit does; Cancel discards them.`);
  },
  endEdit: () => set({ editing: null }),
}));
