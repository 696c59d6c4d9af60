/**
 * Keyboard and presenter-clicker control: what each key does is decided by present/key-routing.ts (`routeKey`, where
 * the decisions are written down); this hook listens and obeys. It listens in the capture phase on window, so a
 * focused `<select>`, range slider, button, checkbox or radio never sees a clicker's key (a PageDown on the scenario
 * picker would switch the scenario); keys pressed while typing (a field, the editor, the terminal) are left alone.
 */
import { useEffect } from 'react';
import { useSim } from './state/sim-store.ts';
import { pause, play, stepBack, stepForward } from './connection/sim-connection.ts';
import { keyTargetOf, routeKey, type KeyAction } from './present/key-routing.ts';
import { setBlank, startPresentingFromAddress, togglePresenting, usePresenting } from './present/presenting.ts';

/** A lesson move on its way: a second press before it is done (a clicker's double click) is dropped, not a second step. */
let moving = false;

/** Lesson moves go through the lesson's own code (its chunk, already loaded while a lesson is open). */
function moveLesson(op: 'next' | 'back'): void {
  if (moving) return;
  moving = true;
  void import('./lessons/open-lesson.ts')
    .then(
      (m) => m.moveStep(op),
      (e: Error) => useSim.getState().setError(`the lesson's code could not load (${e.message})`),
    )
    .catch((e: Error) => useSim.getState().setError(`the lesson could not move ${op === 'next' ? 'on' : 'back'} (${e.message})`))
    .finally(() => (moving = false));
}

function obey(action: KeyAction): void {
  switch (action.type) {
    case 'playPause':
      if (useSim.getState().playing) pause();
      else play();
      return;
    case 'step':
      stepForward(action.count);
      return;
    case 'stepBack':
      stepBack(action.count);
      return;
    case 'lessonNext':
      moveLesson('next');
      return;
    case 'lessonBack':
      moveLesson('back');
      return;
    case 'blank':
      setBlank(true);
      return;
    case 'unblank':
      setBlank(false);
      return;
    case 'togglePresenting':
      togglePresenting();
      return;
    case 'none':
      return;
  }
}

export function useKeyboard(): void {
  useEffect(() => {
    startPresentingFromAddress();
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const { lesson } = useSim.getState();
      const { on, blank } = usePresenting.getState();
      const route = routeKey({
        key: e.key,
        repeat: e.repeat,
        shift: e.shiftKey,
        command: e.ctrlKey || e.metaKey || e.altKey,
        target: keyTargetOf(e.target),
        presenting: on,
        blank,
        lesson: lesson ? { canNext: lesson.canNext, canBack: lesson.canBack } : null,
      });
      if (!route.take) return;
      e.preventDefault();
      e.stopPropagation();
      obey(route.action);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);
}
