/**
 * A plausible analytics history for the demo (issue 16: the site owner's dashboard shows
 * something on a fresh start): the 60 days before the demo's day T, as the first-party collector
 * would have stored them — visitors who search (some finding nothing), see lists of rentals
 * (impressions, 10 at a time), open some (clicks, detail views), add stays to their Trips
 * Collection, begin checkout and now and then book (a confirmed booking with its reservation), and
 * a few uncaught errors. Every day is relative to T; nothing is after T-1, and the booked stays
 * lie before T too, each whole as checkout writes one: its nights in the calendar (never over
 * another stay, never on the fixture rental) and its confirmation email (sent).
 *
 * Drawn from seeded streams (random.ts): same seed and day, same history (the booking codes alone
 * are random, as they are the key to a booking's confirmation page). Written once, with the
 * content, in bulk (seed.ts).
 */
import crypto from 'node:crypto';
import { addDays, daysBetween } from './dates.ts';
import { Random } from './random.ts';

/** Days of history before the demo's day. */
export const HISTORY_DAYS = 60;

export interface HistoryUnit {
  eid: number;
  name: string;
  slug: string;
  propertyCode: string;
}

export interface HistoryEventRow {
  receivedAt: string;
  occurredAt: string;
  name: string;
  page: string;
  visitor: string;
  params: Record<string, unknown>;
}

/** A booked stay of the history: the booking, its one reservation, its nights in the calendar and its (sent) confirmation email. */
export interface HistoryBooking {
  booking: Record<string, unknown>;
  reservation: Record<string, unknown>;
  nights: { unitEid: number; beginDate: string; endDate: string; kind: 'booked' };
  mail: Record<string, unknown>;
}

/** A stay the calendar holds already (the generator's bookings): a booked stay of the history never overlaps one. */
export interface CalendarStay {
  unitEid: number;
  beginDate: string;
  endDate: string;
}

export interface AnalyticsHistory {
  events: HistoryEventRow[];
  bookings: HistoryBooking[];
}

/** What visitors look for and find. */
const FOUND_TERMS = ['beach house', 'ocean view', 'pool', 'pet friendly', 'hot tub', 'condo', 'family', 'sleeps 8', 'boardwalk', 'sunset', 'cottage', 'kayak', 'golf', 'lighthouse'];
/** What they look for and do not find (the owner's list of content to add). */
const MISSED_TERMS: ReadonlyArray<readonly [string, number]> = [
  ['ski chalet', 6],
  ['treehouse', 5],
  ['castle', 3],
  ['downtown loft', 4],
  ['sleeps 30', 3],
  ['ev charger', 4],
  ['wheelchair accesible', 3],
  ['yurt', 2],
  ['houseboat', 2],
  ['', 2],
];
const ERRORS: ReadonlyArray<readonly [string, number, boolean]> = [
  ["TypeError: Cannot read properties of undefined (reading 'prices')", 5, false],
  ['Script error.', 3, false],
  ['ChunkLoadError: Loading chunk listing failed.', 2, true],
  ['Unhandled rejection: NetworkError when attempting to fetch resource.', 3, false],
  ["ResizeObserver loop completed with undelivered notifications.", 2, false],
];
const FIRST = ['Avery', 'Jordan', 'Sam', 'Riley', 'Morgan', 'Casey', 'Quinn', 'Harper', 'Rowan', 'Emerson'];
const LAST = ['Nguyen', 'Patel', 'Garcia', 'Okafor', 'Larsen', 'Moreau', 'Kim', 'Silva', 'Byrne', 'Haddad'];

const iso = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000).toISOString();

