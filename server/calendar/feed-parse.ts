/**
 * Reads a channel's iCalendar feed (RFC 5545, parsed by ical.js) into the stays it blocks: one
 * { uid, begin, end } per event or occurrence of a recurring event, `end` the departure day.
 *
 * All-day events (Airbnb, Vrbo, Booking.com) block DTSTART .. DTEND - 1; an event with times
 * blocks the nights from its start day to its end day (a stay from the 5th at 15:00 to the 8th at
 * 11:00 blocks the 5th, 6th and 7th). Cancelled (STATUS:CANCELLED) and free (TRANSP:TRANSPARENT)
 * events block nothing. Only stays ending after `today` and starting before the horizon count.
 * A moved or cancelled occurrence (an event with the master's UID and a RECURRENCE-ID) replaces
 * the occurrence it names (RFC 5545 §3.8.4.4), and EXDATE removes occurrences (§3.8.5.1).
 *
 * A feed is taken whole or not at all: anything wrong (bytes that are not UTF-8, NUL bytes,
 * components nested deeper than MAX_DEPTH, not iCalendar, a date that is not a date, an event
 * that ends before it starts, more events than the limit, a rule that can never repeat as
 * written, a recurring event that repeats more than the limit before the horizon) throws
 * FeedParseError with a message for the owner, and the feed's last good events stay as they were.
 *
 * This module runs inside the feed worker (feed-worker.ts, started by feed-reader.ts), and has no
 * clock of its own: the reader's timer owns the time limit (CALENDAR_FEED_PARSE_MS), so a rule
 * ical.js walks forever is stopped by ending the worker, never on the server's thread.
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

/** Deepest nesting of BEGIN blocks read (VCALENDAR > VEVENT > VALARM is 3; VTIMEZONE > STANDARD is 3). */
export const MAX_DEPTH = 8;

/** A feed's bytes as text: UTF-8 (RFC 5545 §3.1.4) or refused, never read with replacement characters. */
export function decodeFeed(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Where the first bad byte is, for the owner (and the channel's support) to look at.
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const at = lenient.indexOf('\uFFFD');
    const line = at < 0 ? 1 : lenient.slice(0, at).split('\n').length;
    throw new FeedParseError(`The feed is not valid UTF-8 text (bad bytes on line ${line}); iCalendar feeds must be UTF-8. It was not read.`);
  }
}

/** Reads a feed's bytes: UTF-8 checked, then parseFeed. */
export function parseFeedBytes(bytes: Uint8Array, limits: FeedParseLimits): FeedEvent[] {
  return parseFeed(decodeFeed(bytes), limits);
}

