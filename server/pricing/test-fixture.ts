/**
 * A small, hand-checked pricing world for the tests: three units, three seasons, two bookings,
 * fees and taxes, an activity, a package, two specials and a coupon. "Today" is 2027-01-10.
 */
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { PricingOptions, PricingRows } from './model.ts';

export const TODAY = '2027-01-10';
export const NOW = new Date('2027-01-10T12:00:00Z');
const seconds = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

export const fixtureRows = {
  seasons: [
    { id: 1, name: 'Winter 2027', kind: 'low', beginDate: '2027-01-01', endDate: '2027-02-28', minStay: 2 },
    { id: 2, name: 'Spring 2027', kind: 'shoulder', beginDate: '2027-03-01', endDate: '2027-05-31', minStay: 3 },
    { id: 3, name: 'Summer 2027', kind: 'high', beginDate: '2027-06-01', endDate: '2027-08-31', minStay: 5 },
  ],
  units: [
    { eid: 1001, name: 'Pelican Place', sleeps: 4, cleaningFeeCents: 15_000 },
    { eid: 1002, name: 'Dune House', sleeps: 8, cleaningFeeCents: 25_000 },
    { eid: 1003, name: 'Sea <b>Breeze</b> & "Co"', sleeps: 2, cleaningFeeCents: 0 },
  ],
  unitRates: [
    { unitEid: 1001, seasonId: 1, nightlyCents: 10_000 },
    { unitEid: 1001, seasonId: 2, nightlyCents: 15_000 },
    { unitEid: 1001, seasonId: 3, nightlyCents: 25_000 },
    { unitEid: 1002, seasonId: 1, nightlyCents: 20_000 },
    { unitEid: 1002, seasonId: 2, nightlyCents: 30_000 },
    { unitEid: 1002, seasonId: 3, nightlyCents: 45_000 },
    { unitEid: 1003, seasonId: 1, nightlyCents: 8_000 },
    { unitEid: 1003, seasonId: 2, nightlyCents: 9_000 },
    // No summer rate for 1003.
  ],
  bookings: [
    { unitEid: 1001, beginDate: '2027-02-10', endDate: '2027-02-15' },
    { unitEid: 1001, beginDate: '2027-02-20', endDate: '2027-02-22' },
  ],
  fees: [
    { code: 'lodging-tax', name: 'Lodging tax', kind: 'percent', amount: 1150, optional: false, description: '11.5% of the rent.', position: 0 },
    { code: 'reservation-fee', name: 'Reservation fee', kind: 'flat', amount: 4900, optional: false, description: 'Per reservation.', position: 1 },
    { code: 'damage-protection', name: 'Damage protection', kind: 'flat', amount: 5900, optional: true, description: 'Offered at checkout.', position: 2, optionKind: 'dp', choice: 'declinable' },
    { code: 'linen', name: 'Linen service', kind: 'per_night', amount: 500, optional: false, description: 'Fresh linen.', position: 3 },
    { code: 'trip-insurance', name: 'Trip insurance', kind: 'percent', amount: 700, optional: true, description: '7% of the trip cost.', position: 4, optionKind: 'ti', choice: 'forced' },
  ],
  activities: [{ eid: 5001, name: 'Kayak tour', pricePerPersonCents: 4500 }],
  packages: [{ eid: 8001, name: 'Spring kayak weekend', nights: 3, unitEids: [1001, 1002], activityEids: [5001] }],
  specials: [
    {
      id: 1,
      position: 0,
      title: 'Winter warmer',
      description: '15% off the rent of winter stays of three nights or more.',
      specialType: '1',
      units: ['1001', '1002'],
      stayBegin: seconds('2027-01-10'),
      stayEnd: seconds('2027-03-01') - 1,
      bookBegin: seconds('2027-01-01'),
      bookEnd: seconds('2027-02-10'),
      minGuests: 0,
      maxGuests: 0,
      minNights: 3,
      maxNights: 0,
      discountPercent: 15,
    },
    {
      id: 2,
      position: 1,
      title: 'Web deal',
      description: 'Web bookings only.',
      specialType: '2',
      units: ['1003'],
      stayBegin: seconds('2027-01-10'),
      stayEnd: seconds('2027-06-01'),
      bookBegin: seconds('2027-01-01'),
      bookEnd: seconds('2027-03-01'),
      minGuests: 0,
      maxGuests: 0,
      minNights: 2,
      maxNights: 0,
      discountPercent: 20,
    },
    {
      id: 3,
      position: 2,
      title: 'Expired deal',
      description: 'Over.',
      specialType: '1',
      units: ['1001'],
      stayBegin: seconds('2026-01-01'),
      stayEnd: seconds('2026-12-31'),
      bookBegin: seconds('2026-01-01'),
      bookEnd: seconds('2026-12-31'),
      minGuests: 0,
      maxGuests: 0,
      minNights: 0,
      maxNights: 0,
      discountPercent: 50,
    },
  ],
} satisfies PricingRows;

export const fixtureOptions: PricingOptions = {
  currency: 'USD',
  offerBy: 'Coral Haven Coast Rentals',
  coupons: [{ code: 'SUNNY10', percent: 10, description: 'Sunny days: 10% off the rent' }],
};

/** Site settings for the fixture: the given ones with the fixture's coupon. */
export function fixtureSettings(settings: SiteSettings): SiteSettings {
  return { ...settings, pricing: { ...settings.pricing, coupons: [...fixtureOptions.coupons] } };
}

/** Writes the fixture into a migrated database. */
export async function insertFixture(db: Database): Promise<void> {
  await db.insert(schema.areas).values({ id: 1, slug: 'coral-haven', name: 'Coral Haven', description: 'Town', latitude: 30, longitude: -86 });
  await db.insert(schema.units).values(
    fixtureRows.units.map((u) => ({
      eid: u.eid,
      slug: `unit-${u.eid}`,
      name: u.name,
      propertyCode: `CHC-${u.eid}`,
      areaId: 1,
      propertyType: 'House',
      bedrooms: 2,
      bathrooms: 1,
      sleeps: u.sleeps,
      latitude: 30,
      longitude: -86,
      summary: `Summary of ${u.name}`,
      description: 'Description',
      cleaningFeeCents: u.cleaningFeeCents,
    })),
  );
  await db.insert(schema.seasons).values(fixtureRows.seasons);
  await db.insert(schema.unitRates).values(fixtureRows.unitRates);
  await db.insert(schema.bookings).values(fixtureRows.bookings.map((b, i) => ({ ...b, kind: i === 1 ? 'blocked' : 'booked' })));
  await db.insert(schema.fees).values(fixtureRows.fees);
  await db.insert(schema.activities).values(
    fixtureRows.activities.map((a) => ({ ...a, slug: `activity-${a.eid}`, areaId: 1, place: 'Pier', durationMinutes: 120, latitude: 30, longitude: -86, summary: 'Paddle', description: 'Paddle' })),
  );
  await db.insert(schema.packages).values(fixtureRows.packages.map((p) => ({ ...p, slug: `package-${p.eid}`, summary: 'Package', description: 'Package', priceFromCents: 80_000 })));
  await db.insert(schema.specials).values(fixtureRows.specials);
}
