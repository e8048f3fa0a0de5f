import { describe, expect, it } from 'vitest';
import { addLineItem, emptyOrder } from '@/domain/order/order';
import { addDays } from '@/domain/pricing/dates';
import { pricingFixtures } from '@/domain/pricing/test-fixtures';
import { checkoutAnswerOf } from './checkout';
import { HttpError } from './http-client';

const refused = (status: number, body: unknown, message = 'said') => checkoutAnswerOf(new HttpError(status, '/rescms/order/checkout', message, body));

describe('checkoutAnswerOf: every refusal of the checkout said clearly (issue 13)', () => {
  it('puts the fields of a 400 and of a declined payment (402) beside their fields', () => {
    expect(refused(400, { message: 'Please check the fields marked.', errors: { email: 'Please enter your email address.', bad: 3 } }, 'Please check the fields marked.')).toEqual({
      kind: 'invalid',
      message: 'Please check the fields marked.',
      errors: { email: 'Please enter your email address.' },
    });
    expect(refused(402, { errors: { 'payment[token]': 'The card was declined.' } }, 'The card was declined.')).toMatchObject({ kind: 'invalid', errors: { 'payment[token]': 'The card was declined.' } });
  });

  it('applies a 409 with new prices only when its order can be read', () => {
    // A stay four weeks from today (no calendar dates in tests).
    const { FIXTURE_ITEMS } = pricingFixtures(addDays(new Date().toISOString().slice(0, 10), 28) as string);
    const order = addLineItem(emptyOrder(), FIXTURE_ITEMS[0]!.prices[0]!).order;
    const answer = refused(409, { reason: 'prices_changed', order, changes: [], checkout: null }, 'The total is now $1,400.00.');
    expect(answer).toMatchObject({ kind: 'prices_changed', message: 'The total is now $1,400.00.', quote: null });
    expect(refused(409, { reason: 'prices_changed', order: 'tampered', changes: [] }, 'Prices changed.')).toEqual({ kind: 'refused', message: 'Prices changed.' });
  });

  it('says a stay just taken, a provider that is down, a limit and a lost connection, and that nothing was booked', () => {
    expect(refused(409, { reason: 'unavailable' }, 'Cove Commons 42, the week you chose, was just booked by someone else.')).toEqual({
      kind: 'refused',
      message: 'Cove Commons 42, the week you chose, was just booked by someone else.',
    });
    expect(refused(503, {}, 'The payment provider did not answer.')).toEqual({ kind: 'refused', message: 'The payment provider did not answer. Nothing was booked and nothing was charged; please try again.' });
    expect(refused(429, undefined)).toEqual({ kind: 'refused', message: expect.stringMatching(/^Too many attempts just now\. Nothing was booked/) as string });
    expect(refused(0, undefined)).toEqual({ kind: 'refused', message: expect.stringMatching(/Nothing was booked; please try again\.$/) as string });
    expect(checkoutAnswerOf(new Error('boom')).kind).toBe('refused');
  });
});