/** Refuses what is not text a calendar holds: NUL bytes, and BEGIN blocks nested deeper than MAX_DEPTH. */
function checkShape(text: string): void {
  const nul = text.indexOf('\0');
  if (nul >= 0) throw new FeedParseError(`The feed holds a NUL byte (at character ${nul}); a calendar is text. It was not read.`);
  let depth = 0;
  let line = 0;
  for (const match of text.matchAll(/^(BEGIN|END)[ \t]*:/gim)) {
    line++;
    if (match[1]!.toUpperCase() === 'BEGIN') {
      depth++;
      if (depth > MAX_DEPTH) throw new FeedParseError(`The feed nests BEGIN blocks more than ${MAX_DEPTH} deep (BEGIN/END line ${line}); a calendar needs 3. It was not read.`);
    } else depth = Math.max(0, depth - 1);
  }
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Refuses a rule that can never produce its next occurrence as written (ical.js would search for
 * it forever): values out of their ranges, a month day no chosen month has (BYMONTH=2;BYMONTHDAY=30),
 * an INTERVAL below 1. Rules impossible in subtler ways are stopped by the worker's time budget.
 */
function checkRule(component: ICAL.Component, uid: string): void {
  for (const property of component.getAllProperties('rrule')) {
    const recur = property.getFirstValue() as ICAL.Recur | null;
    const shown = String(property.toICALString()).slice(0, 120);
    const impossible = (why: string) => new FeedParseError(`The recurring event ${uidText(uid)} has a rule that can never repeat as written (${why}: ${JSON.stringify(shown)}); it was not read.`);
    if (!recur || typeof recur !== 'object' || !recur.freq) throw impossible('no FREQ');
    if (!Number.isInteger(recur.interval) || recur.interval < 1) throw impossible('INTERVAL must be 1 or more');
    const parts = (recur.parts ?? {}) as Record<string, unknown[]>;
    const numbers = (name: string) => (parts[name] ?? []).map((value) => Number(value));
    const inRange = (name: string, min: number, max: number, zero = false) => {
      for (const value of numbers(name)) {
        if (!Number.isInteger(value) || Math.abs(value) > max || (value < 0 && min >= 0) || (value === 0 && !zero) || (min > 0 && value < min && value > 0)) throw impossible(`${name} ${value} is out of range`);
      }
    };
    inRange('BYSECOND', 0, 60, true);
    inRange('BYMINUTE', 0, 59, true);
    inRange('BYHOUR', 0, 23, true);
    inRange('BYMONTH', 1, 12);
    inRange('BYMONTHDAY', -31, 31);
    inRange('BYYEARDAY', -366, 366);
    inRange('BYWEEKNO', -53, 53);
    inRange('BYSETPOS', -366, 366);
    const maxOrdinal = recur.freq === 'MONTHLY' || parts.BYMONTH ? 5 : 53;
    for (const day of (parts.BYDAY ?? []) as string[]) {
      const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/i.exec(String(day));
      const ordinal = match?.[1] === undefined ? null : Number(match[1]);
      if (!match || ordinal === 0 || (ordinal !== null && Math.abs(ordinal) > maxOrdinal)) throw impossible(`BYDAY ${String(day)} is not a day of the week or has no such occurrence`);
    }
    const monthDays = numbers('BYMONTHDAY');
    if (monthDays.length > 0) {
      const months = numbers('BYMONTH');
      const possible = (months.length > 0 ? months : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).some((month) => monthDays.some((day) => Math.abs(day) <= DAYS_IN_MONTH[month - 1]!));
      if (!possible) throw impossible('no chosen month has that day');
    }
  }
}

export function parseFeed(raw: string, limits: FeedParseLimits): FeedEvent[] {
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
  checkShape(text);
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
  const uidOf = (component: ICAL.Component) => String(component.getFirstPropertyValue('uid') ?? '').slice(0, 500);
  const blocks = (component: ICAL.Component) =>
    String(component.getFirstPropertyValue('status') ?? '').toUpperCase() !== 'CANCELLED' && String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() !== 'TRANSPARENT';
  const all = calendar.getAllSubcomponents('vevent');
  // Overrides (RECURRENCE-ID) by their UID: each replaces the occurrence of its master it names.
  const overrides = new Map<string, ICAL.Component[]>();
  for (const component of all) {
    if (!component.hasProperty('recurrence-id')) continue;
    const uid = uidOf(component);
    if (uid === '') continue;
    overrides.set(uid, [...(overrides.get(uid) ?? []), component]);
  }
  // Exceptions given (none): ical.js would otherwise relate every RECURRENCE-ID event of the whole
  // feed to each event it makes, whatever its UID (and in time squared to the events).
  const eventOf = (component: ICAL.Component) => new ICAL.Event(component, { strictExceptions: true, exceptions: [] });
  const mastered = new Set<ICAL.Component>();
  const read = (component: ICAL.Component, uid: string, body: () => void) => {
    try {
      for (const name of ['dtstart', 'dtend', 'recurrence-id']) checkRawDate(component, name, uid);
      body();
    } catch (error) {
      if (error instanceof FeedParseError) throw error;
      throw new FeedParseError(`The event ${uidText(uid)} could not be read: ${String((error as Error).message ?? error).slice(0, 160)}.`);
    }
  };
  const stayOf = (event: ICAL.Event, uid: string): [number, number] => {
    const start = event.startDate as ICAL.Time | null;
    if (!start) throw new FeedParseError(`The event ${uidText(uid)} has no start date (DTSTART).`);
    return nights(start, (event.endDate as ICAL.Time | null) ?? null, uid);
  };
  for (const component of all) {
    if (component.hasProperty('recurrence-id') && uidOf(component) !== '') continue; // read with its master below
    const uid = uidOf(component);
    read(component, uid, () => {
      const own = uid === '' ? [] : (overrides.get(uid) ?? []);
      for (const override of own) read(override, uid, () => {});
      const event = eventOf(component);
      const [begin, end] = stayOf(event, uid);
      const key = uid || `no-uid-${isoOf(begin)}`;
      if (!event.isRecurring()) {
        // A single event can be overridden too: an override naming its start replaces it.
        const start = String(event.startDate);
        const replaced = own.find((override) => String(override.getFirstPropertyValue('recurrence-id')) === start);
        if (replaced) {
          mastered.add(replaced);
          if (blocks(replaced)) add(key, ...stayOf(eventOf(replaced), uid));
        } else if (blocks(component)) add(key, begin, end);
        return;
      }
      checkRule(component, uid);
      for (const override of own) event.relateException(override);
      const cancelled = !blocks(component);
      const length = end - begin;
      // EXDATE given as dates removes its days whatever the time of DTSTART (ical.js matches exact times only).
      const excludedDays = new Set<number>();
      for (const property of component.getAllProperties('exdate')) {
        for (const value of property.getValues() as ICAL.Time[]) if (value?.isDate) excludedDays.add(dayOfTime(value, uid));
      }
      const iterator = event.iterator();
      // Every step counts, those before today too: a daily rule from 1900 is refused, not walked.
      for (let steps = 0; ; steps++) {
        if (steps > maxStays) throw new FeedParseError(`The recurring event ${uidText(uid)} repeats more than ${maxStays} times before it reaches two years from now; it was not read.`);
        const next = iterator.next() as ICAL.Time | null | undefined;
        if (!next) break;
        const day = dayOfTime(next, uid);
        if (day >= horizon) break;
        if (excludedDays.has(day)) continue;
        const details = event.getOccurrenceDetails(next);
        const item = details.item as ICAL.Event;
        if (item !== event) {
          mastered.add(item.component);
          if (blocks(item.component)) add(key, ...nights(details.startDate, details.endDate, uid));
          continue;
        }
        if (cancelled) continue;
        add(key, day, day + length);
      }
    });
  }
  // An override whose master is not in the feed (or names no occurrence of it) stands as its own stay.
  for (const [uid, list] of overrides) {
    for (const component of list) {
      if (mastered.has(component) || !blocks(component)) continue;
      read(component, uid, () => {
        const [begin, end] = stayOf(eventOf(component), uid);
        add(uid, begin, end);
      });
    }
  }
  return [...out.values()].sort((a, b) => (a.begin < b.begin ? -1 : a.begin > b.begin ? 1 : a.uid < b.uid ? -1 : 1));
}
