/**
 * The demo content moved into rate plans prices every stay as before: a frozen copy of the price
 * computation of before rate plans (site-wide seasons × each unit's season rates, its cleaning fee,
 * the site's mandatory fees and taxes in their order), kept here in test code only, against the
 * engine pricing the demo's rate plans, for every unit, stays of 1 to 30 nights at arrivals over
 * the demo's 18 months, several guest counts and every offer, to the cent.
 */
import { describe, expect, it } from 'vitest';
import { shareOfCents } from '../../src/domain/money.ts';
import { DEFAULT_SEED, generateDemoContent, type DemoContent } from '../demo/generate.ts';
import { NONREFUNDABLE_PERCENT, priceUnitStay, specialFor, stayProblem, type OfferChoice, type QuoteLine } from './engine.ts';
import { buildPricingData, dayOf, siteCalendar, type PricingData } from './model.ts';

const NOW = new Date();
const TODAY = NOW.toISOString().slice(0, 10);
const content = generateDemoContent(DEFAULT_SEED, TODAY);
const today = dayOf(TODAY) as number;

/** The model as the pricing service builds it from the demo's rows: every unit from its rate plan. */
function currentModel(demo: DemoContent): PricingData {
  return buildPricingData(
    {
      units: demo.units.map((u) => ({ eid: u.eid, name: u.name, sleeps: u.sleeps, ratePlan: u.ratePlan ?? null })),
      bookings: demo.bookings,
      fees: demo.fees.map((f) => ({ ...f, optional: f.optional ?? false, description: f.description ?? '', position: f.position ?? 0 })),
      activities: [],
      packages: [],
      specials: demo.specials.map((s) => ({ ...s, position: s.position ?? 0, minGuests: s.minGuests ?? 0, maxGuests: s.maxGuests ?? 0, minNights: s.minNights ?? 0, maxNights: s.maxNights ?? 0 })),
    },
    { calendar: siteCalendar(today), currency: 'USD', offerBy: 'Test', coupons: [{ code: 'SUNNY10', percent: 10 }] },
  );
}

/** The price computation of before rate plans, frozen: null when the stay could not be had. */
function legacy(demo: DemoContent) {
  const seasons = demo.seasons.map((s) => ({ ...s, begin: dayOf(s.beginDate) as number, end: dayOf(s.endDate) as number })).sort((a, b) => a.begin - b.begin);
  const seasonOf = (day: number) => seasons.find((s) => s.begin <= day && day <= s.end);
  const rates = new Map(demo.unitRates.map((r) => [`${r.unitEid}:${r.seasonId}`, r.nightlyCents]));
  const taken = new Set<string>();
  for (const b of demo.bookings) for (let d = dayOf(b.beginDate) as number; d < (dayOf(b.endDate) as number); d++) taken.add(`${b.unitEid}:${d}`);
  const fees = demo.fees.filter((f) => !f.optional).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  return (eid: number, begin: number, nights: number, discounts: { label: string; percent: number }[]): { problem: string } | { lines: QuoteLine[]; totalCents: number } => {
    const unit = demo.units.find((u) => u.eid === eid)!;
    const lines: QuoteLine[] = [];
    let rent = 0;
    let last: { season: number; line: QuoteLine } | null = null;
    for (let day = begin; day < begin + nights; day++) {
      const season = seasonOf(day);
      const rate = season ? (rates.get(`${eid}:${season.id}`) ?? 0) : 0;
      if (rate === 0) return { problem: 'no-rate' };
      if (taken.has(`${eid}:${day}`)) return { problem: 'booked' };
      rent += rate;
      if (last && last.season === season!.id && last.line.unitCents === rate) {
        last.line.amountCents += rate;
        last.line.count = (last.line.count ?? 0) + 1;
      } else {
        last = { season: season!.id, line: { kind: 'rent', label: season!.name, amountCents: rate, count: 1, unitCents: rate } };
        lines.push(last.line);
      }
    }
    if (nights < seasonOf(begin)!.minStay) return { problem: 'min-stay' };
    let off = 0;
    for (const d of discounts) {
      const amount = Math.min(shareOfCents(rent, d.percent * 100), rent - off);
      if (amount <= 0) continue;
      off += amount;
      lines.push({ kind: 'discount', label: d.label, amountCents: -amount });
    }
    if ((unit.cleaningFeeCents ?? 0) > 0) lines.push({ kind: 'cleaning', label: 'Cleaning fee', amountCents: unit.cleaningFeeCents ?? 0 });
    for (const fee of fees) {
      const amountCents = fee.kind === 'flat' ? fee.amount : fee.kind === 'per_night' ? fee.amount * nights : shareOfCents(rent - off, fee.amount);
      lines.push({ kind: /tax/i.test(fee.code) || /tax/i.test(fee.name) ? 'tax' : 'fee', label: fee.name, amountCents });
    }
    return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
  };
}

const key = (lines: readonly QuoteLine[]) => lines.map((l) => `${l.kind}|${l.label}|${l.amountCents}`).sort();

describe('the demo in rate plans', () => {
  it.each([
    ['with its bookings', content, 4_000],
    ['with every night free (every stay priced)', { ...content, bookings: [] }, 15_000],
  ])('prices every unit’s stays, offers and guests as before, lines and totals to the cent, %s', (_name, demo, atLeast) => {
    const model = currentModel(demo);
    const before = legacy(demo);
    const context = { nowSeconds: Math.floor(NOW.getTime() / 1000), detailedQuote: false };
    let priced = 0;
    let refused = 0;
    for (const unit of model.unitList) {
      for (const nights of [1, 3, 7, 14, 30]) {
        for (const offset of [0, 1, 6, 23, 45, 90, 150, 200, 260, 330, 400, 480]) {
          const begin = today + offset;
          const guests = { adult: 1 + ((unit.eid + offset) % Math.max(1, unit.sleeps - 1)), child: 0, senior: 0 };
          const problem = stayProblem(model, unit, begin, nights, guests.adult, today);
          const standard = before(unit.eid, begin, nights, []);
          if ('problem' in standard) {
            expect(problem, `${unit.eid} +${offset} ${nights}`).toBe(standard.problem);
            refused++;
            continue;
          }
          expect(problem, `${unit.eid} +${offset} ${nights}`).toBeNull();
          const special = specialFor(unit, begin, nights, guests, context);
          const coupon = model.coupons.get('SUNNY10')!;
          const offers: [OfferChoice, { label: string; percent: number }[]][] = [
            [{ id: 'standard' }, []],
            [{ id: 'nonrefundable' }, [{ label: 'Non-refundable rate', percent: NONREFUNDABLE_PERCENT }]],
            [{ id: 'standard', coupon }, [{ label: 'Coupon SUNNY10', percent: 10 }]],
          ];
          if (special) offers.push([{ id: 'special', special, coupon }, [{ label: special.title, percent: special.discountPercent }, { label: 'Coupon SUNNY10', percent: 10 }]]);
          for (const [choice, discounts] of offers) {
            const was = before(unit.eid, begin, nights, discounts);
            if ('problem' in was) throw new Error('priced above');
            const now = priceUnitStay(model, unit, begin, nights, guests, choice);
            expect(now.totalCents, `${unit.eid} +${offset} ${nights} ${choice.id}`).toBe(was.totalCents);
            expect(key(now.lines)).toEqual(key(was.lines));
            priced++;
          }
        }
      }
    }
    // Many stays are priced, some refused (booked nights, minimum stays): both are compared.
    expect(priced).toBeGreaterThan(atLeast);
    expect(refused).toBeGreaterThan(100);
  });
});
