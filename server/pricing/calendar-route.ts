/**
 * The booked calendar of one unit, for the listing page's date picker (booked nights disabled):
 *
 *   GET /rcapi/item/{eid}/calendar → 200 { eid, from, booked: [{ begin, end }] }
 *
 * `booked` are the runs of occupied nights (bookings and owner holds) from today for 18 months;
 * `end` is the departure day, as in the bookings table. Read-only, from the pricing model
 * (the same cached calendar the availability search uses). A bad eid is 400, an unknown one 404.
 */
import type { FastifyInstance } from 'fastify';
import { isoOfDay, type PricingData } from './model.ts';

/** How far ahead the calendar goes (18 months). */
export const CALENDAR_DAYS = 549;

export interface BookedRange {
  begin: string;
  end: string;
}

/** The runs of occupied nights of a unit from `fromDay` for `days` days. */
export function bookedRanges(model: PricingData, eid: number, fromDay: number, days = CALENDAR_DAYS): BookedRange[] | null {
  const unit = model.units.get(eid);
  if (!unit) return null;
  const ranges: BookedRange[] = [];
  let runStart = -1;
  const last = fromDay + days;
  for (let day = fromDay; day <= last; day++) {
    const index = day - model.start;
    const occupied = day < last && index >= 0 && index < model.days && unit.occupied[index] === 1;
    if (occupied && runStart < 0) runStart = day;
    if (!occupied && runStart >= 0) {
      ranges.push({ begin: isoOfDay(runStart), end: isoOfDay(day) });
      runStart = -1;
    }
  }
  return ranges;
}

export async function registerCalendarRoute(
  app: FastifyInstance,
  pricing: { data(): Promise<PricingData>; now?: () => Date },
  // The pricing service's own day, so the calendar and the availability search never disagree.
  now: () => Date = pricing.now ?? (() => new Date()),
): Promise<void> {
  app.get<{ Params: { eid: string } }>(
    '/rcapi/item/:eid/calendar',
    { config: { limit: 'calendar' } },
    async (request, reply) => {
      const { eid: raw } = request.params;
      if (!/^\d{1,9}$/.test(raw)) return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: 'eid must be a whole number' });
      const eid = Number(raw);
      const model = await pricing.data();
      const today = Math.floor(now().getTime() / 86_400_000);
      const booked = bookedRanges(model, eid, today);
      if (booked === null) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No bookable item ${eid}` });
      reply.header('cache-control', 'no-store');
      return { eid, from: isoOfDay(today), booked };
    },
  );
}
