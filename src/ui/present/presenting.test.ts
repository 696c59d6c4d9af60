import { describe, expect, it } from 'vitest';
import { presentInSearch, searchWithPresent, setBlank, setPresenting, usePresenting } from './presenting.ts';

describe('presenter mode in the address', () => {
  it('reads ?present in its spellings, and not its absence or an explicit 0', () => {
    expect(presentInSearch('?present')).toBe(true);
    expect(presentInSearch('?lesson=a&step=2&present=')).toBe(true);
    expect(presentInSearch('?present=1')).toBe(true);
    expect(presentInSearch('?present=0')).toBe(false);
    expect(presentInSearch('?lesson=a')).toBe(false);
    expect(presentInSearch('')).toBe(false);
  });

  it('adds and removes present, keeping every other parameter', () => {
    expect(searchWithPresent('', true)).toBe('?present');
    expect(searchWithPresent('?lesson=a&step=2', true)).toBe('?present&lesson=a&step=2');
    expect(searchWithPresent('?present=&lesson=a&step=2', false)).toBe('?lesson=a&step=2');
    expect(searchWithPresent('?present', false)).toBe('');
    expect(presentInSearch(searchWithPresent('?x=1', true))).toBe(true);
  });
});

describe('the blank screen', () => {
  it('exists only in presenter mode, and leaving presenter mode ends it', () => {
    setPresenting(false);
    setBlank(true);
    expect(usePresenting.getState().blank).toBe(false);
    setPresenting(true);
    setBlank(true);
    expect(usePresenting.getState().blank).toBe(true);
    setPresenting(false);
    expect(usePresenting.getState()).toEqual({ on: false, blank: false });
  });
});
