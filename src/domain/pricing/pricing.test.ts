import { describe, expect, it } from 'vitest';
import { derivePrice, divideToCent, itemPricing, itemsOfPricing, pricingByItem, priceRange, sameStay } from './derived';
import { itemBuyURL, itemURLHash, readRcavHash, stayDates, withoutRcavHash } from './item-links';
import { bestOffers, offerGroups, primaryOffers } from './offers';
import { reducePrices, type ReductionMode } from './reductions';
import { readStoredParams, readStoredPricing, serializeParams, serializePricing } from './stored';
import type { Rcav } from './types';
import { FIXTURE_ITEMS, SEARCH_RCAV, fixturePrice } from './test-fixtures';
import { formatOfferAmount, guestsText, lowestOffer, notAvailableText, originalPrice, priceRangeText, savingsText } from './texts';

const prices = [
  { p: 900, b: '2026-12-01', id: 'a' },
  { p: 700, b: '2026-12-01', id: 'b' },
  { p: 650, b: '12/02/2026', id: 'c' },
  { p: 800, b: '2026-12-02', id: 'd' },
  { p: 650, b: '2026-12-02', id: 'e' },
];

describe('reductions (spec §7)', () => {
  it.each<[ReductionMode | undefined, string[]]>([
    [undefined, ['a', 'b', 'c', 'd', 'e']],
    ['all', ['a', 'b', 'c', 'd', 'e']],
    ['first', ['a']],
    ['low', ['c']],
    ['low_day', ['b', 'c']],
  ])('mode %s keeps %j', (mode, ids) => {
    expect(reducePrices(prices, mode).map((price) => price.id)).toEqual(ids);
  });

  it('reduces nothing to nothing in every mode', () => {
    for (const mode of ['all', 'first', 'low', 'low_day'] as const) expect(reducePrices([], mode)).toEqual([]);
  });
});

describe('derived fields (spec §3)', () => {
  const price = fixturePrice({ eid: 1001, p: 1400, s: 0 });

  it('derives timestamps, nights, weeks and the per-night, per-week and per-person prices to the cent', () => {
    const derived = derivePrice(price, '2026-12-01');
    expect(derived).toMatchObject({ bt: Date.UTC(2026, 11, 1), et: Date.UTC(2026, 11, 8), nt: 7, wk: 1, ppn: 200, ppw: 1400, ppp: 466.67, pppn: 66.67 });
  });

  it.each([
    ['senior counts as a person', { rcav: { ...SEARCH_RCAV, senior: 1 } }, 350],
    ['qp.senior counts when rcav has none', { rcav: SEARCH_RCAV, senior: 1 }, 350],
    ['no guests leaves the price', { rcav: { ...SEARCH_RCAV, adult: 0, child: 0 } }, 1400],
  ])('ppp: %s', (_name, qp, ppp) => {
    expect(derivePrice({ ...price, qp }, null).ppp).toBe(ppp);
  });

  it.each<[string, Partial<Rcav>, 'has_package' | 'has_coupon', boolean]>([
    ['a package (entry at index 2)', { IDs: [1001, 0, 8001] }, 'has_package', true],
    ['no package', { IDs: [1001] }, 'has_package', false],
    ['a coupon', { coupon: 'SUN' }, 'has_coupon', true],
    ['a blank coupon', { coupon: '  ' }, 'has_coupon', false],
  ])('flags %s', (_name, rcav, flag, value) => {
    expect(derivePrice({ ...price, qp: { rcav: { ...SEARCH_RCAV, ...rcav } } }, null)[flag]).toBe(value);
  });

  it.each([
    ['2026-12-01', false],
    ['12/01/2026', false],
    ['2026-12-03', true],
    [null, false],
  ])('is_alternate against the search begin %s is %s', (begin, alternate) => {
    expect(derivePrice(price, begin).is_alternate).toBe(alternate);
  });

  it('has_savings only when s > 0', () => {
    expect(derivePrice({ ...price, s: 10 }, null).has_savings).toBe(true);
    expect(derivePrice({ ...price, s: 0 }, null).has_savings).toBe(false);
    expect(derivePrice({ ...price, s: undefined }, null).has_savings).toBe(false);
  });

  it('has the buy URL and the item page hash (spec §2 Item routes)', () => {
    const derived = derivePrice(price, null);
    expect(derived.itemBuyURL).toBe(itemBuyURL(1001, price.qp));
    expect(derived.itemBuyURL).toMatch(/^\/rescms\/item\/1001\/buy\?rcav%5Bbegin%5D=2026-12-01&/);
    expect(derived.itemURLHash).toBe(itemURLHash(price.qp));
  });

  it('divides in cents', () => {
    expect(divideToCent(100, 3)).toBe(33.33);
    expect(divideToCent(0.3, 3)).toBe(0.1);
    expect(divideToCent(50, 0)).toBe(50);
  });

  it('an item pricing is keyed eid-{eid} with range [min p, max p]', () => {
    const pricing = pricingByItem(FIXTURE_ITEMS, 'all', SEARCH_RCAV);
    expect(Object.keys(pricing)).toEqual(['eid-1001', 'eid-1002', 'eid-1003']);
    expect(pricing['eid-1001']?.range).toEqual([1400, 1650]);
    expect(pricing['eid-1002']?.range).toEqual([980, 980]);
    expect(priceRange([])).toEqual([0, 0]);
    expect(itemPricing({ eid: 9, prices: [] }, 'low', null)).toEqual({ eid: 9, prices: [], range: [0, 0], groups: [] });
  });

  it('gives back the wire items it was made from', () => {
    expect(itemsOfPricing(pricingByItem(FIXTURE_ITEMS, 'all', SEARCH_RCAV))).toEqual(FIXTURE_ITEMS);
  });

  it('tells the same stay', () => {
    expect(sameStay(SEARCH_RCAV, { ...SEARCH_RCAV, begin: '12/01/2026', IDs: [3] })).toBe(true);
    expect(sameStay(SEARCH_RCAV, { ...SEARCH_RCAV, adult: 3 })).toBe(false);
    expect(sameStay(SEARCH_RCAV, undefined)).toBe(false);
  });
});

