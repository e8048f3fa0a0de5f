/**
 * Feeds are read in the feed worker (feed-reader.ts) with a time, memory and stay budget: random
 * feeds and rules, impossible ones included, each end within the budget (read or refused with a
 * message), a rule only the time budget stops ends the worker and the next feed is read by a new
 * one, and a feed too big for the worker's heap is refused. Dates are relative to today.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../demo/dates.ts';
import { dayOf, FeedParseError } from './feed-parse.ts';
import { createFeedReader } from './feed-reader.ts';

const today = new Date().toISOString().slice(0, 10);
const compact = (iso: string) => iso.replace(/-/g, '');
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Feed//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const allDay = (uid: string, begin: string, end: string, extra: string[] = []) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20200101T000000Z', `DTSTART;VALUE=DATE:${compact(begin)}`, `DTEND;VALUE=DATE:${compact(end)}`, 'SUMMARY:Reserved', ...extra, 'END:VEVENT'].join('\r\n');
const bytes = (text: string) => new TextEncoder().encode(text);

/** A day from today on whose month is neither February nor March (so a rule can be kept off 29 February). */
function awayFromFebruary(): string {
  let day = addDays(today, 1);
  while (['02', '03'].includes(day.slice(5, 7))) day = addDays(day, 1);
  return day;
}

const BUDGET_MS = 800;
/** What a loaded two-core machine adds to the budget's timer and the worker's answer. */
const SLACK_MS = 1500;
const reader = createFeedReader({ budgetMs: BUDGET_MS, memoryMb: 64 });
afterAll(() => reader.close());

/** Reads a feed with a warm worker; its time from the call to the answer. */
async function timedRead(text: string): Promise<{ ms: number; events?: Awaited<ReturnType<typeof reader.read>>; error?: string }> {
  await reader.warm();
  const started = performance.now();
  try {
    const events = await reader.read(bytes(text), { today });
    return { ms: performance.now() - started, events };
  } catch (error) {
    expect(error).toBeInstanceOf(FeedParseError);
    return { ms: performance.now() - started, error: (error as Error).message };
  }
}

