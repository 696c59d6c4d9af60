/**
 * Keyboard and presenter-clicker control. Clickers send PageDown/PageUp (and sometimes '.', 'b' or F5 for "blank"):
 * forward steps, back steps back, '.' or 'b' plays/pauses. Keys are ignored while typing in the editor or a field.
 */
import { useEffect } from 'react';
import { useSim } from './state/sim-store.ts';
import { pause, play, stepBack, stepForward } from './connection/sim-connection.ts';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || !!el.closest?.('.monaco-editor');
}

export function useKeyboard(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const { playing } = useSim.getState();
      switch (e.key) {
        case ' ':
        case '.':
        case 'b':
          e.preventDefault();
          if (playing) pause();
          else play();
          return;
        case 'ArrowRight':
        case 'PageDown':
          e.preventDefault();
          stepForward(e.shiftKey ? 10 : 1);
          return;
        case 'ArrowLeft':
        case 'PageUp':
          e.preventDefault();
          stepBack(e.shiftKey ? 10 : 1);
          return;
        default:
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
