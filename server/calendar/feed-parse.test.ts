/**
 * Reading channels' feeds (feed-parse.ts): what Airbnb, Vrbo and Booking.com send, and hostile
 * feeds, each refused whole with a message. Dates are relative to today (any day, any time zone).
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../demo/dates.ts';
import { FeedParseError, MAX_DEPTH, parseFeed, parseFeedBytes } from './feed-parse.ts';

const today = new Date().toISOString().slice(0, 10);
const compact = (iso: string) => iso.replace(/-/g, '');
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Feed//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const allDay = (uid: string, begin: string, end: string, extra: string[] = []) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20200101T000000Z', `DTSTART;VALUE=DATE:${compact(begin)}`, `DTEND;VALUE=DATE:${compact(end)}`, 'SUMMARY:Reserved', ...extra, 'END:VEVENT'].join('\r\n');

function refusal(text: string, limits: Partial<Parameters<typeof parseFeed>[1]> = {}): string {
  try {
    parseFeed(text, { today, ...limits });
  } catch (error) {
    expect(error).toBeInstanceOf(FeedParseError);
    return (error as Error).message;
  }
  throw new Error('the feed was read');
}

describe('parseFeed', () => {
  it('reads all-day stays as their nights, DTEND the departure day, and skips cancelled, free and past ones', () => {
    const a = addDays(today, 10);
    const b = addDays(today, 20);
    const events = parseFeed(
      calendar(
        allDay('stay-1@airbnb.com', a, addDays(a, 3)),
        allDay('stay-2@vrbo.com', b, addDays(b, 7)),
        allDay('gone@vrbo.com', b, addDays(b, 2), ['STATUS:CANCELLED']),
        allDay('free@x', a, addDays(a, 2), ['TRANSP:TRANSPARENT']),
        allDay('past@x', addDays(today, -20), addDays(today, -10)),
      ),
      { today },
    );
    expect(events).toEqual([
      { uid: 'stay-1@airbnb.com', begin: a, end: addDays(a, 3) },
      { uid: 'stay-2@vrbo.com', begin: b, end: addDays(b, 7) },
    ]);
  });

  it('reads a stay with times as the nights between its days, a BOM and folded lines', () => {
    const a = addDays(today, 5);
    const text =
      '\uFEFF' +
      calendar(['BEGIN:VEVENT', 'UID:timed-stay-with-a-very-long-uid-that-is-folded-over-two-lines-by-the-sender-of-this', ' -feed', `DTSTART:${compact(a)}T150000Z`, `DTEND:${compact(addDays(a, 3))}T110000Z`, 'END:VEVENT'].join('\r\n'));
    expect(parseFeed(text, { today })).toEqual([{ uid: 'timed-stay-with-a-very-long-uid-that-is-folded-over-two-lines-by-the-sender-of-this-feed', begin: a, end: addDays(a, 3) }]);
  });

  it('expands a recurring block within two years', () => {
    const a = addDays(today, 1);
    const events = parseFeed(calendar(allDay('weekly@x', a, addDays(a, 2), ['RRULE:FREQ=WEEKLY;COUNT=4'])), { today });
    expect(events.map((e) => e.begin)).toEqual([a, addDays(a, 7), addDays(a, 14), addDays(a, 21)]);
    expect(events.every((e) => e.end === addDays(e.begin, 2))).toBe(true);
  });

  it('a moved occurrence (RECURRENCE-ID) replaces the one it names, a cancelled one frees it, and EXDATE removes occurrences', () => {
    const a = addDays(today, 1);
    const text = calendar(
      allDay('weekly@x', a, addDays(a, 2), ['RRULE:FREQ=WEEKLY;COUNT=5', `EXDATE;VALUE=DATE:${compact(addDays(a, 14))}`]),
      // The second week's stay moved two days later, the fourth cancelled.
      allDay('weekly@x', addDays(a, 9), addDays(a, 11), [`RECURRENCE-ID;VALUE=DATE:${compact(addDays(a, 7))}`]),
      allDay('weekly@x', addDays(a, 21), addDays(a, 23), [`RECURRENCE-ID;VALUE=DATE:${compact(addDays(a, 21))}`, 'STATUS:CANCELLED']),
      // Another event's override is no override of this one.
      allDay('other@x', addDays(a, 40), addDays(a, 41), [`RECURRENCE-ID;VALUE=DATE:${compact(addDays(a, 28))}`]),
    );
    expect(parseFeed(text, { today })).toEqual([
      { uid: 'weekly@x', begin: a, end: addDays(a, 2) },
      { uid: 'weekly@x', begin: addDays(a, 9), end: addDays(a, 11) },
      { uid: 'weekly@x', begin: addDays(a, 28), end: addDays(a, 30) },
      { uid: 'other@x', begin: addDays(a, 40), end: addDays(a, 41) },
    ]);
  });

  it('an override of a single event replaces it; EXDATE of a timed rule removes its time', () => {
    const a = addDays(today, 3);
    const moved = calendar(allDay('once@x', a, addDays(a, 2)), allDay('once@x', addDays(a, 5), addDays(a, 7), [`RECURRENCE-ID;VALUE=DATE:${compact(a)}`]));
    expect(parseFeed(moved, { today })).toEqual([{ uid: 'once@x', begin: addDays(a, 5), end: addDays(a, 7) }]);
    const timed = calendar(
      ['BEGIN:VEVENT', 'UID:timed@x', `DTSTART:${compact(a)}T150000Z`, `DTEND:${compact(addDays(a, 1))}T110000Z`, 'RRULE:FREQ=DAILY;COUNT=3', `EXDATE:${compact(addDays(a, 1))}T150000Z`, 'END:VEVENT'].join('\r\n'),
    );
    expect(parseFeed(timed, { today }).map((e) => e.begin)).toEqual([a, addDays(a, 2)]);
  });

  it('an empty calendar blocks nothing', () => {
    expect(parseFeed(calendar(), { today })).toEqual([]);
  });

  describe('hostile feeds are refused whole, with a message', () => {
    it('not a calendar (an HTML page)', () => {
      expect(refusal('<!doctype html><html><body>Log in</body></html>')).toMatch(/not an iCalendar feed.*<!doctype html>/);
    });

    it('a date that is not a date', () => {
      const text = calendar(['BEGIN:VEVENT', 'UID:bad', 'DTSTART;VALUE=DATE:2026XX05', 'END:VEVENT'].join('\r\n'));
      expect(refusal(text)).toMatch(/"bad" has a DTSTART that is not a real date \("2026-XX-05"\)/);
    });

    it('a month and day that do not exist', () => {
      expect(refusal(calendar(allDay('rolled', '2026-13-45', '2026-13-47')))).toMatch(/"rolled" has a DTSTART that is not a real date \("2026-13-45"\)/);
      expect(refusal(calendar(allDay('feb', '2027-02-29', '2027-03-02')))).toMatch(/not a real date/);
    });

    it('a year out of range', () => {
      const text = calendar(allDay('far', '9999-01-01', '9999-01-05'));
      expect(refusal(text)).toMatch(/not a real date/);
    });

    it('an event that ends before it starts', () => {
      expect(refusal(calendar(allDay('backwards', addDays(today, 9), addDays(today, 4))))).toMatch(/ends before it starts/);
    });

    it('an all-day event of no night', () => {
      expect(refusal(calendar(allDay('zero', addDays(today, 9), addDays(today, 9))))).toMatch(/ends on the day it starts/);
    });

    it('a rule that repeats daily from 1900 (a huge expansion)', () => {
      const text = calendar(allDay('daily', '1900-01-01', '1900-01-02', ['RRULE:FREQ=DAILY']));
      expect(refusal(text)).toMatch(/"daily" repeats more than 5000 times/);
    });

    it('a rule that repeats every minute', () => {
      const a = compact(addDays(today, 1));
      const text = calendar(['BEGIN:VEVENT', 'UID:minutely', `DTSTART:${a}T000000Z`, `DTEND:${a}T000100Z`, 'RRULE:FREQ=MINUTELY', 'END:VEVENT'].join('\r\n'));
      expect(refusal(text)).toMatch(/"minutely" repeats more than 5000 times/);
    });

    it('100 000 events', () => {
      const a = addDays(today, 1);
      const event = allDay('e', a, addDays(a, 1));
      const text = calendar(...Array.from({ length: 100_000 }, () => event));
      expect(refusal(text)).toMatch(/holds 100000 events, more than the 5000/);
    });

    it('a rule with no second occurrence (BYMONTH=2;BYMONTHDAY=30) and rules out of range, at once', () => {
      const a = addDays(today, 1);
      for (const [rule, why] of [
        ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', /no chosen month has that day/],
        ['FREQ=YEARLY;BYMONTH=4,6;BYMONTHDAY=31,-31', /no chosen month has that day/],
        ['FREQ=MONTHLY;BYMONTHDAY=32', /BYMONTHDAY.*32/],
        ['FREQ=MONTHLY;BYMONTH=13', /BYMONTH.*13/],
        ['FREQ=MONTHLY;BYDAY=6MO', /BYDAY 6MO/],
      ] as const) {
        const started = performance.now();
        expect(refusal(calendar(allDay('never@x', a, addDays(a, 1), [`RRULE:${rule}`])))).toMatch(why);
        expect(performance.now() - started).toBeLessThan(1000);
      }
    });

    it('NUL bytes', () => {
      expect(refusal(calendar(allDay('nul\u0000@x', addDays(today, 1), addDays(today, 2))))).toMatch(/holds a NUL byte/);
    });

    it('bytes that are not UTF-8', () => {
      const good = Buffer.from(calendar(allDay('latin@x', addDays(today, 1), addDays(today, 2), ['SUMMARY:caf\u00e9'])));
      expect(parseFeedBytes(good, { today })).toHaveLength(1);
      const bad = Buffer.from(calendar(allDay('latin@x', addDays(today, 1), addDays(today, 2), ['SUMMARY:caf\u00e9'])).replace('caf\u00e9', 'caf\u0001'));
      bad[bad.indexOf(1)] = 0xe9; // é in Latin-1, not UTF-8
      try {
        parseFeedBytes(bad, { today });
        throw new Error('the feed was read');
      } catch (error) {
        expect(error).toBeInstanceOf(FeedParseError);
        expect((error as Error).message).toMatch(/not valid UTF-8 text \(bad bytes on line \d+\)/);
      }
    });

    it(`BEGIN blocks nested more than ${MAX_DEPTH} deep (20 000 of them)`, () => {
      const deep = calendar(`${'BEGIN:X-NEST\r\n'.repeat(20_000)}${'END:X-NEST\r\n'.repeat(20_000)}`.trimEnd());
      expect(refusal(deep)).toMatch(new RegExp(`nests BEGIN blocks more than ${MAX_DEPTH} deep`));
      // An alarm inside an event is as deep as real feeds go.
      const alarm = calendar(allDay('alarm@x', addDays(today, 1), addDays(today, 2), ['BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT15M', 'END:VALARM']));
      expect(parseFeed(alarm, { today })).toHaveLength(1);
    });

    it('broken iCalendar', () => {
      expect(refusal('BEGIN:VCALENDAR\r\nthis is not a property line\r\nEND:VCALENDAR\r\n')).toMatch(/not valid iCalendar/);
    });
  });
});
