/** The top bar's "Present" button: presenter mode on and off (also the key 'p', and `?present` in the address). */
import { togglePresenting, usePresenting } from './presenting.ts';

export function PresentButton() {
  const on = usePresenting((s) => s.on);
  return (
    <button
      className={`present-button ${on ? 'on' : ''}`}
      aria-pressed={on}
      onClick={(e) => {
        togglePresenting();
        // Not left focused: the space a presenter then presses to play would press this button and leave presenter mode.
        e.currentTarget.blur();
      }}
      title="Presenter mode (p): large type, the idle loops folded, the lesson as a caption; b blanks the screen"
      data-testid="present-button"
    >
      Present
    </button>
  );
}
