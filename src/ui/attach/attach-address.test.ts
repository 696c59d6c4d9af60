import { describe, expect, it } from 'vitest';
import { connectTarget } from './attach-address.ts';

const ORIGIN = 'http://127.0.0.1:16443';

describe('connectTarget', () => {
  it('asks for nothing without ?connect', () => {
    expect(connectTarget('', ORIGIN)).toBeNull();
    expect(connectTarget('?lesson=spec-vs-status', ORIGIN)).toBeNull();
  });

  it('takes ?connect alone as the page’s own origin, attached at once', () => {
    expect(connectTarget('?connect', ORIGIN)).toEqual({ address: ORIGIN, confirm: false });
    expect(connectTarget('?connect=', ORIGIN)).toEqual({ address: ORIGIN, confirm: false });
  });

  it('attaches at once to loopback addresses, and asks first for any other', () => {
    expect(connectTarget('?connect=http://localhost:16443', 'http://localhost:5173')).toEqual({ address: 'http://localhost:16443', confirm: false });
    expect(connectTarget('?connect=http%3A%2F%2F127.0.0.1%3A9000', 'https://loopscope.example')).toEqual({ address: 'http://127.0.0.1:9000', confirm: false });
    expect(connectTarget('?connect=https://evil.example', ORIGIN)).toEqual({ address: 'https://evil.example', confirm: true });
    expect(connectTarget('?connect=http://127.0.0.1.evil.example', ORIGIN)?.confirm).toBe(true);
    expect(connectTarget('?connect=javascript:alert(1)', ORIGIN)?.confirm).toBe(true);
    expect(connectTarget('?connect=not a url', ORIGIN)?.confirm).toBe(true);
  });
});