describe('offer groups (spec §2 Detail, Alternates, Modal)', () => {
  const item = pricingByItem(FIXTURE_ITEMS, 'all', SEARCH_RCAV)['eid-1001']!;

  it('groups offers by og in the engine order, with a default group for the rest', () => {
    const groups = offerGroups({ ...item, prices: [...item.prices, { ...item.prices[0]!, og: 'unknown', p: 2000 }] });
    expect(groups.map((group) => [group.name, group.featured, group.offers.map((offer) => offer.p)])).toEqual([
      ['Standard', true, [1650]],
      ['Special offer', true, [1400]],
      ['Non-refundable', false, [1520.5]],
      ['Available offers', true, [2000]],
    ]);
  });

  it('primary offers and best offers come from featured groups only', () => {
    const groups = offerGroups({ groups: [{ id: 'g', name: 'G', offerby: '', featured: true }, { id: 'h', name: 'H', offerby: '', featured: false }], prices: [
      { ...item.prices[0]!, og: 'g', p: 900 },
      { ...item.prices[0]!, og: 'g', p: 800 },
      { ...item.prices[0]!, og: 'h', p: 100 },
    ] });
    expect(primaryOffers(groups).map(({ offer }) => offer.p)).toEqual([900]);
    expect(bestOffers(groups).map(({ offer }) => offer.p)).toEqual([800]);
    expect(primaryOffers(offerGroups({ groups: [{ id: 'h', name: 'H', offerby: '', featured: false }], prices: [{ ...item.prices[0]!, og: 'h' }] }))).toEqual([]);
  });
});

describe('price and savings texts (spec §5, §9)', () => {
  const display = { currency: 'USD', precision: 0, displayType: 0 };
  const pricing = pricingByItem(FIXTURE_ITEMS, 'all', SEARCH_RCAV);

  it.each([
    ['min - max when they differ', 'eid-1001', display, '$1,400 - $1,650'],
    ['one amount when they are equal', 'eid-1002', display, '$980'],
    ['per night with display_type 8', 'eid-1001', { ...display, displayType: 8 }, '$200/nt - $236/nt'],
    ['two decimals for line items', 'eid-1002', { ...display, precision: 2 }, '$980.00'],
  ])('price range: %s', (_name, key, shown, text) => {
    expect(priceRangeText(pricing[key]!, shown)).toBe(text);
  });

  it('the lowest offer is the one at the low end of the range, and none unless the minimum is > 0', () => {
    const item = pricing['eid-1001']!;
    expect(lowestOffer(item)?.p).toBe(item.range[0]);
    expect(lowestOffer(item)?.p).toBe(Math.min(...item.prices.map((price) => price.p)));
    expect(lowestOffer({ prices: [], range: [0, 0] })).toBeNull();
    expect(lowestOffer(undefined)).toBeNull();
    const free = derivePrice(fixturePrice({ eid: 1, p: 0 }), null);
    expect(lowestOffer({ prices: [free], range: [0, 500] })).toBeNull();
  });

  it('shows no price range unless the minimum is > 0', () => {
    expect(priceRangeText({ prices: [], range: [0, 0] }, display)).toBeNull();
    const free = derivePrice(fixturePrice({ eid: 1, p: 0 }), null);
    expect(priceRangeText({ prices: [free], range: [0, 500] }, display)).toBeNull();
  });

  it('savings text only when the maximum savings is > 0', () => {
    expect(savingsText(pricing['eid-1001']!.prices, 'Save', display)).toBe('Save $250!');
    expect(savingsText(pricing['eid-1002']!.prices, 'Save', display)).toBeNull();
  });

  it('uses the price currency, else the site one, and the fallback symbols', () => {
    const offer = derivePrice(fixturePrice({ eid: 1, p: 99.5, c: 'EUR' }), null);
    expect(formatOfferAmount(99.5, offer, { ...display, precision: 2 })).toBe('€99.50');
    expect(formatOfferAmount(99.5, { ...offer, c: undefined }, { ...display, currency: 'CAD', precision: 2 })).toBe('CA$99.50');
  });

  it('original price is p + s exactly', () => {
    expect(originalPrice({ p: 0.1, s: 0.2 })).toBe(0.3);
    expect(originalPrice({ p: 10 })).toBeNull();
  });

  it('fills {date} in the not-available text', () => {
    expect(notAvailableText('Not available for {date}. Try {date}?', '2026-12-01')).toBe('Not available for Tue, Dec 1, 2026. Try Tue, Dec 1, 2026?');
  });

  it('writes guests', () => {
    expect(guestsText({ adult: 1, child: 0 })).toBe('1 Adult');
    expect(guestsText({ adult: 2, child: 1, senior: 2 })).toBe('2 Adults, 1 Child, 2 Seniors');
    expect(guestsText({ adult: 2, child: 3 })).toBe('2 Adults, 3 Children');
  });
});

