import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keyTargetOf, routeKey, type KeyContext, type KeyTarget } from './key-routing.ts';

const base: KeyContext = { key: 'PageDown', shift: false, command: false, target: 'other', presenting: false, blank: false, lesson: null };
const route = (over: Partial<KeyContext>) => routeKey({ ...base, ...over });
const CONTROLS: KeyTarget[] = ['select', 'range', 'button', 'radio'];

describe('routeKey: clicker keys on a focused control', () => {
  for (const target of CONTROLS)
    for (const key of target === 'radio' ? ['PageDown', 'PageUp', '.'] : ['PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', '.'])
      it(`takes ${key} from a focused ${target}, so the control never sees it`, () => {
        const r = route({ key, target });
        expect(r.take).toBe(true);
        expect(r.action.type).not.toBe('none');
      });

  it('PageDown on the scenario picker steps the timeline (no lesson open)', () => {
    expect(route({ key: 'PageDown', target: 'select' }).action).toEqual({ type: 'step', count: 1 });
    expect(route({ key: 'PageUp', target: 'range', shift: true }).action).toEqual({ type: 'stepBack', count: 10 });
  });

  it("'b' and 'p' on a select are taken (its type-ahead would pick another scenario)", () => {
    expect(route({ key: 'b', target: 'select' }).take).toBe(true);
    expect(route({ key: 'p', target: 'select' }).take).toBe(true);
  });

  it("a radio group keeps its arrows (a keyboard's only way between a question's choices)", () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft']) expect(route({ key, target: 'radio' }).take).toBe(false);
  });

  it('space presses a focused button, checkbox, radio or select: it is theirs', () => {
    for (const target of ['button', 'radio', 'select', 'row'] as const) expect(route({ key: ' ', target }).take).toBe(false);
    expect(route({ key: ' ', target: 'other' }).action).toEqual({ type: 'playPause' });
  });

  it("the objects list's rows keep ArrowUp/ArrowDown (they move between rows) but not PageDown", () => {
    expect(route({ key: 'ArrowDown', target: 'row' }).take).toBe(false);
    expect(route({ key: 'ArrowUp', target: 'row' }).take).toBe(false);
    expect(route({ key: 'PageDown', target: 'row' }).take).toBe(true);
  });
});

describe('routeKey: typing', () => {
  it('never takes a key while the user types (field, editor, terminal), even with presenter mode on', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.boolean(), fc.boolean(), fc.boolean(), (key, shift, command, presenting) => {
        expect(routeKey({ ...base, key, shift, command, presenting, target: 'typing' }).take).toBe(false);
      }),
      { seed: 14, numRuns: 300 },
    );
  });

  it('leaves browser and system shortcuts (ctrl, meta, alt) alone', () => {
    expect(route({ key: 'PageDown', command: true }).take).toBe(false);
    expect(route({ key: 'p', command: true }).take).toBe(false);
  });
});

describe('routeKey: the lesson', () => {
  it("PageDown is the lesson's Next when it is enabled, else a step of the timeline", () => {
    expect(route({ key: 'PageDown', target: 'select', lesson: { canNext: true, canBack: false } }).action).toEqual({ type: 'lessonNext' });
    expect(route({ key: 'PageDown', lesson: { canNext: false, canBack: true } }).action).toEqual({ type: 'step', count: 1 });
    expect(route({ key: 'ArrowDown', lesson: { canNext: true, canBack: true } }).action).toEqual({ type: 'lessonNext' });
  });

  it('a held PageDown moves the lesson once (its repeats are taken and do nothing) but keeps stepping the timeline', () => {
    const lesson = { canNext: true, canBack: true };
    expect(route({ key: 'PageDown', repeat: true, lesson })).toEqual({ action: { type: 'none' }, take: true });
    expect(route({ key: 'PageUp', repeat: true, lesson })).toEqual({ action: { type: 'none' }, take: true });
    expect(route({ key: 'PageDown', repeat: true }).action).toEqual({ type: 'step', count: 1 });
  });

  it("PageUp is the lesson's Back when it is enabled, else a step back", () => {
    expect(route({ key: 'PageUp', lesson: { canNext: false, canBack: true } }).action).toEqual({ type: 'lessonBack' });
    expect(route({ key: 'PageUp', lesson: { canNext: true, canBack: false } }).action).toEqual({ type: 'stepBack', count: 1 });
  });

  it('the arrows left and right always step the timeline', () => {
    expect(route({ key: 'ArrowRight', lesson: { canNext: true, canBack: true } }).action).toEqual({ type: 'step', count: 1 });
    expect(route({ key: 'ArrowLeft', shift: true, lesson: { canNext: true, canBack: true } }).action).toEqual({ type: 'stepBack', count: 10 });
  });
});

