/**
 * The YAML the editor should show when the cluster is restarted from the lesson picker: the lesson's manifests, or the
 * playground's. Each `show` bumps `version`, so the editor replaces its text once per restart and never on its own
 * re-renders (what the user types stays until the next restart).
 */
import { create } from 'zustand';
import { DEFAULT_MANIFESTS } from '../default-demo.ts';

interface DesiredText {
  text: string;
  /** What the text is, for the line under the editor: "lesson rolling-update-surge", "the playground". */
  source: string;
  /** 0 until the first `show`: the editor starts with the playground's text and no message. */
  version: number;
  /** The line shown under the editor with the text (default: what the restart applied). */
  note?: string;
  show: (text: string, source: string, note?: string) => void;
}

export const useDesiredText = create<DesiredText>((set) => ({
  text: DEFAULT_MANIFESTS,
  source: 'the playground',
  version: 0,
  show: (text, source, note) => set((s) => ({ text, source, note, version: s.version + 1 })),
}));
