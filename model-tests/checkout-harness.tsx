import { act, screen } from '@testing-library/react';
import type { CheckoutQuote, ProtectionChoiceMode } from '@/domain/checkout/checkout';
import type { CheckoutPageData } from '@/domain/content';
import { addLineItem, emptyOrder, type Order } from '@/domain/order/order';
import { connectLazyActors, type SiteActors } from '@/bindings/actors/site-actors';
import type { OrderMode } from '@/machines/order-machine';
import { Checkout } from '@/views/checkout/checkout-form';
import { StateChooser } from '@/views/checkout/state-chooser';
import { FetchBoundary, FIXTURE_ITEMS } from './pricing-harness';
import { mountSite, pageSettings, siteActorsWith, siteSettings, type MountedSite } from './site-harness';
import '@/bindings/checkout-hooks';

/** The checkout page's data as the content source gives it: countries (with provinces first), the test payment provider. */
export const CHECKOUT_DATA: CheckoutPageData = {
  countries: [
    { code: 'US', name: 'United States', provinces: true },
    { code: 'CA', name: 'Canada', provinces: true },
    { code: 'FR', name: 'France', provinces: false },
  ],
  payment: {
    provider: 'test',
    label: 'Test payments: no money is taken',
    test: true,
    testTokens: [
      { token: 'tok_test_success', label: 'Test card or account that is accepted' },
      { token: 'tok_test_declined', label: 'Test card or account that is declined' },
    ],
    options: ['cc', 'ach', 'later'],
  },
  termsUrl: '/terms',
};

const PRICE = FIXTURE_ITEMS[0]!.prices[0]!;
/** A Trips Collection of one stay (the pricing fixtures' first offer, four weeks from today). */
export const ORDER: Order = addLineItem(emptyOrder(), PRICE).order;
export const STAY_NAME = PRICE.n ?? `Item ${PRICE.eid}`;

/** The checkout quote of ORDER: trip insurance 10% and damage protection $59, offered as asked. */
export function quoteOf({ ti = 'forced', dp = 'declinable', province = 'FL' }: { ti?: ProtectionChoiceMode | null; dp?: ProtectionChoiceMode | null; province?: string | null } = {}): CheckoutQuote {
  const offer = (kind: 'ti' | 'dp', choice: ProtectionChoiceMode | null) =>
    choice && { kind, name: kind === 'ti' ? 'Trip insurance' : 'Damage protection', description: '', choice, amount: kind === 'ti' ? Math.round(PRICE.p * 10) / 100 : 59 };
  return {
    currency: 'USD',
    items: [{ key: 'ind-0', eid: PRICE.eid, name: STAY_NAME, begin: PRICE.b, end: PRICE.e, nights: 7, price: PRICE.p, ti: offer('ti', ti), dp: offer('dp', dp), payments: [{ label: 'Deposit', due: null, amount: PRICE.p }] }],
    total: PRICE.p,
    dueNow: PRICE.p,
    insurance: { province, provinceRequired: true, note: province === null ? 'Choose the state you live in to see trip insurance.' : null },
    maxItems: 10,
  };
}

/** The verify answer for ORDER with a quote. */
export const verifyAnswer = (quote: CheckoutQuote | null, changes: unknown[] = []) => ({ order: ORDER, changes, checkout: quote });

export interface MountedCheckout {
  site: MountedSite;
  fetch: FetchBoundary;
  actors: SiteActors;
  stop: () => void;
}

/**
 * The checkout form as the page shows it, with the actor under test handed in and the page's
 * effects connected (those of the checkout's actors are connected as they are made). HTTP is the
 * boundary: each request waits for the test's answer.
 */
export function mountCheckout<K extends keyof SiteActors>(key: K, actor: SiteActors[K], { loaded = true, mode = 'local' }: { loaded?: boolean; mode?: OrderMode } = {}): MountedCheckout {
  const fetch = new FetchBoundary();
  fetch.install();
  const page = { ...pageSettings(), settings: { ...siteSettings, order: { ...siteSettings.order, mode } } };
  const actors = siteActorsWith(page, key, actor);
  if (mode === 'session') {
    // Spec §4 Trips Collection initialisation, rule 4: the session's order comes from the server.
    actors.order.send({ type: 'order.init', source: { kind: 'session' }, stored: null });
    if (loaded) actors.order.send({ type: 'order.fetched', order: ORDER });
  } else {
    actors.order.send({ type: 'order.init', source: { kind: 'empty' }, stored: null });
    if (loaded) actors.order.send({ type: 'order.storage.changed', order: ORDER });
  }
  const disconnect = connectLazyActors(actors);
  // The state chooser is the page shell's (views/shell/layout.tsx): here beside the form.
  const site = mountSite(
    <>
      <Checkout data={CHECKOUT_DATA} />
      <StateChooser />
    </>,
    page,
    actors,
  );
  return {
    site,
    fetch,
    actors,
    stop: () => {
      disconnect();
      site.unmount();
      fetch.restore();
    },
  };
}

/** Answers the price check with a quote (the checkout's actor then offers its protection). */
export async function answerVerify(fetch: FetchBoundary, quote: CheckoutQuote | null = quoteOf(), changes: unknown[] = []): Promise<void> {
  await fetch.last('/rcapi/order/verify').answer(200, verifyAnswer(quote, changes));
}

/** Waits for the on-demand dialogs' module. */
export async function dialogsLoaded(): Promise<void> {
  await act(async () => {
    await import('@/views/checkout/checkout-dialogs');
  });
}

export const submitButton = () => screen.getByRole('button', { name: /^(Book|Booking)/ });