describe('routeKey: presenter mode and the blank screen', () => {
  it("'b' blanks the screen in presenter mode and plays/pauses outside it; '.' always plays/pauses", () => {
    expect(route({ key: 'b', presenting: true }).action).toEqual({ type: 'blank' });
    expect(route({ key: 'b', presenting: false }).action).toEqual({ type: 'playPause' });
    expect(route({ key: '.', presenting: true }).action).toEqual({ type: 'playPause' });
    expect(route({ key: ' ', presenting: true }).action).toEqual({ type: 'playPause' });
  });

  it("'p' toggles presenter mode", () => {
    expect(route({ key: 'p' }).action).toEqual({ type: 'togglePresenting' });
  });

  it('while blank, any key only ends the blank screen (a modifier alone does not)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom<KeyTarget>('typing', 'select', 'range', 'button', 'radio', 'row', 'other'), (key, target) => {
        fc.pre(!['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn', 'OS'].includes(key));
        expect(routeKey({ ...base, key, target, presenting: true, blank: true })).toEqual({ action: { type: 'unblank' }, take: true });
      }),
      { seed: 7, numRuns: 300 },
    );
    expect(route({ key: 'Shift', presenting: true, blank: true }).take).toBe(false);
  });
});

describe('keyTargetOf', () => {
  /** Just enough of an element for keyTargetOf: its tag, type, role, and which of the given selectors it is inside. */
  const el = (tagName: string, o: { type?: string; role?: string; inside?: string[]; editable?: boolean } = {}) =>
    ({
      tagName,
      type: o.type,
      isContentEditable: o.editable ?? false,
      getAttribute: (name: string) => (name === 'role' ? (o.role ?? null) : null),
      closest: (selector: string) => (selector.split(',').some((s) => o.inside?.includes(s.trim())) ? {} : null),
    }) as unknown as EventTarget;

  it('tells typing from controls from the rest', () => {
    expect(keyTargetOf(el('INPUT', { type: 'text' }))).toBe('typing');
    expect(keyTargetOf(el('INPUT', { type: 'number' }))).toBe('typing');
    expect(keyTargetOf(el('TEXTAREA', { inside: ['.xterm'] }))).toBe('typing');
    expect(keyTargetOf(el('DIV', { inside: ['.monaco-editor'] }))).toBe('typing');
    expect(keyTargetOf(el('DIV', { editable: true }))).toBe('typing');
    expect(keyTargetOf(el('SELECT'))).toBe('select');
    expect(keyTargetOf(el('INPUT', { type: 'range' }))).toBe('range');
    expect(keyTargetOf(el('INPUT', { type: 'radio' }))).toBe('radio');
    expect(keyTargetOf(el('INPUT', { type: 'checkbox' }))).toBe('button');
    expect(keyTargetOf(el('BUTTON'))).toBe('button');
    expect(keyTargetOf(el('BUTTON', { inside: ['[data-row]'] }))).toBe('row');
    expect(keyTargetOf(el('BODY'))).toBe('other');
    expect(keyTargetOf(null)).toBe('other');
  });
});
