/**
 * The demo's calendar, drawn from the day the database is made: seasons and their rates,
 * bookings (with the fixture stays the tests use), events and specials, over CALENDAR_MONTHS.
 */
import { AREAS, EVENTS, THINGS_TO_DO, type AreaSpec, type EventSpec } from './catalog.ts';
import { addDays, addMonths, daysBetween, firstOfMonth, lastOfMonth, nthWeekday, unixSeconds, ymd } from './dates.ts';
import { fixtureCalendar } from './fixture-stays.ts';
import { Random } from './random.ts';
import { CALENDAR_MONTHS, type SeasonRow, type UnitRateRow, type BookingRow, type EventRow, type SpecialRow, round6 } from './generate-common.ts';
import type { UnitDraft } from './generate-units.ts';

export interface SeasonDay {
  key: string;
  name: string;
  kind: 'low' | 'shoulder' | 'high' | 'holiday';
  minStay: number;
  factor: number;
}

/** The days of a year that seasons turn on (remembered: a calendar asks for each of its ~550 days). */
export interface SeasonMarks {
  thanksgiving: string;
  thanksgivingFrom: string;
  thanksgivingTo: string;
  springBreak: string;
  springBreakTo: string;
  independenceFrom: string;
  independenceTo: string;
  summerFrom: string;
  summerTo: string;
  springTo: string;
  fallFrom: string;
}

export const seasonMarks = new Map<number, SeasonMarks>();

export function seasonMarksOf(y: number): SeasonMarks {
  let marks = seasonMarks.get(y);
  if (!marks) {
    const thanksgiving = nthWeekday(y, 11, 4, 4);
    const springBreak = nthWeekday(y, 3, 6, 2);
    marks = {
      thanksgiving,
      thanksgivingFrom: addDays(thanksgiving, -1),
      thanksgivingTo: addDays(thanksgiving, 3),
      springBreak,
      springBreakTo: addDays(springBreak, 15),
      independenceFrom: ymd(y, 6, 30),
      independenceTo: ymd(y, 7, 6),
      summerFrom: ymd(y, 5, 23),
      summerTo: ymd(y, 8, 15),
      springTo: ymd(y, 5, 22),
      fallFrom: ymd(y, 8, 16),
    };
    seasonMarks.set(y, marks);
  }
  return marks;
}

/** The rate season of one day. */
export function seasonOfDay(iso: string): SeasonDay {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  const short = (year: number) => String((year + 1) % 100).padStart(2, '0');
  if ((m === 12 && d >= 20) || (m === 1 && d <= 3)) {
    const start = m === 12 ? y : y - 1;
    return { key: `christmas-${start}`, name: `Christmas and New Year ${start}–${short(start)}`, kind: 'holiday', minStay: 4, factor: 1.45 };
  }
  const marks = seasonMarksOf(y);
  if (iso >= marks.thanksgivingFrom && iso <= marks.thanksgivingTo) {
    return { key: `thanksgiving-${y}`, name: `Thanksgiving ${y}`, kind: 'holiday', minStay: 3, factor: 1.15 };
  }
  if (iso >= marks.springBreak && iso <= marks.springBreakTo) {
    return { key: `spring-break-${y}`, name: `Spring Break ${y}`, kind: 'holiday', minStay: 5, factor: 1.3 };
  }
  if (iso >= marks.independenceFrom && iso <= marks.independenceTo) {
    return { key: `independence-${y}`, name: `Independence Day ${y}`, kind: 'holiday', minStay: 7, factor: 1.6 };
  }
  if (iso >= marks.summerFrom && iso <= marks.summerTo) return { key: `summer-${y}`, name: `Summer ${y}`, kind: 'high', minStay: 5, factor: 1.35 };
  if (m >= 3 && iso <= marks.springTo) return { key: `spring-${y}`, name: `Spring ${y}`, kind: 'shoulder', minStay: 3, factor: 0.95 };
  if (iso >= marks.fallFrom && m <= 10) return { key: `fall-${y}`, name: `Fall ${y}`, kind: 'shoulder', minStay: 3, factor: 0.9 };
  if (m === 11 && iso < marks.thanksgiving) return { key: `late-fall-${y}`, name: `Late Fall ${y}`, kind: 'low', minStay: 2, factor: 0.75 };
  if (m >= 11) return { key: `early-winter-${y}`, name: `Early Winter ${y}`, kind: 'low', minStay: 2, factor: 0.72 };
  return { key: `winter-${y}`, name: `Winter ${y}`, kind: 'low', minStay: 2, factor: 0.7 };
}

export function calendarWindow(today: string, months: number = CALENDAR_MONTHS): { begin: string; end: string } {
  return { begin: firstOfMonth(today), end: lastOfMonth(addMonths(today, months)) };
}

