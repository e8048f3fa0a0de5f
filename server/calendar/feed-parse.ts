/**
 * Reads a channel's iCalendar feed (RFC 5545, parsed by ical.js) into the stays it blocks: one
 * { uid, begin, end } per event or occurrence of a recurring event, `end` the departure day.
 *
 * All-day events (Airbnb, Vrbo, Booking.com) block DTSTART .. DTEND - 1; an event with times
 * blocks the nights from its start day to its end day (a stay from the 5th at 15:00 to the 8th at
 * 11:00 blocks the 5th, 6th and 7th). Cancelled (STATUS:CANCELLED) and free (TRANSP:TRANSPARENT)
 * events block nothing. Only stays ending after `today` and starting before the horizon count.
 *
 * A feed is taken whole or not at all: anything wrong (not iCalendar, a date that is not a date,
 * an event that ends before it starts, more events than the limit, a recurring event that repeats
 * more than the limit before the horizon, a read that takes too long) throws FeedParseError with
 * a message for the owner, and the feed's last good events stay as they were.
 */
import ICAL from 'ical.js';

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

export interface FeedEvent {
  uid: string;
  /** First night, YYYY-MM-DD. */
  begin: string;
  /** Departure day (the night before it is the last one blocked), YYYY-MM-DD. */
  end: string;
}

export interface FeedParseLimits {
  /** Today, YYYY-MM-DD: stays that ended before it are left out. */
  today: string;
  /** Days after today that count (default 730: two years). */
  horizonDays?: number;
  /** Most VEVENTs a feed may hold (default 5000). */
  maxEvents?: number;
  /** Most stays a feed may come to, recurring events expanded (default 5000). */
  maxStays?: number;
  /** Longest the reading may take, in ms (default 2000). */
  budgetMs?: number;
}

const DAY_MS = 86_400_000;
export const dayOf = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
export const isoOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

const uidText = (uid: string) => JSON.stringify(uid.length > 60 ? `${uid.slice(0, 57)}…` : uid);