describe('the #rcav= hash (spec §2 Item routes)', () => {
  it('round-trips the stay', () => {
    const qp = { rcav: { ...SEARCH_RCAV, senior: 1 } };
    expect(readRcavHash(itemURLHash(qp))).toEqual(qp.rcav);
    expect(readRcavHash('#rcav={"rcav":{"begin":"12/01/2026","adult":"2","child":0}}')).toEqual({ begin: '12/01/2026', adult: 2, child: 0 });
  });

  it.each([
    ['no rcav', '#q=beach'],
    ['not JSON', '#rcav={oops'],
    ['bad encoding', '#rcav=%E0%A4%A'],
    ['an array', '#rcav=[1,2]'],
    ['a bad date', '#rcav={"begin":"2026-02-30","adult":2,"child":0}'],
    ['negative guests', '#rcav={"begin":"2026-12-01","adult":-1,"child":0}'],
    ['script in a field', '#rcav={"begin":"<script>","adult":2,"child":0}'],
    ['an oversized hash', `#rcav=${'x'.repeat(3000)}`],
  ])('ignores %s', (_name, hash) => {
    expect(readRcavHash(hash)).toBeNull();
  });

  it('reads a link without children as none', () => {
    expect(readRcavHash('#rcav={"begin":"12/01/2026","end":"12/08/2026","adult":2}')).toEqual({ begin: '12/01/2026', end: '12/08/2026', adult: 2, child: 0 });
    expect(readRcavHash('#rcav={"begin":"12/01/2026","end":"12/08/2026","adult":2,"child":"x"}')).toBeNull();
    expect(readRcavHash('#rcav={"rcav":"12/01/2026"}')).toBeNull();
  });

  it('gives the stay dates in YYYY-MM-DD from either form, the end or the nights', () => {
    expect(stayDates({ begin: '12/01/2026', end: '12/08/2026' })).toEqual({ begin: '2026-12-01', end: '2026-12-08' });
    expect(stayDates({ begin: '2026-12-30', nights: 3 })).toEqual({ begin: '2026-12-30', end: '2027-01-02' });
    expect(stayDates({ begin: '2026-12-01' })).toBeNull();
    expect(stayDates({ begin: '2026-12-08', end: '2026-12-01' })).toBeNull();
  });

  it('drops only the rcav parameter from an address', () => {
    const rcav = itemURLHash({ rcav: SEARCH_RCAV });
    expect(withoutRcavHash({ pathname: '/listing/a', search: '', hash: rcav })).toBe('/listing/a');
    expect(withoutRcavHash({ pathname: '/search', search: '?x=1', hash: `#q=sea%20view&${rcav.slice(1)}&start=10` })).toBe('/search?x=1#q=sea%20view&start=10');
    expect(withoutRcavHash({ pathname: '/', search: '', hash: '' })).toBe('/');
  });

  it('keeps only the known fields of hostile JSON', () => {
    const rcav = readRcavHash('#rcav={"begin":"2026-12-01","adult":2,"child":0,"__proto__":{"polluted":1},"onload":"x"}');
    expect(rcav).toEqual({ begin: '2026-12-01', adult: 2, child: 0 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('stored params and pricing (spec §4, §9 Storage)', () => {
  it('round-trips', () => {
    expect(readStoredParams(serializeParams({ rcav: SEARCH_RCAV }))).toEqual({ rcav: SEARCH_RCAV });
    expect(readStoredPricing(serializePricing(FIXTURE_ITEMS))).toEqual(FIXTURE_ITEMS);
  });

  it.each([
    ['missing', null],
    ['corrupt', '{"v":1,'],
    ['an old version', JSON.stringify({ v: 0, params: { rcav: SEARCH_RCAV } })],
    ['unversioned (the old raw form)', JSON.stringify({ rcav: SEARCH_RCAV })],
    ['of the wrong shape', JSON.stringify({ v: 1, params: { rcav: { begin: 'soon' } } })],
  ])('drops params that are %s', (_name, text) => {
    expect(readStoredParams(text)).toBeNull();
  });

  it('drops pricing with a bad price', () => {
    expect(readStoredPricing(JSON.stringify({ v: 1, items: [{ eid: 1, prices: [{ p: 'free' }] }] }))).toBeNull();
    expect(readStoredPricing('[]')).toBeNull();
  });
});
