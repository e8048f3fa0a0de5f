import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { FIXTURE_ITEMS, SEARCH_RCAV, fixturePrice } from '@/domain/pricing/test-fixtures';
import { availabilityMachine } from './availability-machine';

const start = () => createActor(availabilityMachine, { input: {} }).start();

describe('availability machine: what the answers do to the prices', () => {
  it('a one-unit search of the same stay joins the pricing; another stay replaces it', () => {
    const actor = start();
    actor.send({ type: 'availability.search.requested', params: { rcav: SEARCH_RCAV } });
    actor.send({ type: 'availability.results.received', requestId: 1, items: FIXTURE_ITEMS });
    actor.send({ type: 'availability.search.requested', params: { rcav: { ...SEARCH_RCAV, IDs: [1002] } } });
    actor.send({ type: 'availability.results.received', requestId: 2, items: [{ eid: 1002, prices: [fixturePrice({ eid: 1002, p: 900 })] }] });
    const joined = actor.getSnapshot().context.pricing;
    expect(Object.keys(joined).sort()).toEqual(['eid-1001', 'eid-1002', 'eid-1003']);
    expect(joined['eid-1002']?.range).toEqual([900, 900]);

    actor.send({ type: 'availability.search.requested', params: { rcav: { ...SEARCH_RCAV, adult: 4, IDs: [1002] } } });
    actor.send({ type: 'availability.results.received', requestId: 3, items: [{ eid: 1002, prices: [] }] });
    expect(Object.keys(actor.getSnapshot().context.pricing)).toEqual(['eid-1002']);
  });

  it('takes only the answer of the latest request', () => {
    const actor = start();
    actor.send({ type: 'availability.search.requested', params: { rcav: SEARCH_RCAV } });
    actor.send({ type: 'availability.search.requested', params: { rcav: { ...SEARCH_RCAV, adult: 3 } } });
    actor.send({ type: 'availability.results.received', requestId: 1, items: FIXTURE_ITEMS });
    expect(actor.getSnapshot().value).toBe('searching');
    actor.send({ type: 'availability.search.failed', requestId: 1, message: 'late' });
    expect(actor.getSnapshot().value).toBe('searching');
    actor.send({ type: 'availability.results.received', requestId: 2, items: FIXTURE_ITEMS.slice(0, 1) });
    expect(actor.getSnapshot().context.params?.rcav.adult).toBe(3);
    expect(Object.keys(actor.getSnapshot().context.pricing)).toEqual(['eid-1001']);
  });

  it('marks prices of other arrival days as alternates of the search', () => {
    const actor = start();
    actor.send({ type: 'availability.search.requested', params: { rcav: SEARCH_RCAV } });
    actor.send({ type: 'availability.results.received', requestId: 1, items: FIXTURE_ITEMS });
    const { pricing } = actor.getSnapshot().context;
    expect(pricing['eid-1003']?.prices.every((price) => price.is_alternate)).toBe(true);
    expect(pricing['eid-1001']?.prices.some((price) => price.is_alternate)).toBe(false);
  });
});
