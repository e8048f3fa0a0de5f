/**
 * The owner's preview of a price change: the quotes of sample stays (a weekend, a week, a month,
 * the next holiday) under the published plan and the draft, side by side. Each plan is priced by
 * the engine itself (a model of the one listing built from the plan, priced by priceUnitStay), so
 * the preview is what guests will be charged. Booked nights are ignored: it shows what the plan
 * charges, and names as `problem` only the plan's own rules (minimum stay, arrival or departure
 * day, a closed night) that would refuse the stay.
 *
 * The holiday sample is the next season of the draft (not over) whose name reads like a holiday
 * (Christmas, New Year, Thanksgiving, Easter, July 4th, Labor Day, Memorial Day, 'holiday'), at its
 * first arrival from today for its minimum stay; without one, a Christmas stay arriving on the next
 * Dec 24 (today's, if it is Dec 24) for 3 nights — a day every calendar has, no holiday table needed.
 */
import type { RatePlan } from '../../src/domain/owner/listing-content.ts';
import { formatStayDate } from '../../src/domain/pricing/dates.ts';
import { planProblem, priceUnitStay, type StayProblem } from './engine.ts';
import type { QuoteSample as PreviewSample, QuoteSummary } from '../../src/domain/owner/owner-api.ts';
import { buildPricingData, dayOf, isoOfDay, siteCalendar, weekdayOfDay, type PricingData, type UnitInfo } from './model.ts';

/** The quote-preview route's answer types, shared with the owner's editor. */
export type { QuoteSummary, QuoteSample as PreviewSample } from '../../src/domain/owner/owner-api.ts';

const HOLIDAY = /holiday|christmas|xmas|new year|thanksgiving|easter|july 4|4th of july|fourth of july|independence|labou?r day|memorial day|hanukkah/i;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The first day from `today` (included) that is weekday `wd`. */
const nextWeekday = (today: number, wd: number) => today + ((wd - weekdayOfDay(today) + 7) % 7);

/** The samples' stays: arrival day, nights and label. */
export function sampleStays(plan: RatePlan, today: number): { id: PreviewSample['id']; label: string; begin: number; nights: number }[] {
  // A weekend from the next Friday (a week on if that is today, so it is not a same-day arrival), a week from the next Saturday.
  const friday = nextWeekday(today + 1, 5);
  const saturday = nextWeekday(today + 1, 6);
  const now = new Date(today * 86_400_000);
  const firstOfNext = dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10)) as number;
  const firstOfAfter = dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10)) as number;
  const stays: { id: PreviewSample['id']; label: string; begin: number; nights: number }[] = [
    { id: 'weekend', label: 'A weekend (Friday to Sunday)', begin: friday, nights: 2 },
    { id: 'week', label: 'A week (Saturday to Saturday)', begin: saturday, nights: 7 },
    { id: 'month', label: `A month (${formatStayDate(isoOfDay(firstOfNext)).replace(/^\w+, /, '')} onwards)`, begin: firstOfNext, nights: firstOfAfter - firstOfNext },
  ];
  const holiday = plan.seasons
    .map((s) => ({ s, begin: dayOf(s.begin), end: dayOf(s.end) }))
    .filter((x): x is typeof x & { begin: number; end: number } => x.begin !== null && x.end !== null && x.end >= today && HOLIDAY.test(x.s.name))
    .sort((a, b) => a.begin - b.begin)[0];
  if (holiday) {
    stays.push({ id: 'holiday', label: holiday.s.name, begin: Math.max(holiday.begin, today), nights: Math.max(1, holiday.s.minStay) });
  } else {
    const year = now.getUTCFullYear();
    let christmasEve = dayOf(`${year}-12-24`) as number;
    if (christmasEve < today) christmasEve = dayOf(`${year + 1}-12-24`) as number;
    stays.push({ id: 'holiday', label: 'Christmas (Dec 24 to 27)', begin: christmasEve, nights: 3 });
  }
  return stays;
}

/** The model of one listing priced by a plan alone (no bookings), on the site's calendar from `today`. */
function modelOf(data: PricingData, listing: { eid: number; name: string; sleeps: number }, plan: RatePlan, today: number): { model: PricingData; unit: UnitInfo } {
  const model = buildPricingData(
    { units: [{ eid: listing.eid, name: listing.name, sleeps: listing.sleeps, ratePlan: plan }], bookings: [], fees: [], activities: [], packages: [], specials: [] },
    { calendar: siteCalendar(today), currency: data.currency, offerBy: data.offerBy, coupons: [] },
  );
  return { model, unit: model.units.get(listing.eid) as UnitInfo };
}

function problemText(problem: StayProblem, model: PricingData, unit: UnitInfo, begin: number, nights: number): string {
  switch (problem) {
    case 'min-stay':
      return `Minimum stay ${unit.minStay[begin - model.start] ?? nights} nights`;
    case 'arrival-day':
      return `No arrivals on ${WEEKDAYS[weekdayOfDay(begin)]}`;
    case 'departure-day':
      return `No departures on ${WEEKDAYS[weekdayOfDay(begin + nights)]}`;
    default: {
      for (let day = begin; day < begin + nights; day++) {
        const i = day - model.start;
        if (i < 0 || i >= model.days || unit.nightly[i] === 0) return `Closed on ${formatStayDate(isoOfDay(day))}`;
      }
      return 'Not bookable on these dates';
    }
  }
}

/** One plan's quote of a sample stay: the standard rate, as a guest would be charged, and the plan's rule that would refuse it. */
function summary(data: PricingData, listing: { eid: number; name: string; sleeps: number }, plan: RatePlan, today: number, begin: number, nights: number, guests: number): QuoteSummary {
  const { model, unit } = modelOf(data, listing, plan, today);
  const problem = planProblem(model, unit, begin, nights, false);
  const price = priceUnitStay(model, unit, begin, nights, { adult: guests, child: 0, senior: 0 }, { id: 'standard' });
  return {
    totalCents: price.totalCents,
    rentCents: price.rentCents,
    lines: price.lines.map((line) => ({ kind: line.kind, label: line.label, amountCents: line.amountCents })),
    problem: problem ? problemText(problem, model, unit, begin, nights) : null,
  };
}

/**
 * The quote-preview route's samples: each stay priced by the published plan (`before`, null for a
 * listing never published) and by the draft (`after`), for a full house (the listing's sleeps, so
 * extra-guest and per-guest charges show). `today` is a day number (model.ts dayOf).
 */
export function previewQuotes(data: PricingData, listing: { eid: number; name: string; sleeps: number }, before: RatePlan | null, after: RatePlan, today: number): PreviewSample[] {
  const guests = Math.max(1, listing.sleeps);
  return sampleStays(after, today).map((stay) => ({
    id: stay.id,
    label: stay.label,
    begin: isoOfDay(stay.begin),
    end: isoOfDay(stay.begin + stay.nights),
    nights: stay.nights,
    guests,
    before: before ? summary(data, listing, before, today, stay.begin, stay.nights, guests) : null,
    after: summary(data, listing, after, today, stay.begin, stay.nights, guests),
  }));
}
