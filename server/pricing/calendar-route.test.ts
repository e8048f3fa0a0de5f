import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { bookedRanges, registerCalendarRoute } from './calendar-route.ts';
import { dayOf, type PricingData } from './model.ts';

/** A two-unit model: 1001 booked Dec 3–6 and Dec 10–11 (departure days), 1002 free. */
function model(): PricingData {
  const start = dayOf('2026-11-01') as number;
  const days = 120;
  const occupied = new Uint8Array(days);
  for (const [b, e] of [['2026-12-03', '2026-12-06'], ['2026-12-10', '2026-12-11']] as const) {
    for (let day = dayOf(b) as number; day < (dayOf(e) as number); day++) occupied[day - start] = 1;
  }
  const unit = (eid: number, nights: Uint8Array) => ({ eid, name: `Unit ${eid}`, sleeps: 4, cleaningFeeCents: 0, rates: new Int32Array(0), occupied: nights, specials: [] });
  return { start, days, units: new Map([[1001, unit(1001, occupied)], [1002, unit(1002, new Uint8Array(days))]]) } as unknown as PricingData;
}

describe('booked calendar of a unit', () => {
  it('gives the runs of occupied nights with the departure day as end', () => {
    expect(bookedRanges(model(), 1001, dayOf('2026-12-01') as number, 30)).toEqual([
      { begin: '2026-12-03', end: '2026-12-06' },
      { begin: '2026-12-10', end: '2026-12-11' },
    ]);
    expect(bookedRanges(model(), 1001, dayOf('2026-12-04') as number, 3)).toEqual([{ begin: '2026-12-04', end: '2026-12-06' }]);
    expect(bookedRanges(model(), 1002, dayOf('2026-12-01') as number)).toEqual([]);
    expect(bookedRanges(model(), 9, dayOf('2026-12-01') as number)).toBeNull();
  });

  it('answers GET /rcapi/item/{eid}/calendar, 400 for a bad eid and 404 for an unknown one', async () => {
    const app = Fastify();
    const data = model();
    await registerCalendarRoute(app, { data: async () => data }, () => new Date('2026-12-01T10:00:00Z'));
    const ok = await app.inject({ method: 'GET', url: '/rcapi/item/1001/calendar' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ eid: 1001, from: '2026-12-01', booked: [{ begin: '2026-12-03', end: '2026-12-06' }, { begin: '2026-12-10', end: '2026-12-11' }] });
    expect((await app.inject({ method: 'GET', url: '/rcapi/item/12x/calendar' })).statusCode).toBe(400);
    const missing = await app.inject({ method: 'GET', url: '/rcapi/item/9/calendar' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No bookable item 9');
    await app.close();
  });
});