export function makeSeasons(today: string, months: number): { seasons: SeasonRow[]; factors: Map<number, number>; byDay: Map<string, SeasonRow> } {
  const { begin, end } = calendarWindow(today, months);
  const seasons: SeasonRow[] = [];
  const factors = new Map<number, number>();
  const byDay = new Map<string, SeasonRow>();
  const baseYear = Number(today.slice(0, 4));
  let current: SeasonRow | null = null;
  let currentKey = '';
  for (let day = begin; day <= end; day = addDays(day, 1)) {
    const s = seasonOfDay(day);
    if (!current || s.key !== currentKey) {
      current = { id: seasons.length + 1, name: s.name, kind: s.kind, beginDate: day, endDate: day, minStay: s.minStay };
      currentKey = s.key;
      seasons.push(current);
      // Rates rise about 4% a year.
      factors.set(current.id, s.factor * (1 + 0.04 * Math.max(0, Number(day.slice(0, 4)) - baseYear)));
    } else {
      current.endDate = day;
    }
    byDay.set(day, current);
  }
  return { seasons, factors, byDay };
}

export function makeRates(seed: string, drafts: readonly UnitDraft[], seasons: SeasonRow[], factors: Map<number, number>): UnitRateRow[] {
  const rows: UnitRateRow[] = [];
  for (const d of drafts) {
    const r = Random.of(seed, 'rates', d.row.eid);
    // A unit's own seasonal character: some owners price summer harder than others.
    const summerBias = r.float(0.95, 1.08);
    for (const s of seasons) {
      const factor = (factors.get(s.id) ?? 1) * (s.kind === 'high' || s.kind === 'holiday' ? summerBias : 1);
      const dollars = Math.max(60, Math.round((d.baseRate * factor) / 5) * 5);
      rows.push({ unitEid: d.row.eid, seasonId: s.id, nightlyCents: dollars * 100 });
    }
  }
  return rows;
}

/**
 * The fixture rental's calendar (fixture-stays.ts): of its random bookings, those that touch a
 * kept window go (their nights stay free), and the fixture's own bookings come in. The random
 * draws are the same as without the fixture, so every other rental's calendar is untouched.
 */
export function withFixtureStays(rows: readonly BookingRow[], today: string): BookingRow[] {
  const fixture = fixtureCalendar(today);
  const kept = [...fixture.free, ...fixture.booked];
  const touches = (b: BookingRow) => kept.some((range) => b.beginDate < range.end && range.begin < b.endDate);
  const own = fixture.booked.map((range): BookingRow => ({ unitEid: fixture.eid, beginDate: range.begin, endDate: range.end, kind: 'booked' }));
  return [...rows.filter((b) => !touches(b)), ...own].sort((a, b) => (a.beginDate < b.beginDate ? -1 : a.beginDate > b.beginDate ? 1 : 0));
}

export function makeBookings(seed: string, today: string, drafts: readonly UnitDraft[], byDay: Map<string, SeasonRow>): BookingRow[] {
  const rows: BookingRow[] = [];
  const windowEnd = addMonths(today, CALENDAR_MONTHS);
  const fixtureEid = fixtureCalendar(today).eid;
  for (const d of drafts) {
    const unitRows: BookingRow[] = [];
    const r = Random.of(seed, 'bookings', today, d.row.eid);
    const popularity = r.float(0.75, 1.2);
    let cursor = addDays(today, r.int(0, 3));
    while (cursor < windowEnd) {
      const ahead = daysBetween(today, cursor);
      const season = byDay.get(cursor);
      let occupancy = ahead < 45 ? 0.7 : ahead < 120 ? 0.55 : ahead < 270 ? 0.4 : 0.25;
      if (season?.kind === 'high' || season?.kind === 'holiday') occupancy += 0.2;
      if (season?.kind === 'low') occupancy -= 0.15;
      occupancy = Math.min(0.95, Math.max(0.05, occupancy * popularity));
      const gap = r.chance(occupancy) ? r.int(0, 1) : r.int(2, 12);
      const begin = addDays(cursor, gap);
      const minStay = byDay.get(begin)?.minStay ?? 2;
      const blocked = r.chance(0.07);
      const nights = blocked ? r.int(2, 14) : Math.max(minStay, r.pick([2, 3, 3, 4, 4, 5, 6, 7, 7, 7, 10, 14]));
      const end = addDays(begin, nights);
      if (end > windowEnd) break;
      unitRows.push({ unitEid: d.row.eid, beginDate: begin, endDate: end, kind: blocked ? 'blocked' : 'booked' });
      cursor = end;
    }
    rows.push(...(d.row.eid === fixtureEid ? withFixtureStays(unitRows, today) : unitRows));
  }
  return rows;
}

export function eventDates(spec: EventSpec, year: number): { begin: string; end: string } {
  const [monthText, rule] = spec.rule.split(' ') as [string, string];
  const month = Number(monthText);
  const parts = rule.split(':');
  const kind = parts[0];
  const nums = parts.slice(1).map(Number);
  if (kind === 'fixed') {
    const begin = ymd(year, month, nums[0]!);
    return { begin, end: addDays(begin, (nums[1] ?? 1) - 1) };
  }
  if (kind === 'season') {
    const [dow, n, endMonth, endN] = nums as [number, number, number, number];
    return { begin: nthWeekday(year, month, dow, n), end: nthWeekday(year, endMonth, dow, endN) };
  }
  const [dow, n, days] = nums as [number, number, number];
  const begin = nthWeekday(year, month, dow, n);
  return { begin, end: addDays(begin, days - 1) };
}

