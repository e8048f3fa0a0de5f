import { describe, expect, it } from 'vitest';
import { addDays, dateToMs, formatStayDate, nightsBetween, stayDayAt, toIsoDate, toUsDate } from './dates';

describe('stay dates (spec §9)', () => {
  it.each([
    ['2026-12-01', Date.UTC(2026, 11, 1)],
    ['12/01/2026', Date.UTC(2026, 11, 1)],
    ['2028-02-29', Date.UTC(2028, 1, 29)],
    ['2026-02-29', null],
    ['2026-13-01', null],
    ['13/01/2026', null],
    ['2026-1-1', null],
    ['1969-12-31', null],
    [' 2026-12-01', null],
    [20261201, null],
    ['', null],
  ])('dateToMs(%j) is %j', (value, expected) => {
    expect(dateToMs(value)).toBe(expected);
  });

  it('converts between the two forms', () => {
    expect(toIsoDate('12/01/2026')).toBe('2026-12-01');
    expect(toUsDate('2026-12-01')).toBe('12/01/2026');
    expect(toUsDate('nope')).toBeNull();
  });

  it('counts nights, rounding, and steps over month and year ends', () => {
    expect(nightsBetween('2026-12-01', '2026-12-08')).toBe(7);
    expect(nightsBetween('12/28/2026', '2027-01-04')).toBe(7);
    expect(nightsBetween('2026-12-08', '2026-12-01')).toBe(-7);
    expect(nightsBetween('2026-12-01', 'x')).toBeNull();
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('writes a stay date for people', () => {
    expect(formatStayDate('2026-12-01')).toBe('Tue, Dec 1, 2026');
  });

  it('counts stay days in UTC, as the pricing engine does, whatever the time zone of the browser', () => {
    // Kiritimati (UTC+14) is already on Dec 2 at the first moment; Adak (UTC-10) still on Nov 30 at the second.
    expect(stayDayAt(Date.UTC(2026, 11, 1, 10, 30))).toBe('2026-12-01');
    expect(stayDayAt(Date.UTC(2026, 11, 1, 9, 30))).toBe('2026-12-01');
    expect(stayDayAt(Date.UTC(2026, 11, 1, 0, 0))).toBe('2026-12-01');
    expect(stayDayAt(Date.UTC(2026, 11, 1, 23, 59, 59, 999))).toBe('2026-12-01');
  });
});
