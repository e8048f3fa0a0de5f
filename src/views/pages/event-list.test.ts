import { describe, expect, it } from 'vitest';
import { eventDates } from './event-list';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('eventDates', () => {
  it("writes each day as Intl's 'en' medium date in UTC does (issue 24: without building one)", () => {
    const intl = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    // Every day of about six years around today, whatever the day.
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    for (let offset = -1100; offset <= 1100; offset++) {
      const day = isoDay(today + offset * DAY_MS);
      expect(eventDates({ begin: day, end: day })).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
    }
  });

  it('writes a span from its first to its last day, and an event without days as all year', () => {
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const intl = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const [begin, end] = [isoDay(today), isoDay(today + 40 * DAY_MS)];
    expect(eventDates({ begin, end })).toBe(`${intl.format(new Date(`${begin}T00:00:00Z`))} – ${intl.format(new Date(`${end}T00:00:00Z`))}`);
    expect(eventDates({ begin: null, end: null })).toBe('All year');
  });
});
