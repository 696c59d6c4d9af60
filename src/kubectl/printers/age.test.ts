/** Cases from apimachinery `pkg/util/duration/duration_test.go` (TestHumanDuration, TestShortHumanDuration). */
import { describe, expect, test } from 'vitest';
import { humanDuration, shortHumanDuration, translateTimestampSince } from './age.ts';
import { rfc3339 } from '../../sim/engine/clock.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('humanDuration (duration.HumanDuration)', () => {
  test.each([
    [S, '1s'], [70 * S, '70s'], [190 * S, '3m10s'], [70 * M, '70m'], [47 * H, '47h'], [49 * H, '2d1h'],
    [(8 * 24 + 2) * H, '8d'], [367 * D, '367d'], [365 * 2 * D + 25 * D, '2y25d'], [365 * 8 * D + 2 * D, '8y'],
    [0, '0s'], [-999, '0s'], [-1999, '0s'], [-2000, '<invalid>'], [119 * S, '119s'], [120 * S, '2m'], [150 * S, '2m30s'],
    [10 * M, '10m'], [179 * M, '179m'], [3 * H, '3h'], [3 * H + 5 * M, '3h5m'], [8 * H, '8h'], [2 * D + 3 * H, '2d3h'],
  ])('%d ms → %s', (ms, want) => expect(humanDuration(ms)).toBe(want));
});

describe('shortHumanDuration (duration.ShortHumanDuration)', () => {
  test.each([
    [S, '1s'], [59 * S, '59s'], [60 * S, '1m'], [59 * M, '59m'], [H, '1h'], [23 * H, '23h'], [24 * H, '1d'], [364 * D, '364d'], [365 * D, '1y'], [-2000, '<invalid>'], [-1000, '0s'],
  ])('%d ms → %s', (ms, want) => expect(shortHumanDuration(ms)).toBe(want));
});

describe('translateTimestampSince', () => {
  test('an absent or unparsable time is <unknown>', () => {
    expect(translateTimestampSince(0, undefined)).toBe('<unknown>');
    expect(translateTimestampSince(0, 'yesterday')).toBe('<unknown>');
    expect(translateTimestampSince(0, 42)).toBe('<unknown>');
  });
  test('ages against virtual time', () => {
    expect(translateTimestampSince(95_000, rfc3339(5_000))).toBe('90s');
    expect(translateTimestampSince(3 * H + 5 * M + 10 * S, rfc3339(0))).toBe('3h5m');
  });
});