describe('the feed worker', () => {
  it('refuses RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30 at once, with its reason', async () => {
    const result = await timedRead(calendar(allDay('never@x', addDays(today, 1), addDays(today, 2), ['RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'])));
    expect(result.error).toMatch(/"never@x" has a rule that can never repeat as written \(no chosen month has that day/);
    expect(result.ms).toBeLessThan(BUDGET_MS + SLACK_MS);
  });

  it('ends the worker on a rule only the time budget stops, and reads the next feed with a new one', async () => {
    const begin = awayFromFebruary();
    // Every 1461 days (four years) from a day outside February: on 29 February only once the centuries' missing leap days have moved it there.
    const hostile = await timedRead(calendar(allDay('leap@x', begin, addDays(begin, 1), ['RRULE:FREQ=DAILY;INTERVAL=1461;BYMONTH=2;BYMONTHDAY=29'])));
    // ical.js finds that day only tens of thousands of years on, in about 3 s on a quiet machine of
    // ours: the budget stops it first, or on a faster machine the far date is refused as not real.
    expect(hostile.error).toMatch(new RegExp(`^The feed took more than ${BUDGET_MS / 1000} s to read \\(a rule that repeats without end, or too much to expand\\); it was not read\\.$|not a real date`));
    expect(hostile.ms).toBeLessThan(BUDGET_MS + SLACK_MS);
    const good = await timedRead(calendar(allDay('stay@x', addDays(today, 3), addDays(today, 5))));
    expect(good.events).toEqual([{ uid: 'stay@x', begin: addDays(today, 3), end: addDays(today, 5) }]);
  });

  it('refuses a feed that needs more than its heap', async () => {
    const small = createFeedReader({ budgetMs: 20_000, memoryMb: 32 });
    try {
      // 5 000 events with long descriptions: about 60 MB once ical.js holds them all.
      const text = calendar(...Array.from({ length: 5000 }, (_, i) => allDay(`big-${i}@x`, addDays(today, i % 700), addDays(today, (i % 700) + 1), [`DESCRIPTION:${'x'.repeat(1500)}`])));
      await expect(small.read(bytes(text), { today })).rejects.toThrow("The feed needed more than 32 MB to read; it was not read.");
      await expect(small.read(bytes(calendar(allDay('after@x', addDays(today, 1), addDays(today, 2)))), { today })).resolves.toHaveLength(1);
    } finally {
      await small.close();
    }
  });

  it('ends every random feed within its budget, impossible rules included: read with real stays only, or refused with a message', async () => {
    const ruleArb = fc.record(
      {
        freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
        interval: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 2000 })),
        end: fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 20_000 }).map((n) => `;COUNT=${n}`), fc.integer({ min: -400, max: 3000 }).map((d) => `;UNTIL=${compact(addDays(today, d))}`)),
        byMonth: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
        byMonthDay: fc.uniqueArray(fc.integer({ min: -31, max: 31 }).filter((d) => d !== 0), { maxLength: 3 }),
        byDay: fc.uniqueArray(fc.tuple(fc.integer({ min: -6, max: 6 }), fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU')).map(([n, d]) => `${n === 0 ? '' : n}${d}`), { maxLength: 2 }),
        byYearDay: fc.uniqueArray(fc.integer({ min: -366, max: 366 }).filter((d) => d !== 0), { maxLength: 2 }),
        bySetPos: fc.uniqueArray(fc.integer({ min: -10, max: 10 }).filter((d) => d !== 0), { maxLength: 1 }),
      },
      { requiredKeys: ['freq', 'interval', 'end'] },
    );
    const rule = ruleArb.map((r) => {
      const list = (name: string, values: Array<string | number> | undefined) => (values && values.length > 0 ? `;${name}=${values.join(',')}` : '');
      return `RRULE:FREQ=${r.freq}${r.interval > 1 ? `;INTERVAL=${r.interval}` : ''}${r.end}${list('BYMONTH', r.byMonth)}${list('BYMONTHDAY', r.byMonthDay)}${list('BYDAY', r.byDay)}${list('BYYEARDAY', r.byYearDay)}${list('BYSETPOS', r.bySetPos)}`;
    });
    const event = fc.record({
      begin: fc.integer({ min: -800, max: 900 }),
      nights: fc.integer({ min: 1, max: 21 }),
      rule: fc.option(rule, { nil: undefined }),
      exdate: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
      moved: fc.option(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: -5, max: 5 })), { nil: undefined }),
      cancelled: fc.boolean(),
    });
    const feed = fc.array(event, { minLength: 1, maxLength: 8 }).map((events) =>
      calendar(
        ...events.flatMap((e, i) => {
          const begin = addDays(today, e.begin);
          const uid = `e${i}@x`;
          const extra = [...(e.rule ? [e.rule] : []), ...(e.exdate !== undefined ? [`EXDATE;VALUE=DATE:${compact(addDays(begin, e.exdate))}`] : []), ...(e.cancelled ? ['STATUS:CANCELLED'] : [])];
          const master = allDay(uid, begin, addDays(begin, e.nights), extra);
          if (!e.moved) return [master];
          const [from, by] = e.moved;
          return [master, allDay(uid, addDays(begin, from + by), addDays(begin, from + by + e.nights), [`RECURRENCE-ID;VALUE=DATE:${compact(addDays(begin, from))}`])];
        }),
      ),
    );
    const horizon = dayOf(today) + 730;
    await fc.assert(
      fc.asyncProperty(feed, async (text) => {
        const result = await timedRead(text);
        expect(result.ms).toBeLessThan(BUDGET_MS + SLACK_MS);
        if (result.error !== undefined) {
          expect(result.error.length).toBeGreaterThan(10);
          return;
        }
        for (const stay of result.events!) {
          expect(dayOf(stay.end)).toBeGreaterThan(dayOf(stay.begin));
          expect(dayOf(stay.end)).toBeGreaterThan(dayOf(today));
          expect(dayOf(stay.begin)).toBeLessThan(horizon);
        }
      }),
      { numRuns: 40, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
  }, 240_000);
});
