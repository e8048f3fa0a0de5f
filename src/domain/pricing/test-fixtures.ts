/** Avail/search answers that follow types.ts exactly, for unit and model tests. */
import { addDays } from './dates';
import type { AvailItem, Price, Rcav } from './types';

export interface PricingFixtures {
  /** The search: a week from `begin`, two adults and a child. */
  SEARCH_RCAV: Rcav;
  fixturePrice(overrides: Partial<Price> & Pick<Price, 'eid' | 'p'>): Price;
  /** Three rentals: two offer groups with savings; one price only; alternates only (two and four days later; no featured group on the dates). */
  FIXTURE_ITEMS: AvailItem[];
}

/**
 * The fixtures for a search arriving on `begin` (YYYY-MM-DD). Tests of what depends on the day
 * (the date field's earliest day, a stored search that has begun) pass a day relative to the
 * clock; the constants below are for tests whose result cannot depend on the day.
 */
export function pricingFixtures(begin: string): PricingFixtures {
  const day = (offset: number) => addDays(begin, offset) as string;
  const SEARCH_RCAV: Rcav = { begin, end: day(7), adult: 2, child: 1 };
  const fixturePrice = (overrides: Partial<Price> & Pick<Price, 'eid' | 'p'>): Price => {
    const b = overrides.b ?? SEARCH_RCAV.begin;
    const e = overrides.e ?? (SEARCH_RCAV.end as string);
    return {
      c: 'USD',
      b,
      e,
      n: `Rental ${overrides.eid}`,
      dn: 'Standard rate',
      dd: '7 nights · 2 adults, 1 child',
      og: 'standard',
      qp: { rcav: { ...SEARCH_RCAV, begin: b, end: e, IDs: [overrides.eid] } },
      ...overrides,
    };
  };
  const FIXTURE_ITEMS: AvailItem[] = [
    {
      eid: 1001,
      groups: [
        { id: 'standard', name: 'Standard', offerby: 'Coral Haven Coast Rentals', featured: true },
        { id: 'special', name: 'Special offer', offerby: 'Coral Haven Coast Rentals', featured: true },
        { id: 'nonref', name: 'Non-refundable', offerby: 'Coral Haven Coast Rentals', featured: false },
      ],
      prices: [
        fixturePrice({ eid: 1001, p: 1650, og: 'standard', dn: 'Standard rate' }),
        fixturePrice({ eid: 1001, p: 1400, s: 250, og: 'special', dn: 'Winter special', qp: { rcav: { ...SEARCH_RCAV, IDs: [1001] }, special_data: { special_nid: 3 } } }),
        fixturePrice({ eid: 1001, p: 1520.5, og: 'nonref', dn: 'Non-refundable rate' }),
      ],
    },
    { eid: 1002, groups: [{ id: 'standard', name: 'Standard', offerby: 'Coral Haven Coast Rentals', featured: true }], prices: [fixturePrice({ eid: 1002, p: 980 })] },
    {
      eid: 1003,
      groups: [{ id: 'alternate', name: 'Other dates', offerby: 'Coral Haven Coast Rentals', featured: false }],
      prices: [
        fixturePrice({ eid: 1003, p: 1200, og: 'alternate', b: day(2), e: day(9), dn: 'Arrive two days later' }),
        fixturePrice({ eid: 1003, p: 1100, og: 'alternate', b: day(4), e: day(11), dn: 'Arrive four days later' }),
      ],
    },
  ];
  return { SEARCH_RCAV, fixturePrice, FIXTURE_ITEMS };
}

/** For unit tests whose result cannot depend on the day (parsing, formatting, machines, storage). */
export const { SEARCH_RCAV, fixturePrice, FIXTURE_ITEMS } = pricingFixtures('2026-12-01');