/** The history of the HISTORY_DAYS days before `today` (YYYY-MM-DD). */
export function generateAnalyticsHistory(
  seed: string,
  today: string,
  units: readonly HistoryUnit[],
  options: { calendar?: readonly CalendarStay[]; siteName?: string; keepFree?: readonly number[] } = {},
): AnalyticsHistory {
  const events: HistoryEventRow[] = [];
  const bookings: HistoryBooking[] = [];
  if (units.length === 0) return { events, bookings };
  const taken = new Map<number, CalendarStay[]>();
  for (const stay of options.calendar ?? []) taken.set(stay.unitEid, [...(taken.get(stay.unitEid) ?? []), stay]);
  const keepFree = new Set(options.keepFree ?? []);
  const free = (eid: number, begin: string, end: string) => !keepFree.has(eid) && !(taken.get(eid) ?? []).some((stay) => stay.beginDate < end && begin < stay.endDate);
  const siteName = options.siteName ?? 'Coral Haven Coast';
  // Popular rentals first: a few are seen (and picked) far more often than the rest.
  const popular = [...units].sort((a, b) => a.eid - b.eid);
  const pickUnit = (r: Random) => popular[Math.min(popular.length - 1, Math.floor(popular.length * r.next() ** 2.2))] as HistoryUnit;

  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const r = Random.of(seed, 'analytics', day);
    const weekend = [0, 5, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
    // Slowly more visitors towards T, more at weekends.
    const visitors = Math.round((10 + (HISTORY_DAYS - back) / 8) * (weekend ? 1.35 : 1) * r.float(0.8, 1.2));
    for (let v = 0; v < visitors; v++) {
      const visitor = crypto.createHash('sha256').update(`${seed}|${day}|${v}`).digest('base64url').slice(0, 16);
      let minute = r.int(7 * 60, 21 * 60);
      const add = (name: string, page: string, params: Record<string, unknown>) => {
        // Within the day: a long visit late in the evening stops at midnight.
        minute = Math.min(minute + r.int(0, 3), 24 * 60 - 1);
        const at = iso(day, minute);
        events.push({ receivedAt: at, occurredAt: at, name, page, visitor, params });
      };
      const searches = r.int(1, 3);
      for (let s = 0; s < searches; s++) {
        if (r.chance(0.18)) {
          add('search', '/search', { search_term: r.weighted(MISSED_TERMS), results: 0 });
          continue;
        }
        add('search', '/search', { search_term: r.chance(0.3) ? '' : r.pick(FOUND_TERMS), results: r.int(4, 160) });
        const shown = Array.from({ length: 10 }, () => pickUnit(r));
        add('view_item_list', '/search', { items: shown.map((unit, index) => ({ item_id: unit.propertyCode, index })) });
        if (!r.chance(0.4)) continue;
        const picked = shown[Math.min(9, Math.floor(10 * r.next() ** 1.8))] as HistoryUnit;
        const product = { item_id: picked.propertyCode, item_name: picked.name, item_list_name: 'Search results' };
        add('select_item', '/search', { items: [product] });
        const listing = `/listing/${picked.slug}`;
        add('view_item', listing, { items: [product] });
        if (!r.chance(0.25)) continue;
        const nights = r.int(3, 7);
        const price = nights * r.int(150, 420);
        add('add_to_cart', listing, { from: r.weighted([['details', 5], ['quote', 3], ['list', 2]] as const), items: [{ ...product, price, currency: 'USD' }], value: price, currency: 'USD' });
        if (!r.chance(0.45)) continue;
        add('begin_checkout', '/rescms/order/checkout', { step: 1, items: [{ ...product, price, currency: 'USD' }], value: price, currency: 'USD' });
        if (!r.chance(0.7)) continue;
        add('checkout_progress', '/rescms/order/checkout', { step: 2 });
        // A booked stay lies before T: one that would reach T is left as an abandoned checkout.
        const lead = r.int(1, 12);
        const begin = addDays(day, lead);
        const end = addDays(begin, nights);
        if (!r.chance(0.55) || daysBetween(end, today) < 1 || !free(picked.eid, begin, end)) continue;
        taken.set(picked.eid, [...(taken.get(picked.eid) ?? []), { unitEid: picked.eid, beginDate: begin, endDate: end }]);
        const code = crypto.randomBytes(18).toString('base64url');
        const createdAt = iso(day, Math.min(minute + 5, 24 * 60 - 1));
        const cents = price * 100;
        const name = { first: r.pick(FIRST), last: r.pick(LAST) };
        bookings.push({
          booking: {
            code,
            requestHash: 'demo-history',
            firstName: name.first,
            lastName: name.last,
            email: `${name.first.toLowerCase()}.${name.last.toLowerCase()}@example.com`,
            phone: `555-01${String(r.int(0, 99)).padStart(2, '0')}`,
            addressLine: `${r.int(1, 999)} Harbor Road`,
            city: 'Coral Haven',
            postalCode: String(r.int(10000, 99999)),
            country: 'US',
            currency: 'USD',
            totalCents: cents,
            depositCents: 0,
            paymentOption: 'later',
            paymentStatus: 'unpaid',
            createdAt,
          },
          reservation: {
            lineKey: `${picked.eid}:${begin}`,
            position: 0,
            eid: picked.eid,
            unitEid: picked.eid,
            name: picked.name,
            offer: 'standard',
            offerName: 'Standard rate',
            beginDate: begin,
            endDate: end,
            nights,
            adult: 2,
            child: r.int(0, 2),
            senior: 0,
            qp: { rcav: { begin, end, adult: 2 } },
            lines: [{ kind: 'rent', label: 'Rent', detail: `${nights} nights`, amount: cents }],
            payments: [{ label: 'Balance', due: begin, amount: cents }],
            priceCents: cents,
          },
          nights: { unitEid: picked.eid, beginDate: begin, endDate: end, kind: 'booked' },
          mail: {
            kind: 'booking-confirmation',
            reference: code,
            recipient: `${name.first.toLowerCase()}.${name.last.toLowerCase()}@example.com`,
            subject: `Your booking with ${siteName} is confirmed`,
            textBody: `${picked.name}, ${begin} to ${end} (${nights} nights).`,
            htmlBody: `<p>${picked.name}, ${begin} to ${end} (${nights} nights).</p>`,
            status: 'sent',
            attempts: 1,
            nextAttemptAt: createdAt,
            createdAt,
            sentAt: createdAt,
          },
        });
      }
      if (r.chance(0.03)) {
        const [description, , fatal] = r.weighted(ERRORS.map((entry) => [entry, entry[1]] as const));
        add('exception', r.pick(['/search', '/', `/listing/${pickUnit(r).slug}`, '/rescms/order/checkout']), { description, fatal });
      }
    }
  }
  return { events, bookings };
}
