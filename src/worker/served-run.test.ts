import { describe, expect, it } from 'vitest';
import { MAX_FEED_LINE, parseFeedLine, readLines, servedBase } from './served-run.ts';

const stream = (...chunks: string[]) => new Blob(chunks).stream();

describe('readLines', () => {
  it('hands over each non-blank line, across chunk boundaries, until the callback stops it', async () => {
    const lines: string[] = [];
    expect(await readLines(stream('a\n\nb', 'c\nd\n'), (l) => (lines.push(l), true))).toBe('ended');
    expect(lines).toEqual(['a', 'bc', 'd']);
    const seen: string[] = [];
    expect(await readLines(stream('1\n2\n3\n'), (l) => (seen.push(l), l !== '2'))).toBe('stopped');
    expect(seen).toEqual(['1', '2']);
  });

  it('refuses a line past the bound', async () => {
    await expect(readLines(stream('x'.repeat(MAX_FEED_LINE + 1)), () => true)).rejects.toThrow(/longer than/);
  });
});

describe('feed lines and addresses', () => {
  it('reads a recipe and an advance, and says what else is not a feed', () => {
    expect(parseFeedLine('{"type":"recipe","recipe":{"version":1}}')).toEqual({ type: 'recipe', recipe: { version: 1 } });
    expect(parseFeedLine('{"type":"advance","step":3,"time":10,"inputs":[]}')).toEqual({ type: 'advance', step: 3, time: 10, inputs: [] });
    expect(parseFeedLine('{"type":"advance","step":-1,"time":10,"inputs":[]}')).toMatch(/neither/);
    expect(parseFeedLine('nope')).toMatch(/not JSON/);
    expect(servedBase('http://127.0.0.1:16443/some/path')).toEqual({ ok: true, url: 'http://127.0.0.1:16443' });
    expect(servedBase('http://u:p@127.0.0.1:1')).toMatchObject({ ok: false });
  });
});
