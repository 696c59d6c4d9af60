import { describe, expect, it } from 'vitest';
import { milliValue, parseQuantity } from './quantity.ts';

describe('parseQuantity', () => {
  it.each<[unknown, number]>([
    ['100m', 0.1],
    ['0.5', 0.5],
    ['2', 2],
    [2, 2],
    ['1Ki', 1024],
    ['1Gi', 2 ** 30],
    ['128Mi', 128 * 2 ** 20],
    ['1k', 1000],
    ['1M', 1e6],
    ['1e3', 1000],
    ['1E3', 1000],
    ['.5', 0.5],
    ['-1', -1],
    ['500n', 5e-7],
  ])('reads %s as %d', (q, v) => {
    expect(parseQuantity(q)).toBeCloseTo(v, 12);
  });

  it.each(['', 'lots', '1 Gi', '1gi', '1KiB', ' 1', '1..2', 'Gi', null, {}, Number.NaN])('rejects %s', (q) => {
    expect(parseQuantity(q)).toBeUndefined();
  });

  it('gives millicores rounded up', () => {
    expect(milliValue('100m')).toBe(100);
    expect(milliValue('0.5')).toBe(500);
    expect(milliValue('1')).toBe(1000);
    expect(milliValue('1500u')).toBe(2);
    expect(milliValue('bad')).toBeUndefined();
  });
});
