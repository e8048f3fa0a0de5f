import { describe, expect, it } from 'vitest';
import { parseBatch } from '../../src/domain/analytics/events.ts';
import { addDays } from './dates.ts';
import { generateAnalyticsHistory, HISTORY_DAYS } from './analytics-history.ts';
import { fixtureCalendar } from './fixture-stays.ts';
import { DEFAULT_SEED, generateDemoContent } from './generate.ts';

/** The demo's analytics history (issue 16: the dashboard shows something on a fresh start). */
const content = generateDemoContent(DEFAULT_SEED, new Date());
const T = content.today;
const options = { calendar: content.bookings, keepFree: [fixtureCalendar(T).eid] };
const history = generateAnalyticsHistory(DEFAULT_SEED, T, content.units, options);

describe('generateAnalyticsHistory', () => {
  it('covers the 60 days before the demo day, every day, and nothing on or after it', () => {
    const days = new Set(history.events.map((event) => event.receivedAt.slice(0, 10)));
    expect(days.size).toBe(HISTORY_DAYS);
    expect([...days].sort()[0]).toBe(addDays(T, -HISTORY_DAYS));
    expect([...days].sort().at(-1)).toBe(addDays(T, -1));
  });

  it('is what the collector would have accepted: every event passes its schema', () => {
    for (let i = 0; i < history.events.length; i += 50) {
      const batch = history.events.slice(i, i + 50).map((event) => ({ name: event.name, page: event.page, at: Date.parse(event.occurredAt), params: event.params }));
      const parsed = parseBatch({ events: batch });
      expect(parsed.ok, parsed.ok ? '' : parsed.message).toBe(true);
    }
  });

  it('has searches with and without results, impressions, clicks, the checkout steps, errors and bookings whose stays end before T', () => {
    const count = (name: string) => history.events.filter((event) => event.name === name).length;
    const zero = history.events.filter((event) => event.name === 'search' && event.params.results === 0).length;
    expect(zero).toBeGreaterThan(0);
    expect(count('search')).toBeGreaterThan(zero);
    for (const name of ['view_item_list', 'select_item', 'view_item', 'add_to_cart', 'begin_checkout', 'exception']) expect(count(name), name).toBeGreaterThan(0);
    expect(count('view_item_list')).toBeGreaterThan(count('select_item'));
    expect(count('add_to_cart')).toBeGreaterThan(count('begin_checkout'));
    expect(history.bookings.length).toBeGreaterThan(0);
    expect(history.bookings.length).toBeLessThan(count('begin_checkout'));
    for (const { reservation } of history.bookings) expect(String(reservation.endDate) < T, String(reservation.endDate)).toBe(true);
  });

  it('books no night the calendar holds already, no two stays over each other, and nothing on the fixture rental', () => {
    const stays = [...content.bookings, ...history.bookings.map((entry) => entry.nights)];
    for (const { nights } of history.bookings) {
      expect(nights.unitEid).not.toBe(fixtureCalendar(T).eid);
      const over = stays.filter((stay) => stay !== nights && stay.unitEid === nights.unitEid && stay.beginDate < nights.endDate && nights.beginDate < stay.endDate);
      expect(over, JSON.stringify(nights)).toEqual([]);
    }
    // Without the calendar to avoid, the same draw books more: the check above is not empty-handed.
    expect(generateAnalyticsHistory(DEFAULT_SEED, T, content.units).bookings.length).toBeGreaterThanOrEqual(history.bookings.length);
  });

  it('same seed and day, same history (but for the random booking codes)', () => {
    const again = generateAnalyticsHistory(DEFAULT_SEED, T, content.units, options);
    expect(again.events).toEqual(history.events);
    expect(again.bookings.map((entry) => entry.reservation)).toEqual(history.bookings.map((entry) => entry.reservation));
    expect(new Set([...again.bookings, ...history.bookings].map((entry) => entry.booking.code)).size).toBe(2 * history.bookings.length);
  });
});
