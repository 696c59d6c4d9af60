import { describe, expect, it } from 'vitest';
import { parseTime } from '../../engine/clock.ts';
import { formatRFC1123Z, formatRFC3339In, parseGoDuration, parseStandard } from './cron-schedule.ts';

const t = (s: string): number => parseTime(s);

describe('parseStandard (robfig/cron v3 ParseStandard + Schedule.Next)', () => {
  it('next is strictly after t, at a whole second', () => {
    const s = parseStandard('0 * * * *');
    expect(s.next(t('2026-01-01T10:00:00Z'))).toBe(t('2026-01-01T11:00:00Z'));
    expect(s.next(t('2026-01-01T10:59:59Z') + 500)).toBe(t('2026-01-01T11:00:00Z'));
  });
  it('every minute', () => {
    expect(parseStandard('*/1 * * * *').next(t('2026-01-01T00:00:00Z'))).toBe(t('2026-01-01T00:01:00Z'));
  });
  it('? reads as * (never the current time)', () => {
    expect(parseStandard('0 0 * * ?').next(t('2026-01-01T00:00:00Z'))).toBe(t('2026-01-02T00:00:00Z'));
  });
  it('descriptors, @midnight included', () => {
    expect(parseStandard('@hourly').next(t('2026-01-01T00:30:00Z'))).toBe(t('2026-01-01T01:00:00Z'));
    expect(parseStandard('@midnight').next(t('2026-01-01T00:30:00Z'))).toBe(t('2026-01-02T00:00:00Z'));
    expect(() => parseStandard('@fortnightly')).toThrow('unrecognized descriptor: @fortnightly');
  });
  it('@every truncates t to the second and adds the delay (ConstantDelaySchedule)', () => {
    expect(parseStandard('@every 1h').next(t('2026-01-01T00:00:10Z') + 250)).toBe(t('2026-01-01T01:00:10Z'));
    expect(parseStandard('@every 100ms').next(t('2026-01-01T00:00:10Z'))).toBe(t('2026-01-01T00:00:11Z'));
  });
  it('TZ= evaluates the fields in that zone', () => {
    expect(parseStandard('TZ=Europe/Rome 0 9 * * *').next(t('2026-06-01T00:00:00Z'))).toBe(t('2026-06-01T07:00:00Z'));
    expect(parseStandard('CRON_TZ=America/New_York 0 9 * * *').next(t('2026-01-05T00:00:00Z'))).toBe(t('2026-01-05T14:00:00Z'));
    expect(() => parseStandard('TZ=Mars/Olympus 0 9 * * *')).toThrow('unknown time zone');
  });
  it('field count errors use robfig wording', () => {
    expect(() => parseStandard('* * * *')).toThrow('expected exactly 5 fields, found 4: [* * * *]');
  });
  it('a schedule that never fires has no next time', () => {
    expect(parseStandard('59 23 31 2 *').next(t('2026-01-01T00:00:00Z'))).toBeUndefined();
  });
});

describe('wall-clock formats', () => {
  it('RFC 3339 in a zone', () => {
    expect(formatRFC3339In(t('2016-05-19T10:00:00Z'), 'Europe/Rome')).toBe('2016-05-19T12:00:00+02:00');
    expect(formatRFC3339In(t('2016-05-19T10:00:00Z'), 'America/New_York')).toBe('2016-05-19T06:00:00-04:00');
    expect(formatRFC3339In(t('2016-05-19T10:00:00Z'), undefined)).toBe('2016-05-19T10:00:00Z');
  });
  it('RFC 1123Z in UTC', () => {
    expect(formatRFC1123Z(t('2026-01-01T00:05:00Z'))).toBe('Thu, 01 Jan 2026 00:05:00 +0000');
  });
  it('Go durations', () => {
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1x')).toBeUndefined();
  });
});