/** The day of an ICAL.Time (its own calendar date; times of day are not nights). */
function dayOfTime(time: ICAL.Time, uid: string): number {
  const { year, month, day } = time;
  if (!Number.isInteger(year) || year < 1900 || year > 2200 || !Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1 || day > 31) {
    throw new FeedParseError(`The event ${uidText(uid)} has a date that is not a real date (${String(time).slice(0, 30)}).`);
  }
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

const RAW_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A DTSTART or DTEND as the feed wrote it must be a real date (ical.js would roll 2026-13-45 over into 2027). */
function checkRawDate(component: ICAL.Component, name: string, uid: string): void {
  const property = component.getFirstProperty(name);
  if (!property) return;
  const raw = (property as unknown as { jCal: unknown[] }).jCal[3];
  const match = typeof raw === 'string' ? RAW_DATE.exec(raw) : null;
  const [year, month, day, hour, minute, second] = (match?.slice(1) ?? []).map((part) => (part === undefined ? 0 : Number(part)));
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  const real = match !== null && date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day && (hour ?? 0) < 24 && (minute ?? 0) < 60 && (second ?? 0) <= 60;
  if (!real) throw new FeedParseError(`The event ${uidText(uid)} has a ${name.toUpperCase()} that is not a real date (${JSON.stringify(String(raw).slice(0, 30))}).`);
}

/** The nights of one event from its start and end: [begin, end) in days. */
function nights(start: ICAL.Time, end: ICAL.Time | null, uid: string): [number, number] {
  const begin = dayOfTime(start, uid);
  if (!end) return [begin, begin + 1];
  let last = dayOfTime(end, uid);
  if (end.compare(start) < 0) throw new FeedParseError(`The event ${uidText(uid)} ends before it starts.`);
  if (start.isDate && last === begin) throw new FeedParseError(`The all-day event ${uidText(uid)} ends on the day it starts (DTEND must be the day after the last night).`);
  if (!start.isDate && last === begin) last = begin + 1; // a few hours on one day: that night
  return [begin, last];
}

export function parseFeed(raw: string, limits: FeedParseLimits): FeedEvent[] {
  const started = Date.now();
  const budgetMs = limits.budgetMs ?? 2000;
  const maxEvents = limits.maxEvents ?? 5000;
  const maxStays = limits.maxStays ?? 5000;
  const today = dayOf(limits.today);
  const horizon = today + (limits.horizonDays ?? 730);
  const text = raw.replace(/^\uFEFF/, '');
  const head = text.trimStart().slice(0, 15).toUpperCase();
  if (head !== 'BEGIN:VCALENDAR') {
    const shown = text.trimStart().slice(0, 40).replace(/\s+/g, ' ');
    throw new FeedParseError(`This is not an iCalendar feed: it should start with BEGIN:VCALENDAR but starts with ${JSON.stringify(shown)}.`);
  }
  const count = text.match(/^BEGIN:VEVENT\s*$/gim)?.length ?? 0;
  if (count > maxEvents) throw new FeedParseError(`The feed holds ${count} events, more than the ${maxEvents} read from one feed.`);
  let calendar: ICAL.Component;
  try {
    const parsed = ICAL.parse(text) as unknown;
    const first = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed;
    calendar = new ICAL.Component(first as unknown[]);
  } catch (error) {
    throw new FeedParseError(`The feed is not valid iCalendar: ${String((error as Error).message ?? error).slice(0, 160)}.`);
  }
  if (calendar.name !== 'vcalendar') throw new FeedParseError('This is not an iCalendar feed: it holds no VCALENDAR.');
  const out = new Map<string, FeedEvent>();
  const add = (uid: string, begin: number, end: number) => {
    if (end <= today || begin >= horizon) return;
    out.set(`${uid}\n${begin}`, { uid, begin: isoOf(begin), end: isoOf(end) });
    if (out.size > maxStays) throw new FeedParseError(`The feed comes to more than ${maxStays} stays (recurring events expanded); it was not read.`);
  };
  const overBudget = () => {
    if (Date.now() - started > budgetMs) throw new FeedParseError(`The feed took more than ${budgetMs / 1000} s to read; it was not read.`);
  };
  for (const component of calendar.getAllSubcomponents('vevent')) {
    overBudget();
    const uid = String(component.getFirstPropertyValue('uid') ?? '').slice(0, 500);
    try {
      const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
      const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
      if (status === 'CANCELLED' || transparency === 'TRANSPARENT') continue;
      for (const name of ['dtstart', 'dtend', 'recurrence-id']) checkRawDate(component, name, uid);
      const event = new ICAL.Event(component);
      const start = event.startDate as ICAL.Time | null;
      if (!start) throw new FeedParseError(`The event ${uidText(uid)} has no start date (DTSTART).`);
      const [begin, end] = nights(start, (event.endDate as ICAL.Time | null) ?? null, uid);
      const key = uid || `no-uid-${isoOf(begin)}`;
      if (!event.isRecurring()) {
        add(key, begin, end);
        continue;
      }
      const length = end - begin;
      const iterator = event.iterator();
      // Every step counts, those before today too: a daily rule from 1900 is refused, not walked.
      for (let steps = 0; ; steps++) {
        if (steps > maxStays) throw new FeedParseError(`The recurring event ${uidText(uid)} repeats more than ${maxStays} times before it reaches two years from now; it was not read.`);
        if (steps % 256 === 0) overBudget();
        const next = iterator.next() as ICAL.Time | null | undefined;
        if (!next) break;
        const day = dayOfTime(next, uid);
        if (day >= horizon) break;
        add(key, day, day + length);
      }
    } catch (error) {
      if (error instanceof FeedParseError) throw error;
      throw new FeedParseError(`The event ${uidText(uid)} could not be read: ${String((error as Error).message ?? error).slice(0, 160)}.`);
    }
  }
  return [...out.values()].sort((a, b) => (a.begin < b.begin ? -1 : a.begin > b.begin ? 1 : a.uid < b.uid ? -1 : 1));
}
