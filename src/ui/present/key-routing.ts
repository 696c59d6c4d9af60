/**
 * Which key does what, as a pure function of the key, where it was pressed and what the page is doing (keyboard.ts
 * obeys the answer). Pure so the table is tested whole.
 *
 * A presenter's clicker is a keyboard: it sends PageDown/PageUp (forward/back), and on its "blank" button '.' or 'b'
 * (Logitech's and Kensington's send one or the other), some arrows. Those keys must move the talk on whatever has the
 * focus: a clicked `<select>` (the scenario picker) or a range `<input>` (the speed slider) would otherwise take
 * PageDown as "next option"/"more speed" and restart the simulation or change its speed. So for controls that keys
 * would change (select, range, button, checkbox, radio) keyboard.ts listens in the capture phase on window and the
 * control never sees them. Where the user types (a text field, the Monaco editor, the kubectl terminal) every key is
 * theirs. The objects list's rows keep ArrowUp/ArrowDown (they move between rows), and a radio group (a lesson
 * question's choices) keeps its arrows: they are the only way a keyboard moves between its choices (Tab enters and
 * leaves the group), whereas a select opens with space or Enter and a clicker has no reason to be on a radio.
 *
 * Decisions:
 * - PageDown in a lesson is the lesson's Next when Next is enabled (the talk moves to the next step), otherwise one
 *   step of the timeline (a step that waits for an answer or a task still lets the presenter show time moving);
 *   PageUp likewise the lesson's Back, else a step back. ArrowDown/ArrowUp do as PageDown/PageUp (clickers that send
 *   them), ArrowRight/ArrowLeft always step the timeline (shift: ten steps).
 * - '.' and space play/pause, as before. 'b' is PowerPoint's key for a black screen, so in presenter mode 'b' blanks the
 *   screen (play/pause stays on '.' and space); outside presenter mode 'b' keeps playing/pausing, as it always did.
 *   '.' is not made the blank key though some clickers send it for "blank": it is what the page has long used for
 *   play/pause, and a presenter who pauses by accident loses less than one who blacks out the room.
 * - 'p' turns presenter mode on and off.
 * - While the screen is blank, any key (modifiers alone excepted) only ends it, as PowerPoint does.
 * - Space on a focused button, checkbox, radio or select is the control's own (press it): it is no clicker key.
 */

/** Where a key was pressed, as far as routing cares. */
export type KeyTarget =
  /** A text field, a textarea, something contenteditable, the Monaco editor or the kubectl terminal. */
  | 'typing'
  | 'select'
  | 'range'
  /** A button or checkbox. */
  | 'button'
  /** A radio button (a lesson question's choices): the arrows move between the choices, as the objects list's rows. */
  | 'radio'
  /** A row of the objects list (it moves between rows with ArrowUp/ArrowDown). */
  | 'row'
  | 'other';

export interface KeyContext {
  key: string;
  /** The key is held down (the browser's auto-repeat). */
  repeat?: boolean;
  shift: boolean;
  /** Ctrl, Meta or Alt held: a shortcut of the browser's or the system's, never ours. */
  command: boolean;
  target: KeyTarget;
  presenting: boolean;
  blank: boolean;
  lesson: { canNext: boolean; canBack: boolean } | null;
}

export type KeyAction =
  | { type: 'none' }
  | { type: 'playPause' }
  | { type: 'step'; count: number }
  | { type: 'stepBack'; count: number }
  | { type: 'lessonNext' }
  | { type: 'lessonBack' }
  | { type: 'blank' }
  | { type: 'unblank' }
  | { type: 'togglePresenting' };

/** What to do, and whether the key is ours (then the page calls preventDefault and stopPropagation). */
export interface KeyRoute {
  action: KeyAction;
  /** The key is taken: no control and no browser default sees it. */
  take: boolean;
}

const NOTHING: KeyAction = { type: 'none' };
const LEAVE: KeyRoute = { action: NOTHING, take: false };
const take = (action: KeyAction): KeyRoute => ({ action, take: true });

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn', 'OS']);

/** The routing table; see the file's comment for the decisions. */
export function routeKey(k: KeyContext): KeyRoute {
  // The blank screen hides everything, a focused field too: the first key only brings the page back.
  if (k.blank) return MODIFIERS.has(k.key) ? LEAVE : take({ type: 'unblank' });
  if (k.target === 'typing') return LEAVE;
  if (k.command) return LEAVE;
  const count = k.shift ? 10 : 1;
  // A held key steps the timeline again and again, but moves a lesson one step only: each step restarts the cluster.
  const forward = (): KeyRoute => take(k.lesson?.canNext ? (k.repeat ? NOTHING : { type: 'lessonNext' }) : { type: 'step', count });
  const back = (): KeyRoute => take(k.lesson?.canBack ? (k.repeat ? NOTHING : { type: 'lessonBack' }) : { type: 'stepBack', count });
  switch (k.key) {
    case 'PageDown':
      return forward();
    case 'PageUp':
      return back();
    case 'ArrowDown':
      return k.target === 'row' || k.target === 'radio' ? LEAVE : forward();
    case 'ArrowUp':
      return k.target === 'row' || k.target === 'radio' ? LEAVE : back();
    case 'ArrowRight':
      return k.target === 'radio' ? LEAVE : take({ type: 'step', count });
    case 'ArrowLeft':
      return k.target === 'radio' ? LEAVE : take({ type: 'stepBack', count });
    case '.':
      return take({ type: 'playPause' });
    case ' ':
      return k.target === 'other' || k.target === 'range' ? take({ type: 'playPause' }) : LEAVE;
    case 'b':
    case 'B':
      return take(k.presenting ? { type: 'blank' } : { type: 'playPause' });
    case 'p':
    case 'P':
      return take({ type: 'togglePresenting' });
    default:
      return LEAVE;
  }
}

/** The kind of element a key event's target is (DOM, but only reading tag names, types and classes). */
export function keyTargetOf(target: EventTarget | null): KeyTarget {
  const el = target as (Element & { isContentEditable?: boolean; type?: string }) | null;
  if (!el || typeof el.tagName !== 'string') return 'other';
  if (el.isContentEditable || el.closest?.('.monaco-editor, .xterm')) return 'typing';
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA') return 'typing';
  if (tag === 'SELECT') return 'select';
  if (tag === 'INPUT') {
    const type = (el.type ?? 'text').toLowerCase();
    if (type === 'range') return 'range';
    if (type === 'radio') return 'radio';
    if (type === 'checkbox' || type === 'button' || type === 'submit' || type === 'reset') return 'button';
    return 'typing';
  }
  if (el.closest?.('[data-row]')) return 'row';
  if (tag === 'BUTTON' || el.getAttribute?.('role') === 'button' || el.getAttribute?.('role') === 'tab') return 'button';
  return 'other';
}
