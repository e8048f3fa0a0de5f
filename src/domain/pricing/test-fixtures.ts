/** Avail/search answers that follow types.ts exactly, for unit and model tests. */
import type { AvailItem, Price, Rcav } from './types';

export const SEARCH_RCAV: Rcav = { begin: '2026-12-01', end: '2026-12-08', adult: 2, child: 1 };

export function fixturePrice(overrides: Partial<Price> & Pick<Price, 'eid' | 'p'>): Price {
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
}

/** Three rentals: two offer groups with savings; one price only; alternates only (no featured group on the dates). */
export const FIXTURE_ITEMS: AvailItem[] = [
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
      fixturePrice({ eid: 1003, p: 1200, og: 'alternate', b: '2026-12-03', e: '2026-12-10', dn: 'Arrive Dec 3' }),
      fixturePrice({ eid: 1003, p: 1100, og: 'alternate', b: '2026-12-05', e: '2026-12-12', dn: 'Arrive Dec 5' }),
    ],
  },
];
