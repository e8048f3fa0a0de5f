import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { AVAIL_PARAMS_KEY, AVAIL_PRICING_KEY, serializeParams, serializePricing } from '@/domain/pricing/stored';
import { FIXTURE_ITEMS, SEARCH_RCAV } from '@/domain/pricing/test-fixtures';
import { availabilityMachine } from '@/machines/availability-machine';
import { connectAvailPricingStorage } from './avail-pricing';

const actor = () => createActor(availabilityMachine, { input: { reduction: 'low' } }).start();

describe('availability pricing storage (spec §4, §9 Storage)', () => {
  afterEach(() => localStorage.clear());

  it('restores the last params and pricing on load (reduced again by the site mode)', () => {
    localStorage.setItem(AVAIL_PARAMS_KEY, serializeParams({ rcav: SEARCH_RCAV }));
    localStorage.setItem(AVAIL_PRICING_KEY, serializePricing(FIXTURE_ITEMS));
    const availability = actor();
    connectAvailPricingStorage(availability);
    const { params, pricing } = availability.getSnapshot().context;
    expect(params).toEqual({ rcav: SEARCH_RCAV });
    expect(pricing['eid-1001']?.prices.map((price) => price.p)).toEqual([1400]);
  });

  it('drops corrupt, old or hostile entries and starts empty', () => {
    localStorage.setItem(AVAIL_PARAMS_KEY, '{"v":1,"params":');
    localStorage.setItem(AVAIL_PRICING_KEY, JSON.stringify({ v: 0, items: FIXTURE_ITEMS }));
    const availability = actor();
    connectAvailPricingStorage(availability);
    expect(availability.getSnapshot().context.pricing).toEqual({});
    expect(localStorage.getItem(AVAIL_PARAMS_KEY)).toBeNull();
    expect(localStorage.getItem(AVAIL_PRICING_KEY)).toBeNull();
  });

  it('saves after a search and forgets rcav when the filters are cleared', () => {
    const availability = actor();
    const dispose = connectAvailPricingStorage(availability);
    availability.send({ type: 'availability.search.requested', params: { rcav: SEARCH_RCAV } });
    availability.send({ type: 'availability.results.received', requestId: 1, items: FIXTURE_ITEMS });
    expect(JSON.parse(localStorage.getItem(AVAIL_PARAMS_KEY) ?? 'null')).toEqual({ v: 1, params: { rcav: SEARCH_RCAV } });
    expect(JSON.parse(localStorage.getItem(AVAIL_PRICING_KEY) ?? 'null').items).toHaveLength(3);
    availability.send({ type: 'availability.filters.cleared' });
    expect(localStorage.getItem(AVAIL_PARAMS_KEY)).toBeNull();
    expect(localStorage.getItem(AVAIL_PRICING_KEY)).toBeNull();
    dispose();
  });

  it('keeps the prices on the page when storage is full', () => {
    const full = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, removeItem: () => {} } as unknown as Storage;
    const availability = actor();
    connectAvailPricingStorage(availability, full);
    availability.send({ type: 'availability.search.requested', params: { rcav: SEARCH_RCAV } });
    availability.send({ type: 'availability.results.received', requestId: 1, items: FIXTURE_ITEMS });
    expect(Object.keys(availability.getSnapshot().context.pricing)).toHaveLength(3);
  });
});