export function areaBySlug(slug: string): AreaSpec {
  const area = AREAS.find((a) => a.slug === slug);
  if (!area) throw new Error(`Unknown area ${slug}`);
  return area;
}

export function makeEvents(seed: string, today: string): EventRow[] {
  const windowEnd = addMonths(today, CALENDAR_MONTHS);
  const year = Number(today.slice(0, 4));
  const dated: EventRow[] = [];
  for (const spec of EVENTS) {
    const area = areaBySlug(spec.area);
    const r = Random.of(seed, 'event', spec.slug);
    const latitude = round6(area.latitude + r.float(-0.004, 0.004));
    const longitude = round6(area.longitude + r.float(-0.02, 0.02));
    for (let y = year - 1; y <= year + 2; y++) {
      const { begin, end } = eventDates(spec, y);
      if (end < today || begin > windowEnd) continue;
      dated.push({
        id: 0,
        slug: `${spec.slug}-${y}`,
        kind: 'event',
        title: spec.title,
        beginDate: begin,
        endDate: end,
        place: spec.place,
        areaId: area.id,
        latitude,
        longitude,
        summary: spec.summary,
        description: spec.description,
      });
    }
  }
  dated.sort((a, b) => (a.beginDate! < b.beginDate! ? -1 : a.beginDate! > b.beginDate! ? 1 : a.slug < b.slug ? -1 : 1));
  const places: EventRow[] = THINGS_TO_DO.map((spec) => {
    const area = areaBySlug(spec.area);
    const r = Random.of(seed, 'place', spec.slug);
    return {
      id: 0,
      slug: spec.slug,
      kind: 'thing-to-do',
      title: spec.title,
      beginDate: null,
      endDate: null,
      place: spec.place,
      areaId: area.id,
      latitude: round6(area.latitude + r.float(-0.004, 0.004)),
      longitude: round6(area.longitude + r.float(-0.02, 0.02)),
      summary: spec.summary,
      description: spec.description,
    };
  });
  return [...dated, ...places].map((e, i) => ({ ...e, id: i + 1 }));
}

export function makeSpecials(today: string, drafts: readonly UnitDraft[]): SpecialRow[] {
  const day = (offset: number) => unixSeconds(addDays(today, offset));
  const endOfDay = (offset: number) => day(offset + 1) - 1;
  const eids = (pred: (d: UnitDraft) => boolean) => drafts.filter(pred).map((d) => String(d.row.eid));
  return [
    {
      id: 1,
      position: 0,
      title: 'Save 15% on stays of three nights or more',
      description: 'Book by the end of the offer and save 15% on the rent of stays of three nights or more in the next four months.',
      specialType: '1',
      units: eids((d) => d.row.eid % 3 !== 0),
      stayBegin: day(0),
      stayEnd: endOfDay(120),
      bookBegin: day(-14),
      bookEnd: endOfDay(90),
      minGuests: 0,
      maxGuests: 0,
      minNights: 3,
      maxNights: 0,
      discountPercent: 15,
    },
    {
      id: 2,
      position: 1,
      title: 'Last-minute condo deal: 20% off',
      description: 'Condos with free nights in the coming month, 20% off the rent for two to seven nights. Web bookings only; not available on detailed quotes.',
      specialType: '2',
      units: eids((d) => d.type === 'Condo'),
      stayBegin: day(0),
      stayEnd: endOfDay(35),
      bookBegin: day(-3),
      bookEnd: endOfDay(30),
      minGuests: 0,
      maxGuests: 6,
      minNights: 2,
      maxNights: 7,
      discountPercent: 20,
    },
    {
      id: 3,
      position: 2,
      title: 'Stay a week, save 10%',
      description: 'Book seven nights or more in a house or villa and save 10% on the rent, all year long.',
      specialType: '3',
      units: eids((d) => d.type === 'House' || d.type === 'Villa'),
      stayBegin: day(0),
      stayEnd: unixSeconds(addMonths(today, CALENDAR_MONTHS)),
      bookBegin: day(-30),
      bookEnd: endOfDay(180),
      minGuests: 0,
      maxGuests: 0,
      minNights: 7,
      maxNights: 0,
      discountPercent: 10,
    },
    {
      id: 4,
      position: 3,
      title: 'Family reunion: 12% off large homes',
      description: 'Bring the whole family: groups of eight or more save 12% in homes with four bedrooms or more.',
      specialType: '1',
      units: eids((d) => d.row.bedrooms >= 4),
      stayBegin: day(0),
      stayEnd: endOfDay(240),
      bookBegin: day(-7),
      bookEnd: endOfDay(150),
      minGuests: 8,
      maxGuests: 0,
      minNights: 4,
      maxNights: 0,
      discountPercent: 12,
    },
  ];
}
