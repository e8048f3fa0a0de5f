import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { emptyOrder, type Order } from '@/domain/order/order';
import { navigateTo } from '@/effects/navigation';
import { checkoutMachine } from '@/machines/checkout-machine';
import { answerVerify, dialogsLoaded, mountCheckout, ORDER, quoteOf, submitButton, type MountedCheckout } from './checkout-harness';

// The browser's location is the boundary of the confirmation page's navigation.
vi.mock('@/effects/navigation', () => ({ navigateTo: vi.fn() }));

const URL = '/rescms/order/confirmation/U2Vzc2lvbk1vZGVUZXN0MDE';
let mounted: MountedCheckout | null = null;

afterEach(() => {
  mounted?.stop();
  mounted = null;
  document.cookie = 'rcstate=; max-age=0; path=/';
});

/*
 * Issue 13: a booking empties the Trips Collection in both storage modes (spec §4 Trips Collection
 * storage mode). Local mode sends the order with the form; session mode books the session's order
 * on the server (which empties it there: server/checkout/checkout.test.ts) and the page empties
 * its copy, saved under rcriotorder, so neither a reload nor another tab brings the booked stays back.
 */
describe.each(['local', 'session'] as const)('a successful booking in %s mode', (mode) => {
  it('empties the Trips Collection and saves it empty before the confirmation opens', async () => {
    vi.mocked(navigateTo).mockClear();
    document.cookie = 'rcstate=FL; path=/';
    const user = userEvent.setup();
    mounted = mountCheckout('checkout', createActor(checkoutMachine, { input: { key: 'co_modes-test-key' } }).start(), { mode });
    const saved: Order[] = [];
    mounted.actors.order.on('order.saved', ({ order }) => saved.push(order));
    await dialogsLoaded();
    await answerVerify(mounted.fetch, quoteOf({ ti: null, dp: null }));
    expect(Object.keys(mounted.actors.order.getSnapshot().context.order.lis)).toEqual(['ind-0']);

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(submitButton());
    const post = mounted.fetch.last('/rescms/order/checkout');
    // The order goes with the form in local mode only; in session mode the server books its own.
    const body = JSON.parse(String(vi.mocked(globalThis.fetch).mock.calls.filter(([url]) => String(url).startsWith('/rescms/order/checkout')).at(-1)?.[1]?.body)) as { order?: Order };
    if (mode === 'local') expect(body.order).toEqual(ORDER);
    else expect(body.order).toBeUndefined();
    await post.answer(201, { code: URL.split('/').at(-1), url: URL });

    await vi.waitFor(() => expect(vi.mocked(navigateTo)).toHaveBeenCalledWith(URL));
    expect(mounted.actors.order.getSnapshot().context.order).toEqual(emptyOrder());
    expect(saved.at(-1)).toEqual(emptyOrder());
  });
});
